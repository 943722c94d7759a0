import { expect, test } from 'vitest';
import { readLaterDiffs } from '../../src/api/later-diffs.js';
import { definedIdentifiers } from '../../src/git/added-identifiers.js';
import type { TaskFamily } from '../../src/family/model.js';
import { loadWordTable } from '../../src/text/glove/cache.js';
import type { Judge } from '../../src/validate/judge.js';
import { diffSummary } from '../../src/validate/judges/llm.js';
import { removedNames } from '../../src/validate/judges/removal-line.js';
import { createLexicalJudge } from '../../src/validate/lexical.js';
import { createSemanticJudge } from '../../src/validate/semantic/judge.js';
import { makeRepo } from '../fixtures/repo.js';
import { BACKOFF, fillerIn, item } from './judge-literals.js';

/**
 * The removal line (direction-v14, src/validate/judges/removal-line.ts): a change whose diff takes out what the work a
 * family quotes deprecates continues that family (related, never strong by it), though its title says nothing of it;
 * a change taking out another name, in the same files and of the same kind, continues nothing.
 */
const table = loadWordTable();
const judges: Judge[] = [createSemanticJudge({ table }), createLexicalJudge()];

const MORE = fillerIn('lib', 'js');

/** httpx's random-anchor-v2 family of judge-eval's fit half (F4). */
const APP: TaskFamily = {
  ...BACKOFF,
  id: 'F4',
  category: 'feature',
  title: 'Extend docs/advanced: app, asgi, explicit',
  anchor: { name: 'docs/advanced', paths: ['docs/advanced'] },
  expected_behavior:
    'Work of kind feature lands in docs/advanced around app, asgi, explicit, continuing "Extensions docs" and "Deprecate `app=...` in favor of explicit `WSGITransport`/`ASGITransport`.".',
  acceptance_criteria: ['A change of kind feature to docs/advanced is merged, with tests.'],
  evidence: [],
  target_hints: { paths: ['docs/advanced'], symbols: [] },
};

const SSL_PATHS = ['docs/advanced/ssl.md', 'httpx/_client.py', 'httpx/_config.py'];

test('the names a quoted title deprecates or removes are read as a diff names them', () => {
  expect([...removedNames(['Deprecate `app=...` in favor of explicit `WSGITransport`/`ASGITransport`.'])]).toEqual(['app']);
  expect([...removedNames(['refactor: Remove Object.setPrototypeOf polyfill'])]).toEqual(['setprototypeof']);
  expect([...removedNames(["Add the 'proxy' parameter and deprecate 'proxies'.", 'Remove unused code', 'Extensions docs'])]).toEqual([]);
});

test("a diff taking an argument out of every signature drops its name; a docs page's lines are not read", () => {
  const before = 'def __init__(self, *, auth=None, app: typing.Callable | None = None):\n    if app:\n        warnings.warn("The \'app\' shortcut is now deprecated.")\n';
  const after = 'def __init__(self, *, auth=None):\n    pass\n';
  expect(definedIdentifiers([[before, after, 'httpx/_client.py']])).toContain('dropped:app');
  expect(definedIdentifiers([[before, after, 'httpx/_client.py']])).not.toContain('dropped:auth');
  expect(definedIdentifiers([['* **app** - an ASGI app\n', '', 'docs/api.md']])).toEqual([]);
});

test('a change whose diff takes out the name a quoted deprecation names continues it, whatever its title: related', async () => {
  const ssl = item('pr#3319', 'Introduce new `SSLContext` API & escalate deprecations.', SSL_PATHS);
  const added = { 'pr#3319': ['dropped:app', 'dropped:verify', 'sslcontext'] };
  for (const judge of judges) {
    const { verdicts } = await judge.judge({ families: [APP], later: [ssl, ...MORE], added });
    expect([judge.name, verdicts[0]!.label]).toEqual([judge.name, 'related']);
    expect(verdicts[0]!.reason).toMatch(/continues its quoted removal of `app`: its diff takes it out/);
    // Without what its diff did, its title and files share nothing with the family.
    const blind = await judge.judge({ families: [APP], later: [ssl, ...MORE] });
    expect([judge.name, blind.verdicts[0]!.label]).toEqual([judge.name, 'rejected']);
  }
});

test('a same-area, same-kind change taking out another name continues nothing: rejected', async () => {
  const other = item('pr#3400', 'Add a `trust_env` section and drop the old proxies example', SSL_PATHS);
  const added = { 'pr#3400': ['dropped:proxies', 'dropped:mounts', 'trust_env'] };
  for (const judge of judges) {
    const { verdicts } = await judge.judge({ families: [APP], later: [other, ...MORE], added });
    expect([judge.name, verdicts[0]!.label]).toEqual([judge.name, 'rejected']);
  }
});

test("a list-shaped family's target-hint symbol counts from a diff only when a word it lists is part of it", async () => {
  const family = (title: string): TaskFamily => ({
    ...BACKOFF,
    id: 'F3',
    category: 'bugfix',
    title,
    anchor: { name: 'typer/main.py', paths: ['typer/main.py'] },
    expected_behavior: `typer/main.py handles ${title.split(': ')[1]} correctly in the cases that recent work kept running into.`,
    acceptance_criteria: [],
    evidence: [],
    target_hints: { paths: ['typer/main.py'], symbols: ['shell_complete', 'add_typer'] },
  });
  const path = item('pr#1138', '🐛 Ensure that autocompletion works for `Path` arguments/options', ['typer/main.py', 'typer/models.py']);
  const added = { 'pr#1138': ['shell_complete'] };
  for (const judge of judges) {
    const { verdicts } = await judge.judge({ families: [family('Fix defects in typer/main.py: none, type, value'), family('Fix defects in typer/main.py: cli, shell, parameters')], later: [path, ...MORE], added });
    expect([judge.name, verdicts.map((v) => v.label)]).toEqual([judge.name, ['rejected', 'related']]);
    expect(verdicts[1]!.reason).toMatch(/its diff defines `shell_complete`/);
  }
});

test("judge-eval finds an eval item's commit by its key in the clone and reads what its diff did", async () => {
  const repo = await makeRepo([
    { at: '2024-01-01', msg: 'Start the client (#1)', files: { 'httpx/_client.py': 'def send(request, app=None):\n    if app:\n        return app(request)\n' } },
    { at: '2024-11-01', msg: 'Introduce new SSLContext API & escalate deprecations. (#3319)', files: { 'httpx/_client.py': 'def send(request):\n    return request\n' } },
  ]);
  const later = { ...item('pr#3319', 'Introduce new SSLContext API & escalate deprecations.', ['httpx/_client.py']), sha: '' };
  const missing = { ...item('pr#9999', 'Not in this clone', ['x.py']), sha: '' };
  const added = await readLaterDiffs(repo.dir, [later, missing]);
  expect(Object.keys(added)).toEqual(['pr#3319']);
  expect(added['pr#3319']).toContain('dropped:app');
});

test("the llm judge's diff summary shows what a diff adds, not the names it takes out", () => {
  expect(diffSummary(['dropped:app', 'dropped:verify_mode', 'sslcontext', 'create_ssl_context'], new Set())).toEqual(['create_ssl_context', 'sslcontext']);
  expect(diffSummary(['dropped:app'], new Set())).toBeNull();
});
