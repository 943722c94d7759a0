import { type ConnectionOptions, Queue } from 'bullmq';
import { Redis, type RedisOptions } from 'ioredis';
import { UserError } from '../errors.js';
import { QUEUE_NAME } from './model.js';

/**
 * The queue's Redis, reached by a URL that may carry a password
 * (`redis://:PASSWORD@HOST:PORT/DB`, `rediss://` for TLS). The URL is never
 * printed, logged or stored: messages name the queue by `queueLabel` (scheme,
 * host, port, database), and every error text that leaves this folder goes
 * through `redact` first.
 */

export interface QueueConnection {
  /** The queue the study's jobs go on. */
  readonly queue: Queue;
  /** A plain connection for what BullMQ does not do (shards in Redis, memory figures). */
  readonly redis: Redis;
  /** `redis://HOST:PORT/DB`, without credentials: the queue as messages name it. */
  readonly label: string;
  /** Error texts with the URL and its password taken out. */
  redact(text: string): string;
  close(): Promise<void>;
}

/** How long the first connection may take before the queue counts as unreachable. */
const CONNECT_TIMEOUT_MS = 5_000;

/** Checks and splits a queue URL; a bad one is a UserError that does not repeat it (it may hold a password). */
export function parseQueueUrl(url: string): { label: string; secrets: string[] } {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new UserError('QUEUE_URL_INVALID', 'The queue URL is not a URL', 'Pass --queue redis://HOST:PORT (with a password: :PASSWORD@ before HOST; rediss:// for TLS), or set SWE_FUTURE_QUEUE.');
  }
  if (u.protocol !== 'redis:' && u.protocol !== 'rediss:') {
    throw new UserError('QUEUE_URL_INVALID', `The queue URL has scheme ${u.protocol.replace(/:$/, '')}, not redis or rediss`, 'Pass --queue redis://HOST:PORT (with a password: :PASSWORD@ before HOST), or set SWE_FUTURE_QUEUE.');
  }
  const db = u.pathname.replace(/^\//, '');
  const label = `${u.protocol}//${u.hostname}:${u.port || '6379'}${db ? `/${db}` : ''}`;
  const secret = u.password || u.username;
  const secrets = secret ? [url, secret, decodeURIComponent(secret)] : [];
  return { label, secrets };
}

/** Replaces every secret in `text` with `***`. */
export function redactWith(secrets: readonly string[], text: string): string {
  let out = text;
  for (const s of [...secrets].sort((a, b) => b.length - a.length)) out = out.split(s).join('***');
  return out;
}

/** ioredis options: BullMQ's workers need `maxRetriesPerRequest: null` (they block on Redis). */
export function redisOptions(extra: RedisOptions = {}): RedisOptions {
  return { maxRetriesPerRequest: null, connectTimeout: CONNECT_TIMEOUT_MS, ...extra };
}

/** BullMQ's connection for `url` (it makes its own ioredis clients from it). */
export function bullConnection(url: string): ConnectionOptions {
  return { url, maxRetriesPerRequest: null, connectTimeout: CONNECT_TIMEOUT_MS };
}

/**
 * Connects once, without retrying, and tells what is wrong as a UserError
 * (exit 2): unreachable (QUEUE_UNREACHABLE), refused credentials
 * (QUEUE_AUTH), or not a Redis that BullMQ can use. Resolves when it answers PING.
 */
export async function checkQueue(url: string): Promise<void> {
  const { label, secrets } = parseQueueUrl(url);
  const probe = new Redis(url, { lazyConnect: true, connectTimeout: CONNECT_TIMEOUT_MS, maxRetriesPerRequest: 0, retryStrategy: () => null, enableOfflineQueue: false });
  // The rejection says only "Connection is closed"; the reason (WRONGPASS, ECONNREFUSED) comes as an event first.
  const said: string[] = [];
  probe.on('error', (err: Error) => said.push(err.message));
  try {
    await probe.connect();
    await probe.ping();
  } catch (err) {
    const text = redactWith(secrets, said[0] ?? (err instanceof Error ? err.message : String(err)));
    if (/WRONGPASS|NOAUTH|invalid password|AUTH failed|NOPERM/i.test(text)) {
      throw new UserError('QUEUE_AUTH', `The queue at ${label} refused the credentials (${text.split('\n')[0]!.slice(0, 120)})`, 'Put the right password in the URL, as :PASSWORD@ before HOST in redis://HOST:PORT (or in SWE_FUTURE_QUEUE).');
    }
    throw new UserError('QUEUE_UNREACHABLE', `Cannot reach the queue at ${label} (${text.split('\n')[0]!.slice(0, 120)})`, 'Start Redis there (docs/scale-out.md), or pass the right --queue URL.');
  } finally {
    probe.disconnect();
  }
}

/** Checks the queue (`checkQueue`), then opens the study queue on it. */
export async function connectQueue(url: string): Promise<QueueConnection> {
  await checkQueue(url);
  const { label, secrets } = parseQueueUrl(url);
  const redact = (text: string) => redactWith(secrets, text);
  const queue = new Queue(QUEUE_NAME, { connection: bullConnection(url) });
  // BullMQ reconnects by itself; without a listener it would print the raw error (with the URL's password).
  queue.on('error', () => {});
  const redis = new Redis(url, redisOptions());
  redis.on('error', () => {});
  await queue.waitUntilReady();
  return {
    queue,
    redis,
    label,
    redact,
    async close() {
      await queue.close().catch(() => {});
      redis.disconnect();
    },
  };
}
