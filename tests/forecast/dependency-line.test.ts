import { expect, test } from 'vitest';
import { snapshotRepository } from '../../src/api/snapshot.js';
import { createHeuristicForecaster } from '../../src/forecast/index.js';
import { dependencyLine, dependencyRecord } from '../../src/forecast/pending/dependency-line.js';
import type { Snapshot } from '../../src/snapshot/model.js';
import { makeRepo, tempDir, type CommitSpec } from '../fixtures/repo.js';

/**
 * The dependency-removal family (src/forecast/pending/dependency-line.ts): two or more runtime dependencies removed in
 * two or more changes in the year before T0 ask for one more removal, titled from the removals' own names.
 */
const dev = { name: 'Dana Dev', email: 'dana@example.com' };
const pkg = (deps: Record<string, string>) => JSON.stringify({ name: 'web', version: '5.0.0', dependencies: deps, devDependencies: { mocha: '10' } }, null, 2);
const all = { 'safe-buffer': '5', setprototypeof: '1', depd: '2', methods: '1', qs: '6' };
const without = (...names: string[]) => Object.fromEntries(Object.entries(all).filter(([n]) => !names.includes(n)));

const commits: CommitSpec[] = [
  { at: '2024-02-01', msg: 'Initial commit', author: dev, files: { 'package.json': pkg(all), 'lib/response.js': "const Buffer = require('safe-buffer').Buffer\n", 'lib/application.js': "const setPrototypeOf = require('setprototypeof')\n" } },
  { at: '2024-03-01', msg: 'Bump qs to 6.13 (#5)', author: dev, files: { 'package.json': pkg({ ...all, qs: '6.13' }) } },
  { at: '2024-10-22', msg: 'refactor: Remove Object.setPrototypeOf polyfill (#6081)', author: dev, files: { 'package.json': pkg(without('setprototypeof')), 'lib/application.js': 'Object.setPrototypeOf(app, proto)\n' } },
  { at: '2024-10-27', msg: 'fix(buffer): use node:buffer instead of safe-buffer (#6071)', author: dev, files: { 'package.json': pkg(without('setprototypeof', 'safe-buffer')), 'lib/response.js': "const { Buffer } = require('node:buffer')\n" } },
];
const after: CommitSpec[] = [
  { at: '2025-01-02', msg: 'chore: replace `methods` dependency with standard library CANARY (#6196)', author: dev, files: { 'package.json': pkg(without('setprototypeof', 'safe-buffer', 'methods')) } },
];

async function forecastAt(history: CommitSpec[], t0 = '2025-01-01') {
  const { snapshot } = await snapshotRepository({ repo: (await makeRepo(history)).dir, t0, db: `${await tempDir()}/f.db` });
  const { draft } = await createHeuristicForecaster().forecast({ snapshot, seed: 0, maxFamilies: 10 });
  return { snapshot, draft };
}

test('two removals in two changes become one family, worded from the removals, citing them, scored as a "more" family', async () => {
  const { draft } = await forecastAt(commits);
  const f = draft.families.find((x) => x.title.includes('dependencies'));
  expect(f, draft.families.map((x) => x.title).join(' | ')).toBeDefined();
  // One of the two changes says it uses the platform instead ("instead of", "node:"): half, so "Replace … with the standard library".
  expect(f!.title).toBe('Replace more dependencies with the standard library like `safe-buffer` and `setprototypeof` in package.json');
  expect(f!.title).toMatch(/^[A-Z][a-z]+\s+\S/);
  expect(f!.title).not.toMatch(/:\s*[\w-]+(,\s*[\w-]+)+$|\d+\.\d+|#\d+/);
  expect(f!.category).toBe('refactor');
  expect(f!.evidence.map((e) => e.ref)).toEqual(['dependency-removal:package.json:safe-buffer', 'dependency-removal:package.json:setprototypeof']);
  expect(f!.expected_behavior).toMatch(/^Another runtime dependency leaves package.json and its uses are replaced by the standard library or the platform, continuing "fix\(buffer\): use node:buffer instead of safe-buffer" and "refactor: Remove Object.setPrototypeOf polyfill"/);
  expect(f!.acceptance_criteria).toContain('The test suite passes.');
  expect(f!.acceptance_criteria[0]).toMatch(/removed from package.json \(not moved to the development dependencies/);
  // The manifest, then the files where the removed names' uses were replaced.
  expect(f!.target_hints.paths).toEqual(['package.json', 'lib/application.js', 'lib/response.js']);
  expect(f!.score_components).toMatchObject({ calibration_kind_more: 1, calibration_more: 1, calibration_ground_dependencies: 1, calibration_more_code: 1, dependency_removals: 2, dependency_commits: 2, backtest_replays: 3 });
});

test('the family is the same with and without the history after T0 (leakage canary)', async () => {
  const a = await forecastAt(commits);
  const b = await forecastAt([...commits, ...after]);
  expect(JSON.stringify(b.draft)).toBe(JSON.stringify(a.draft));
  expect(JSON.stringify(b.draft)).not.toContain('CANARY');
});

test('one removal, or removals in one change, or removals older than a year state no line', async () => {
  const one = await forecastAt(commits.slice(0, 3));
  expect(one.draft.families.some((f) => f.title.includes('dependencies'))).toBe(false);
  const together: CommitSpec[] = [...commits.slice(0, 2), { at: '2024-10-22', msg: 'Remove two polyfills (#7)', author: dev, files: { 'package.json': pkg(without('setprototypeof', 'safe-buffer')) } }];
  expect((await forecastAt(together)).draft.families.some((f) => f.title.includes('dependencies'))).toBe(false);
  expect((await forecastAt(commits, '2025-11-01')).draft.families.some((f) => f.title.includes('dependencies'))).toBe(false);
});

test('without a platform word the title removes, and a line of several manifests names their folders', () => {
  const row = (name: string, path: string, commit: string, title: string, date: string) => ({ kind: 'dependency_removal' as const, ref: `dependency-removal:${path}:${name}`, date, text: name, path, name, commit, title, item: null });
  const snapshot = {
    t0: '2025-01-01T00:00:00.000Z',
    evidence: [
      row('async-trait', 'axum-core/Cargo.toml', 'a', 'Replace async_trait with AFIT / RPITIT', '2024-09-28T00:00:00.000Z'),
      row('async-trait', 'axum/Cargo.toml', 'a', 'Replace async_trait with AFIT / RPITIT', '2024-09-28T00:00:00.000Z'),
      row('heck', 'axum-macros/Cargo.toml', 'b', 'Remove unused dependency heck from axum-macros', '2024-06-21T00:00:00.000Z'),
      row('bitflags', 'axum/Cargo.toml', 'c', 'Remove `bitflags` crate dependency', '2023-07-05T00:00:00.000Z'),
    ],
  } as unknown as Snapshot;
  expect(dependencyLine(snapshot)?.title).toBe('Remove more runtime dependencies like `async-trait` and `heck` from the Cargo.toml of axum, axum-core and axum-macros');
});

test('the backtest replays the same rule on past views: a line at T0 - 18 months continued by a removal within six months, one at T0 - 12 months not', () => {
  const row = (name: string, commit: string, date: string) => ({ kind: 'dependency_removal' as const, ref: `dependency-removal:package.json:${name}`, date, text: name, path: 'package.json', name, commit, title: `Remove ${name}`, item: null });
  const snapshot = {
    t0: '2025-01-01T00:00:00.000Z',
    config: { hotspotTop: 25 },
    evidence: [row('a', 'x', '2023-03-01T00:00:00.000Z'), row('b', 'y', '2023-04-01T00:00:00.000Z'), row('c', 'z', '2023-10-01T00:00:00.000Z')],
  } as unknown as Snapshot;
  const record = dependencyRecord(snapshot);
  expect(record.replays.map((r) => [r.cutoff.slice(0, 10), r.line, r.continued])).toEqual([
    ['2024-07-01', false, false],
    ['2024-01-01', true, false],
    ['2023-07-01', true, true],
  ]);
  expect(dependencyLine(snapshot)).toBeNull();
});
