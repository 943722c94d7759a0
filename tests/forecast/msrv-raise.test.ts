import { expect, test } from 'vitest';
import { snapshotRepository } from '../../src/api/snapshot.js';
import { createHeuristicForecaster } from '../../src/forecast/index.js';
import { msrvRaiseDue } from '../../src/forecast/pending/msrv.js';
import { makeRepo, tempDir, type CommitSpec } from '../fixtures/repo.js';

const h = (...pairs: [string, string][]) => pairs.map(([date, version]) => ({ date, version }));

test('a raise of rust-version is due when the repository\'s median interval between raises runs out within the window', () => {
  // Raises at 2023-06-10 (to 1.65, stable 1.70: lag 5) and 2023-12-10 (to 1.70, stable 1.74: lag 4); intervals 151 and 183 days.
  const history = h(['2023-01-10', '1.60'], ['2023-06-10', '1.65'], ['2023-12-10', '1.70']);
  expect(msrvRaiseDue(history, '2024-06-01T00:00:00.000Z')).toEqual({ from: '1.70', to: '1.73', cadenceDays: 167, sinceDays: 174, lag: 5, stable: '1.78', raises: 2 });
  // A yearly cadence whose last raise was a month before T0: not due within six months.
  expect(msrvRaiseDue(h(['2021-01-01', '1.50'], ['2022-01-01', '1.56'], ['2023-01-01', '1.64']), '2023-02-01')).toBeNull();
  // One raise is no cadence; a repository two intervals past its last raise has left it.
  expect(msrvRaiseDue(h(['2023-01-10', '1.60'], ['2023-06-10', '1.65']), '2023-12-01')).toBeNull();
  expect(msrvRaiseDue(history, '2025-06-01')).toBeNull();
});

const dev = { name: 'Dana Dev', email: 'dana@example.com' };
const cargo = (v: string) => `[package]\nname = "lib"\nversion = "0.1.0"\nrust-version = "${v}"\n`;
const commits: CommitSpec[] = [
  { at: '2023-01-10', msg: 'Initial commit', author: dev, files: { 'Cargo.toml': cargo('1.60'), 'src/lib.rs': 'pub fn f() {}\n' } },
  { at: '2023-06-10', msg: 'Raise MSRV to 1.65 (#3)', author: dev, files: { 'Cargo.toml': cargo('1.65') } },
  { at: '2023-12-10', msg: 'Raise MSRV to 1.70 (#7)', author: dev, files: { 'Cargo.toml': cargo('1.70') } },
  { at: '2024-03-10', msg: 'Fix parsing of empty input (#9)', author: dev, files: { 'src/lib.rs': 'pub fn f() -> u8 { 1 }\n' } },
];
const after: CommitSpec[] = [{ at: '2024-07-01', msg: 'Raise MSRV to 1.99 CANARY (#12)', author: dev, files: { 'Cargo.toml': cargo('1.99') } }];

test('Cargo.toml\'s rust-version history before T0 becomes a raise family; nothing after T0 reaches it', async () => {
  const t0 = '2024-06-01';
  const withFuture = await snapshotRepository({ repo: (await makeRepo([...commits, ...after])).dir, t0, db: `${await tempDir()}/m.db` });
  const without = await snapshotRepository({ repo: (await makeRepo(commits)).dir, t0, db: `${await tempDir()}/n.db` });
  expect(withFuture.snapshot.hash).toBe(without.snapshot.hash);
  const row = withFuture.snapshot.evidence.find((e) => e.kind === 'pending' && e.subject === 'rust');
  expect(row && row.kind === 'pending' ? row.history?.map((c) => c.version) : null).toEqual(['1.60', '1.65', '1.70']);
  const { draft } = await createHeuristicForecaster().forecast({ snapshot: withFuture.snapshot, seed: 0, maxFamilies: 10 });
  expect(JSON.stringify(draft)).not.toMatch(/CANARY|1\.99/);
  const raise = draft.families.find((f) => f.title.startsWith('Raise the minimum supported Rust version from 1.70 to 1.73'));
  expect(raise, draft.families.map((f) => f.title).join(' | ')).toBeDefined();
  expect(raise!.expected_behavior).toContain('stable 1.78 released 2024-05-02 (Rust release notes)');
  expect(raise!.evidence.map((e) => e.ref)).toEqual(['pending:Cargo.toml:4']);
});
