import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { expect, test } from 'vitest';
import { upsertRepo } from '../../src/store/index.js';
import { PER_BATCH, writeBatches } from './batches.js';
import { count, tempStore } from './temp-store.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const writer = fileURLToPath(new URL('./concurrent-writer.ts', import.meta.url));

interface Writer {
  child: ChildProcessWithoutNullStreams;
  ready: Promise<void>;
  /** The child's write window and exit code, once it has exited. */
  done: Promise<{ start: number; end: number; code: number | null; stderr: string }>;
}

function startWriter(file: string, prefix: string, batches: number): Writer {
  const child = spawn(process.execPath, ['--import', 'tsx', writer, file, prefix, String(batches)], { cwd: root });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const lines = createInterface({ input: child.stdout });
  let window = { start: 0, end: 0 };
  const ready = new Promise<void>((resolve, reject) => {
    lines.on('line', (line) => {
      if (line === 'ready') resolve();
      else window = JSON.parse(line) as typeof window;
    });
    child.on('exit', () => reject(new Error(`writer exited before it was ready: ${stderr}`)));
  });
  const done = new Promise<{ start: number; end: number; code: number | null; stderr: string }>((resolve) => {
    child.on('close', (code) => resolve({ ...window, code, stderr }));
  });
  return { child, ready, done };
}

test('two processes writing one store at once both succeed, every row is there and the file is intact', async () => {
  const store = tempStore();
  const repoId = upsertRepo(store, { path: '/repos/shared', name: 'shared', defaultBranch: 'main', rootCommit: null });
  const batches = 150;
  const other = startWriter(store.file, 'child', batches);
  await other.ready;
  other.child.stdin.end('go\n');
  const start = Date.now();
  writeBatches(store, repoId, 'parent', batches);
  const end = Date.now();
  const child = await other.done;
  expect(child.stderr).toBe('');
  expect(child.code).toBe(0);
  // The two write windows overlapped, so the processes really did contend for the lock.
  expect(child.start).toBeLessThan(end);
  expect(start).toBeLessThan(child.end);
  expect(count(store, 'commits')).toBe(2 * batches * PER_BATCH);
  expect(count(store, 'commit_files')).toBe(2 * 2 * batches * PER_BATCH);
  expect(count(store, 'work_items')).toBe(2 * batches * PER_BATCH);
  expect(count(store, 'repos')).toBe(1);
  expect(store.db.pragma('integrity_check', { simple: true })).toBe('ok');
  expect(store.db.pragma('foreign_key_check')).toEqual([]);
});

test("a writer waits for another process's transaction to end instead of failing", async () => {
  const store = tempStore();
  upsertRepo(store, { path: '/repos/shared', name: 'shared', defaultBranch: 'main', rootCommit: null });
  const other = startWriter(store.file, 'child', 1);
  await other.ready;
  store.db.exec('BEGIN IMMEDIATE');
  store.db.prepare("INSERT INTO repos (path, name, default_branch, created_at) VALUES ('/repos/held', 'held', 'main', 'now')").run();
  other.child.stdin.end('go\n');
  await new Promise((resolve) => setTimeout(resolve, 1500));
  store.db.exec('COMMIT');
  const child = await other.done;
  expect(child.stderr).toBe('');
  expect(child.code).toBe(0);
  expect(child.end - child.start).toBeGreaterThanOrEqual(1000);
  expect(count(store, 'commits')).toBe(PER_BATCH);
  expect(count(store, 'repos')).toBe(2);
});
