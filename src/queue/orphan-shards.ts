import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { JobResult, SHARD_KEY_PREFIX } from './model.js';

/**
 * Shard keys a killed run leaves in Redis (docs/scale-out.md, "Leftovers"):
 * a worker killed or stopped after it put its shard and before its job was
 * completed (the job is then run again, under another key), and a coordinator
 * killed after a merge and before it deleted the key. Without this they wait
 * out their 7-day TTL, each up to megabytes of the queue's memory.
 *
 * A key is `swe-future:shard:<job id>:<pid>-<ms>`. It is an orphan, and
 * deleted, when no one will read it again:
 * - its job is gone from the queue;
 * - its job is completed with another key (the key of an attempt that was
 *   killed or refused);
 * - its job is waiting, delayed or failed (the attempt that put it never
 *   completed), or active in a later attempt than the one that put it;
 * - its job is completed with this key and `merged` says the repository is
 *   done in the store (the coordinator that merged it died before deleting it).
 * A key of an active attempt, or of a completed job no coordinator has merged
 * yet (another study's, or this one's still to merge), is kept.
 */
export async function removeOrphanShards(queue: Queue, redis: Redis, merged: (jobId: string) => boolean): Promise<string[]> {
  const removed: string[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${SHARD_KEY_PREFIX}*`, 'COUNT', 500);
    cursor = next;
    for (const key of keys) {
      if (await isOrphan(queue, key, merged)) {
        await redis.del(key);
        removed.push(key);
      }
    }
  } while (cursor !== '0');
  return removed;
}

async function isOrphan(queue: Queue, key: string, merged: (jobId: string) => boolean): Promise<boolean> {
  const [id, stamp] = key.slice(SHARD_KEY_PREFIX.length).split(':');
  if (!id) return false;
  const job = await queue.getJob(id);
  if (!job) return true;
  const state = await job.getState();
  if (state === 'completed') {
    const result = JobResult.safeParse(job.returnvalue);
    if (!result.success || result.data.shardKey !== key) return true;
    return merged(id);
  }
  if (state === 'active') {
    // Put at `ms` by the attempt that started at processedOn, or by an earlier one.
    const putAt = Number(stamp?.split('-')[1]);
    return Number.isFinite(putAt) && job.processedOn !== undefined && putAt < job.processedOn;
  }
  return state === 'waiting' || state === 'delayed' || state === 'prioritized' || state === 'failed' || state === 'waiting-children';
}
