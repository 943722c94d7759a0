import { join, relative } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runCliJson } from '../cli/run-cli.js';
import { tempDir } from '../fixtures/repo.js';
import { makeStudyRepo, STUDY_T0, writeConfig } from '../study/fixtures.js';
import { REDIS, startRedis, startWorker, stopWorkers, type TestRedis } from './fixtures.js';

/** Every result row of a study, by content (no ids, no times): what must not depend on how the study ran. */
export function resultRows(db: string) {
  const conn = new Database(db, { readonly: true });
  try {
    return {
      repos: conn.prepare("SELECT ord, path, name, t0, status, error FROM study_repos ORDER BY ord").all(),
      results: conn
        .prepare(
          `SELECT r.repo_ord, r.forecaster, r.judge, s.hash AS snapshot, s.t0, rp.path AS repo, f.hash AS forecast, f.abstained, v.hash AS validation, v.metrics,
                  (SELECT json_group_array(json_array(family_id, category, label, score, reason)) FROM (SELECT * FROM verdicts WHERE validation_id = v.id ORDER BY ord)) AS verdicts,
                  (SELECT json_group_array(data) FROM (SELECT data FROM families WHERE forecast_id = f.id ORDER BY ord)) AS families
           FROM study_results r JOIN forecasts f ON f.id = r.forecast_id JOIN validations v ON v.id = r.validation_id
           JOIN snapshots s ON s.id = f.snapshot_id JOIN repos rp ON rp.id = s.repo_id
           ORDER BY r.repo_ord, r.forecaster, r.judge`,
        )
        .all(),
      evidence: conn.prepare('SELECT s.hash, count(e.id) AS n FROM snapshots s LEFT JOIN evidence e ON e.snapshot_id = s.id GROUP BY s.id ORDER BY s.hash').all(),
      workItems: conn.prepare('SELECT count(*) FROM work_items').pluck().get(),
      commits: conn.prepare('SELECT count(*) FROM commits').pluck().get(),
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
    dir = await tempDir('swe-future-queue-');
    const repos = await Promise.all([makeStudyRepo('http'), makeStudyRepo('parser', 3), makeStudyRepo('cache', 6)]);
    config = writeConfig(dir, { name: 'same', repos: repos.map((r, i) => ({ path: relative(dir, r.dir), t0: STUDY_T0, name: ['alpha', 'beta', 'gamma'][i] })) });
    redis = await startRedis();
  });
  afterAll(async () => {
    await stopWorkers();
    await redis?.stop();
  });

  test('the same study config gives identical result rows in local and queue mode', async () => {
    const local = await runCliJson(['study', '--config', config, '--db', join(dir, 'local.db'), '--jobs', '2']);
    startWorker(redis.url, ['--name', 'A']);
    startWorker(redis.url, ['--name', 'B']);
    const queued = await runCliJson(['study', '--config', config, '--db', join(dir, 'queue.db'), '--queue', redis.url]);
    expect(queued.study).toMatchObject({ repos: 3, done: 3, failed: 0, pending: 0, interrupted: false });
    expect(queued.table).toEqual(local.table);
    expect(queued.agreement).toEqual(local.agreement);
    expect(queued.repositories.map((r: object) => ({ ...r, seconds: 0, snapshot: 0 }))).toEqual(local.repositories.map((r: object) => ({ ...r, seconds: 0, snapshot: 0 })));
    expect(resultRows(join(dir, 'queue.db'))).toEqual(resultRows(join(dir, 'local.db')));
  });
});
