import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect, test } from 'vitest';
import { runStudy } from '../../src/api/study.js';
import { historyWeight, largestFirst } from '../../src/study/schedule.js';
import { tempDir } from '../fixtures/repo.js';
import { makeStudyRepo, STUDY_T0, writeConfig } from './fixtures.js';

test('repositories are handed out largest history first, equal ones in config order', () => {
  const weights: Record<string, number> = { a: 5, b: 50, c: 5, d: 0, e: 7 };
  const rows = Object.keys(weights).map((path, ord) => ({ ord, path }));
  expect(largestFirst(rows, (p) => weights[p]!).map((r) => r.path)).toEqual(['b', 'e', 'a', 'c', 'd']);
});

test('a history is weighed by its pack indexes; a folder that is no clone weighs nothing', async () => {
  const repo = await makeStudyRepo('http', 4);
  expect(historyWeight(repo.dir)).toBe(0); // loose objects only
  execFileSync('git', ['-C', repo.dir, 'repack', '-a', '-d', '-q']);
  expect(historyWeight(repo.dir)).toBeGreaterThan(0);
  expect(historyWeight(join(repo.dir, 'no-such-folder'))).toBe(0);
});

test('a local study starts its largest repository first, whatever its place in the config', async () => {
  const dir = await tempDir('swe-future-schedule-');
  const [small, big] = await Promise.all([makeStudyRepo('http', 0), makeStudyRepo('cli', 8)]);
  execFileSync('git', ['-C', big.dir, 'repack', '-a', '-d', '-q']);
  const config = writeConfig(dir, { name: 'order', judges: ['lexical'], forecasters: ['recency'], repos: [{ path: small.dir, t0: STUDY_T0 }, { path: big.dir, t0: STUDY_T0 }] });
  const db = join(dir, 'order.db');
  const result = await runStudy({ db, config, jobs: 1, now: new Date('2026-01-01'), processes: false });
  expect(result.repos.map((r) => r.status)).toEqual(['done', 'done']);
  const conn = new Database(db, { readonly: true });
  const finished = conn.prepare<[], number>('SELECT ord FROM study_repos ORDER BY finished_at, ord').pluck().all();
  conn.close();
  expect(finished).toEqual([1, 0]);
});
