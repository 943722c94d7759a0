import { expect, test } from 'vitest';
import { snapshotRepository } from '../../src/api/snapshot.js';
import type { Evidence } from '../../src/snapshot/model.js';
import { makeRepo, tempDir, type CommitSpec } from '../fixtures/repo.js';

/**
 * Runtime dependencies removed before T0, read from the main manifests' history (src/snapshot/dependency-removals.ts):
 * package.json, Cargo.toml, pyproject.toml and go.mod. A version bump, a development dependency removed, a dependency
 * removed and added back, a package swapped for another and a removal after T0 are not removals.
 */
const dev = { name: 'Dana Dev', email: 'dana@example.com' };
const bot = { name: 'dependabot[bot]', email: '49699333+dependabot[bot]@users.noreply.github.com' };

const cargo = (deps: string[], devDeps: string[] = []) => `[package]\nname = "lib"\nversion = "0.1.0"\n\n[dependencies]\n${deps.join('\n')}\n\n[dev-dependencies]\n${devDeps.join('\n')}\n`;
const pyproject = (deps: string[]) => `[project]\nname = "lib"\ndependencies = [\n${deps.map((d) => `  "${d}",`).join('\n')}\n]\n`;
const gomod = (reqs: string[]) => `module github.com/o/lib\n\ngo 1.22\n\nrequire (\n${reqs.map((r) => `\t${r}`).join('\n')}\n)\n`;

const commits: CommitSpec[] = [
  {
    at: '2024-01-10', msg: 'Initial commit', author: dev,
    files: {
      'Cargo.toml': cargo(['once_cell = "1"', 'bytes = "1.0"', 'serde = "1"'], ['criterion = "0.5"']),
      'pyproject.toml': pyproject(['importlib_metadata>=3.6', 'attrs>=22']),
      'go.mod': gomod(['github.com/mattn/go-isatty v0.0.20', 'github.com/o/term v0.1.0', 'golang.org/x/sys v0.1.0 // indirect']),
      'src/lib.rs': 'pub fn f() {}\n',
    },
  },
  { at: '2024-02-10', msg: 'Bump bytes from 1.0 to 1.5', author: bot, files: { 'Cargo.toml': cargo(['once_cell = "1"', 'bytes = "1.5"', 'serde = "1"'], ['criterion = "0.5"']) } },
  { at: '2024-03-10', msg: 'Drop the criterion benchmarks (#4)', author: dev, files: { 'Cargo.toml': cargo(['once_cell = "1"', 'bytes = "1.5"', 'serde = "1"']) } },
  { at: '2024-04-10', msg: 'Replace once_cell with std::sync::OnceLock (#5)', author: dev, files: { 'Cargo.toml': cargo(['bytes = "1.5"', 'serde = "1"']), 'src/lib.rs': 'pub fn f() -> u8 { 1 }\n' } },
  { at: '2024-05-10', msg: 'Remove serde (#6)', author: dev, files: { 'Cargo.toml': cargo(['bytes = "1.5"']) } },
  { at: '2024-06-10', msg: 'Serialize settings again (#7)', author: dev, files: { 'Cargo.toml': cargo(['bytes = "1.5"', 'serde = "1"']) } },
  { at: '2024-07-10', msg: 'Drop Python 3.7: importlib.metadata is in the standard library (#8)', author: dev, files: { 'pyproject.toml': pyproject(['attrs>=22']), 'src/meta.py': 'from importlib.metadata import version\n' } },
  { at: '2024-08-10', msg: 'Use x/term instead of go-isatty (#9)', author: dev, files: { 'go.mod': gomod(['github.com/o/term v0.1.0', 'golang.org/x/sys v0.1.0 // indirect']) } },
  { at: '2024-09-10', msg: 'Switch from attrs to cattrs (#10)', author: dev, files: { 'pyproject.toml': pyproject(['cattrs>=23']) } },
];
const after: CommitSpec[] = [
  { at: '2025-02-10', msg: 'Remove bytes CANARY (#12)', author: dev, files: { 'Cargo.toml': cargo(['serde = "1"']) } },
];

const removals = (evidence: readonly Evidence[]) =>
  evidence.flatMap((e) => (e.kind === 'dependency_removal' ? [`${e.date.slice(0, 10)} ${e.path} ${e.name} (${e.title})`] : []));

test('runtime dependencies removed from Cargo.toml, pyproject.toml and go.mod before T0 are evidence; bumps, dev dependencies, re-added and swapped ones are not', async () => {
  const t0 = '2025-01-01';
  const { snapshot } = await snapshotRepository({ repo: (await makeRepo(commits)).dir, t0, db: `${await tempDir()}/s.db` });
  expect(removals(snapshot.evidence)).toEqual([
    '2024-04-10 Cargo.toml once_cell (Replace once_cell with std::sync::OnceLock)',
    '2024-07-10 pyproject.toml importlib-metadata (Drop Python 3.7: importlib.metadata is in the standard library)',
    '2024-08-10 go.mod github.com/mattn/go-isatty (Use x/term instead of go-isatty)',
  ]);
  const row = snapshot.evidence.find((e) => e.kind === 'dependency_removal');
  expect(row).toMatchObject({ ref: 'dependency-removal:Cargo.toml:once_cell', item: 'pr#5' });
});

test('a removal after T0 changes nothing in the snapshot: the same hash with and without the later history', async () => {
  const t0 = '2025-01-01';
  const withFuture = await snapshotRepository({ repo: (await makeRepo([...commits, ...after])).dir, t0, db: `${await tempDir()}/a.db` });
  const without = await snapshotRepository({ repo: (await makeRepo(commits)).dir, t0, db: `${await tempDir()}/b.db` });
  expect(withFuture.snapshot.hash).toBe(without.snapshot.hash);
  expect(JSON.stringify(withFuture.snapshot.evidence)).not.toContain('CANARY');
});

test('package.json: dependencies, peer and optional ones are runtime; a removal from devDependencies is upkeep, a migration to another package no removal', async () => {
  const pkg = (deps: object, devDeps: object = {}) => JSON.stringify({ name: 'x', version: '1.0.0', dependencies: deps, devDependencies: devDeps }, null, 2);
  const repo = await makeRepo([
    { at: '2024-03-01', msg: 'Initial commit', author: dev, files: { 'package.json': pkg({ 'safe-buffer': '5', debug: '4' }, { mocha: '10', eslint: '8' }), 'index.js': '' } },
    { at: '2024-04-01', msg: 'Remove eslint (#2)', author: dev, files: { 'package.json': pkg({ 'safe-buffer': '5', debug: '4' }, { mocha: '10' }) } },
    { at: '2024-05-01', msg: 'fix(buffer): use node:buffer instead of safe-buffer (#3)', author: dev, files: { 'package.json': pkg({ debug: '4' }, { mocha: '10' }), 'index.js': "const { Buffer } = require('node:buffer')\n" } },
    { at: '2024-06-01', msg: 'Move debug to the dev dependencies (#4)', author: dev, files: { 'package.json': pkg({}, { mocha: '10', debug: '4' }) } },
    { at: '2024-06-10', msg: 'Send requests with node-fetch, form-data and got (#5)', author: dev, files: { 'package.json': pkg({ 'node-fetch': '2', 'form-data': '4', got: '14' }, { mocha: '10', debug: '4' }) } },
    { at: '2024-06-21', msg: 'Migrate from node-fetch, form-data and got to cross-fetch (#6)', author: dev, files: { 'package.json': pkg({ 'cross-fetch': '4' }, { mocha: '10', debug: '4' }) } },
    { at: '2024-06-25', msg: 'Migrate to the built-in fetch (#7)', author: dev, files: { 'package.json': pkg({}, { mocha: '10', debug: '4' }), 'index.js': 'fetch(url)\n' } },
    { at: '2024-07-01', msg: '2.0.0', author: dev, files: { 'package.json': pkg({}, { mocha: '10', debug: '4' }).replace('1.0.0', '2.0.0') } },
  ]);
  const { snapshot } = await snapshotRepository({ repo: repo.dir, t0: '2025-01-01', db: `${await tempDir()}/p.db` });
  // The migration that adds cross-fetch while removing three is a migration to another package; the one to the
  // built-in fetch adds none and removes cross-fetch.
  expect(removals(snapshot.evidence)).toEqual([
    '2024-05-01 package.json safe-buffer (fix(buffer): use node:buffer instead of safe-buffer)',
    '2024-06-25 package.json cross-fetch (Migrate to the built-in fetch)',
  ]);
});
