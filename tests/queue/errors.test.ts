import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { writeRepo } from '../../src/demo/write-repo.js';
import { jobId } from '../../src/queue/model.js';
import { runCli, runCliJson, runCliRefused } from '../cli/run-cli.js';
import { STUDY_T0, studyCommits, writeConfig } from '../study/fixtures.js';
import { expectMergedOnce, freePort, PASSWORD, REDIS, running, setUpFaultStudy, startWorker, stopWorkers, type TestRedis } from './fixtures.js';

describe.skipIf(!REDIS)('queue errors', () => {
  let root: string;
  let redis: TestRedis;
  let inspect: Queue;
  let config: string;

  beforeAll(async () => {
    ({ root, redis, inspect, config } = await setUpFaultStudy('errors'));
    // One worker for every test here (each test's study has jobs of its own).
    startWorker(redis.url, ['--name', 'S', '--cache', join(root, 'cache')]);
  });
  afterAll(async () => {
    await stopWorkers();
    await inspect?.close();
    await redis?.stop();
  });

  test('an unreachable queue or a wrong password is one line and exit 2, with no store created and no password shown', async () => {
    const port = await freePort();
    for (const args of [['study', '--config', config, '--db', join(root, 'never.db')], ['worker']]) {
      const down = await runCli([...args, '--queue', `redis://:${PASSWORD}@127.0.0.1:${port}`]);
      expect(down.code).toBe(2);
      expect(down.stderr).toMatch(new RegExp(`^swe-future: Cannot reach the queue at redis://127\\.0\\.0\\.1:${port} \\(.*\\)\\. Start Redis there`));
      expect(down.stderr.trim().split('\n')).toHaveLength(1);
      expect(down.stderr).not.toContain(PASSWORD);
      const wrong = await runCli([...args, '--queue', `redis://:wrong-${PASSWORD}@127.0.0.1:${redis.port}`]);
      expect(wrong.code).toBe(2);
      expect(wrong.stderr).toMatch(/^swe-future: The queue at redis:\/\/127\.0\.0\.1:\d+ refused the credentials .*\. Put the right password in the URL, as :PASSWORD@ before HOST in redis:\/\/HOST:PORT \(or in SWE_FUTURE_QUEUE\)\.\n$/);
      expect(wrong.stderr.trim().split('\n')).toHaveLength(1);
      expect(wrong.stderr).not.toContain(PASSWORD);
      expect(await runCliRefused([...args, '--queue', `redis://:${PASSWORD}@127.0.0.1:${port}`])).toMatchObject({ status: 2, code: 'QUEUE_UNREACHABLE' });
      expect(await runCliRefused([...args, '--queue', `redis://:wrong-${PASSWORD}@127.0.0.1:${redis.port}`])).toMatchObject({ status: 2, code: 'QUEUE_AUTH' });
    }
    expect(existsSync(join(root, 'never.db'))).toBe(false);
  });

  test('the queue password is never printed, logged or stored', async () => {
    const db = join(root, 'secret.db');
    const run = await runCli(['study', '--config', config, '--db', db, '--queue', redis.url]);
    expect(run.code, run.stderr).toBe(0);
    const worker = running()[0]!;
    for (const text of [run.stdout, run.stderr, worker.stderr()]) expect(text).not.toContain(PASSWORD);
    expect(worker.stderr()).toMatch(/taking repositories from redis:\/\/127\.0\.0\.1:\d+/);
    for (const file of readdirSync(root).filter((f) => f.startsWith('secret.db'))) expect(readFileSync(join(root, file)).includes(PASSWORD)).toBe(false);
    // Nothing in Redis holds it either: job data, results, events, shards.
    const client = new Redis(redis.url);
    const dump: string[] = [];
    for (const key of await client.keys('*')) {
      const type = await client.type(key);
      const value = type === 'hash' ? await client.hgetall(key) : type === 'string' ? (await client.getBuffer(key))?.toString('latin1') : type === 'stream' ? await client.xrange(key, '-', '+') : type === 'list' ? await client.lrange(key, 0, -1) : type === 'zset' ? await client.zrange(key, '0', '-1') : null;
      dump.push(`${key} ${JSON.stringify(value)}`);
    }
    client.disconnect();
    expect(dump.join('\n')).not.toContain(PASSWORD);
  });

  test('a job whose repository is missing fails alone, at once; --retry-failed re-queues it once it is there', async () => {
    const missing = writeConfig(root, { name: 'missing', judges: ['lexical'], repos: [{ path: 'clones/alpha', t0: STUDY_T0 }, { path: 'clones/delta', t0: STUDY_T0 }] }, 'missing.json');
    const db = join(root, 'missing.db');
    const first = await runCliJson(['study', '--config', missing, '--db', db, '--queue', redis.url]);
    expect(first.study).toMatchObject({ repos: 2, done: 1, failed: 1, interrupted: false });
    expect(first.failures).toEqual([expect.objectContaining({ ord: 1, error: expect.stringMatching(/^There is no folder .*clones\/delta \(repos\[1\] of the config\)/) })]);
    const failedJob = (await inspect.getJobs(['failed'])).find((j) => j.data.task.name === 'delta')!;
    expect(failedJob.attemptsMade).toBe(1); // a missing clone is not retried: it would fail the same way

    await writeRepo(join(root, 'clones/delta'), studyCommits('delta', 2));
    const without = await runCliJson(['study', '--config', missing, '--db', db, '--queue', redis.url]);
    expect(without.study).toMatchObject({ done: 1, failed: 1 });
    const retried = await runCliJson(['study', '--config', missing, '--db', db, '--queue', redis.url, '--retry-failed']);
    expect(retried.study).toMatchObject({ done: 2, failed: 0 });
    expect(retried.repositories.map((r: { ran_now: boolean }) => r.ran_now)).toEqual([false, true]);
    expectMergedOnce(db, 2);
  });

  test('a repository named by a clone URL is cloned into the worker cache once and reused', async () => {
    const byUrl = writeConfig(root, { name: 'url', repos: [{ url: `file://${join(root, 'clones/beta')}`, t0: STUDY_T0, name: 'beta' }, { url: `file://${join(root, 'clones/beta')}`, t0: '2024-05-01', name: 'beta-may' }] }, 'url.json');
    const cache = join(root, 'cache');
    const out = await runCliJson(['study', '--config', byUrl, '--db', join(root, 'url.db'), '--queue', redis.url]);
    expect(out.study).toMatchObject({ repos: 2, done: 2, failed: 0 });
    expect(readdirSync(cache).filter((f) => f.endsWith('.git'))).toHaveLength(1);
    const conn = new Database(join(root, 'url.db'), { readonly: true });
    expect(conn.prepare('SELECT path FROM repos').pluck().all()).toEqual([`file://${join(root, 'clones/beta')}`]);
    conn.close();
    expect(jobId({ study: { hash: 'sha256:abcdef0123456789ff', name: 'x' }, ord: 1 })).toBe('abcdef0123456789.1');
  });
});
