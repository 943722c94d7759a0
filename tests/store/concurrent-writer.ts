/**
 * A second process for tests/store/two-processes-write-one-store.test.ts: opens the store,
 * prints `ready`, waits for `go` on stdin, then writes `batches` batches of
 * commits and work items (one transaction each) under its own prefix, and
 * prints one JSON line with when it started and finished.
 *
 *   node --import tsx tests/store/concurrent-writer.ts <db> <prefix> <batches>
 */
import { createInterface } from 'node:readline';
import { openStore, upsertRepo } from '../../src/store/index.js';
import { writeBatches } from './batches.js';

const [file, prefix, batches] = process.argv.slice(2);
const store = openStore(file!);
const repoId = upsertRepo(store, { path: '/repos/shared', name: 'shared', defaultBranch: 'main', rootCommit: null });
process.stdout.write('ready\n');

const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  if (line !== 'go') return;
  const start = Date.now();
  writeBatches(store, repoId, prefix!, Number(batches));
  const end = Date.now();
  store.close();
  process.stdout.write(`${JSON.stringify({ start, end })}\n`);
  lines.close();
  process.stdin.destroy();
});
