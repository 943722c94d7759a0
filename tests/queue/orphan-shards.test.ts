import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SHARD_KEY_PREFIX } from '../../src/queue/model.js';
import { removeOrphanShards } from '../../src/queue/orphan-shards.js';
import { REDIS, startRedis, type TestRedis } from './fixtures.js';

/**
 * The rules of src/queue/orphan-shards.ts on a real redis-server and real
 * BullMQ jobs: what a killed run leaves is removed, what a coordinator will
 * still read is kept. (tests/queue/faults.test.ts shows a real kill leaving
 * one, and the next study run removing it.)
 */
describe.skipIf(!REDIS)('orphan shard keys', () => {
  let redis: TestRedis;
  let client: Redis;
  let queue: Queue;
  beforeAll(async () => {
    redis = await startRedis();
    client = new Redis(redis.url);
    queue = new Queue('orphans', { connection: { url: redis.url, maxRetriesPerRequest: null } });
  });
  afterAll(async () => {
    await queue?.close();
    client?.disconnect();
    await redis?.stop();
  });

  test('keys of killed or refused attempts, of jobs gone and of merged jobs are removed; a shard awaiting its merge is kept', async () => {
    const own = new Map<string, string>();
    // Four jobs done by a real worker, each putting its shard under a key of its own as the processor does.
    await queue.addBulk(['aaaa.0', 'aaaa.1', 'bbbb.0', 'bbbb.1'].map((id) => ({ name: 'repository', data: {}, opts: { jobId: id, removeOnComplete: false } })));
    const worker = new Worker('orphans', async (job) => {
      const shardKey = `${SHARD_KEY_PREFIX}${job.id}:4242-${Date.now()}`;
      await client.set(shardKey, 'gzipped shard', 'EX', 600);
      own.set(job.id!, shardKey);
      return { shardKey, bytes: 13, seconds: 1, worker: 'test:1', warnings: [] };
    }, { connection: { url: redis.url, maxRetriesPerRequest: null } });
    await new Promise<void>((resolve) => worker.on('completed', async () => ((await queue.getJobCounts('completed')).completed === 4 ? resolve() : undefined)));
    await worker.close();
    await queue.add('repository', {}, { jobId: 'aaaa.2' }); // waiting: no worker now
    const put = (key: string) => client.set(key, 'gzipped shard', 'EX', 600);
    const stale = `${SHARD_KEY_PREFIX}aaaa.0:1111-${Date.now() - 60_000}`; // an attempt killed before its job completed
    const gone = `${SHARD_KEY_PREFIX}cccc.7:1111-${Date.now()}`; // a job removed from the queue
    const waiting = `${SHARD_KEY_PREFIX}aaaa.2:1111-${Date.now()}`; // the job is waiting again after a killed attempt
    for (const key of [stale, gone, waiting]) await put(key);

    // aaaa.1 and bbbb.1 are merged (the coordinator died before deleting their keys); aaaa.0 and bbbb.0 are not yet.
    const removed = await removeOrphanShards(queue, client, (id) => id === 'aaaa.1' || id === 'bbbb.1');
    expect(removed.sort()).toEqual([stale, gone, waiting, own.get('aaaa.1')!, own.get('bbbb.1')!].sort());
    expect((await client.keys(`${SHARD_KEY_PREFIX}*`)).sort()).toEqual([own.get('aaaa.0')!, own.get('bbbb.0')!].sort());
    // Nothing else in Redis was touched: the jobs are all there.
    expect(await queue.getJobCounts('completed', 'waiting')).toEqual({ completed: 4, waiting: 1 });
    expect(await removeOrphanShards(queue, client, () => false)).toEqual([]);
  });
});
