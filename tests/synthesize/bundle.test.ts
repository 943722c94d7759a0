import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { writeTgenBundle } from '../../src/exec/bundle.js';
import { makeRepo, tempDir } from '../fixtures/repo.js';

const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();

test('a task bundle holds Tgen and its ancestors only: no later commits, no other branches, no tags, no reflogs', async () => {
  const repo = await makeRepo([
    { at: '2024-01-01T10:00:00Z', msg: 'one', files: { 'a.txt': '1\n' } },
    { at: '2024-02-01T10:00:00Z', msg: 'two', files: { 'a.txt': '2\n' }, tag: 'v1' },
    { at: '2024-03-01T10:00:00Z', msg: 'three (Tgen)', files: { 'a.txt': '3\n' } },
    { at: '2024-04-01T10:00:00Z', msg: 'four, after Tgen', files: { 'a.txt': '4\n' }, tag: { name: 'v2', message: 'later release' } },
    { at: '2024-05-01T10:00:00Z', msg: 'on a side branch', files: { 'b.txt': 'side\n' }, branch: 'side', from: 'main' },
  ]);
  const [one, two, three] = repo.shas;
  const refsBefore = git(repo.dir, 'for-each-ref');
  const out = await tempDir();
  const bundle = join(out, 'task.bundle');
  await writeTgenBundle({ gitdir: repo.gitdir, commit: three!, branch: 'main', file: bundle });

  expect(git(out, 'bundle', 'list-heads', bundle).split('\n').sort()).toEqual([`${three} HEAD`, `${three} refs/heads/main`]);
  git(out, 'clone', '-q', bundle, 'clone');
  const clone = join(out, 'clone');
  expect(git(clone, 'log', '--all', '--format=%H').split('\n').sort()).toEqual([one, two, three].sort());
  expect(git(clone, 'log', '--all', '--format=%cI').split('\n').every((d) => Date.parse(d) <= Date.parse('2024-03-01T10:00:00Z'))).toBe(true);
  expect(git(clone, 'tag')).toBe('');
  expect(git(clone, 'for-each-ref', '--format=%(refname) %(objectname)').split('\n').sort()).toEqual([
    `refs/heads/main ${three}`, `refs/remotes/origin/HEAD ${three}`, `refs/remotes/origin/main ${three}`,
  ]);
  // The only reflog entries are the clone's own.
  expect(git(clone, 'reflog', '--all', '--format=%gs').split('\n').every((s) => s.startsWith('clone: from'))).toBe(true);
  // The source repository was only read.
  expect(git(repo.dir, 'for-each-ref')).toBe(refsBefore);
});

test('a commit the repository does not have is a user error, and no bundle file is left', async () => {
  const repo = await makeRepo([{ at: '2024-01-01T10:00:00Z', msg: 'one', files: { 'a.txt': '1\n' } }]);
  const out = await tempDir();
  const err = await writeTgenBundle({ gitdir: repo.gitdir, commit: 'f'.repeat(40), branch: 'main', file: join(out, 'x.bundle') }).catch((e: unknown) => e);
  expect((err as { code?: string }).code).toBe('TGEN_COMMIT_MISSING');
  expect(execFileSync('ls', ['-A', out], { encoding: 'utf8' })).toBe('');
});

test('a clone that lacks an object of the history (a mirror without its largest files) is BUNDLE_FAILED, and leaves no bundle', async () => {
  const repo = await makeRepo([
    { at: '2024-01-01T10:00:00Z', msg: 'one', files: { 'big.bin': 'x'.repeat(4096), 'a.txt': '1\n' } },
    { at: '2024-02-01T10:00:00Z', msg: 'two (Tgen)', files: { 'a.txt': '2\n' } },
  ]);
  const blob = git(repo.dir, 'rev-parse', 'HEAD:big.bin');
  // The object is loose in a repository the tests write: remove it, as a partial mirror never had it.
  const { rmSync, existsSync } = await import('node:fs');
  const loose = join(repo.gitdir, 'objects', blob.slice(0, 2), blob.slice(2));
  expect(existsSync(loose)).toBe(true);
  rmSync(loose);
  const out = await tempDir();
  const bundle = join(out, 'task.bundle');
  const err = await writeTgenBundle({ gitdir: repo.gitdir, commit: repo.shas[1]!, branch: 'main', file: bundle }).catch((e: unknown) => e);
  expect(err).toMatchObject({ code: 'BUNDLE_FAILED', message: expect.stringMatching(new RegExp(`^Cannot bundle the history up to ${repo.shas[1]!.slice(0, 12)}: `)) });
  expect(existsSync(bundle)).toBe(false);
  expect(existsSync(`${bundle}.partial`)).toBe(false);
});
