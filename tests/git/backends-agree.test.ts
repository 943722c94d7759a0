import { afterAll, beforeAll, expect, test } from 'vitest';
import type { GitBackend } from '../../src/git/backend.js';
import type { Commit } from '../../src/git/model.js';
import { openRepository } from '../../src/git/open.js';
import { type ScratchRepo, collect, createScratchRepo, git, gitBytes, removeScratch, scratchDir, withoutLineCounts } from './scratch-repo.js';

let repo: ScratchRepo;
let native: Commit[];
let isomorphic: Commit[];
const sha: Record<string, string> = {};
const opened: GitBackend[] = [];

async function walk(path: string, backend: 'native' | 'isomorphic'): Promise<Commit[]> {
  const git = await openRepository(path, { backend });
  opened.push(git);
  return collect(git.log(git.facts.tip));
}

/** Writes a commit object byte for byte (for messages and names git commit would not write). */
function rawCommit(dir: string, body: Buffer): string {
  const tree = git(dir, 'rev-parse', 'HEAD^{tree}');
  const parent = git(dir, 'rev-parse', 'HEAD');
  const object = Buffer.concat([Buffer.from(`tree ${tree}\nparent ${parent}\n`), body]);
  const oid = gitBytes(dir, ['hash-object', '-w', '-t', 'commit', '--stdin'], object).toString().trim();
  git(dir, 'update-ref', 'refs/heads/main', oid);
  return oid;
}

beforeAll(async () => {
  repo = createScratchRepo();
  sha.root = repo.commit('Initial commit\n\nWith a body.', {
    'README.md': '# demo\n',
    'src/a/deep/x.ts': 'export const x = 1;\nexport const y = 2;\n',
    'src/b.ts': 'b\n',
    'bin/tool.sh': { text: '#!/bin/sh\necho hi\n', executable: true },
    'img.bin': Buffer.from([0, 1, 2, 3, 0, 255]),
    'empty.txt': '',
    'dup/one.txt': 'same\n',
    'dup/two.txt': 'same\n',
    thing: 'a file for now\n',
  });
  sha.modify = repo.commit('Modify, delete and add', {
    'src/b.ts': 'b\nb2\nb3\n',
    'empty.txt': null,
    'docs/guide.md': 'guide\n',
  });
  sha.rename = repo.commit('Move files', {
    'src/a/deep/x.ts': null,
    'lib/x.ts': 'export const x = 1;\nexport const y = 2;\n',
    'dup/one.txt': null,
    'dup/two.txt': null,
    'moved/a.txt': 'same\n',
    'moved/b.txt': 'same\n',
  });
  sha.mode = repo.commit('Mode change and binary edit', {
    'bin/tool.sh': { text: '#!/bin/sh\necho hi\n', executable: false },
    'img.bin': Buffer.from([0, 9, 9, 9, 0]),
  });
  repo.git('rm', '-q', 'docs/guide.md');
  sha.links = linkCommit(repo);
  sha.fileToDir = repo.commit('File becomes a directory', { thing: null, 'thing/inner.txt': 'inner\n' });
  repo.git('checkout', '-q', '-b', 'feature');
  repo.commit('Feature work', { 'src/b.ts': 'b\nb2\nb3\nfeature\n', 'feature.ts': 'f\n' });
  repo.git('checkout', '-q', 'main');
  repo.commit('Main moves on', { 'README.md': '# demo\n\nmore\n' });
  repo.git('merge', '-q', '--no-ff', '-m', 'Merge branch feature', 'feature');
  sha.merge = repo.git('rev-parse', 'HEAD');
  repo.git('update-index', '--add', '--cacheinfo', `160000,${sha.root},vendor/sub`);
  repo.git('commit', '-q', '-m', 'Add a submodule gitlink');
  sha.gitlink = repo.git('rev-parse', 'HEAD');
  repo.git('rm', '-q', '--cached', 'vendor/sub');
  sha.unlink = repo.commit('Gitlink becomes a file', { 'vendor/sub': 'now a file\n' });
  sha.empty = repo.commit('Nothing changes');
  sha.latin1 = rawCommit(
    repo.dir,
    Buffer.concat([
      Buffer.from('author Jos\xe9 Nu\xf1ez <jose@example.com> 1704153600 +0100\n', 'latin1'),
      Buffer.from('committer Grace Hopper <grace@example.com> 1704157200 -0500\n\n'),
      Buffer.from('Caf\xe9 cr\xe8me, not UTF-8\n\nbytes \xff\xfe end\n', 'latin1'),
    ]),
  );
  sha.declared = rawCommit(
    repo.dir,
    Buffer.concat([
      Buffer.from('author Jos\xe9 <jose@example.com> 1704160000 +0000\ncommitter Jos\xe9 <jose@example.com> 1704160000 +0000\n', 'latin1'),
      Buffer.from('encoding ISO-8859-1\n\nD\xe9j\xe0 vu, declared Latin-1\n', 'latin1'),
    ]),
  );
  sha.bare = rawCommit(repo.dir, Buffer.from('author A <a@x> 1704240000 +0000\ncommitter A <a@x> 1704240000 +0000\n\nno newline at the end'));
  repo.write({ 'src/b.ts': 'final\n' });
  repo.git('commit', '-q', '-a', '--cleanup=verbatim', '-m', 'Last one\n\n\nwith blank lines kept inside\n\n');
  sha.tip = repo.git('rev-parse', 'HEAD');
  native = await walk(repo.dir, 'native');
  isomorphic = await walk(repo.dir, 'isomorphic');
});

/** A symlink added, and a regular file turned into a symlink (a type change). */
function linkCommit(r: ScratchRepo): string {
  const link = (target: string, path: string) => {
    const oid = gitBytes(r.dir, ['hash-object', '-w', '--stdin'], target).toString().trim();
    r.git('update-index', '--add', '--cacheinfo', `120000,${oid},${path}`);
  };
  link('README.md', 'readme-link');
  link('src/b.ts', 'bin/tool.sh');
  r.git('commit', '-q', '-m', 'Symlinks');
  r.git('checkout', '-q', '--', '.');
  return r.git('rev-parse', 'HEAD');
}

afterAll(async () => {
  await Promise.all(opened.map((g) => g.close()));
  removeScratch();
});

const byCommit = (commits: Commit[], id: string | undefined): Commit => {
  const found = commits.find((c) => c.sha === id);
  if (!found) throw new Error(`no commit ${id}`);
  return found;
};

test('both backends give the same records for the whole first-parent history', () => {
  expect(native.length).toBe(15);
  expect(withoutLineCounts(isomorphic)).toEqual(withoutLineCounts(native));
});

test('line counts agree wherever both backends give one', () => {
  native.forEach((commit, i) =>
    commit.files.forEach((file, j) => {
      const other = isomorphic[i]?.files[j];
      if (file.additions !== null && other?.additions != null) expect(other.additions).toBe(file.additions);
      if (file.deletions !== null && other?.deletions != null) expect(other.deletions).toBe(file.deletions);
    }),
  );
});

test('the walk is newest first and ends with the root commit, diffed against the empty tree', () => {
  expect(native[0]?.sha).toBe(sha.tip);
  const root = native.at(-1) as Commit;
  expect(root.sha).toBe(sha.root);
  expect(root.parents).toEqual([]);
  expect(root.files.map((f) => [f.path, f.status])).toEqual([
    ['README.md', 'added'], ['bin/tool.sh', 'added'], ['dup/one.txt', 'added'], ['dup/two.txt', 'added'],
    ['empty.txt', 'added'], ['img.bin', 'added'], ['src/a/deep/x.ts', 'added'], ['src/b.ts', 'added'], ['thing', 'added'],
  ]);
  expect(root.message).toBe('Initial commit\n\nWith a body.');
});

test('the native backend counts lines of text files and gives null for binary ones', () => {
  const files = byCommit(native, sha.modify).files;
  expect(files).toEqual([
    { path: 'docs/guide.md', oldPath: null, status: 'added', additions: 1, deletions: 0 },
    { path: 'empty.txt', oldPath: null, status: 'deleted', additions: 0, deletions: 0 },
    { path: 'src/b.ts', oldPath: null, status: 'modified', additions: 2, deletions: 0 },
  ]);
  expect(byCommit(native, sha.mode).files.find((f) => f.path === 'img.bin')).toMatchObject({ status: 'modified', additions: null, deletions: null });
});

test('an exact rename is one renamed record with 0/0 lines, paired in path order when blobs repeat', () => {
  expect(byCommit(native, sha.rename).files).toEqual([
    { path: 'lib/x.ts', oldPath: 'src/a/deep/x.ts', status: 'renamed', additions: 0, deletions: 0 },
    { path: 'moved/a.txt', oldPath: 'dup/one.txt', status: 'renamed', additions: 0, deletions: 0 },
    { path: 'moved/b.txt', oldPath: 'dup/two.txt', status: 'renamed', additions: 0, deletions: 0 },
  ]);
});

test('a mode-only change is a modification of 0/0 lines', () => {
  expect(byCommit(native, sha.mode).files.find((f) => f.path === 'bin/tool.sh')).toEqual({
    path: 'bin/tool.sh', oldPath: null, status: 'modified', additions: 0, deletions: 0,
  });
});

test('symlinks are files, and a file turned into a symlink is modified', () => {
  expect(byCommit(native, sha.links).files.map((f) => [f.path, f.status])).toEqual([
    ['bin/tool.sh', 'modified'], ['docs/guide.md', 'deleted'], ['readme-link', 'added'],
  ]);
});

test('a file replaced by a directory is a deletion and an addition', () => {
  expect(byCommit(native, sha.fileToDir).files.map((f) => [f.path, f.status])).toEqual([
    ['thing', 'deleted'], ['thing/inner.txt', 'added'],
  ]);
});

test('a merge commit lists only what it changed against its first parent, and the walk skips the merged branch', () => {
  const merge = byCommit(native, sha.merge);
  expect(merge.parents).toHaveLength(2);
  expect(merge.files.map((f) => [f.path, f.status, f.additions])).toEqual([['feature.ts', 'added', 1], ['src/b.ts', 'modified', 1]]);
  expect(native.map((c) => c.message)).not.toContain('Feature work');
});

test('a submodule gitlink added is a change to its path with no blob, and a gitlink replaced by a file is an added file', () => {
  // A syntax added as a submodule (bat's assets/syntaxes/02_Extra/<Name>) is work at that path.
  expect(byCommit(native, sha.gitlink).files.map((f) => [f.path, f.status, f.additions])).toEqual([['vendor/sub', 'added', null]]);
  expect(byCommit(isomorphic, sha.gitlink).files).toEqual(byCommit(native, sha.gitlink).files);
  expect(byCommit(native, sha.unlink).files.map((f) => [f.path, f.status])).toEqual([['vendor/sub', 'added']]);
  expect(byCommit(native, sha.empty).files).toEqual([]);
});

test('a message and a name that are not UTF-8 decode with U+FFFD, identically in both backends', () => {
  const commit = byCommit(native, sha.latin1);
  expect(commit.message).toBe('Caf\uFFFD cr\uFFFDme, not UTF-8\n\nbytes \uFFFD\uFFFD end');
  expect(commit.authorName).toBe('Jos\uFFFD Nu\uFFFDez');
  expect(commit.authorTime).toBe('2024-01-02T00:00:00.000Z');
  expect(commit.committerTime).toBe('2024-01-02T01:00:00.000Z');
  expect(byCommit(isomorphic, sha.latin1)).toEqual(commit);
});

test('a commit with an encoding header is decoded in that encoding, identically in both backends', () => {
  const commit = byCommit(native, sha.declared);
  expect(commit).toMatchObject({ message: 'D\u00e9j\u00e0 vu, declared Latin-1', authorName: 'Jos\u00e9', committerName: 'Jos\u00e9' });
  expect(byCommit(isomorphic, sha.declared)).toEqual(commit);
});

test('one trailing newline is removed from messages and nothing else', () => {
  expect(byCommit(native, sha.bare).message).toBe('no newline at the end');
  expect(byCommit(native, sha.tip).message).toBe('Last one\n\n\nwith blank lines kept inside\n');
  expect(byCommit(native, sha.tip)).toMatchObject({ authorName: 'Ada Lovelace', committerEmail: 'grace@example.com' });
});

test('a bare clone gives the same records as the work tree in both backends', async () => {
  const bare = `${scratchDir()}/bare.git`;
  git(repo.dir, 'clone', '-q', '--bare', repo.dir, bare);
  const fromNative = await walk(bare, 'native');
  const fromIsomorphic = await walk(bare, 'isomorphic');
  expect(fromNative).toEqual(native);
  expect(withoutLineCounts(fromIsomorphic)).toEqual(withoutLineCounts(native));
  expect(opened.at(-1)?.facts.bare).toBe(true);
});
