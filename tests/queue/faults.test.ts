import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { SHARD_KEY_PREFIX } from '../../src/queue/model.js';
import { runCliJson } from '../cli/run-cli.js';
import { CLI_ROOT, counts, expectMergedOnce, REDIS, setUpFaultStudy, startWorker, stopWorkers, type TestRedis, waitFor } from './fixtures.js';

describe.skipIf(!REDIS)('queue faults', () => {
  let root: string;
  let redis: TestRedis;
  let inspect: Queue;
  let config: string;

  beforeAll(async () => {
    ({ root, redis, inspect, config } = await setUpFaultStudy('faults'));
  });
  afterEach(async () => {
    await stopWorkers();
    await inspect.obliterate({ force: true });
  });
  afterAll(async () => {
    await inspect?.close();
    await redis?.stop();
  });

  const study = (db: string, ...extra: string[]) => runCliJson(['study', '--config', config, '--db', db, '--queue', redis.url, ...extra]);
  const activeBy = async (name: string) => (await inspect.getJobs(['active'])).some((j) => j.processedBy === name);

  test('a worker SIGKILLed mid-job: its job is retried elsewhere and every repository is merged exactly once', async () => {
    const db = join(root, 'killed-worker.db');
    const a = startWorker(redis.url, ['--name', 'A'], { SWE_FUTURE_TEST_HOLD_MS: '1200' });
    const run = study(db);
    await waitFor(() => activeBy('A'), 'worker A to take a job');
    const taken = (await inspect.getJobs(['active'])).find((j) => j.processedBy === 'A')!;
    a.child.kill('SIGKILL'); // the worker process alone, as a crash: its sandboxed child stops by itself
    startWorker(redis.url, ['--name', 'B']);
    const out = await run;
    expect(out.study).toMatchObject({ repos: 2, done: 2, failed: 0, interrupted: false });
    expectMergedOnce(db, 2);
    const job = (await inspect.getJob(taken.id!))!;
    expect(job.processedBy).toBe('B');
    expect(job.returnvalue.worker).not.toMatch(/:A$/);
  });

  test('the coordinator killed and restarted resumes, and loses nothing', async () => {
    const db = join(root, 'killed-coordinator.db');
    startWorker(redis.url, ['--name', 'C'], { SWE_FUTURE_TEST_HOLD_MS: '400' });
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'study', '--config', config, '--db', db, '--queue', redis.url, '--quiet'], { cwd: CLI_ROOT, stdio: 'ignore' });
    const exited = new Promise((r) => child.once('exit', r));
    await waitFor(() => {
      try {
        return counts(db).done >= 1;
      } catch {
        return false; // not created yet
      }
    }, 'a first repository merged', 120_000); // 21-26 s on a loaded host (eval/results/quality57.md): a wait, not a timing assert
    child.kill('SIGKILL');
    await exited;
    const before = counts(db).done;
    expect(before).toBeLessThan(2);
    // The workers go on meanwhile; the restarted coordinator merges what finished while it was gone.
    await waitFor(async () => (await inspect.getJobCounts('completed')).completed === 2, 'every job to finish');
    const out = await study(db);
    expect(out.study).toMatchObject({ repos: 2, done: 2, failed: 0, resumed: true });
    expect(out.repositories.filter((r: { ran_now: boolean }) => r.ran_now)).toHaveLength(2 - before);
    expectMergedOnce(db, 2);
    const again = await study(db);
    expect(again.repositories.every((r: { ran_now: boolean }) => !r.ran_now)).toBe(true);
    expectMergedOnce(db, 2);
  }, 240_000);

  test('a zombie worker (stopped past its lock, then continued) does not double-write', async () => {
    const db = join(root, 'zombie.db');
    const z = startWorker(redis.url, ['--name', 'Z'], { SWE_FUTURE_TEST_HOLD_MS: '1500' });
    const run = study(db);
    await waitFor(() => activeBy('Z'), 'worker Z to take a job');
    const taken = (await inspect.getJobs(['active'])).find((j) => j.processedBy === 'Z')!;
    z.signalGroup('SIGSTOP');
    startWorker(redis.url, ['--name', 'B']);
    const out = await run;
    expect(out.study).toMatchObject({ done: 2, failed: 0 });
    const merged = counts(db);
    z.signalGroup('SIGCONT');
    // Z wakes up, finishes its copy of the job and tries to complete it: refused, its lock is gone.
    await waitFor(() => /Missing lock|lock/i.test(z.stderr()) || z.stderr().includes('done'), 'the zombie to try to complete', 15_000).catch(() => {});
    await sleep(500);
    const job = (await inspect.getJob(taken.id!))!;
    expect(job.processedBy).toBe('B');
    expect(z.stderr()).not.toMatch(new RegExp(`done \\(job ${taken.id!.replace('.', '\\.')}\\)`));
    // Its shard is left in Redis under a key no job names (an orphan, 7 days to live); the next run removes it.
    const client = new Redis(redis.url);
    const shardKeys = () => client.keys(`${SHARD_KEY_PREFIX}*`);
    await waitFor(async () => (await shardKeys()).length > 0, "the zombie's shard in Redis", 15_000);
    expect(await shardKeys()).toEqual([expect.stringMatching(new RegExp(`^${SHARD_KEY_PREFIX}${taken.id!.replace('.', '\\.')}:`))]);
    const rerun = await study(db);
    expect(rerun.repositories.every((r: { ran_now: boolean }) => !r.ran_now)).toBe(true);
    expect(await shardKeys()).toEqual([]);
    client.disconnect();
    expect(counts(db)).toEqual(merged);
    expectMergedOnce(db, 2);
  });

});
