import { z } from 'zod';
import type { RepoTask } from '../study/model.js';

/**
 * The queue's nouns. One queue holds every study's jobs; a job is one
 * repository of one study (its data is a RepoTask), and its id is the study's
 * hash and the repository's position, so enqueueing it again is a no-op.
 */

/** The BullMQ queue name every coordinator and worker uses. */
export const QUEUE_NAME = 'swe-future-study';

/** `<first 16 hex of the study hash>.<ord>`: the same study and repository is the same job. */
export function jobId(task: Pick<RepoTask, 'study' | 'ord'>): string {
  return `${task.study.hash.replace(/^sha256:/, '').slice(0, 16)}.${task.ord}`;
}

/** Where a finished job's shard waits for the coordinator (gzipped SQLite), and how long before Redis drops it. */
export const SHARD_KEY_PREFIX = 'swe-future:shard:';
export const SHARD_TTL_SECONDS = 7 * 86_400;

/** What a worker's processor returns for a repository done: the shard's key, not the shard (it may be megabytes). */
export const JobResult = z.object({
  shardKey: z.string().startsWith(SHARD_KEY_PREFIX),
  /** Bytes of the gzipped shard. */
  bytes: z.number().int().nonnegative(),
  /** The repository's own seconds (as a local run records them). */
  seconds: z.number().nonnegative(),
  /** The worker that did it (host:pid), for the record. */
  worker: z.string(),
  warnings: z.array(z.string()),
});
export type JobResult = z.infer<typeof JobResult>;

/** Retries of a job whose processor threw something unexpected (a crash, the network): exponential backoff. */
export const DEFAULT_ATTEMPTS = 3;
export const DEFAULT_BACKOFF_MS = 10_000;
