import { existsSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'bullmq';
import { bullConnection, checkQueue, parseQueueUrl, redactWith } from './connection.js';
import { QUEUE_NAME } from './model.js';

/**
 * A worker: takes repositories from the queue and runs each in a sandboxed
 * processor (src/queue/processor.ts, in a child process), `concurrency` at
 * a time. Its lock on a job is renewed every lockMs/2; a worker that stops
 * renewing (killed, frozen, cut off) loses the job after lockMs, and another
 * worker's stalled-job check puts it back on the queue.
 */

export interface WorkerOptions {
  /** The queue's Redis URL (may carry a password; never printed). */
  queue: string;
  /** Repositories worked on at once, each in its own child process (default 1). */
  concurrency?: number;
  /** Where repositories named by a clone URL are cloned (default: defaultCacheDir()). */
  cacheDir?: string;
  /** How long a job's lock lasts without renewal (default 30 s): a dead worker's job is retried after about this long. */
  lockMs?: number;
  /** This worker's name on the jobs it takes (default host:pid). */
  name?: string;
  /** Lines worth telling (a job done, failed, a lost lock), credentials already taken out. */
  onLog?: (line: string) => void;
}

export interface RunningWorker {
  /** Resolves once the worker has stopped: running jobs finished (or `force`: abandoned, to be retried elsewhere). */
  close(force?: boolean): Promise<void>;
  /** Jobs this worker finished and failed so far. */
  counts(): { completed: number; failed: number };
}

/** The processor file beside this module, as compiled (`.js`) or as sources run by tsx (`.ts`). */
export function processorFile(): string {
  const here = fileURLToPath(import.meta.url);
  const file = join(dirname(here), `processor${extname(here)}`);
  if (!existsSync(file)) throw new Error(`The queue processor ${file} is missing from this installation`);
  return file;
}

/** Checks the queue (a UserError when unreachable or refused), then starts taking jobs. */
export async function startWorker(options: WorkerOptions): Promise<RunningWorker> {
  await checkQueue(options.queue);
  const { label, secrets } = parseQueueUrl(options.queue);
  const log = (line: string) => options.onLog?.(redactWith(secrets, line));
  const lockMs = options.lockMs ?? 30_000;
  const name = options.name ?? `${hostname()}:${process.pid}`;
  // The processor's child process reads the URL and the clone cache from its environment, not its argv.
  const env: NodeJS.ProcessEnv = { ...process.env, SWE_FUTURE_QUEUE: options.queue };
  if (options.cacheDir) env.SWE_FUTURE_CACHE = options.cacheDir;
  const worker = new Worker(QUEUE_NAME, processorFile(), {
    connection: bullConnection(options.queue),
    concurrency: options.concurrency ?? 1,
    name,
    lockDuration: lockMs,
    stalledInterval: Math.max(500, Math.round(lockMs / 2)),
    maxStalledCount: 2,
    workerForkOptions: { env },
  });
  let completed = 0;
  let failed = 0;
  worker.on('completed', (job) => {
    completed += 1;
    log(`${jobName(job.data)} done (job ${job.id})`);
  });
  worker.on('failed', (job, err) => {
    if (!job) return;
    const final = err.name === 'UnrecoverableError' || job.attemptsMade >= (job.opts.attempts ?? 1);
    if (final) failed += 1;
    log(`${jobName(job.data)} failed${final ? '' : `, will be retried (attempt ${job.attemptsMade} of ${job.opts.attempts ?? 1})`}: ${err.message.split('\n')[0]}`);
  });
  worker.on('error', (err) => log(`queue ${label}: ${err.message.split('\n')[0]}`));
  await worker.waitUntilReady();
  log(`worker ${name} taking repositories from ${label}, ${options.concurrency ?? 1} at a time`);
  return {
    close: (force = false) => worker.close(force),
    counts: () => ({ completed, failed }),
  };
}

function jobName(data: unknown): string {
  const task = (data as { task?: { name?: string; ord?: number } } | undefined)?.task;
  return task?.name ? `${task.name} (repos[${task.ord}])` : 'a job';
}
