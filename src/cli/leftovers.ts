import { readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { processAlive } from '../exec/process-alive.js';

/**
 * Folders a killed run leaves behind in the temporary folder: a study's
 * per-repository shards (`swe-future-shard-<pid>-*`). Each run removes those
 * whose process is gone, and unnamed ones (from before the pid was in the
 * name) older than a day. A live process's folders are never touched, so
 * concurrent runs are safe. Export staging folders sit beside --out and are
 * removed by the next export there (src/api/export-target.ts); shard keys a
 * killed queue run left in Redis, by the next study run on that queue
 * (src/queue/orphan-shards.ts).
 */
const PATTERN = /^swe-future-shard-(?:(\d+)-)?/;
const LEGACY_AGE_MS = 24 * 3600_000;

export function removeLeftovers(dir = tmpdir(), now = Date.now()): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const match = PATTERN.exec(name);
    if (!match) continue;
    const path = join(dir, name);
    try {
      const pid = match[1] === undefined ? null : Number(match[1]);
      const abandoned = pid === null ? now - statSync(path).mtimeMs > LEGACY_AGE_MS : !processAlive(pid);
      if (!abandoned) continue;
      rmSync(path, { recursive: true, force: true });
      removed.push(path);
    } catch {
      // Gone already, or not ours to remove: leave it.
    }
  }
  return removed;
}

