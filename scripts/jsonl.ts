import { readFileSync } from 'node:fs';

/** The JSON lines of a file (eval/ label packets, keys, verdicts), blank lines skipped. The scripts' one reader. */
export function readLines<T>(file: string): T[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as T);
}
