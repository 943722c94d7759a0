import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { writeTgenBundle } from '../../src/exec/bundle.js';
import { openWorkspace, type WorkspaceHandle } from '../../src/exec/workspace.js';
import { makeRepo, tempDir } from '../fixtures/repo.js';

const open: WorkspaceHandle[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((w) => w.close()));
});

async function workspace() {
  const repo = await makeRepo([
    { at: '2024-01-01T10:00:00Z', msg: 'one', files: { 'src/a.js': 'export const a = 1;\n', 'test/a.test.js': "import { test } from 'node:test';\ntest('a', () => {});\n" } },
    { at: '2024-02-01T10:00:00Z', msg: 'later', files: { 'src/later.js': 'after Tgen\n' } },
  ]);
  const dir = await tempDir();
  const bundle = join(dir, 'x.bundle');
  await writeTgenBundle({ gitdir: repo.gitdir, commit: repo.shas[0]!, branch: 'main', file: bundle });
  const ws = await openWorkspace({ bundle, commit: repo.shas[0]!, testCommand: 'node --test --test-reporter=tap' });
  open.push(ws);
  return { ws, outside: dir };
}

test('the work tree is Tgen: files of later commits are not there; changes come back as one diff and reset removes them', async () => {
  const { ws } = await workspace();
  expect(await ws.listFiles()).toEqual(['src/a.js', 'test/a.test.js']);
  expect(await ws.readFile('src/later.js')).toBeNull();
  await ws.writeFile('src/b.js', 'export const b = 2;\n');
  await ws.writeFile('src/a.js', 'export const a = 3;\n');
  const diff = await ws.diff();
  expect(diff).toContain('diff --git a/src/a.js b/src/a.js');
  expect(diff).toContain('+++ b/src/b.js');
  expect(await ws.search('export const', 'src')).toEqual([
    { path: 'src/a.js', line: 1, text: 'export const a = 3;' },
    { path: 'src/b.js', line: 1, text: 'export const b = 2;' },
  ]);
  await ws.reset();
  expect(await ws.listFiles()).toEqual(['src/a.js', 'test/a.test.js']);
  expect(await ws.apply(diff)).toBe(true);
  expect(await ws.readFile('src/b.js')).toBe('export const b = 2;\n');
  expect(await ws.apply('diff --git a/nope b/nope\n--- a/nope\n+++ b/nope\n@@ -1 +1 @@\n-x\n+y\n')).toBe(false);
});

test('paths that leave the work tree, enter .git or go through a symbolic link are refused', async () => {
  const { ws, outside } = await workspace();
  for (const bad of ['../x.js', '/etc/passwd', '.git/config', 'src/../../x', 'a/.GIT/hooks/pre-commit', '']) {
    await expect(ws.writeFile(bad, 'x'), bad).rejects.toThrow(/refused path/);
    expect(await ws.readFile(bad)).toBeNull();
  }
  symlinkSync(outside, join(ws.root, 'link'));
  await expect(ws.writeFile('link/escape.txt', 'x')).rejects.toThrow(/refused path/);
  expect(await ws.readFile('link/x.bundle')).toBeNull();
  expect(await ws.listFiles('.git')).toEqual([]);
});

test('the test command runs in the work tree and its output is read per test', async () => {
  const { ws } = await workspace();
  const run = await ws.runTests();
  expect(run).toMatchObject({ format: 'tap', results: { a: 'pass' }, exitCode: 0, timedOut: false });
});
