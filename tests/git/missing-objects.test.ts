import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { GitBackend } from '../../src/git/backend.js';
import type { Commit } from '../../src/git/model.js';
import { openRepository } from '../../src/git/open.js';
import { type ScratchRepo, collect, createScratchRepo, removeScratch, withoutLineCounts } from './scratch-repo.js';

let repo: ScratchRepo;
let missingBlob: string;
let missingTree: string;
const opened: GitBackend[] = [];

function removeLoose(dir: string, oid: string): void {
  rmSync(join(dir, '.git', 'objects', oid.slice(0, 2), oid.slice(2)));
}

beforeAll(() => {
  repo = createScratchRepo();
  repo.commit('One', { 'a.txt': 'first\n', 'b.txt': 'b\n', 'dir/c.txt': 'c\n' });
  missingBlob = repo.git('rev-parse', 'HEAD:a.txt');
  repo.commit('Two', { 'a.txt': 'second\n' });
  repo.commit('Three', { 'b.txt': 'b\nb\n' });
  repo.commit('Four', { 'd.txt': 'd\n' });
  expect(repo.git('count-objects', '-v')).toMatch(/^packs: 0$/m);
  removeLoose(repo.dir, missingBlob);
});

afterAll(async () => {
  await Promise.all(opened.map((g) => g.close()));
  removeScratch();
});

async function walk(backend: 'native' | 'isomorphic'): Promise<{ git: GitBackend; commits: Commit[] }> {
  const git = await openRepository(repo.dir, { backend });
  opened.push(git);
  return { git, commits: await collect(git.log(git.facts.tip)) };
}

test('a missing blob does not stop either walk; native goes on without line counts from where it failed', async () => {
  const native = await walk('native');
  const isomorphic = await walk('isomorphic');
  expect(native.commits.map((c) => c.message)).toEqual(['Four', 'Three', 'Two', 'One']);
  expect(withoutLineCounts(isomorphic.commits)).toEqual(withoutLineCounts(native.commits));
  expect(native.commits[0]?.files[0]).toMatchObject({ path: 'd.txt', additions: 1 });
  expect(native.commits[2]?.files[0]).toMatchObject({ path: 'a.txt', additions: null, deletions: null });
  expect(native.git.gaps.linesUnavailable).toBe(2);
});

test('after a failed line count, later native walks do not count lines at all', async () => {
  const { git } = await walk('native');
  const again = await collect(git.log(git.facts.tip));
  expect(again[0]?.files[0]).toMatchObject({ path: 'd.txt', additions: null });
  expect(git.gaps.linesUnavailable).toBe(6);
});

test.each(['native', 'isomorphic'] as const)('%s readBlob returns null for a missing blob and counts it', async (backend) => {
  const { git } = await walk(backend);
  expect(await git.readBlob(missingBlob)).toBeNull();
  expect(git.gaps.missingBlobs).toBe(1);
  expect(Buffer.from((await git.readFileAt(git.facts.tip, 'a.txt')) ?? [])).toEqual(Buffer.from('second\n'));
});

test('the isomorphic walk reads a missing tree as empty and counts it', async () => {
  missingTree = repo.git('rev-parse', 'HEAD:dir');
  removeLoose(repo.dir, missingTree);
  const { git, commits } = await walk('isomorphic');
  expect(commits.map((c) => c.message)).toEqual(['Four', 'Three', 'Two', 'One']);
  expect(commits[3]?.files.map((f) => f.path)).toEqual(['a.txt', 'b.txt']);
  expect(git.gaps.missingTrees).toBe(1);
});
