import { setTimeout as sleep } from 'node:timers/promises';
import { expect, test } from 'vitest';
import { runPool } from '../../src/study/pool.js';

/** Tasks that record when they run; `keys[i]` is task i's key. */
function tracked(keys: string[], ms = 10) {
  const log: string[] = [];
  let running = 0;
  let most = 0;
  const tasks = keys.map((key, i) => ({
    key,
    run: async () => {
      running++;
      most = Math.max(most, running);
      log.push(`start ${i}`);
      await sleep(ms);
      log.push(`end ${i}`);
      running--;
    },
  }));
  return { tasks, log, most: () => most };
}

test('never runs more than jobs tasks at once, and runs them all', async () => {
  const t = tracked(['a', 'b', 'c', 'd', 'e']);
  expect(await runPool(t.tasks, { jobs: 2 })).toBe(5);
  expect(t.most()).toBe(2);
  expect(t.log.filter((l) => l.startsWith('end'))).toHaveLength(5);
});

test('tasks with the same key run one after the other while others go ahead', async () => {
  const t = tracked(['same', 'same', 'other']);
  await runPool(t.tasks, { jobs: 2 });
  expect(t.log.indexOf('start 1')).toBeGreaterThan(t.log.indexOf('end 0'));
  expect(t.log.indexOf('start 2')).toBeLessThan(t.log.indexOf('end 0'));
});

test('once stopped, no new task starts and the running ones finish', async () => {
  let stop = false;
  const t = tracked(['a', 'b', 'c', 'd']);
  const tasks = t.tasks.map((task, i) => ({ ...task, run: async () => { await task.run(); if (i === 0) stop = true; } }));
  expect(await runPool(tasks, { jobs: 2, stopped: () => stop })).toBe(2);
  expect(t.log).toEqual(['start 0', 'start 1', 'end 0', 'end 1']);
});

test('a task that throws stops the pool after the running ones finish, with its error', async () => {
  const t = tracked(['a', 'b', 'c'], 20);
  const tasks = [{ key: 'x', run: async () => { throw new Error('bug'); } }, ...t.tasks];
  await expect(runPool(tasks, { jobs: 2 })).rejects.toThrow('bug');
  expect(t.log).toEqual(['start 0', 'end 0']);
});

test('an empty list resolves at once', async () => {
  expect(await runPool([], { jobs: 3 })).toBe(0);
});
