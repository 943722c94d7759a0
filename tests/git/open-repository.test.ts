import { mkdirSync, realpathSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { UserError } from '../../src/errors.js';
import type { GitBackend } from '../../src/git/backend.js';
import { type OpenOptions, openRepository } from '../../src/git/open.js';
import { type ScratchRepo, collect, createScratchRepo, git, removeScratch, scratchDir } from './scratch-repo.js';

let repo: ScratchRepo;
let mainTip: string;
let featureTip: string;
const opened: GitBackend[] = [];

beforeAll(() => {
  repo = createScratchRepo();
  repo.commit('One', { 'a.txt': '1\n' });
  mainTip = repo.commit('Two', { 'a.txt': '2\n' });
  repo.git('checkout', '-q', '-b', 'feature');
  featureTip = repo.commit('Three', { 'b.txt': '3\n' });
  repo.git('checkout', '-q', 'main');
});

afterAll(async () => {
  await Promise.all(opened.map((g) => g.close()));
  removeScratch();
});

async function open(path: string, options?: OpenOptions): Promise<GitBackend> {
  const g = await openRepository(path, options);
  opened.push(g);
  return g;
}

async function failure(path: string, options?: OpenOptions): Promise<UserError> {
  const error = await openRepository(path, options).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UserError);
  return error as UserError;
}

test('a work tree opens on the branch HEAD names, with canonical paths', async () => {
  const link = join(scratchDir(), 'link');
  symlinkSync(repo.dir, link);
  const g = await open(link, { backend: 'isomorphic' });
  expect(g.facts).toEqual({
    path: realpathSync(repo.dir),
    gitdir: realpathSync(join(repo.dir, '.git')),
    bare: false,
    defaultBranch: 'main',
    tip: mainTip,
    shallow: [],
  });
});

test('the branch option overrides the default branch, local or remote-tracking', async () => {
  expect((await open(repo.dir, { branch: 'feature' })).facts).toMatchObject({ defaultBranch: 'feature', tip: featureTip });
  const clone = join(scratchDir(), 'clone');
  git(repo.dir, 'clone', '-q', repo.dir, clone);
  expect((await open(clone, { branch: 'origin/feature' })).facts).toMatchObject({ defaultBranch: 'origin/feature', tip: featureTip });
});

test('auto picks the native backend when git is on PATH', async () => {
  expect((await open(repo.dir)).name).toBe('native');
  expect((await open(repo.dir, { backend: 'isomorphic' })).name).toBe('isomorphic');
});

test('a detached checkout opens on the branch origin/HEAD names', async () => {
  const clone = join(scratchDir(), 'clone');
  git(repo.dir, 'clone', '-q', repo.dir, clone);
  git(clone, 'checkout', '-q', '--detach', 'HEAD~1');
  expect((await open(clone)).facts).toMatchObject({ defaultBranch: 'main', tip: mainTip });
});

test('a linked worktree opens with the shared git directory and its own HEAD', async () => {
  const tree = join(scratchDir(), 'wt');
  repo.git('worktree', 'add', '-q', tree, 'feature');
  const g = await open(tree, { backend: 'native' });
  expect(g.facts).toMatchObject({ gitdir: realpathSync(join(repo.dir, '.git')), defaultBranch: 'feature', tip: featureTip, bare: false });
  expect((await collect(g.log(g.facts.tip))).map((c) => c.message)).toEqual(['Three', 'Two', 'One']);
  repo.git('worktree', 'remove', '--force', tree);
});

test('a path that does not exist is PATH_NOT_FOUND', async () => {
  expect((await failure(join(scratchDir(), 'nope'))).code).toBe('PATH_NOT_FOUND');
});

test('a directory that is not a repository is NOT_A_REPOSITORY', async () => {
  const error = await failure(scratchDir());
  expect(error.code).toBe('NOT_A_REPOSITORY');
  expect(error.fix).toMatch(/bare/);
});

test('a repository without commits is EMPTY_REPOSITORY', async () => {
  const dir = scratchDir();
  git(dir, 'init', '-q', '-b', 'main');
  expect((await failure(dir)).code).toBe('EMPTY_REPOSITORY');
  expect((await failure(dir, { branch: 'main' })).code).toBe('EMPTY_REPOSITORY');
});

test('a detached HEAD without origin/HEAD is DETACHED_HEAD, and the fix names git checkout and --branch', async () => {
  const other = createScratchRepo();
  other.commit('One', { 'a.txt': '1\n' });
  other.git('checkout', '-q', '--detach');
  const error = await failure(other.dir);
  expect(error.code).toBe('DETACHED_HEAD');
  expect(error.fix).toMatch(/git checkout <branch>/);
  expect(error.fix).toMatch(/--branch NAME/);
  expect((await open(other.dir, { branch: 'main' })).facts.defaultBranch).toBe('main');
});

test('HEAD naming a missing branch, or a --branch that names none, is NO_DEFAULT_BRANCH listing the branches', async () => {
  const other = createScratchRepo();
  other.commit('One', { 'a.txt': '1\n' });
  other.git('symbolic-ref', 'HEAD', 'refs/heads/gone');
  const error = await failure(other.dir);
  expect(error.code).toBe('NO_DEFAULT_BRANCH');
  expect(error.fix).toContain('main');
  const named = await failure(repo.dir, { branch: 'nope' });
  expect(named.code).toBe('NO_DEFAULT_BRANCH');
  expect(named.fix).toContain('feature');
});

test('forcing the native backend without git on PATH is GIT_NOT_FOUND, and auto falls back to isomorphic', async () => {
  const saved = process.env.PATH;
  const empty = scratchDir();
  mkdirSync(join(empty, 'bin'));
  process.env.PATH = join(empty, 'bin');
  try {
    const error = await failure(repo.dir, { backend: 'native' });
    expect(error.code).toBe('GIT_NOT_FOUND');
    expect(error.fix).toMatch(/isomorphic/);
    expect((await open(repo.dir)).name).toBe('isomorphic');
  } finally {
    process.env.PATH = saved;
  }
});
