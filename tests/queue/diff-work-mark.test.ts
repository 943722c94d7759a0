import { join, relative } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runCliJson } from '../cli/run-cli.js';
import { makeRepo, tempDir, type CommitSpec } from '../fixtures/repo.js';
import { STUDY_T0, studyCommits, writeConfig } from '../study/fixtures.js';
import { REDIS, startRedis, startWorker, stopWorkers, type TestRedis } from './fixtures.js';

/**
 * A queued worker writes its repository's work items into a shard that the coordinator merges: the mark that a
 * title stating no work did work by its diff (work_items.diff_work, migration 13) reaches the study's store, and
 * the later work is counted by kind as a local run counts it (issue 16 item 2).
 */
const later: CommitSpec[] = [
  { at: '2024-07-10T10:00:00Z', msg: 'Minor tweaks', files: { 'src/http/index.js': 'export const searchParams = (raw) => new URLSearchParams(raw);\n' } },
  { at: '2024-07-20T10:00:00Z', msg: 'Tweaks', files: { 'src/http/index.js': 'export const searchParams = (raw) =>   new URLSearchParams(raw);\n' } },
];

function marks(db: string) {
  const conn = new Database(db, { readonly: true });
  try {
    return {
      marked: conn.prepare('SELECT title FROM work_items WHERE diff_work = 1 ORDER BY title').pluck().all(),
      byKind: conn.prepare("SELECT DISTINCT json_extract(metrics, '$.laterWorkByKind') FROM validations").pluck().all(),
    };
  } finally {
    conn.close();
  }
}

describe.skipIf(!REDIS)('queue mode', () => {
  let dir: string;
  let config: string;
  let redis: TestRedis;

  beforeAll(async () => {
    dir = await tempDir('swe-future-queue-diffwork-');
    const repo = await makeRepo([...studyCommits('http'), ...later].sort((a, b) => a.at.localeCompare(b.at)));
    config = writeConfig(dir, { name: 'diffwork', judges: ['lexical'], forecasters: ['heuristic'], repos: [{ path: relative(dir, repo.dir), t0: STUDY_T0, name: 'alpha' }] });
    redis = await startRedis();
  });
  afterAll(async () => {
    await stopWorkers();
    await redis?.stop();
  });

  test('a "Minor tweaks" that does work by its diff is marked and counted alike in local and queue mode', async () => {
    const local = await runCliJson(['study', '--config', config, '--db', join(dir, 'local.db')]);
    startWorker(redis.url, ['--name', 'A']);
    const queued = await runCliJson(['study', '--config', config, '--db', join(dir, 'queue.db'), '--queue', redis.url]);
    expect(queued.table).toEqual(local.table);
    expect(marks(join(dir, 'queue.db'))).toEqual(marks(join(dir, 'local.db')));
    expect(marks(join(dir, 'local.db')).marked).toEqual(['Minor tweaks']);
  });
});
