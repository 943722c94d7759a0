import { join } from 'node:path';
import { expect, test } from 'vitest';
import { makeRepo, tempDir } from '../fixtures/repo.js';
import { runCli, runCliJson } from './run-cli.js';

test('--help lists the commands and the shared options', async () => {
  const run = await runCli(['--help']);
  expect(run.code).toBe(0);
  for (const word of ['snapshot', 'query', 'demo', '--db', '--json', '--quiet']) expect(run.stdout).toContain(word);
});

test('query runs read-only SQL and prints rows as a table or as JSON', async () => {
  const repo = await makeRepo([{ at: '2024-01-01', msg: 'Add parser (#1)', files: { 'src/p.js': '// TODO: quotes\n' } }]);
  const db = join(await tempDir(), 'x.db');
  await runCliJson(['snapshot', '--repo', repo.dir, '--t0', '2024-02-01', '--db', db]);
  expect(await runCliJson(['query', '--db', db, 'SELECT key, title FROM work_items'])).toEqual([{ key: 'pr#1', title: 'Add parser' }]);
  const table = await runCli(['query', '--db', db, 'SELECT key, title FROM work_items']);
  expect(table.stdout).toMatch(/key\s+title\n-+\s+-+\npr#1\s+Add parser/);
  expect((await runCliJson(['query', '--db', db, '--named', 'snapshots']))).toHaveLength(1);
});

test('query refuses to write and names the problem', async () => {
  const repo = await makeRepo([{ at: '2024-01-01', msg: 'x', files: { 'a': 'a' } }]);
  const db = join(await tempDir(), 'x.db');
  await runCliJson(['snapshot', '--repo', repo.dir, '--t0', '2024-02-01', '--db', db]);
  const run = await runCli(['query', '--db', db, 'DELETE FROM snapshots']);
  expect(run.code).toBe(2);
  expect(run.stderr).toMatch(/^swe-future: .*read-only/i);
});

test('a second snapshot of the same repository reads only new commits and reuses an identical snapshot', async () => {
  const repo = await makeRepo([
    { at: '2024-01-01', msg: 'a', files: { a: 'a' } },
    { at: '2024-02-01', msg: 'b', files: { b: 'b' } },
  ]);
  const db = join(await tempDir(), 'x.db');
  const first = await runCli(['snapshot', '--repo', repo.dir, '--t0', '2024-03-01', '--db', db]);
  expect(first.stdout).toMatch(/2 new commits, 0 from cache/);
  const second = await runCli(['snapshot', '--repo', repo.dir, '--t0', '2024-03-01', '--db', db]);
  expect(second.stdout).toMatch(/0 new commits, 2 from cache/);
  expect(second.stdout).toMatch(/reused/);
});
