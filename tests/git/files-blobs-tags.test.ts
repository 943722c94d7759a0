import { afterAll, beforeAll, expect, test } from 'vitest';
import type { GitBackend } from '../../src/git/backend.js';
import type { Commit } from '../../src/git/model.js';
import { openRepository } from '../../src/git/open.js';
import { type ScratchRepo, collect, createScratchRepo, gitBytes, removeScratch, withoutLineCounts } from './scratch-repo.js';

const backends = ['native', 'isomorphic'] as const;
let repo: ScratchRepo;
let first: string;
let tip: string;
let withGitlink: string;
const g: Partial<Record<(typeof backends)[number], GitBackend>> = {};
const odd = { space: 'dir with space/tab\there.txt', unicode: 'ünïcödé/日本.md', newline: 'new\nline.txt' };

beforeAll(async () => {
  repo = createScratchRepo();
  first = repo.commit('First', { 'b.txt': 'bee\n', 'a/z.txt': 'zed\n', 'a-b.txt': 'dash\n', [odd.space]: 'x\n' });
  repo.git('update-index', '--add', '--cacheinfo', `160000,${first},sub`);
  repo.git('commit', '-q', '-m', 'Gitlink');
  withGitlink = repo.git('rev-parse', 'HEAD');
  repo.git('tag', 'light');
  repo.git('tag', '-a', 'v1.0', '-m', 'Release 1.0\n\nNotes line.');
  repo.git('tag', '-a', 'v1.0-again', '-m', 'A tag of a tag', 'v1.0');
  repo.git('tag', 'tree-tag', 'HEAD^{tree}');
  const blob = gitBytes(repo.dir, ['hash-object', '-w', '--stdin'], 'loose blob').toString().trim();
  repo.git('tag', '-a', 'blob-tag', '-m', 'points at a blob', blob);
  repo.write({ sub: null });
  repo.git('rm', '-q', '--cached', 'sub');
  tip = repo.commit('Odd names', { [odd.unicode]: 'unicode\n', [odd.newline]: 'newline\n', 'bin/run': { text: '#!/bin/sh\n', executable: true } });
  for (const backend of backends) g[backend] = await openRepository(repo.dir, { backend });
});

afterAll(async () => {
  await Promise.all(Object.values(g).map((b) => b.close()));
  removeScratch();
});

const both = () => backends.map((b) => g[b] as GitBackend);

test('listFiles lists blobs with modes, sorted by path, without gitlinks, identically in both backends', async () => {
  const [native, isomorphic] = await Promise.all(both().map((b) => b.listFiles(withGitlink)));
  expect(native?.map((f) => [f.path, f.mode])).toEqual([
    ['a-b.txt', '100644'], ['a/z.txt', '100644'], ['b.txt', '100644'], [odd.space, '100644'],
  ]);
  expect(isomorphic).toEqual(native);
  const [nativeTip, isomorphicTip] = await Promise.all(both().map((b) => b.listFiles(tip)));
  expect(nativeTip?.map((f) => f.path)).toEqual(['a-b.txt', 'a/z.txt', 'b.txt', 'bin/run', odd.space, odd.newline, odd.unicode]);
  expect(nativeTip?.find((f) => f.path === 'bin/run')?.mode).toBe('100755');
  expect(isomorphicTip).toEqual(nativeTip);
});

test('paths with spaces, tabs, newlines and non-ASCII letters come through the log verbatim in both backends', async () => {
  const [native, isomorphic] = (await Promise.all(both().map((b) => collect(b.log(tip))))) as [Commit[], Commit[]];
  expect(native[0]?.files.map((f) => f.path)).toEqual(['bin/run', odd.newline, 'sub', odd.unicode]);
  expect(native.at(-1)?.files.map((f) => f.path)).toContain(odd.space);
  expect(withoutLineCounts(isomorphic)).toEqual(withoutLineCounts(native));
});

test.each(backends)('%s readBlob and readFileAt return file bytes, and null for what is not a file', async (backend) => {
  const b = g[backend] as GitBackend;
  const files = await b.listFiles(tip);
  const unicode = files.find((f) => f.path === odd.unicode);
  expect(Buffer.from((await b.readBlob(unicode?.oid ?? '')) ?? [])).toEqual(Buffer.from('unicode\n'));
  expect(Buffer.from((await b.readFileAt(tip, 'a/z.txt')) ?? [])).toEqual(Buffer.from('zed\n'));
  expect(Buffer.from((await b.readFileAt(tip, odd.space)) ?? [])).toEqual(Buffer.from('x\n'));
  expect(await b.readFileAt(tip, 'a')).toBeNull();
  expect(await b.readFileAt(tip, 'no/such.txt')).toBeNull();
  expect(await b.readBlob(tip)).toBeNull();
});

test('listTags peels annotated tags to commits, with tagger time and message, and leaves out tags of trees and blobs', async () => {
  const [native, isomorphic] = await Promise.all(both().map((b) => b.listTags()));
  const taggerTime = (name: string) => new Date(Number(repo.git('for-each-ref', '--format=%(taggerdate:unix)', `refs/tags/${name}`)) * 1000).toISOString();
  expect(native).toEqual([
    { name: 'light', commit: withGitlink, taggerTime: null, message: null },
    { name: 'v1.0', commit: withGitlink, taggerTime: taggerTime('v1.0'), message: 'Release 1.0\n\nNotes line.' },
    { name: 'v1.0-again', commit: withGitlink, taggerTime: taggerTime('v1.0-again'), message: 'A tag of a tag' },
  ]);
  expect(isomorphic).toEqual(native);
});
