import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { beforeAll, expect, test } from 'vitest';
import { runCliJson } from '../cli/run-cli.js';
import { tempDir } from '../fixtures/repo.js';
import { makeStudyRepo, STUDY_T0, writeConfig } from './fixtures.js';

const root = join(import.meta.dirname, '../..');
const FORECASTERS = ['heuristic', 'hotspot', 'recency', 'random-anchor'];

let dir: string;
let config: string;
let uninterrupted: { table: unknown[]; agreement: unknown[] };

beforeAll(async () => {
  dir = await tempDir('swe-future-study-');
  const repos = await Promise.all([makeStudyRepo('http'), makeStudyRepo('parser', 3), makeStudyRepo('cache', 6)]);
  config = writeConfig(dir, {
    name: 'resume',
    // One judge: what is under test is resuming, and a kill must land mid-work.
    judges: ['lexical'],
    repos: repos.map((r, i) => ({ path: relative(dir, r.dir), t0: STUDY_T0, name: ['alpha', 'beta', 'gamma'][i] })),
  });
  const fresh = await runCliJson(['study', '--config', config, '--db', join(dir, 'fresh.db')]);
  uninterrupted = { table: fresh.table, agreement: fresh.agreement };
});

/**
 * `swe-future study` as a child process, as a user runs it, one repository at a time. With SWE_FUTURE_TEST_STOP_AFTER=1
 * (src/api/study.ts) it stops itself (SIGSTOP) as the second repository starts: the first is done, the second is running.
 */
function studyProcess(db: string, ...extra: string[]): { child: ChildProcess; exit: Promise<{ code: number | null; signal: string | null; stdout: string; stderr: string }> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'study', '--config', config, '--db', db, '--jobs', '1', ...extra], {
    cwd: root,
    env: { ...process.env, SWE_FUTURE_TEST_STOP_AFTER: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => (stdout += d));
  child.stderr!.on('data', (d) => (stderr += d));
  const exit = new Promise<{ code: number | null; signal: string | null; stdout: string; stderr: string }>((resolve) => {
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  return { child, exit };
}

/** Waits until the child has stopped itself (state T in /proc/PID/stat), however slow the machine. */
async function stopped(child: ChildProcess, exit: Promise<{ code: number | null; stderr: string }>): Promise<void> {
  let ended: { code: number | null; stderr: string } | null = null;
  void exit.then((e) => (ended = e));
  for (;;) {
    if (ended) throw new Error(`the study ended (exit ${(ended as { code: number | null }).code}) before it stopped: ${(ended as { stderr: string }).stderr}`);
    let state = '';
    try {
      const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
      state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    } catch {
      // gone: the exit promise says how
    }
    if (state === 'T') return;
    await sleep(10);
  }
}

function counts(db: string) {
  const conn = new Database(db, { readonly: true });
  const one = (sql: string) => conn.prepare(sql).pluck().get() as number;
  try {
    return {
      studies: one('SELECT count(*) FROM studies'),
      repos: one('SELECT count(*) FROM study_repos'),
      done: one("SELECT count(*) FROM study_repos WHERE status = 'done'"),
      distinctRepos: one('SELECT count(DISTINCT ord) FROM study_repos'),
      results: one('SELECT count(*) FROM study_results'),
      distinctResults: one("SELECT count(DISTINCT repo_ord || '/' || forecaster || '/' || judge) FROM study_results"),
      snapshots: one('SELECT count(*) FROM snapshots'),
      distinctSnapshots: one("SELECT count(DISTINCT repo_id || '/' || t0) FROM snapshots"),
      forecasts: one('SELECT count(*) FROM forecasts'),
      distinctForecasts: one("SELECT count(DISTINCT snapshot_id || '/' || forecaster) FROM forecasts"),
      validations: one('SELECT count(*) FROM validations'),
      distinctValidations: one("SELECT count(DISTINCT forecast_id || '/' || judge || '/' || window_length) FROM validations"),
      verdicts: one('SELECT count(*) FROM verdicts'),
      distinctVerdicts: one("SELECT count(DISTINCT validation_id || '/' || family_id) FROM verdicts"),
      integrity: conn.prepare('PRAGMA integrity_check').pluck().get(),
    };
  } finally {
    conn.close();
  }
}

function expectComplete(db: string) {
  const c = counts(db);
  expect(c).toMatchObject({ studies: 1, repos: 3, done: 3, distinctRepos: 3, results: 3 * FORECASTERS.length * 1, integrity: 'ok' });
  expect(c.distinctResults).toBe(c.results);
  expect(c.snapshots).toBe(3);
  expect(c.distinctSnapshots).toBe(c.snapshots);
  expect(c.forecasts).toBe(3 * FORECASTERS.length);
  expect(c.distinctForecasts).toBe(c.forecasts);
  expect(c.validations).toBe(3 * FORECASTERS.length);
  expect(c.distinctValidations).toBe(c.validations);
  expect(c.distinctVerdicts).toBe(c.verdicts);
}

test('killing the study mid-run and rerunning completes it with no duplicate or missing rows', async () => {
  const db = join(dir, 'killed.db');
  const { child, exit } = studyProcess(db, '--quiet');
  await stopped(child, exit);
  child.kill('SIGKILL');
  const killed = await exit;
  expect(killed.signal).toBe('SIGKILL');
  // Killed with the first repository done and the second one started.
  const done = counts(db).done;
  expect(done).toBe(1);

  const resumed = await runCliJson(['study', '--config', config, '--db', db]);
  expect(resumed.study).toMatchObject({ repos: 3, done: 3, failed: 0, pending: 0, resumed: true, interrupted: false });
  // Repositories done before the kill were skipped, the rest run now.
  expect(resumed.repositories.filter((r: { ran_now: boolean }) => !r.ran_now)).toHaveLength(done);
  expectComplete(db);
  expect(resumed.table).toEqual(uninterrupted.table);
  expect(resumed.agreement).toEqual(uninterrupted.agreement);

  // Once complete, a rerun does no work and changes nothing.
  const again = await runCliJson(['study', '--config', config, '--db', db]);
  expect(again.repositories.every((r: { ran_now: boolean }) => !r.ran_now)).toBe(true);
  expect(again.table).toEqual(uninterrupted.table);
  expectComplete(db);
});

test('Ctrl-C lets the running repository finish, starts no other, exits 130 and says how to resume', async () => {
  const db = join(dir, 'interrupted.db');
  const { child, exit } = studyProcess(db, '--json');
  await stopped(child, exit);
  const done = counts(db).done;
  expect(done).toBe(1);
  // Ctrl-C while the second repository runs: the signal is handled as soon as the study continues.
  child.kill('SIGINT');
  child.kill('SIGCONT');
  const run = await exit;
  expect(run.code, run.stderr).toBe(130);
  expect(run.stderr).toContain(`Resume with: swe-future study --config ${config} --db ${db}`);
  const out = JSON.parse(run.stdout);
  expect(out.study).toMatchObject({ repos: 3, interrupted: true, failed: 0 });
  // The repository running at Ctrl-C was finished; none after it was started.
  expect(out.study.done).toBe(done + 1);
  expect(out.study.pending).toBe(3 - done - 1);
  expect(counts(db)).toMatchObject({ done: done + 1, results: (done + 1) * FORECASTERS.length });

  const resumed = await runCliJson(['study', '--config', config, '--db', db]);
  expect(resumed.study).toMatchObject({ done: 3, resumed: true, interrupted: false });
  expectComplete(db);
  expect(resumed.table).toEqual(uninterrupted.table);
});
