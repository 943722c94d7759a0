import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { gunzipSync } from 'node:zlib';
import type { Job } from 'bullmq';
import type { Progress } from '../progress.js';
import type { StudyRepoRow } from '../store/studies.js';
import type { RepoStatus, RepoTask } from '../study/model.js';
import type { QueueConnection } from './connection.js';
import type { ModelSettings, QueueJob } from './job.js';
import { DEFAULT_ATTEMPTS, DEFAULT_BACKOFF_MS, jobId, JobResult } from './model.js';
import { removeOrphanShards } from './orphan-shards.js';
import { largestFirst } from '../study/schedule.js';

/**
 * The coordinator of a study on a queue: enqueues one job per repository not
 * done (job id = study + repository: enqueueing again is a no-op), reads the
 * queue's state of its own jobs to show progress, and merges each finished
 * job's shard into the main store as it arrives; a job that failed for good
 * becomes a failed row with its error. It keeps nothing of its own: killed
 * and restarted, it finds the same jobs (finished ones included) and goes on,
 * and first removes the shard keys killed runs left (src/queue/orphan-shards.ts).
 */

export interface CoordinatorSettings {
  /** Tries per job before it fails for good (default 3); a repository's expected failure is never retried. */
  attempts?: number;
  /** First retry delay, doubled at each retry (default 10 s). */
  backoffMs?: number;
  /** How often the queue is read (default 0.5 s). */
  pollMs?: number;
  /** Endpoint settings for the llm forecaster and network judges, passed to the workers in each job. */
  models?: ModelSettings | null;
}

export interface CoordinateInput extends CoordinatorSettings {
  queue: QueueConnection;
  rows: readonly StudyRepoRow[];
  task: (row: StudyRepoRow) => RepoTask;
  /** Merges a shard file into the main store; false when it was merged before. */
  merge: (shardFile: string) => boolean;
  fail: (ord: number, error: string, seconds: number) => void;
  /** The repositories' statuses in the main store now. */
  status: () => Map<number, RepoStatus>;
  retryFailed: boolean;
  progress: Progress;
  warn: (message: string) => void;
  signal?: AbortSignal;
}

export interface CoordinateResult {
  /** Repositories merged or failed during this run. */
  ranNow: Set<number>;
  interrupted: boolean;
}

const BATCH = 200;
/** After this long with no job taken, the coordinator says that workers are needed. */
const NO_WORKER_HINT_MS = 15_000;

export async function coordinateStudy(input: CoordinateInput): Promise<CoordinateResult> {
  const { queue, progress, warn } = input;
  const attempts = input.attempts ?? DEFAULT_ATTEMPTS;
  const pollMs = input.pollMs ?? 500;
  const total = input.rows.length;
  const tasks = new Map(input.rows.filter((r) => r.status !== 'done').map((r) => [r.ord, input.task(r)]));
  const outstanding = new Map([...tasks].map(([ord, task]) => [ord, jobId(task)]));
  const ranNow = new Set<number>();
  const add = (tasks: RepoTask[]) =>
    queue.queue.addBulk(
      tasks.map((task) => ({
        name: 'repository',
        data: { task, models: input.models ?? null } satisfies QueueJob,
        opts: { jobId: jobId(task), attempts, backoff: { type: 'exponential', delay: input.backoffMs ?? DEFAULT_BACKOFF_MS }, removeOnComplete: false, removeOnFail: false },
      })),
    );

  // Failed jobs stay failed (and their rows too) unless asked: re-queue them by removing and adding them again.
  const statuses = input.status();
  const failedJobs: RepoTask[] = [];
  for (const [ord, id] of outstanding) {
    const job = await queue.queue.getJob(id);
    if (!job) continue;
    if ((await job.getState()) !== 'failed') continue;
    if (input.retryFailed) {
      await job.remove();
      failedJobs.push(tasks.get(ord)!);
    } else if (statuses.get(ord) === 'failed') {
      outstanding.delete(ord); // nothing to wait for: told in the output, retried with --retry-failed
    }
  }
  // Shards killed runs left in Redis (a worker killed after putting one, a coordinator killed before deleting one).
  const doneJobs = new Set(input.rows.filter((r) => statuses.get(r.ord) === 'done').map((r) => jobId(input.task(r))));
  const orphans = await removeOrphanShards(queue.queue, queue.redis, (id) => doneJobs.has(id));
  if (orphans.length > 0) progress.stage(`removed ${orphans.length} orphan shard${orphans.length === 1 ? '' : 's'} from ${queue.label}`);
  // Workers take jobs in the order they were added: largest history first (src/study/schedule.ts).
  const toAdd = largestFirst([...outstanding.keys()].map((ord) => tasks.get(ord)!));
  for (let i = 0; i < toAdd.length; i += 1000) await add(toAdd.slice(i, i + 1000));

  let finished = total - outstanding.size;
  const started = Date.now();
  let hinted = false;
  progress.stage(`study on ${queue.label}: ${outstanding.size} of ${total} repositories queued${failedJobs.length ? ` (${failedJobs.length} failed ones again)` : ''}`);
  progress.tick(finished, total);
  try {
    while (outstanding.size > 0 && !(input.signal?.aborted ?? false)) {
      const counts = { active: 0, waiting: 0, failed: 0 };
      const entries = [...outstanding];
      for (let i = 0; i < entries.length && !(input.signal?.aborted ?? false); i += BATCH) {
        const states = await Promise.all(entries.slice(i, i + BATCH).map(async ([ord, id]) => ({ ord, id, state: await queue.queue.getJobState(id) })));
        for (const { ord, id, state } of states) {
          if (state === 'completed') {
            const job = await queue.queue.getJob(id);
            if (job && (await collect(input, job, ord))) {
              outstanding.delete(ord);
              ranNow.add(ord);
              finished += 1;
            } else {
              await job?.remove();
              await add([tasks.get(ord)!]);
              counts.waiting += 1;
            }
          } else if (state === 'failed') {
            const job = await queue.queue.getJob(id);
            const seconds = job?.finishedOn && job.processedOn ? (job.finishedOn - job.processedOn) / 1000 : 0;
            input.fail(ord, queue.redact(job?.failedReason || 'the job failed without a reason'), seconds);
            warn(`${tasks.get(ord)!.name} failed: ${queue.redact(job?.failedReason ?? '')}`);
            outstanding.delete(ord);
            ranNow.add(ord);
            finished += 1;
            counts.failed += 1;
          } else if (state === 'active') {
            counts.active += 1;
          } else if (state === 'unknown') {
            await add([tasks.get(ord)!]); // removed from the queue by someone: put it back
            counts.waiting += 1;
          } else {
            counts.waiting += 1;
          }
        }
      }
      const failed = [...input.status()].filter(([ord, s]) => s === 'failed' && tasks.has(ord)).length;
      progress.stage(`queue: ${finished - failed} done, ${counts.active} active, ${counts.waiting} waiting, ${failed} failed`);
      progress.tick(finished, total);
      if (!hinted && counts.active === 0 && finished === total - tasks.size && Date.now() - started > NO_WORKER_HINT_MS) {
        hinted = true;
        warn(`no worker has taken a job from ${queue.label} yet: start \`swe-future worker --queue URL\` (the same URL) on any machine`);
      }
      if (outstanding.size > 0) await sleep(pollMs, undefined, { signal: input.signal }).catch(() => {});
    }
  } finally {
    progress.done();
  }
  return { ranNow, interrupted: outstanding.size > 0 };
}

/**
 * Merges a completed job's shard. True when the repository is now done in
 * the main store; false when its shard is gone (expired: the caller puts the job back).
 */
async function collect(input: CoordinateInput, job: Job, ord: number): Promise<boolean> {
  const { queue } = input;
  const parsed = JobResult.safeParse(job.returnvalue);
  const packed = parsed.success ? await queue.redis.getBuffer(parsed.data.shardKey) : null;
  if (!parsed.success || packed === null) {
    if (input.status().get(ord) === 'done') return true;
    input.warn(`${String(job.data?.task?.name ?? job.id)}: the results of its finished job are no longer in the queue; running it again`);
    return false;
  }
  const dir = mkdtempSync(join(tmpdir(), 'swe-future-merge-'));
  try {
    const file = join(dir, 'shard.db');
    writeFileSync(file, gunzipSync(packed));
    input.merge(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  for (const w of parsed.data.warnings) input.warn(w);
  await queue.redis.del(parsed.data.shardKey);
  return true;
}
