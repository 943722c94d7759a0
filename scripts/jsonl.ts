import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/** The JSON lines of a file (eval/ label packets, keys, verdicts), blank lines skipped. The scripts' one reader. */
export function readLines<T>(file: string): T[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as T);
}

/** readLines, or none when no file is named or there is none (a packet without a second label, say). */
export function readLinesIfAny<T>(file: string | null): T[] {
  return file !== null && existsSync(file) ? readLines<T>(file) : [];
}

/** JSON lines, newline-terminated; empty for none. */
function jsonLines(xs: readonly unknown[]): string {
  return xs.length ? xs.map((x) => JSON.stringify(x)).join('\n') + '\n' : '';
}

/** Writes `xs` to `file` as JSON lines (an empty file for none). The scripts' one writer. */
export function writeLines(file: string, xs: readonly unknown[]): void {
  writeFileSync(file, jsonLines(xs));
}
