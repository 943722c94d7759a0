import { expect, test } from 'vitest';
import { snapshotRepository } from '../../src/api/snapshot.js';
import { createHeuristicForecaster } from '../../src/forecast/index.js';
import { entriesKnownAt } from '../../src/forecast/pending/calendar.js';
import { findDeprecations } from '../../src/snapshot/pending.js';
import { findRuntimes } from '../../src/text/runtime-declarations.js';
import { makeRepo, tempDir, type CommitSpec } from '../fixtures/repo.js';

const dev = { name: 'Dana Dev', email: 'dana@example.com' };
const workflow = (versions: string[]) =>
  `name: tests\non: [push]\njobs:\n  test:\n    strategy:\n      matrix:\n        python-version: [${versions.map((v) => `"${v}"`).join(', ')}]\n    steps:\n      - run: pytest\n`;

test('deprecation notices are found with their stated target, and runtimes with their declared versions', () => {
  const code = [
    '# old_api is deprecated and will be removed in 3.0.',
    'warnings.warn("`parse_legacy` is deprecated; it will be removed in version 2.5", DeprecationWarning)',
    '// Deprecated: use NewClient. Removal planned for 2025-06.',
    '# deprecated, but nobody said when',
  ].join('\n');
  expect(findDeprecations(code).map((d) => [d.line, d.target, d.subject])).toEqual([
    [1, '3.0', 'old_api'],
    [2, '2.5', 'parse_legacy'],
    [3, '2025-06', ''],
  ]);
  expect(findRuntimes('pyproject.toml', '[project]\nrequires-python = ">=3.8"\n')[0]).toMatchObject({ subject: 'python', target: '3.8', versions: ['3.8'] });
  expect(findRuntimes('go.mod', 'module x\n\ngo 1.21\n')[0]).toMatchObject({ subject: 'go', target: '1.21' });
  expect(findRuntimes('package.json', '{\n  "engines": {\n    "node": ">=18"\n  }\n}\n')[0]).toMatchObject({ subject: 'node', target: '18' });
  expect(findRuntimes('.github/workflows/ci.yml', workflow(['3.8', '3.9', '3.12']))[0]).toMatchObject({ subject: 'python', versions: ['3.8', '3.9', '3.12'] });
});

test('the calendar gives a forecaster at T0 only the entries published by T0', () => {
  const early = entriesKnownAt('2018-01-01T00:00:00.000Z');
  expect(early.some((e) => e.runtime === 'python' && e.version === '3.8' && e.event === 'eol')).toBe(false);
  const later = entriesKnownAt('2024-09-01T00:00:00.000Z');
  expect(later.find((e) => e.runtime === 'python' && e.version === '3.8' && e.event === 'eol')).toMatchObject({ date: '2024-10-07' });
  for (const e of later) expect(e.published <= '2024-09-01').toBe(true);
});

const T0 = '2024-09-01';
const before: CommitSpec[] = [
  {
    at: '2024-01-10', msg: 'Initial commit', author: dev,
    files: {
      'pyproject.toml': '[project]\nname = "lib"\nrequires-python = ">=3.8"\n',
      '.github/workflows/tests.yml': workflow(['3.8', '3.9', '3.10', '3.11', '3.12']),
      'src/lib/api.py': '# parse_legacy is deprecated and will be removed in 3.0\ndef parse_legacy(): pass\n',
    },
  },
  { at: '2024-03-10', msg: 'Fix parsing of empty input (#2)', author: dev, files: { 'src/lib/api.py': '# parse_legacy is deprecated and will be removed in 3.0\ndef parse_legacy(): return 1\n' } },
];
const after: CommitSpec[] = [
  { at: '2024-10-10', msg: 'Drop Python 3.8 CANARY_AFTER (#9)', author: dev, files: { 'pyproject.toml': '[project]\nname = "lib"\nrequires-python = ">=3.9"\n', 'src/lib/new.py': '# CANARY_DEPRECATED is deprecated and will be removed in 9.0\n' } },
];

test('pending work at T0 becomes families citing its notices; nothing announced after T0 reaches the snapshot or the forecast', async () => {
  const db = `${await tempDir()}/p.db`;
  const withFuture = await snapshotRepository({ repo: (await makeRepo([...before, ...after])).dir, t0: T0, db });
  const without = await snapshotRepository({ repo: (await makeRepo(before)).dir, t0: T0, db: `${await tempDir()}/q.db` });
  expect(withFuture.snapshot.hash).toBe(without.snapshot.hash);
  const pending = withFuture.snapshot.evidence.filter((e) => e.kind === 'pending');
  expect(pending.map((e) => e.ref).sort()).toEqual(['pending:.github/workflows/tests.yml:7', 'pending:pyproject.toml:3', 'pending:src/lib/api.py:1']);
  for (const e of pending) expect(e.date <= '2024-09-01T00:00:00.000Z').toBe(true);
  expect(JSON.stringify(withFuture.snapshot)).not.toMatch(/CANARY/);

  const { draft } = await createHeuristicForecaster().forecast({ snapshot: withFuture.snapshot, seed: 0, maxFamilies: 10 });
  expect(JSON.stringify(draft)).not.toMatch(/CANARY/);
  const drop = draft.families.find((f) => /^Drop support for Python 3\.8/.test(f.title));
  expect(drop, draft.families.map((f) => f.title).join(' | ')).toBeDefined();
  expect(drop!.evidence.map((e) => e.ref).sort()).toEqual(['pending:.github/workflows/tests.yml:7', 'pending:pyproject.toml:3']);
});

test('a CI matrix row that both ends a runtime and lacks a new one is cited once per family', async () => {
  const { snapshot } = await snapshotRepository({ repo: (await makeRepo(before)).dir, t0: '2024-11-01', db: `${await tempDir()}/r.db` });
  const { draft } = await createHeuristicForecaster().forecast({ snapshot, seed: 0, maxFamilies: 10 });
  expect(draft.families.some((f) => f.evidence.some((e) => e.ref === 'pending:.github/workflows/tests.yml:7'))).toBe(true);
  for (const f of draft.families) {
    const refs = f.evidence.map((e) => e.ref);
    expect(new Set(refs).size).toBe(refs.length);
  }
});

test('one runtime task declared in files that cluster apart is one family citing each declaration', async () => {
  const tox = (extra: string) => `[tox]\nenvlist = py38, py39, py310\n\n[testenv]\ncommands = pytest ${extra}\n`;
  const spread: CommitSpec[] = [
    ...before,
    { at: '2024-04-02', msg: 'Run tox with verbose output (#3)', author: dev, files: { 'tox.ini': tox('-v') } },
    { at: '2024-05-02', msg: 'Add coverage to tox environments (#4)', author: dev, files: { 'tox.ini': tox('-v --cov') } },
    { at: '2024-06-02', msg: 'Pass posargs through tox (#5)', author: dev, files: { 'tox.ini': tox('-v --cov {posargs}') } },
  ];
  const { snapshot } = await snapshotRepository({ repo: (await makeRepo(spread)).dir, t0: T0, db: `${await tempDir()}/s.db` });
  const { draft } = await createHeuristicForecaster().forecast({ snapshot, seed: 0, maxFamilies: 10 });
  const drops = draft.families.filter((f) => /^Drop support for Python 3\.8/.test(f.title));
  expect(drops.map((f) => f.title)).toHaveLength(1);
  const refs = drops[0]!.evidence.map((e) => e.ref);
  expect(refs).toContain('pending:tox.ini:2');
  expect(refs).toContain('pending:pyproject.toml:3');
});
