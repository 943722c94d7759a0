import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect, test } from 'vitest';
import { runRepoTask } from '../../src/api/study-repo.js';
import { openStore } from '../../src/store/open.js';
import { mergeShard } from '../../src/store/shards.js';
import { loadStudyRepos, openStudy } from '../../src/store/studies.js';
import { parseStudyConfig } from '../../src/study/config.js';
import { tempDir } from '../fixtures/repo.js';
import { makeStudyRepo, STUDY_T0 } from '../study/fixtures.js';

function tableCounts(db: string): Record<string, number> {
  const conn = new Database(db, { readonly: true });
  try {
    const tables = conn.prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all();
    return Object.fromEntries(tables.map((t) => [t, conn.prepare(`SELECT count(*) FROM "${t}"`).pluck().get() as number]));
  } finally {
    conn.close();
  }
}

test('a shard merged twice changes nothing, and a second repository reuses what the store already holds', async () => {
  const dir = await tempDir('swe-future-shard-');
  const repo = await makeStudyRepo('http');
  const file = join(dir, 'study.json');
  const config = parseStudyConfig(JSON.stringify({ name: 's', judges: ['lexical'], repos: [{ path: repo.dir, t0: STUDY_T0 }, { path: repo.dir, t0: '2024-05-01' }] }), file, { now: new Date('2026-01-01') });
  const db = join(dir, 'main.db');
  const main = openStore(db);
  const { study } = openStudy(main, config, ['a', 'b']);
  const task = (ord: number) => ({
    study: { hash: study.hash, name: study.name }, ord, name: ord ? 'b' : 'a', path: config.repos[ord]!.path, t0: config.repos[ord]!.t0,
    window: config.window, forecasters: config.forecasters, judges: config.judges, seed: config.seed, maxFamilies: config.maxFamilies,
  });
  const shard = join(dir, 'a.db');
  const outcome = await runRepoTask(task(0), { shard, cacheDir: join(dir, 'cache'), seedFrom: db });
  expect(outcome.status).toBe('done');

  const first = mergeShard(main, shard);
  expect(first).toMatchObject({ merged: true, studyId: study.id, repos: [{ ord: 0, snapshotId: expect.any(Number) }] });
  const after = tableCounts(db);
  expect(after).toMatchObject({ snapshots: 1, forecasts: 4, validations: 4, study_results: 4 });
  expect(mergeShard(main, shard)).toEqual({ merged: false, studyId: study.id, repos: [] });
  expect(tableCounts(db)).toEqual(after);

  // The same clone at another T0: seeded with the mined history, it adds a snapshot and no commit.
  const shardB = join(dir, 'b.db');
  expect((await runRepoTask(task(1), { shard: shardB, cacheDir: join(dir, 'cache'), seedFrom: db })).status).toBe('done');
  mergeShard(main, shardB);
  const both = tableCounts(db);
  expect(both).toMatchObject({ repos: 1, snapshots: 2, commits: after.commits, study_results: 8 });
  expect(loadStudyRepos(main, study.id).map((r) => r.status)).toEqual(['done', 'done']);
  main.close();
});

test('a repository that fails leaves a failed outcome with its one line, and nothing to merge', async () => {
  const dir = await tempDir('swe-future-shard-');
  const outcome = await runRepoTask(
    { study: { hash: 'sha256:x', name: 'x' }, ord: 3, name: 'gone', path: join(dir, 'nope'), t0: STUDY_T0, window: '6m', forecasters: ['heuristic'], judges: ['lexical'], seed: 0, maxFamilies: 5 },
    { shard: join(dir, 'shard.db'), cacheDir: join(dir, 'cache') },
  );
  expect(outcome).toMatchObject({ status: 'failed', expected: true, error: expect.stringMatching(/^There is no folder .*nope \(repos\[3\] of the config\)\. Clone the repository there/) });
});
