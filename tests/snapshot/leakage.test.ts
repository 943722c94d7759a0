import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, expect, test } from 'vitest';
import type { CommitSpec } from '../../src/demo/model.js';
import { makeRepo, tempDir } from '../fixtures/repo.js';
import { runCliJson } from '../cli/run-cli.js';

/**
 * A repository whose history continues after T0 with canary strings in every
 * place later work can show up: PR titles and bodies, direct commits, TODOs,
 * changelog and roadmap edits, a side branch with a future commit, tags on it,
 * an annotated tag made after T0 on an old commit, and a clock-skewed commit
 * dated before T0 that landed after later work.
 */
const T0 = '2024-07-01';
const ana = { name: 'Ana', email: 'ana@example.com' };

const before: CommitSpec[] = [
  { at: '2024-01-05', msg: 'Initial parser', author: ana, files: { 'src/parser/index.js': '// TODO: handle nested quotes\nexport const parse = (s) => s;\n', 'CHANGELOG.md': '# Changelog\n\n## [Unreleased]\n- parser skeleton\n', 'ROADMAP.md': '# Roadmap\n- [ ] retries\n' } },
  { at: '2024-02-10', msg: 'Fix escaped quotes in the parser (#3)\n\nThe parser dropped a backslash.', author: ana, files: { 'src/parser/quote.js': 'export const q = 1;\n' }, tag: 'v0.1.0' },
  { at: '2024-03-01', msg: 'start retry work', branch: 'retry', author: ana, files: { 'src/http/retry.js': '// FIXME: no backoff yet\n' } },
  { at: '2024-03-15', msg: 'Merge pull request #5 from ana/retry\n\nAdd a retry loop to the HTTP client', merge: 'retry', author: ana },
  { at: '2024-05-20', msg: 'Bump lodash from 4.17.20 to 4.17.21 (#7)', author: { name: 'dependabot[bot]', email: '49699333+dependabot[bot]@users.noreply.github.com' }, files: { 'package.json': '{"dependencies":{"lodash":"4.17.21"}}\n' }, tag: { name: 'v0.2.0', message: 'release 0.2.0', at: '2024-05-21' } },
];

const after: CommitSpec[] = [
  { at: '2024-07-10', msg: 'CANARY_PR_TITLE fix the tokenizer (#9)\n\nCANARY_PR_BODY', author: ana, files: { 'src/parser/tokenize.js': '// TODO: CANARY_TODO\n' } },
  { at: '2024-07-20', msg: 'docs: CANARY_DIRECT_COMMIT', author: ana, files: { 'CHANGELOG.md': '# Changelog\n\n## [Unreleased]\n- CANARY_CHANGELOG\n- parser skeleton\n', 'ROADMAP.md': '# Roadmap\n- [x] retries\n- [ ] CANARY_ROADMAP\n' }, tag: { name: 'v0.3.0-CANARY_TAG_ON_MAIN', message: 'CANARY_TAG_MESSAGE', at: '2024-07-21' } },
  { at: '2024-08-01', msg: 'CANARY_BRANCH work', branch: 'future', author: ana, files: { 'src/future.js': '// TODO: CANARY_SIDE_TODO\n' }, tag: { name: 'CANARY_TAG_SIDE', message: 'CANARY_TAG_SIDE_MESSAGE', at: '2024-08-02' } },
  { at: '2024-08-03', msg: 'more CANARY_BRANCH', branch: 'future', author: ana, files: { 'src/future2.js': 'x\n' }, tag: 'CANARY_LIGHT_TAG_SIDE' },
  { at: '2024-08-05', msg: 'Merge pull request #11 from ana/future\n\nCANARY_MERGED_PR', merge: 'future', author: ana },
  // Clock skew: landed after the work above but claims a date before T0.
  { at: '2024-06-20', msg: 'CANARY_SKEWED commit (#12)', author: ana, files: { 'src/parser/skew.js': '// HACK: CANARY_SKEWED_TODO\n' } },
];

let withFuture: { dir: string };
let withoutFuture: { dir: string };
let work: string;

beforeAll(async () => {
  withFuture = await makeRepo([...before, ...after]);
  withoutFuture = await makeRepo(before);
  work = await tempDir();
});

async function snapshotOf(repo: string, db: string) {
  return (await runCliJson(['snapshot', '--repo', repo, '--t0', T0, '--db', db, '--name', 'leaky'])).snapshot;
}

test.each(['native', 'isomorphic'])('no canary from after T0 reaches the snapshot, its evidence rows or its manifest (%s git)', async (backend) => {
  const db = join(work, `with-${backend}.db`);
  const run = await runCliJson(['snapshot', '--repo', withFuture.dir, '--t0', T0, '--db', db, '--git-backend', backend]);
  const conn = new Database(db, { readonly: true });
  const evidence = JSON.stringify(conn.prepare('SELECT * FROM evidence').all());
  const snapshots = JSON.stringify(conn.prepare('SELECT * FROM snapshots').all());
  conn.close();
  const manifest = readFileSync(run.snapshot.manifest, 'utf8');
  expect(evidence.length).toBeGreaterThan(1000);
  for (const text of [evidence, snapshots, manifest, JSON.stringify(run)]) expect(text).not.toMatch(/CANARY/);
});

test('the snapshot is identical whether or not the history after T0 exists', async () => {
  const a = await snapshotOf(withFuture.dir, join(work, 'a.db'));
  const b = await snapshotOf(withoutFuture.dir, join(work, 'b.db'));
  expect(a.commit).toBe(b.commit);
  expect(a.hash).toBe(b.hash);
  expect(a.counts).toEqual(b.counts);
  const rows = (db: string) => new Database(db, { readonly: true }).prepare('SELECT kind, ref, date, text, data FROM evidence ORDER BY ord').all();
  expect(rows(join(work, 'a.db'))).toEqual(rows(join(work, 'b.db')));
});

test('work after T0 is still stored as work items, for validation to read with explicit bounds', async () => {
  const db = join(work, 'later.db');
  await snapshotOf(withFuture.dir, db);
  const conn = new Database(db, { readonly: true });
  const later = conn.prepare("SELECT key FROM work_items WHERE merged_at > '2024-07-01T00:00:00.000Z' ORDER BY merged_at").pluck().all();
  conn.close();
  expect(later).toHaveLength(3);
  expect(later[0]).toBe('pr#9');
  expect(later[1]).toMatch(/^commit:/);
  expect(later[2]).toBe('pr#11');
});

test.each(['heuristic', 'hotspot', 'recency', 'random-anchor'])('the %s forecaster never sees a canary from after T0', async (forecaster) => {
  const db = join(work, `forecast-${forecaster}.db`);
  const out = await runCliJson(['forecast', '--repo', withFuture.dir, '--t0', T0, '--db', db, '--forecaster', forecaster, '--max-families', '10']);
  const conn = new Database(db, { readonly: true });
  const stored = JSON.stringify([conn.prepare('SELECT * FROM forecasts').all(), conn.prepare('SELECT * FROM families').all(), conn.prepare('SELECT * FROM family_evidence').all()]);
  conn.close();
  expect(JSON.stringify(out)).not.toMatch(/CANARY/);
  expect(stored).not.toMatch(/CANARY/);
});
