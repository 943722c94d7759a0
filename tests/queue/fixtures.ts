import { expect } from 'vitest';
import Database from 'better-sqlite3';
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { writeRepoOnce } from '../fixtures/repo-cache.js';
import { tempDir } from '../fixtures/repo.js';
import { STUDY_T0, studyCommits, writeConfig } from '../study/fixtures.js';

const root = join(import.meta.dirname, '../..');

/** The redis-server binary, or null (the queue tests then skip, and say so). */
export function redisBinary(): string | null {
  try {
    return execFileSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

export const REDIS = redisBinary();
if (!REDIS) console.warn('tests/queue: no redis-server on PATH, the queue tests are skipped (apt-get install redis-server; .ci/run installs it)');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface TestRedis {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * A redis-server of the test's own, on 127.0.0.1 and a free port, with its
 * files in a temporary folder, no persistence; `password` makes it require one.
 */
export async function startRedis(password?: string): Promise<TestRedis> {
  const dir = await tempDir('swe-future-redis-');
  const port = await freePort();
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no', '--maxmemory-policy', 'noeviction'];
  if (password) args.push('--requirepass', password);
  const server = spawn(REDIS!, args, { stdio: 'ignore' });
  const url = `redis://${password ? `:${password}@` : ''}127.0.0.1:${port}`;
  const probe = new Redis(url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
  probe.on('error', () => {});
  for (let i = 0; ; i++) {
    try {
      await probe.connect();
      await probe.ping();
      break;
    } catch {
      if (i > 100) throw new Error('redis-server did not start');
      await sleep(50);
    }
  }
  probe.disconnect();
  return {
    url,
    port,
    stop: async () => {
      if (server.exitCode === null) {
        const exited = new Promise((r) => server.once('exit', r));
        server.kill('SIGKILL');
        await exited;
      }
    },
  };
}

/** The password of the fault tests' Redis, which must never be printed, logged or stored. */
export const PASSWORD = 'hunter2-s3cret';

export interface FaultStudy {
  /** A temporary folder with three study repositories, `clones/alpha`, `clones/beta` and `clones/gamma`. */
  root: string;
  /** A Redis of the test file's own, requiring PASSWORD. */
  redis: TestRedis;
  /** The study queue on it, to look at the jobs. */
  inspect: Queue;
  /** A study config in `root` over alpha and beta. */
  config: string;
}

/** What the fault tests (errors, faults) start from: repositories, a study config named `name`, and a Redis. */
export async function setUpFaultStudy(name: string): Promise<FaultStudy> {
  const root = await tempDir('swe-future-faults-');
  await Promise.all([writeRepoOnce(join(root, 'clones/alpha'), studyCommits('http')), writeRepoOnce(join(root, 'clones/beta'), studyCommits('parser', 3)), writeRepoOnce(join(root, 'clones/gamma'), studyCommits('cache', 6))]);
  // One judge: what is under test is the queue; the results per repository are forecasters × judges.
  const config = writeConfig(root, { name, judges: ['lexical'], repos: ['alpha', 'beta'].map((n) => ({ path: `clones/${n}`, t0: STUDY_T0 })) });
  const redis = await startRedis(PASSWORD);
  const inspect = new Queue('swe-future-study', { connection: { url: redis.url, maxRetriesPerRequest: null } });
  return { root, redis, inspect, config };
}

export interface TestWorker {
  child: ChildProcess;
  /** What it wrote on stderr so far. */
  stderr(): string;
  exit: Promise<{ code: number | null; signal: string | null }>;
  /** Sends a signal to the worker and its sandboxed children (its process group). */
  signalGroup(signal: NodeJS.Signals): void;
}

const runningSet = new Set<TestWorker>();

/** `swe-future worker` as a child process in a process group of its own; killed (whole group) by `stopWorkers`. */
export function startWorker(url: string, extra: string[] = [], env: NodeJS.ProcessEnv = {}): TestWorker {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'worker', '--queue', url, '--lock-seconds', '1', ...extra], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
    env: { ...process.env, ...env },
  });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  child.stdout!.resume();
  const exit = new Promise<{ code: number | null; signal: string | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  const worker: TestWorker = {
    child,
    stderr: () => stderr,
    exit,
    signalGroup(signal) {
      try {
        process.kill(-child.pid!, signal);
      } catch {
        // already gone
      }
    },
  };
  runningSet.add(worker);
  void exit.then(() => runningSet.delete(worker));
  return worker;
}

/** The workers this test file started that are still running. */
export function running(): TestWorker[] {
  return [...runningSet];
}

/** Kills every worker this test file started (and their children) and waits for them. */
export async function stopWorkers(): Promise<void> {
  const all = [...runningSet];
  for (const w of all) {
    w.signalGroup('SIGCONT');
    w.signalGroup('SIGKILL');
  }
  await Promise.all(all.map((w) => w.exit));
}

/** Waits until `check` holds, polling; throws with `what` after `ms`. */
export async function waitFor(check: () => boolean | Promise<boolean>, what: string, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await sleep(50);
  }
  throw new Error(`timed out waiting for ${what}`);
}

export const CLI_ROOT = root;

/** Rows of the study tables in a store, for the fault tests. */
export function counts(db: string) {
  const conn = new Database(db, { readonly: true });
  const one = (sql: string) => conn.prepare(sql).pluck().get() as number;
  try {
    return {
      done: one("SELECT count(*) FROM study_repos WHERE status = 'done'"),
      failed: one("SELECT count(*) FROM study_repos WHERE status = 'failed'"),
      results: one('SELECT count(*) FROM study_results'),
      distinctResults: one("SELECT count(DISTINCT study_id || '/' || repo_ord || '/' || forecaster || '/' || judge) FROM study_results"),
      snapshots: one('SELECT count(*) FROM snapshots'),
      forecasts: one('SELECT count(*) FROM forecasts'),
      validations: one('SELECT count(*) FROM validations'),
      verdicts: one('SELECT count(*) FROM verdicts'),
    };
  } finally {
    conn.close();
  }
}

/** Every repository merged exactly once: one snapshot, four forecasts and validations each, no duplicate row. */
export function expectMergedOnce(db: string, repos: number) {
  const c = counts(db);
  expect(c).toMatchObject({ done: repos, failed: 0, results: repos * 4, distinctResults: repos * 4, snapshots: repos, forecasts: repos * 4, validations: repos * 4 });
}
