import { spawn } from 'node:child_process';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect, test } from 'vitest';
import { makeRepo, tempDir } from '../fixtures/repo.js';

const cli = join(import.meta.dirname, '../../src/cli/main.ts');

function snapshotProcess(repo: string, db: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', cli, 'snapshot', '--repo', repo, '--t0', '2024-06-01', '--db', db, '--quiet'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

test('two processes snapshotting into the same database both succeed and leave it intact', async () => {
  const files = (n: number) => Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`src/m${i}.js`, `// TODO: item ${i} of ${n}\n`]));
  const specs = (n: number) => Array.from({ length: 60 }, (_, i) => ({ at: `2024-0${1 + (i % 5)}-${String(1 + (i % 27)).padStart(2, '0')}`, msg: `work ${n}.${i} (#${i + 1})`, files: i === 0 ? files(n) : { [`src/f${i}.js`]: `${n}.${i}\n` } }))
    .sort((a, b) => a.at.localeCompare(b.at));
  const [a, b] = await Promise.all([makeRepo(specs(1)), makeRepo(specs(2))]);
  const db = join(await tempDir(), 'shared.db');
  const results = await Promise.all([snapshotProcess(a.dir, db), snapshotProcess(b.dir, db)]);
  expect(results.map((r) => r.code), results.map((r) => r.stderr).join('\n')).toEqual([0, 0]);
  const conn = new Database(db, { readonly: true });
  expect(conn.prepare('PRAGMA integrity_check').pluck().get()).toBe('ok');
  expect(conn.prepare('SELECT COUNT(*) FROM snapshots').pluck().get()).toBe(2);
  expect(conn.prepare("SELECT COUNT(*) FROM evidence WHERE kind = 'todo'").pluck().get()).toBe(80);
  conn.close();
});
