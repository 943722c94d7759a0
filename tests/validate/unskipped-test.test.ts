import { execFileSync } from 'node:child_process';
import { expect, test } from 'vitest';
import type { TaskFamily } from '../../src/family/model.js';
import { readDefinedIdentifiers } from '../../src/git/added-identifiers.js';
import { testStates, unskippedTests } from '../../src/git/unskipped-tests.js';
import { loadWordTable } from '../../src/text/glove/cache.js';
import type { Judge } from '../../src/validate/judge.js';
import { createLexicalJudge } from '../../src/validate/lexical.js';
import { createSemanticJudge } from '../../src/validate/semantic/judge.js';
import { makeRepo } from '../fixtures/repo.js';
import { BACKOFF, fillerIn, item } from './judge-literals.js';

/**
 * "Make `name` pass" (the heuristic's skipped-test task; direction-v27, judges50): done by a change whose diff takes
 * the skip off that very test (`unskipped:<name>`, src/git/unskipped-tests.ts), whatever its title says: got's
 * c2ce656c "Improve `HTTPError` message …" turned `test.skip('the old stacktrace is recovered', …)` into `test(…)`
 * (newcomer3-20 got-F13, people strong, the judges rejected). A sibling test un-skipped, a change to the same test file
 * with another purpose and a branch merge do not.
 */
const table = loadWordTable();
const judges: Judge[] = [createSemanticJudge({ table }), createLexicalJudge()];

const FAMILY: TaskFamily = {
  ...BACKOFF,
  id: 'F60',
  category: 'bugfix',
  title: 'Make `the old stacktrace is recovered` pass: blocked by https://github.com/istanbuljs/nyc/issues/619',
  anchor: { name: 'test/error.ts', paths: ['test/error.ts'] },
  expected_behavior: '`the old stacktrace is recovered` runs and passes; at T0 it is skipped because "blocked by nyc" (test/error.ts:3).',
  acceptance_criteria: ['The skip at test/error.ts:3 is removed and `the old stacktrace is recovered` passes.'],
  evidence: [],
  target_hints: { paths: ['test/error.ts'], symbols: ['the old stacktrace is recovered'] },
};

const suite = (stack: string, sibling: string, extra = '') =>
  `import test from 'ava';\n\n${stack}('the old stacktrace is recovered', async t => {\n\tt.pass();\n});\n\n${sibling}('a new stacktrace is made', async t => {\n\tt.pass();\n});\n${extra}`;

async function laterDiffs(): Promise<Record<string, string[]>> {
  const repo = await makeRepo([
    { at: '2025-01-01', msg: 'Start (#1)', files: { 'test/error.ts': suite('test.skip', 'test.failing'), 'source/error.ts': 'export class HTTPError {}\n' } },
    { at: '2025-01-02', msg: 'Run the sibling test again (#11)', files: { 'test/error.ts': suite('test.skip', 'test') } },
    { at: '2025-01-03', msg: 'Add a test for the error message (#12)', files: { 'test/error.ts': suite('test.skip', 'test', "\ntest('the message names the method', t => {\n\tt.pass();\n});\n") } },
    { at: '2025-01-04', msg: 'Improve `HTTPError` message to include method and URL (#13)', files: { 'test/error.ts': suite('test', 'test', "\ntest('the message names the method', t => {\n\tt.pass();\n});\n"), 'source/error.ts': 'export class HTTPError { method = "GET" }\n' } },
  ]);
  const shas = execFileSync('git', ['-C', repo.dir, 'log', '--format=%H', '-3'], { encoding: 'utf8' }).trim().split('\n');
  const read = await readDefinedIdentifiers(repo.dir, shas);
  const [unskip, other, sibling] = shas.map((s) => read.get(s) ?? []);
  return { 'pr#11': sibling!, 'pr#12': other!, 'pr#13': unskip! };
}

test('a test file read before and after: which tests are skipped, which the change runs again (JavaScript, Python, Go)', () => {
  expect([...testStates("test.skip('a', t => {});\nit('b', () => {});\nxit('c', () => {});\ntest.failing('d', t => {});")]).toEqual([['a', true], ['b', false], ['c', true], ['d', true]]);
  expect(unskippedTests('@pytest.mark.skip(reason="flaky")\ndef test_probe():\n    pass\n', '\ndef test_probe():\n    pass\n')).toEqual(['test_probe']);
  expect(unskippedTests('func TestCommand(t *testing.T) {\n\tt.Skip("later")\n}\n', 'func TestCommand(t *testing.T) {\n\trun(t)\n}\n')).toEqual(['testcommand']);
  expect(unskippedTests('', "test('a', t => {});")).toEqual([]);
});

test("a change whose diff takes the skip off the named test does the family: strong, whatever its title", async () => {
  const added = await laterDiffs();
  expect(added['pr#13']).toContain('unskipped:the old stacktrace is recovered');
  const change = item('pr#13', 'Improve `HTTPError` message to include method and URL', ['source/error.ts', 'test/error.ts']);
  for (const judge of judges) {
    const { verdicts } = await judge.judge({ families: [FAMILY], later: [change, ...fillerIn('source', 'ts')], added });
    expect([judge.name, verdicts[0]!.label]).toEqual([judge.name, 'strong']);
    expect(verdicts[0]!.reason).toMatch(/runs `the old stacktrace is recovered` again \(its diff takes its skip off\)/);
  }
});

test('a sibling test run again, or a test added to the same file, does not do it: rejected', async () => {
  const added = await laterDiffs();
  expect(added['pr#11']).toContain('unskipped:a new stacktrace is made');
  const sibling = item('pr#11', 'Run the sibling test again', ['test/error.ts']);
  const other = item('pr#12', 'Add a test for the error message', ['test/error.ts']);
  for (const judge of judges) {
    for (const later of [sibling, other]) {
      const { verdicts } = await judge.judge({ families: [FAMILY], later: [later, ...fillerIn('source', 'ts')], added });
      expect([judge.name, later.key, verdicts[0]!.label]).toEqual([judge.name, later.key, 'rejected']);
    }
  }
});

test('a branch merge carrying the un-skip matches nothing', async () => {
  const added = await laterDiffs();
  const merge = item('commit:m60', "Merge branch 'fix-stacktrace' into main", ['test/error.ts']);
  for (const judge of judges) {
    const { verdicts } = await judge.judge({ families: [FAMILY], later: [merge, ...fillerIn('source', 'ts')], added: { 'commit:m60': added['pr#13']! } });
    expect([judge.name, verdicts[0]!.label, verdicts[0]!.matches]).toEqual([judge.name, 'rejected', []]);
  }
});
