import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { GitBackend } from '../../src/git/backend.js';
import type { Commit } from '../../src/git/model.js';
import { openRepository } from '../../src/git/open.js';
import { type ScratchRepo, collect, createScratchRepo, gitBytes, removeScratch, scratchDir, withoutLineCounts } from './scratch-repo.js';

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

test('a blobless partial clone walks in both backends without line counts, and reads of missing blobs are null, never a fetch', async () => {
  const source = createScratchRepo();
  source.git('config', 'uploadpack.allowFilter', 'true');
  source.commit('One', { 'a.txt': 'a\n' });
  source.commit('Two', { 'a.txt': 'a\nb\n', 'b.txt': 'b\n' });
  const clone = `${scratchDir()}/partial.git`;
  source.git('clone', '-q', '--bare', '--filter=blob:none', `file://${source.dir}`, clone);
  const native = await openRepository(clone, { backend: 'native' });
  const isomorphic = await openRepository(clone, { backend: 'isomorphic' });
  opened.push(native, isomorphic);
  const fromNative = await collect(native.log(native.facts.tip));
  expect(fromNative.map((c) => c.files.map((f) => [f.path, f.status, f.additions]))).toEqual([
    [['a.txt', 'modified', null], ['b.txt', 'added', null]],
    [['a.txt', 'added', null]],
  ]);
  expect(await collect(isomorphic.log(isomorphic.facts.tip))).toEqual(fromNative);
  expect(native.gaps.linesUnavailable).toBe(2);
  const blob = (await native.listFiles(native.facts.tip))[0]?.oid;
  const local = gitBytes(clone, ['hash-object', '-w', '--stdin'], 'written here\n').toString().trim();
  for (const backend of [native, isomorphic]) {
    const [missing, again, present] = await Promise.all([backend.readBlob(blob ?? ''), backend.readFileAt(backend.facts.tip, 'b.txt'), backend.readBlob(local)]);
    expect([missing, again]).toEqual([null, null]);
    expect(Buffer.from(present ?? [])).toEqual(Buffer.from('written here\n'));
  }
});
