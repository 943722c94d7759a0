/**
 * Scale-out benchmark (docs/scale-out.md): needs `redis-server` on PATH (it
 * starts its own on 127.0.0.1, a free port, and stops it).
 *
 *   npm run bench                          # with the other speed figures (bench/speed.ts)
 *   tsx bench/queue.ts [--repos 20] [--jobs 10000] [--json]
 *
 * 1. One study over `--repos` generated repositories, run locally with
 *    `--jobs 2` and then on the queue with 2 `swe-future worker` processes on
 *    this machine: wall time of each and the queue's overhead per repository.
 * 2. `--jobs` no-op jobs enqueued in bulk, then taken by one worker with a
 *    no-op inline processor (concurrency 50): jobs/s each way, and Redis's
 *    memory with every job queued.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { runStudy } from '../src/api/study.js';
import type { CommitSpec } from '../src/demo/model.js';
import { writeRepo } from '../src/demo/write-repo.js';

const { values } = parseArgs({ options: { repos: { type: 'string', default: '20' }, jobs: { type: 'string', default: '10000' }, json: { type: 'boolean', default: false } } });
const REPOS = Number(values.repos);
const JOBS = Number(values.jobs);
const root = join(import.meta.dirname, '..');

function commits(area: string, n: number): CommitSpec[] {
  const at = (day: number) => new Date(Date.parse('2024-01-02T10:00:00Z') + day * 86_400_000).toISOString();
  const out: CommitSpec[] = [{ at: at(0), msg: 'Initial commit', files: { 'README.md': `# ${area}\n`, [`src/${area}/index.js`]: '// TODO: retries\n' } }];
  for (let i = 0; i < 30 + n; i++) {
    const kind = ['fix', 'feat', 'refactor'][i % 3];
    out.push({ at: at(1 + i * 4), msg: `${kind}(${area}): change ${i} of the ${area} module (#${i + 1})`, files: { [`src/${area}/part${i % 7}.js`]: `export const v = ${i};\n` } });
  }
  out.push({ at: at(330), msg: `test: cover ${area} (#${100 + n})`, files: { [`test/${area}.test.js`]: 'ok\n' } });
  return out;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function startRedis(dir: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no', '--maxmemory-policy', 'noeviction'], { stdio: 'ignore' });
  const url = `redis://127.0.0.1:${port}`;
  const probe = new Redis(url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
  probe.on('error', () => {});
  for (;;) {
    try {
      await probe.connect();
      break;
    } catch {
      await sleep(50);
    }
  }
  probe.disconnect();
  return { url, child };
}

async function usedMemory(url: string): Promise<number> {
  const r = new Redis(url);
  const info = await r.info('memory');
  r.disconnect();
  return Number(/used_memory:(\d+)/.exec(info)![1]);
}

const dir = mkdtempSync(join(tmpdir(), 'swe-future-bench-queue-'));
const redis = await startRedis(dir);
const workers: ChildProcess[] = [];
try {
  // 1. The same study, locally and on the queue.
  const areas = Array.from({ length: REPOS }, (_, i) => `m${i}`);
  await Promise.all(areas.map((a, i) => writeRepo(join(dir, 'clones', a), commits(a, i % 5))));
  const config = join(dir, 'study.json');
  writeFileSync(config, JSON.stringify({ name: 'bench', repos: areas.map((a) => ({ path: `clones/${a}`, t0: '2024-07-01' })), window: '3m' }));
  let t = performance.now();
  const local = await runStudy({ db: join(dir, 'local.db'), config, jobs: 2 });
  const localSeconds = (performance.now() - t) / 1000;

  for (const name of ['W1', 'W2']) {
    workers.push(spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'worker', '--queue', redis.url, '--name', name, '--quiet'], { cwd: root, stdio: 'ignore' }));
  }
  await sleep(4000); // let both workers start (and their processors' child processes) before the clock starts
  t = performance.now();
  const queued = await runStudy({ db: join(dir, 'queue.db'), config, queue: redis.url });
  const queueSeconds = (performance.now() - t) / 1000;
  for (const w of workers) w.kill('SIGTERM');
  const repoSeconds = local.repos.reduce((s, r) => s + (r.seconds ?? 0), 0);

  // 2. 10,000 no-op jobs through the queue.
  const q = new Queue('bench-noop', { connection: { url: redis.url, maxRetriesPerRequest: null } });
  const before = await usedMemory(redis.url);
  t = performance.now();
  for (let i = 0; i < JOBS; i += 1000) {
    await q.addBulk(Array.from({ length: Math.min(1000, JOBS - i) }, (_, k) => ({ name: 'repository', data: { ord: i + k, path: `/clones/repo-${i + k}`, t0: '2025-01-01' }, opts: { jobId: `bench.${i + k}`, attempts: 3, backoff: { type: 'exponential', delay: 10_000 } } })));
  }
  const enqueueSeconds = (performance.now() - t) / 1000;
  const queuedBytes = (await usedMemory(redis.url)) - before;
  t = performance.now();
  let done = 0;
  const finished = new Promise<void>((resolve) => {
    const w = new Worker('bench-noop', async () => ({ ok: true }), { connection: { url: redis.url, maxRetriesPerRequest: null }, concurrency: 50 });
    w.on('completed', () => {
      if (++done === JOBS) void w.close().then(resolve);
    });
  });
  await finished;
  const dequeueSeconds = (performance.now() - t) / 1000;
  await q.close();

  const result = {
    study: {
      repos: REPOS,
      local_jobs2_seconds: round(localSeconds),
      queue_2_workers_seconds: round(queueSeconds),
      repository_seconds_summed: round(repoSeconds),
      overhead_per_repo_seconds: round((queueSeconds - localSeconds) / REPOS),
      identical_tables: JSON.stringify(local.table) === JSON.stringify(queued.table),
    },
    noop: {
      jobs: JOBS,
      enqueue_jobs_per_second: Math.round(JOBS / enqueueSeconds),
      enqueue_ms_per_job: round((enqueueSeconds * 1000) / JOBS, 4),
      dequeue_jobs_per_second: Math.round(JOBS / dequeueSeconds),
      redis_mib_with_all_queued: round(queuedBytes / 1024 / 1024, 1),
    },
  };
  if (values.json) console.log(JSON.stringify(result, null, 2));
  else {
    console.log(`queue bench: study over ${REPOS} generated repositories: local --jobs 2 ${result.study.local_jobs2_seconds} s, queue with 2 workers ${result.study.queue_2_workers_seconds} s ` +
      `(${result.study.overhead_per_repo_seconds} s per repository of overhead; repositories' own time summed ${result.study.repository_seconds_summed} s; same table: ${result.study.identical_tables})`);
    console.log(`queue bench: ${JOBS} no-op jobs: enqueue ${result.noop.enqueue_jobs_per_second} jobs/s (${result.noop.enqueue_ms_per_job} ms/job), ` +
      `dequeue+complete ${result.noop.dequeue_jobs_per_second} jobs/s, Redis ${result.noop.redis_mib_with_all_queued} MiB with all queued`);
  }
} finally {
  for (const w of workers) w.kill('SIGKILL');
  redis.child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
}

function round(x: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
