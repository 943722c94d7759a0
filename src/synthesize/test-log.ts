import type { TestOutcome } from './model.js';
import { swebenchResults } from './swebench-parsers.js';

/**
 * Reads per-test outcomes from a test command's output, in the formats the
 * common runners print: TAP (`node --test --test-reporter=tap`, tape, prove),
 * vitest's and jest's verbose reporters, pytest's `-rA` summary, `go test -v` and `cargo test`. Every reader is
 * tried; the one that finds the most tests wins. Test ids are the runner's
 * names (TAP subtests joined with " > "); the work tree's path is removed so
 * ids are the same in any folder.
 */
export interface ParsedTestLog {
  format: string | null;
  results: Record<string, TestOutcome>;
  /** The same log as SWE-bench's own parser for the format keys it (src/synthesize/swebench-parsers.ts); null when it has none. */
  swebench?: { parser: string; results: Record<string, TestOutcome> } | null;
}

type Reader = (lines: string[]) => [string, TestOutcome][];

const READERS: [string, Reader][] = [
  ['tap', readTap],
  ['vitest', readVitest],
  ['jest', readJest],
  ['pytest', readPytest],
  ['go', readGo],
  ['cargo', readCargo],
];

export function parseTestLog(output: string, root?: string): ParsedTestLog {
  const text = root ? output.split(root.endsWith('/') ? root : `${root}/`).join('') : output;
  const lines = text.split(/\r?\n/);
  let best: ParsedTestLog = { format: null, results: {} };
  let bestCount = 0;
  for (const [format, read] of READERS) {
    const results = collect(read(lines));
    const count = Object.keys(results).length;
    if (count > bestCount) {
      best = { format, results };
      bestCount = count;
    }
  }
  return { ...best, swebench: swebenchResults(best.format, text) };
}

/** Repeated ids get " [2]", " [3]"...; a failure anywhere wins over a pass for the same occurrence. */
function collect(entries: [string, TestOutcome][]): Record<string, TestOutcome> {
  const out: Record<string, TestOutcome> = {};
  const seen = new Map<string, number>();
  for (const [id, outcome] of entries) {
    const n = (seen.get(id) ?? 0) + 1;
    seen.set(id, n);
    out[n === 1 ? id : `${id} [${n}]`] = outcome;
  }
  return out;
}

/*
 * readTap, readVitest and readJest are self-contained (no reference outside
 * their own body): the exported Harbor verifier (src/synthesize/export/verifier.ts)
 * is their source, so it reads a log exactly as the gate did.
 */
export function readTap(lines: string[]): [string, TestOutcome][] {
  const TAP_RESULT = /^(\s*)(not ok|ok) \d+(?: - | |$)(.*)$/;
  const TAP_SUBTEST = /^(\s*)# Subtest: (.*)$/;
  const unescapeTap = (text: string) => text.replace(/\\#/g, '#').replace(/\\\\/g, '\\');
  const stack: { indent: number; name: string }[] = [];
  const entries: { indent: number; path: string[]; outcome: TestOutcome }[] = [];
  let inYaml = -1;
  for (const line of lines) {
    const indent = line.length - line.trimStart().length;
    if (inYaml >= 0) {
      if (line.trim() === '...' && indent <= inYaml + 2) inYaml = -1;
      continue;
    }
    if (line.trim() === '---') {
      inYaml = indent;
      continue;
    }
    const sub = TAP_SUBTEST.exec(line);
    if (sub) {
      while (stack.length > 0 && stack[stack.length - 1]!.indent >= indent) stack.pop();
      stack.push({ indent, name: unescapeTap(sub[2]!.trim()) });
      continue;
    }
    const result = TAP_RESULT.exec(line);
    if (!result || /^\s*#/.test(line)) continue;
    const raw = result[3]!;
    const directive = /\s#\s*(SKIP|TODO)\b/i.exec(raw);
    const name = unescapeTap((directive ? raw.slice(0, directive.index) : raw.replace(/\s#\s.*$/, '')).trim());
    if (name === '') continue;
    const ancestors = stack.filter((s) => s.indent < indent).map((s) => s.name);
    while (stack.length > 0 && stack[stack.length - 1]!.indent >= indent) stack.pop();
    const outcome: TestOutcome = directive ? 'skip' : result[2] === 'ok' ? 'pass' : 'fail';
    entries.push({ indent, path: [...ancestors, name], outcome });
  }
  // A suite is reported after its tests; keep the tests, drop the suite's own line.
  const parents = new Set(entries.filter((e) => e.path.length > 1).flatMap((e) => e.path.slice(0, -1).map((_, i) => e.path.slice(0, i + 1).join(' > '))));
  return entries.filter((e) => !parents.has(e.path.join(' > '))).map((e) => [e.path.join(' > '), e.outcome]);
}


/**
 * pytest -rA's summary: `PASSED tests/t.py::TestX::test_y[param]`, `FAILED … - message`. A parameter id may hold
 * spaces (`test_styling[styles62-\x1b[30mx y]`: a quarter of click's tests): the id runs to the first `]` that ends
 * the line or is followed by ` - `, so those tests are read too.
 */
function readPytest(lines: string[]): [string, TestOutcome][] {
  const out: [string, TestOutcome][] = [];
  for (const line of lines) {
    const m = /^(PASSED|FAILED|ERROR|XFAIL|XPASS|SKIPPED)\s+(\S+::[^\s[]+(?:\[.*?\])?)(?:\s+-\s.*|\s*)$/.exec(line.trim());
    if (!m) continue;
    const outcome: TestOutcome = m[1] === 'PASSED' || m[1] === 'XFAIL' ? 'pass' : m[1] === 'SKIPPED' ? 'skip' : 'fail';
    out.push([m[2]!, outcome]);
  }
  return out;
}

/**
 * go test -v: `--- PASS: TestX/sub (0.00s)` lines, then the package's own line (`ok  \tPKG\t0.01s`, `FAIL\tPKG …`):
 * ids are package-qualified, `PKG > TestX/sub`, so same-named tests of two packages (a decoy package among them)
 * stay apart. `go test ./...` prints each package's output whole, its line last. Tests after the last package
 * line (a run cut short) keep their bare names. The exported verifier reads the log the same way (GO_QUALIFY_AWK).
 */
function readGo(lines: string[]): [string, TestOutcome][] {
  const out: [string, TestOutcome][] = [];
  let pending: [string, TestOutcome][] = [];
  for (const line of lines) {
    const m = /^\s*--- (PASS|FAIL|SKIP): (\S+) \(/.exec(line);
    if (m) {
      pending.push([m[2]!, m[1] === 'PASS' ? 'pass' : m[1] === 'SKIP' ? 'skip' : 'fail']);
      continue;
    }
    const pkg = /^(?:ok|FAIL|\?)\s+(\S+)(?:\s|$)/.exec(line);
    if (pkg) {
      out.push(...pending.map(([name, outcome]): [string, TestOutcome] => [`${pkg[1]} > ${name}`, outcome]));
      pending = [];
    }
  }
  return [...out, ...pending];
}

/**
 * The same reading as readGo in POSIX awk (the golang images have no node): prints `PASS|FAIL|SKIP <id>` per
 * test, which the verifier's patterns (passLinePattern, failLinePattern for go) match.
 */
export const GO_QUALIFY_AWK = [
  '/^[[:space:]]*--- (PASS|FAIL|SKIP): [^[:space:]]+ \\(/ { s = $0; sub(/^[[:space:]]*--- /, "", s); split(s, a, " "); st = a[1]; sub(/:$/, "", st); n++; res[n] = st; name[n] = a[2]; next }',
  '/^(ok|FAIL|\\?)[[:space:]]+[^[:space:]]/ { for (i = 1; i <= n; i++) print res[i] " " $2 " > " name[i]; n = 0; next }',
  'END { for (i = 1; i <= n; i++) print res[i] " " name[i] }',
].join('\n');

function readCargo(lines: string[]): [string, TestOutcome][] {
  const out: [string, TestOutcome][] = [];
  for (const line of lines) {
    const m = /^test (\S+) \.\.\. (ok|FAILED|ignored)\b/.exec(line);
    if (m) out.push([m[1]!, m[2] === 'ok' ? 'pass' : m[2] === 'ignored' ? 'skip' : 'fail']);
  }
  return out;
}

/**
 * The line a runner prints for a passed test, as an extended regular
 * expression (for the exported Harbor test script, which greps its log).
 */
export function passLinePattern(format: string, id: string): string {
  const leaf = format === 'tap' ? id.split(' > ').pop()! : id;
  const e = escapeEre(leaf);
  switch (format) {
    case 'tap':
      return `^[[:space:]]*ok [0-9]+ - ${escapeEre(leaf.replace(/\\/g, '\\\\').replace(/#/g, '\\#'))}( # .*)?$`;
    case 'pytest':
      return `^(PASSED|XFAIL) ${e}( - .*)?$`;
    case 'go':
      return `^PASS ${e}$`;
    case 'vitest':
      return `^[[:space:]]*✓ ${e}( [0-9.]+m?s)?$`;
    default:
      return `^test ${e} \\.\\.\\. ok`;
  }
}

export function escapeEre(text: string): string {
  return text.replace(/[.[\]()*+?{}|^$\\]/g, '\\$&');
}

/** vitest --reporter=verbose: ` ✓ file > suite > name 3ms`, ` × …` failed, ` ↓ …` skipped (ids keep the file). */
export function readVitest(lines: string[]): [string, TestOutcome][] {
  const VITEST_RESULT = /^\s*([✓×↓✗]) (\S.*? > .*?)(?: \[[^\]]*\])?(?: (\d+(?:\.\d+)?m?s))?$/;
  const out: [string, TestOutcome][] = [];
  for (const line of lines) {
    const m = VITEST_RESULT.exec(line);
    if (!m) continue;
    out.push([m[2]!.trim(), m[1] === '✓' ? 'pass' : m[1] === '↓' ? 'skip' : 'fail']);
  }
  return out;
}

/**
 * jest --verbose: a `PASS file` / `FAIL file` header, describe blocks as
 * indented lines, then `✓ name (3 ms)`, `✕ name`, `○ skipped name`,
 * `✎ todo name`; ids are `file > describe > name`. The failure details (`●`)
 * that follow a file's tests are not read.
 */
export function readJest(lines: string[]): [string, TestOutcome][] {
  const out: [string, TestOutcome][] = [];
  let file: string | null = null;
  let stack: { indent: number; name: string }[] = [];
  for (const line of lines) {
    const header = /^(PASS|FAIL)\s+(\S+)(?:\s+\(.*\))?\s*$/.exec(line);
    if (header) {
      file = header[2]!;
      stack = [];
      continue;
    }
    if (file === null || line.trim() === '') continue;
    if (/^\s*●/.test(line) || /^(Test Suites|Tests|Snapshots|Time):/.test(line)) {
      file = null;
      continue;
    }
    const indent = line.length - line.trimStart().length;
    const test = /^\s*([✓✕○✎])\s(?:(?:skipped|todo)\s)?(.+?)(?:\s\(\d+(?:\.\d+)?\s*m?s\))?$/.exec(line);
    while (stack.length > 0 && stack[stack.length - 1]!.indent >= indent) stack.pop();
    if (test) {
      const outcome: TestOutcome = test[1] === '✓' ? 'pass' : test[1] === '✕' ? 'fail' : 'skip';
      out.push([[file, ...stack.map((s) => s.name), test[2]!.trim()].join(' > '), outcome]);
    } else if (indent > 0) {
      stack.push({ indent, name: line.trim() });
    }
  }
  return out;
}
