import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, expect, test } from 'vitest';
import type { CommitSpec } from '../../src/demo/model.js';
import { makeRepo, tempDir } from '../fixtures/repo.js';
import { runCliJson } from '../cli/run-cli.js';

/**
 * A feature branch `plugins` worked on for five weeks before T0 and not merged by then, a topic branch merged
 * before T0, and a later history that (1) adds commits to `plugins` after T0, (2) merges `plugins` into main after
 * T0, and (3) makes a branch `late` after T0 at a commit main had before T0. The snapshot and the forecast must be
 * those of the same repository without that later history.
 */
const T0 = '2024-07-01';
const ana = { name: 'Ana', email: 'ana@example.com' };

const pluginWork: CommitSpec[] = Array.from({ length: 12 }, (_, i) => ({
  at: new Date(Date.UTC(2024, 4, 10 + i * 3)).toISOString().slice(0, 10),
  msg: i % 3 === 0 ? `fix(loader): handle plugin ${i} failing to load` : `feat(loader): load plugin hook ${i}`,
  branch: 'plugins',
  author: ana,
  files: { [`src/loader/hook${i}.js`]: `export const hook${i} = ${i};\n` },
}));

const before: CommitSpec[] = [
  { at: '2024-01-05', msg: 'Initial commit', author: ana, files: { 'src/index.js': 'export {};\n', 'README.md': '# x\n' } },
  { at: '2024-02-01', msg: 'start the cache', branch: 'cache', author: ana, files: { 'src/cache.js': 'export const c = 1;\n' } },
  { at: '2024-02-03', msg: 'Merge pull request #4 from ana/cache\n\nAdd a cache', merge: 'cache', author: ana },
  { at: '2024-04-01', msg: 'Document the loader (#6)', author: ana, files: { 'README.md': '# x\n\nThe loader.\n' } },
  ...pluginWork,
  { at: '2024-06-20', msg: 'Fix a typo in the README (#8)', author: ana, files: { 'README.md': '# x\n\nThe loader!\n' } },
];

const after: CommitSpec[] = [
  { at: '2024-07-10', msg: 'feat(loader): CANARY_LATE_BRANCH_WORK', branch: 'plugins', author: ana, files: { 'src/loader/late.js': 'CANARY\n' } },
  { at: '2024-07-20', msg: 'Merge branch plugins: CANARY_MERGE', merge: 'plugins', author: ana },
  { at: '2024-07-25', msg: 'CANARY_MAIN_AFTER (#12)', author: ana, files: { 'src/after.js': 'CANARY\n' } },
];

let withFuture: { dir: string };
let withoutFuture: { dir: string };
let work: string;

beforeAll(async () => {
  withFuture = await makeRepo([...before, ...after]);
  withoutFuture = await makeRepo(before);
  // A branch made after T0 at a commit main had before T0 (its ref, not its time, is all a clone keeps).
  const early = execFileSync('git', ['-C', withFuture.dir, 'rev-list', '-1', '--first-parent', '--before=2024-04-02', 'main']).toString().trim();
  execFileSync('git', ['-C', withFuture.dir, 'branch', 'late', early]);
  work = await tempDir();
});

function branchRows(db: string) {
  const conn = new Database(db, { readonly: true });
  const rows = conn.prepare("SELECT ref, date, text, data FROM evidence WHERE kind = 'branch' ORDER BY ord").all() as { ref: string; date: string; text: string; data: string }[];
  conn.close();
  return rows.map((r) => ({ ...r, data: JSON.parse(r.data) }));
}

test.each(['native', 'isomorphic'])('the snapshot lists a branch not merged by T0 with its fork point, commits, titles and dates (%s git)', async (backend) => {
  const db = join(work, `list-${backend}.db`);
  const out = await runCliJson(['snapshot', '--repo', withoutFuture.dir, '--t0', T0, '--db', db, '--git-backend', backend]);
  const rows = branchRows(db);
  expect(rows.map((r) => r.data.name)).toEqual(['plugins']); // `cache` was merged before T0: no row
  const plugins = rows[0]!.data;
  expect(plugins.commitCount).toBe(12);
  expect(plugins.commits[0].title).toBe('feat(loader): load plugin hook 11');
  expect(plugins.commits.at(-1).title).toBe('fix(loader): handle plugin 0 failing to load');
  expect(plugins.firstDate.slice(0, 10)).toBe('2024-05-10');
  expect(plugins.lastDate).toBe(rows[0]!.date);
  const fork = execFileSync('git', ['-C', withoutFuture.dir, 'rev-list', '-1', '--first-parent', '--before=2024-04-02', 'main']).toString().trim();
  expect(plugins.forkPoint).toBe(fork);
  expect(out.snapshot.counts.branches).toBe(1);
  expect(out.snapshot.branches).toEqual([
    { name: 'plugins', fork_point: fork, commits: 12, first_date: plugins.firstDate, last_date: plugins.lastDate, long_lived: true, active: true },
  ]);
});

test.each(['native', 'isomorphic'])('commits on a branch after T0, its merge after T0 and a branch made after T0 change neither the snapshot nor its branch rows (%s git)', async (backend) => {
  const a = await runCliJson(['snapshot', '--repo', withFuture.dir, '--t0', T0, '--db', join(work, `a-${backend}.db`), '--git-backend', backend]);
  const b = await runCliJson(['snapshot', '--repo', withoutFuture.dir, '--t0', T0, '--db', join(work, `b-${backend}.db`), '--git-backend', backend]);
  expect(a.snapshot.hash).toBe(b.snapshot.hash);
  expect(a.snapshot.branches).toEqual(b.snapshot.branches);
  expect(branchRows(join(work, `a-${backend}.db`))).toEqual(branchRows(join(work, `b-${backend}.db`)));
  expect(JSON.stringify(branchRows(join(work, `a-${backend}.db`)))).not.toMatch(/CANARY/);
});

test('the forecast lands the long-lived branch, and is the same without the history after T0', async () => {
  const a = await runCliJson(['forecast', '--repo', withFuture.dir, '--t0', T0, '--db', join(work, 'fa.db')]);
  const b = await runCliJson(['forecast', '--repo', withoutFuture.dir, '--t0', T0, '--db', join(work, 'fb.db')]);
  expect(a.families).toEqual(b.families);
  expect(JSON.stringify(a)).not.toMatch(/CANARY/);
  const land = a.families.find((f: { title: string }) => f.title.startsWith('Land '));
  expect(land.title).toBe('Land the plugins branch work on main: loader features and fixes');
  expect(land.evidence.map((e: { ref: string }) => e.ref)).toEqual(['branch:plugins']);
  expect(land.anchor.paths.length).toBeGreaterThan(0);
});
