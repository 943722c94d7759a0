import { execFileSync } from 'node:child_process';
import { expect, test } from 'vitest';
import { validateForecast } from '../../src/api/validate.js';
import { definedIdentifiers, lineDefinitions, readDefinedIdentifiers } from '../../src/git/added-identifiers.js';
import { makeRepo } from '../fixtures/repo.js';
import { frozenForecast } from './frozen-forecast.js';
import { RETRY } from './judge-literals.js';

/**
 * A symbol from a change's diff is its direction only where the diff defines it (def, fn, func, class, struct,
 * type, const, a new test): a change that merely calls it, imports it, uses it in a test fixture or names it in a
 * docs page is about something else (a lint pass, a rename, a test using `TestClient`), and people reject it.
 */

const gitOut = (dir: string, args: string[]) => execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8' }).trim();

const CLIENT = 'def send(request):\n    return request\n';
const DEFINED = `${CLIENT}\n\ndef retry_policy_for(request):\n    return 2\n`;
const CALLED = `${DEFINED}\n\ndef resend(request):\n    return retry_policy_for(request)\n`;

async function history() {
  return makeRepo([
    { at: '2024-01-01', msg: 'Start the client (#1)', files: { 'src/http/client.py': CLIENT, 'README.md': 'client\n' } },
    { at: '2024-04-05', msg: 'Tidy up the client module (#2)', files: { 'src/http/client.py': DEFINED } },
    {
      at: '2024-04-10',
      msg: 'Make the linter happy (#3)',
      files: {
        'src/http/client.py': CALLED,
        'tests/test_client.py': 'from http.client import retry_policy_for\nRETRY_CLIENT = retry_policy_for(None)\n\n\ndef test_resend_waits():\n    assert RETRY_CLIENT\n',
        'README.md': 'client\n\n```python\ndef retry_policy_for(request): ...\n```\n',
      },
    },
  ]);
}

test('the names a commit defines are read from the clone: its defs, not its call sites, imports, fixtures or docs examples', async () => {
  const repo = await history();
  const [lint, tidy] = gitOut(repo.dir, ['log', '--format=%H', '-2']).split('\n');
  const defined = await readDefinedIdentifiers(repo.dir, [lint!, tidy!]);
  expect(defined.get(tidy!)).toEqual(['retry_policy_for']);
  // The lint pass defines `resend` and a test named for what it tests; it calls `retry_policy_for`, imports it and
  // binds a test fixture to it, and the README's example names it: none of that defines it.
  expect(defined.get(lint!)).toEqual(['resend', 'test_resend_waits']);
});

test('definitions are read in each language of the eval repositories, and a definition moved elsewhere defines nothing', () => {
  const names = (line: string, inTest = false) => {
    const out = new Set<string>();
    lineDefinitions(line, out, inTest);
    return [...out].sort();
  };
  expect(names('pub(crate) async fn into_response_parts(self) -> Response {')).toEqual(['into_response_parts']);
  expect(names('pub struct DefaultBodyLimit {')).toEqual(['defaultbodylimit']);
  expect(names('func (c *Command) SetOutput(output io.Writer) {')).toEqual(['setoutput']);
  expect(names('type ShellCompDirective int')).toEqual(['shellcompdirective']);
  expect(names('export const useStoreWithEqualityFn = <T>() => {')).toEqual(['usestorewithequalityfn']);
  expect(names('export interface StoreApi<T> {')).toEqual(['storeapi']);
  expect(names("@click.option('--no-color', is_flag=True)")).toEqual(['--no-color']);
  expect(names("  it('keeps setState typed', () => {")).toEqual(expect.arrayContaining(['keeps', 'setstate', 'typed']));
  // Uses, not definitions: a call, an assignment, an impl of a trait for a type, an import, a local const in a body.
  for (const use of ['    return retry_policy_for(request)', 'api.setState = (state) => state', 'impl IntoResponse for Html {', 'use axum_extra::TypedHeader;', '  const useStore = create(() => ({}))', 'The class Foo is documented here.'])
    expect([use, names(use)]).toEqual([use, []]);
  // In a test file only the tests count: its module constants and classes are fixtures.
  expect(names('const useStore = create(() => ({}))', true)).toEqual([]);
  expect(names('func TestSetOutput(t *testing.T) {', true)).toEqual(['testsetoutput']);
  expect(definedIdentifiers([[DEFINED, CLIENT, 'src/a.py'], [CLIENT, DEFINED, 'src/b.py']])).toEqual([]);
  expect(definedIdentifiers([[CLIENT, DEFINED, 'docs/usage.md']])).toEqual([]);
});


test('validate: a change defining the family\'s symbol is related; a lint pass only calling it, in the same file, is not', async () => {
  const repo = await history();
  const { db, forecastId } = await frozenForecast(repo.dir, '2024-03-01', [RETRY]);
  for (const judge of ['semantic', 'lexical'] as const) {
    const { validation } = await validateForecast({ db, forecast: forecastId, window: '3m', judge });
    const matches = validation.verdicts[0]!.matches;
    expect([judge, matches.find((m) => m.key === 'pr#2')]).toEqual([judge, expect.objectContaining({ label: 'related', reason: expect.stringMatching(/^direction: its diff defines `retry_policy_for`/) })]);
    expect([judge, matches.find((m) => m.key === 'pr#3')?.label ?? 'rejected']).toEqual([judge, 'rejected']);
  }
});
