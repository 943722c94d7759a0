import { copyFileSync } from 'node:fs';
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
  expect(outcome).toMatchObject({ status: 'failed', expected: true, code: 'STUDY_REPO_NOT_FOUND', error: expect.stringMatching(/^There is no folder .*nope \(repos\[3\] of the config\)\. Clone the repository there/) });
});

test('a shard that does not belong to the store is refused whole: another schema (SHARD_SCHEMA), an unknown study (SHARD_UNKNOWN_STUDY), a repository entry that does not match (SHARD_MISMATCH)', async () => {
  const dir = await tempDir('swe-future-shard-');
  const repo = await makeStudyRepo('http');
  const config = parseStudyConfig(JSON.stringify({ name: 's', judges: ['lexical'], forecasters: ['heuristic'], repos: [{ path: repo.dir, t0: STUDY_T0 }] }), join(dir, 'study.json'), { now: new Date('2026-01-01') });
  const db = join(dir, 'main.db');
  const main = openStore(db);
  const { study } = openStudy(main, config, ['a']);
  const task = { study: { hash: study.hash, name: study.name }, ord: 0, name: 'a', path: config.repos[0]!.path, t0: config.repos[0]!.t0, window: config.window, forecasters: config.forecasters, judges: config.judges, seed: config.seed, maxFamilies: config.maxFamilies };
  const shard = join(dir, 'a.db');
  expect((await runRepoTask(task, { shard, cacheDir: join(dir, 'cache') })).status).toBe('done');
  const before = tableCounts(db);
  const edited = (name: string, sql: string) => {
    const file = join(dir, name);
    copyFileSync(shard, file);
    const conn = new Database(file);
    conn.exec(sql);
    conn.close();
    return file;
  };
  // A worker on an older swe-future: its shard's schema stops one migration short.
  const older = edited('older.db', 'DELETE FROM schema_migrations WHERE version = (SELECT max(version) FROM schema_migrations)');
  expect(() => mergeShard(main, older)).toThrow(expect.objectContaining({ code: 'SHARD_SCHEMA', message: expect.stringMatching(/^A repository's results were written with store schema \d+, but this swe-future writes schema \d+$/) }));
  // The results of a study this store never started.
  const stranger = openStore(join(dir, 'other.db'));
  expect(() => mergeShard(stranger, shard)).toThrow(expect.objectContaining({ code: 'SHARD_UNKNOWN_STUDY', message: expect.stringMatching(/^A repository's results belong to a study \(sha256:[0-9a-f]{12}…\) that this store does not have$/) }));
  stranger.close();
  // A job whose repository entry is not the study's (another path at that position).
  const moved = edited('moved.db', "UPDATE study_repos SET path = '/elsewhere/http'");
  expect(() => mergeShard(main, moved)).toThrow(expect.objectContaining({ code: 'SHARD_MISMATCH', message: 'A repository\'s results name repos[0] as /elsewhere/http at ' + config.repos[0]!.t0 + ', which is not that entry of the study' }));
  expect(tableCounts(db)).toEqual(before);
  expect(mergeShard(main, shard)).toMatchObject({ merged: true });
  main.close();
});
