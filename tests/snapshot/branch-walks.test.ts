import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { GitBackend } from '../../src/git/backend.js';
import { listBranchRefs } from '../../src/git/branches.js';
import type { BranchRef } from '../../src/git/branches.js';
import { openRepository } from '../../src/git/open.js';
import { type BranchCut, cutBranches, type WalkBounds } from '../../src/snapshot/branch-walks.js';
import { cutAtT0 } from '../../src/snapshot/cutoff.js';
import { type CommitSpec, makeRepo } from '../fixtures/repo.js';

/**
 * Branches whose cuts are easy to get wrong: a feature branch with a commit after T0 and a second ref at its T0
 * tip, a branch forked from a topic branch that was merged before T0 (its fork point is off main's first parents),
 * a branch with an older commit dated after T0 (clock skew), a merged topic branch, a branch made after T0 at a
 * commit of main, an orphan branch, and a branch whose commits are all after T0. The one-read walk of the native
 * backend must cut each as the per-branch walk does, and as isomorphic git does.
 */
const T0 = '2024-07-01';
const ana = { name: 'Ana', email: 'ana@example.com' };

const commits: CommitSpec[] = [
  { at: '2024-01-05', msg: 'Initial commit', author: ana, files: { 'src/index.js': 'export {};\n' } },
  { at: '2024-02-01', msg: 'start the cache', branch: 'cache', author: ana, files: { 'src/cache.js': '1\n' } },
  { at: '2024-02-02', msg: 'fill the cache', branch: 'cache', author: ana, files: { 'src/cache.js': '2\n' } },
  { at: '2024-02-03', msg: 'evict from the cache', branch: 'cache-evict', from: 'cache', author: ana, files: { 'src/evict.js': '1\n' } },
  { at: '2024-02-04', msg: 'Merge pull request #4 from ana/cache', merge: 'cache', author: ana },
  { at: '2024-02-10', msg: 'evict the oldest', branch: 'cache-evict', author: ana, files: { 'src/evict.js': '2\n' } },
  { at: '2024-03-01', msg: 'Document the loader (#6)', author: ana, files: { 'README.md': 'loader\n' } },
  ...Array.from({ length: 5 }, (_, i): CommitSpec => ({ at: `2024-05-1${i}`, msg: `feat(loader): hook ${i}`, branch: 'plugins', author: ana, files: { [`src/hook${i}.js`]: `${i}\n` } })),
  { at: '2024-05-01', msg: 'skew one', branch: 'skew', author: ana, files: { 'src/skew.js': '1\n' } },
  { at: '2024-08-01', msg: 'skew two, dated after T0', branch: 'skew', author: ana, files: { 'src/skew.js': '2\n' } },
  { at: '2024-06-01', msg: 'skew three', branch: 'skew', author: ana, files: { 'src/skew.js': '3\n' } },
  { at: '2024-06-20', msg: 'Fix a typo (#8)', author: ana, files: { 'README.md': 'loader!\n' } },
  { at: '2024-07-10', msg: 'feat(loader): after T0', branch: 'plugins', author: ana, files: { 'src/late.js': '1\n' } },
  { at: '2024-07-12', msg: 'all after T0', branch: 'later', author: ana, files: { 'src/later.js': '1\n' } },
  { at: '2024-07-25', msg: 'Main after T0 (#12)', author: ana, files: { 'src/after.js': '1\n' } },
];

let dir: string;
let refs: BranchRef[];
let bounds: WalkBounds;
const opened: GitBackend[] = [];

function git(args: string[], env: Record<string, string> = {}): string {
  return execFileSync('git', ['-C', dir, ...args], { env: { ...process.env, ...env } }).toString().trim();
}

beforeAll(async () => {
  dir = (await makeRepo(commits)).dir;
  // A second ref at the plugins branch's T0 tip, a branch made after T0 at a commit main had, and an orphan branch.
  git(['branch', 'alias', git(['rev-list', '-1', '--first-parent', '--before=2024-06-01', 'plugins'])]);
  git(['branch', 'made-late', git(['rev-list', '-1', '--first-parent', '--before=2024-04-01', 'main'])]);
  const date = { GIT_AUTHOR_DATE: '2024-03-03T00:00:00Z', GIT_COMMITTER_DATE: '2024-03-03T00:00:00Z', GIT_AUTHOR_NAME: 'Ana', GIT_AUTHOR_EMAIL: 'ana@example.com', GIT_COMMITTER_NAME: 'Ana', GIT_COMMITTER_EMAIL: 'ana@example.com' };
  const pages = git(['commit-tree', git(['mktree']), '-m', 'publish pages'], date);
  git(['branch', 'gh-pages', git(['commit-tree', `${pages}^{tree}`, '-p', pages, '-m', 'publish again'], date)]);
  const native = await open('native');
  const main = [];
  for await (const c of native.log(native.facts.tip, { lineCounts: false })) main.push(c);
  const history = cutAtT0(main, T0).history;
  bounds = { history, onDefault: new Set(history.map((c) => c.sha)), cutoff: Date.parse(T0), maxWalk: 3000 };
  refs = (await listBranchRefs(native.facts.gitdir)).filter((r) => r.name !== 'main');
});

afterAll(async () => {
  await Promise.all(opened.map((g) => g.close()));
});

async function open(backend: 'native' | 'isomorphic'): Promise<GitBackend> {
  const g = await openRepository(dir, { backend });
  opened.push(g);
  return g;
}

/** The cuts as names, commit titles and fork points (by title), to read in a failure. */
function readable(cuts: (BranchCut | null)[]) {
  return cuts.map((c) => c && { name: c.name, own: c.own.map((x) => x.message.trim()), forkPoint: c.forkPoint, forkDate: c.forkDate });
}

test('the native one-read walk cuts every branch as the per-branch walk and isomorphic git do', async () => {
  const native = await open('native');
  const iso = await open('isomorphic');
  // The one read answers (a null would fall back to the per-branch walk and compare it with itself).
  expect(await native.unreachedFirstParents!(refs.map((r) => r.tip), bounds.history[0]!.sha)).not.toBeNull();
  const perBranch = { log: native.log.bind(native), isAncestor: native.isAncestor.bind(native) };
  for (const maxWalk of [3000, 2]) {
    const b = { ...bounds, maxWalk };
    const once = await cutBranches(native, refs, b);
    expect(once).toEqual(await cutBranches(perBranch, refs, b));
    expect(once).toEqual(await cutBranches(iso, refs, b));
  }
});

test('each branch is cut at T0 back to the first commit main reaches, one row per T0 tip', async () => {
  const native = await open('native');
  const cuts = readable(await cutBranches(native, refs, bounds));
  const byName = new Map(cuts.filter((c) => c !== null).map((c) => [c!.name, c!]));
  expect([...byName.keys()].sort()).toEqual(['alias', 'cache-evict', 'gh-pages', 'skew']);
  // alias and plugins are cut at the same commit: one branch, named by the first name.
  expect(byName.get('alias')!.own).toEqual(['feat(loader): hook 4', 'feat(loader): hook 3', 'feat(loader): hook 2', 'feat(loader): hook 1', 'feat(loader): hook 0']);
  expect(byName.get('alias')!.forkDate).toBe('2024-03-01T00:00:00.000Z');
  // Forked from the cache branch, which main merged: the fork point is off main's first parents, dated by its commit.
  expect(byName.get('cache-evict')).toMatchObject({ own: ['evict the oldest', 'evict from the cache'], forkDate: '2024-02-02T00:00:00.000Z' });
  expect(byName.get('skew')!.own).toEqual(['skew three', 'skew one']);
  expect(byName.get('gh-pages')).toMatchObject({ own: ['publish again', 'publish pages'], forkPoint: null, forkDate: null });
});
