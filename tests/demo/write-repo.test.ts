import { execFileSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { expect, test } from 'vitest';
import type { CommitSpec } from '../../src/demo/model.js';
import { makeRepo } from '../fixtures/repo.js';

const alice = { name: 'Alice', email: 'alice@example.com' };
const bob = { name: 'Bob', email: 'bob@example.com' };

function git(dir: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd: dir, encoding: 'utf8' }).trim();
}

const history: CommitSpec[] = [
  { at: '2024-01-01', msg: 'Initial commit', author: alice, files: { 'README.md': '# x\n', 'src/a.js': 'a\n' } },
  { at: '2024-01-02T10:00:00Z', msg: 'Add b', author: bob, files: { 'src/lib/b.js': 'b\n' }, tag: 'v0.1.0' },
  { at: '2024-01-03', msg: 'Start feature', branch: 'bob/feature', author: bob, files: { 'src/feature.js': 'f1\n' } },
  { at: '2024-01-04', msg: 'Unrelated fix on main', author: alice, files: { 'src/a.js': 'a2\n' } },
  { at: '2024-01-05', msg: 'Finish feature', branch: 'bob/feature', author: bob, files: { 'src/feature.js': 'f2\n', 'src/lib/b.js': null } },
  {
    at: '2024-01-06',
    msg: 'Merge pull request #7 from bob/feature\n\nAdd the feature',
    merge: 'bob/feature',
    author: alice,
    committer: { name: 'GitHub', email: 'noreply@github.com' },
    tag: { name: 'v0.2.0', message: 'Release 0.2.0' },
  },
];

async function objectFiles(gitdir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path);
      else out[relative(gitdir, path)] = (await readFile(path)).toString('base64');
    }
  };
  await walk(gitdir);
  return out;
}

test('the same specs written twice give the same shas and byte-identical bare repositories', async () => {
  const first = await makeRepo(history, { bare: true });
  const second = await makeRepo(history, { bare: true });
  expect(second.shas).toEqual(first.shas);
  expect(second.head).toBe(first.head);
  expect(await objectFiles(second.gitdir)).toEqual(await objectFiles(first.gitdir));
});

test('the written repository passes git fsck and git reads the fixed times at offset +0000', async () => {
  const repo = await makeRepo(history);
  git(repo.dir, 'fsck', '--strict', '--no-dangling');
  expect(git(repo.dir, 'log', '-1', '--format=%an|%ae|%aI|%cn|%cI', repo.shas[1]!)).toBe(
    'Bob|bob@example.com|2024-01-02T10:00:00+00:00|Bob|2024-01-02T10:00:00+00:00',
  );
  expect(git(repo.dir, 'log', '-1', '--format=%B', repo.shas[0]!)).toBe('Initial commit');
});

test('a merge spec makes a two-parent commit whose tree adds the branch changes to the target', async () => {
  const repo = await makeRepo(history);
  const merge = repo.shas[5]!;
  expect(git(repo.dir, 'rev-parse', `${merge}^1`, `${merge}^2`).split('\n')).toEqual([repo.shas[3], repo.shas[4]]);
  expect(git(repo.dir, 'show', `${merge}:src/feature.js`)).toBe('f2');
  expect(git(repo.dir, 'show', `${merge}:src/a.js`)).toBe('a2');
  expect(git(repo.dir, 'ls-tree', '-r', '--name-only', merge).split('\n')).toEqual(['README.md', 'src/a.js', 'src/feature.js']);
  expect(git(repo.dir, 'log', '-1', '--format=%cn', merge)).toBe('GitHub');
});

test('a branch forks from the default branch tip when first used', async () => {
  const repo = await makeRepo(history);
  expect(git(repo.dir, 'rev-parse', `${repo.shas[2]}^`)).toBe(repo.shas[1]);
  expect(repo.branches['bob/feature']).toBe(repo.shas[4]);
});

test('a string tag is lightweight and an object tag is annotated with a tagger time', async () => {
  const repo = await makeRepo(history);
  expect(git(repo.dir, 'cat-file', '-t', 'v0.1.0')).toBe('commit');
  expect(git(repo.dir, 'cat-file', '-t', 'v0.2.0')).toBe('tag');
  expect(git(repo.dir, 'rev-parse', 'v0.2.0^{commit}')).toBe(repo.shas[5]);
  expect(git(repo.dir, 'for-each-ref', '--format=%(taggerdate:iso-strict) %(contents:subject)', 'refs/tags/v0.2.0'))
    .toBe('2024-01-06T00:00:00+00:00 Release 0.2.0');
});

test('a work tree is checked out on the default branch and git sees it clean', async () => {
  const repo = await makeRepo(history);
  expect(git(repo.dir, 'symbolic-ref', 'HEAD')).toBe('refs/heads/main');
  expect(git(repo.dir, 'status', '--porcelain')).toBe('');
  expect(await readFile(join(repo.dir, 'src/feature.js'), 'utf8')).toBe('f2\n');
  expect(repo.head).toBe(repo.shas[5]);
});

test('a bare repository has no work tree and says so', async () => {
  const repo = await makeRepo(history, { bare: true });
  expect(repo.gitdir).toBe(repo.dir);
  expect(git(repo.dir, 'rev-parse', '--is-bare-repository')).toBe('true');
  expect(git(repo.dir, 'rev-parse', 'main')).toBe(repo.shas[5]);
});

test('detach leaves HEAD at the given commit with that commit checked out', async () => {
  const repo = await makeRepo(history, { detach: 1 });
  expect(() => git(repo.dir, 'symbolic-ref', '-q', 'HEAD')).toThrow();
  expect(git(repo.dir, 'rev-parse', 'HEAD')).toBe(repo.shas[1]);
  expect(git(repo.dir, 'status', '--porcelain')).toBe('');
  const byTag = await makeRepo(history, { detach: 'v0.2.0', bare: true });
  expect(git(byTag.dir, 'rev-parse', 'HEAD')).toBe(byTag.shas[5]);
});

test('no specs give a repository with no commits and an unborn default branch', async () => {
  const repo = await makeRepo([]);
  expect(repo.head).toBe('');
  expect(git(repo.dir, 'symbolic-ref', 'HEAD')).toBe('refs/heads/main');
  expect(() => git(repo.dir, 'rev-parse', '--verify', '-q', 'HEAD')).toThrow();
});

test('an executable file keeps its mode and a binary file its bytes', async () => {
  const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 255, 10, 13]);
  const repo = await makeRepo([
    { at: '2024-01-01', msg: 'bin', files: { 'bin/run': { content: '#!/bin/sh\n', executable: true }, 'logo.png': bytes } },
  ]);
  expect(git(repo.dir, 'ls-tree', repo.head, 'bin/run')).toMatch(/^100755 blob/);
  expect(new Uint8Array(await readFile(join(repo.dir, 'logo.png')))).toEqual(bytes);
});

test('onlyDefaultBranch writes no feature branch refs', async () => {
  const repo = await makeRepo(history, { onlyDefaultBranch: true, bare: true });
  expect(git(repo.dir, 'for-each-ref', '--format=%(refname)', 'refs/heads')).toBe('refs/heads/main');
});

test('bad specs fail with BAD_COMMIT_SPEC', async () => {
  await expect(makeRepo([{ at: 'yesterday', msg: 'x' }])).rejects.toMatchObject({ code: 'BAD_COMMIT_SPEC' });
  await expect(makeRepo([{ at: '2024-01-01', msg: 'x', merge: 'nope' }])).rejects.toMatchObject({ code: 'BAD_COMMIT_SPEC' });
  await expect(makeRepo([{ at: '2024-01-01', msg: 'x', files: { '../x': 'y' } }])).rejects.toMatchObject({ code: 'BAD_COMMIT_SPEC' });
});
