import { expect, test } from 'vitest';
import type { TaskFamily } from '../../src/family/model.js';
import { loadWordTable } from '../../src/text/glove/cache.js';
import type { Judge } from '../../src/validate/judge.js';
import { pendingTask } from '../../src/validate/judges/pending.js';
import { actAndArea } from '../../src/validate/judges/vagueness.js';
import { createLexicalJudge } from '../../src/validate/lexical.js';
import { createSemanticJudge } from '../../src/validate/semantic/judge.js';
import { BACKOFF, FILLER, item } from './judge-literals.js';

/**
 * A title of an act and an area only (eval/families/GUIDE.md, the second reading; issue 16) names the place, not a
 * piece of work: a change of its kind there is the same kind of work in the same area, rejected, however many of the
 * family's words, files or symbols it shares. Titles below are round 5's heuristic families (eval/families/dev5).
 */

test('an act and an area, however the area is named, is an act-and-area title', () => {
  for (const [title, paths] of [
    ['Fix the next reported defects in src/middleware', ['src/middleware']],
    ['Add the next requested capability in src/click/_termui_impl.py', []],
    ['Continue restructuring httpx/_api.py', []],
    ['Update the CI workflow in .github/workflows/CICD.yml', []],
    ['Extend the tests in tests/', []],
    ['Update the examples in examples/', []],
    ['Extend the README page in README.md', []],
    ['Extend the Contributing page in Contributing.md', []],
    ['Fix the transports page in docs/advanced/transports.md', []],
    ['Extend URL parsing in httpx/_urlparse.py', []],
    ['Extend the app router tests in test/app.router.js', []],
  ] as const) expect([title, actAndArea(title, paths)]).toEqual([title, true]);
});

test('a title naming a piece of work, a symbol, a list or an issue is no act-and-area title', () => {
  for (const title of [
    'Keep clients in sync in httpx/_client.py',
    'Fix rich formatting in typer/rich_utils.py',
    'Fix BaseHTTPMiddleware in starlette/middleware',
    'Extend `Serve` in axum/src',
    'Extend src/click/core.py: choice, expand, generic',
    'Fix the next reported defects in src/middleware (#812)',
    'Improve performance in lib/pluginUtils.js',
    'Add exponential backoff to HTTP retries',
  ]) expect([title, actAndArea(title, [])]).toEqual([title, false]);
});

const table = loadWordTable();
const judges: Judge[] = [createSemanticJudge({ table }), createLexicalJudge()];

function family(id: string, title: string, paths: string[], expected: string, symbols: string[] = []): TaskFamily {
  return { ...BACKOFF, id, category: 'feature', title, anchor: { name: paths[0]!, paths }, expected_behavior: expected, acceptance_criteria: ['Every test that passed before the change still passes.'], target_hints: { paths, symbols } };
}

test('an act-and-area family is rejected for a change in its area that shares its words or names its symbol', async () => {
  // axum's "Update the examples in examples/" (related by "shares example, response" before) and zustand's "Fix the
  // next reported defects in src/middleware" (related by naming `getInitialState`): people rejected both.
  const examples = family('F1', 'Update the examples in examples/', ['examples'], 'The examples in examples/ gain an error response example, continuing "Add an anyhow error response example".');
  const middleware = family('F2', 'Fix the next reported defects in src/middleware', ['src/middleware'], 'A reported defect in src/middleware is fixed, continuing "fix(middleware): keep getInitialState".', ['getInitialState']);
  const exampleTest = item('pr#3274', 'Add a test for the anyhow error response example', ['examples/anyhow-error-response/src/main.rs'], 'Tests the error response example.');
  const initial = item('pr#3130', 'fix(middleware): persist keeps `getInitialState` after rehydration', ['src/middleware/persist.ts'], 'Fixes getInitialState.');
  for (const judge of judges) {
    const { verdicts } = await judge.judge({ families: [examples, middleware], later: [exampleTest, initial, ...FILLER] });
    expect(verdicts.map((v) => [judge.name, v.familyId, v.label])).toEqual([
      [judge.name, 'F1', 'rejected'],
      [judge.name, 'F2', 'rejected'],
    ]);
  }
});

test('an act-and-area family naming a docs list page is strong for an entry added to that page', async () => {
  // GUIDE.md's first reading: "Document the projects using cobra" predicts exactly that page's entries.
  const projects = family('F3', 'Document the projects using cobra in site/content/projects_using_cobra.md', ['site/content/projects_using_cobra.md'], 'The projects using cobra page lists more projects.');
  const conduit = item('pr#2250', 'doc: add Conduit', ['site/content/projects_using_cobra.md'], '');
  for (const judge of judges) {
    const { verdicts } = await judge.judge({ families: [projects], later: [conduit, ...FILLER] });
    expect([judge.name, verdicts[0]!.label, verdicts[0]!.reason]).toEqual([judge.name, 'strong', expect.stringContaining('which its title names')]);
  }
});

test('a title stating missing support is not continued by a change sharing one word of it', async () => {
  // typer's "Support list types with complex sub-types in typer/main.py" (round 5: people rejected) was related to
  // "Avoid the unnecessary import of `typing_extensions`" by "shares types" alone (the one-rare-word direction).
  const support = family('F4', 'Support list types with complex sub-types in typer/main.py', ['typer/main.py'], 'List parameters whose items are complex sub-types are supported.');
  const imports = item('pr#1048', 'feat: avoid the unnecessary import of typing_extensions for newer types', ['typer/main.py'], 'Imports Annotated from typing on newer Python versions.');
  for (const judge of judges) {
    const { verdicts } = await judge.judge({ families: [support], later: [imports, ...FILLER] });
    expect([judge.name, verdicts[0]!.label]).toEqual([judge.name, 'rejected']);
  }
});

test('a removal a TODO states is a pending task: by its unquoted name, or by its file when it names none', async () => {
  expect(pendingTask('Remove shell_complete in a future version in typer/core.py')).toEqual({ kind: 'removal', symbol: 'shell_complete' });
  expect(pendingTask('Remove the code, deprecated for removal in the future release in httpx/_urls.py')).toEqual({ kind: 'unnamed-removal' });
  expect(pendingTask('Remove the duplicated configs in .github/workflows/test-multiple-versions.yml')).toBeNull();
  // typer (round 5, people rejected): a fix whose diff defines `shell_complete` does not remove it; httpx (people
  // strong): "escalate deprecations" removes definitions in httpx/_urls.py.
  const todo = family('F5', 'Remove shell_complete in a future version in typer/core.py', ['typer/core.py'], 'shell_complete is removed as the TODO says.');
  const unnamed = family('F6', 'Remove the code, deprecated for removal in the future release in httpx/_urls.py', ['httpx/_urls.py'], 'The code are removed as its notice announces.');
  const path = item('pr#1138', 'Ensure that autocompletion works for Path arguments/options', ['typer/core.py', 'typer/models.py'], 'Fix autocompletion of Path arguments.');
  const escalate = item('pr#3319', 'Introduce new SSLContext API & escalate deprecations.', ['httpx/_urls.py', 'httpx/_config.py'], 'Deprecated arguments now raise.');
  const added = { 'pr#1138': ['shell_complete'], 'pr#3319': ['removed:raw', 'removed:rawurl'] };
  for (const judge of judges) {
    const { verdicts } = await judge.judge({ families: [todo, unnamed], later: [path, escalate, ...FILLER], added });
    expect(verdicts.map((v) => [judge.name, v.familyId, v.label])).toEqual([
      [judge.name, 'F5', 'rejected'],
      [judge.name, 'F6', 'strong'],
    ]);
    expect(verdicts[1]!.reason).toContain('does its pending task: removes `raw`');
  }
});

test('a family naming a page as a list is strong for an entry added there, whatever the page name\'s length; an edit elsewhere is not it', async () => {
  // axum at 2025-01-01 (eval/families/dev8 axum-H06): people strong on seven entries added to ECOSYSTEM.md; the judges
  // called it related, since a one-word page name ("ECOSYSTEM") named no piece of work (direction-v9).
  const list = family('F5', 'Add more entries like axum-negotiate-layer, axum-ws-broadcaster and axum-rails-cookie to the ECOSYSTEM list in ECOSYSTEM.md', ['ECOSYSTEM.md'], 'The ECOSYSTEM list in ECOSYSTEM.md gains one more entry, beyond those added before T0.');
  const entry = item('pr#3371', 'Add Axum Clean Demo to project showcase', ['ECOSYSTEM.md'], '');
  const readme = item('pr#3380', 'Add a link to the Discord server', ['README.md'], '');
  for (const judge of judges) {
    const { verdicts } = await judge.judge({ families: [list], later: [entry, readme, ...FILLER] });
    expect([judge.name, verdicts[0]!.label, verdicts[0]!.reason]).toEqual([judge.name, 'strong', expect.stringContaining("`ecosystem`, which its title names")]);
    expect(verdicts[0]!.matches.map((m) => m.key)).not.toContain('pr#3380');
  }
});
