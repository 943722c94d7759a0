import { afterAll, beforeAll, expect, test } from 'vitest';
import type { GitBackend } from '../../src/git/backend.js';
import { openRepository } from '../../src/git/open.js';
import { type ScratchRepo, collect, createScratchRepo, git, removeScratch, scratchDir, withoutLineCounts } from './scratch-repo.js';

const backends = ['native', 'isomorphic'] as const;
let repo: ScratchRepo;
const shas: string[] = [];
const opened: GitBackend[] = [];

async function open(path: string, backend: (typeof backends)[number]): Promise<GitBackend> {
  const g = await openRepository(path, { backend });
  opened.push(g);
  return g;
}

beforeAll(() => {
  repo = createScratchRepo();
  for (let i = 1; i <= 6; i++) shas.unshift(repo.commit(`Commit ${i}`, { [`f${i}.txt`]: `${i}\n`, 'shared.txt': `version ${i}\n` }));
});

afterAll(async () => {
  await Promise.all(opened.map((g) => g.close()));
  removeScratch();
});

test.each(backends)('the %s walk stops before the first commit in stopAt', async (backend) => {
  const g = await open(repo.dir, backend);
  const commits = await collect(g.log(g.facts.tip, { stopAt: new Set([shas[3] as string, shas[5] as string]) }));
  expect(commits.map((c) => c.sha)).toEqual(shas.slice(0, 3));
  expect(await collect(g.log(g.facts.tip, { stopAt: new Set([g.facts.tip]) }))).toEqual([]);
});

test.each(backends)('the %s walk can be left early and read again', async (backend) => {
  const g = await open(repo.dir, backend);
  const seen: string[] = [];
  for await (const commit of g.log(g.facts.tip)) {
    seen.push(commit.sha);
    if (seen.length === 2) break;
  }
  expect(seen).toEqual(shas.slice(0, 2));
  const progress: string[] = [];
  const all = await collect(g.log(g.facts.tip, { onCommit: (c) => progress.push(c.sha) }));
  expect(all.map((c) => c.sha)).toEqual(shas);
  expect(progress).toEqual(shas);
});

test('a shallow clone walks to its boundary, which keeps its real parents and is diffed against the empty tree', async () => {
  const shallow = `${scratchDir()}/shallow`;
  git(repo.dir, 'clone', '-q', '--depth', '3', `file://${repo.dir}`, shallow);
  const [fromNative, fromIsomorphic] = await Promise.all(backends.map(async (b) => collect((await open(shallow, b)).log(shas[0] as string))));
  const g = opened.at(-1) as GitBackend;
  expect(g.facts.shallow).toEqual([shas[2]]);
  expect(fromNative?.map((c) => c.sha)).toEqual(shas.slice(0, 3));
  expect(withoutLineCounts(fromIsomorphic ?? [])).toEqual(withoutLineCounts(fromNative ?? []));
  const boundary = fromNative?.at(-1);
  expect(boundary?.parents).toEqual([shas[3]]);
  expect(boundary?.files.map((f) => [f.path, f.status])).toEqual([
    ['f1.txt', 'added'], ['f2.txt', 'added'], ['f3.txt', 'added'], ['f4.txt', 'added'], ['shared.txt', 'added'],
  ]);
});
