import { join } from 'node:path';
import { expect, test } from 'vitest';
import { snapshotRepository } from '../../src/api/snapshot.js';
import { openStore } from '../../src/store/open.js';
import { findRepo } from '../../src/store/repos.js';
import { loadWorkItems } from '../../src/store/work-items.js';
import { splitLaterWork } from '../../src/validate/later-work.js';
import { makeRepo, tempDir, type CommitSpec } from '../fixtures/repo.js';

/**
 * Later work read from real repositories of each workflow, through the
 * snapshot command's mining: what is judged (pull requests and direct
 * changes that do work) and what is counted apart (releases, branch merges,
 * chores, translations, bots).
 */
const T0 = '2024-01-15';

async function laterWork(commits: readonly CommitSpec[]) {
  const repo = await makeRepo(commits);
  const db = join(await tempDir(), 'store.db');
  await snapshotRepository({ repo: repo.dir, t0: T0, db, gitBackend: 'native' });
  const store = openStore(db);
  try {
    const { id } = findRepo(store, repo.dir)!;
    const later = splitLaterWork(loadWorkItems(store, id, { after: T0 }), false);
    return { ...later, judgedKeys: later.judged.map((i) => `${i.key} ${i.title}`), apartTitles: later.apart.map((i) => i.title) };
  } finally {
    store.close();
  }
}

const start: CommitSpec[] = [{ at: '2024-01-01T10:00:00Z', msg: 'Initial parser', files: { 'src/parser.ts': 'export {}\n' } }];

test('a squash workflow: each "Title (#N)" is a pull request; the release and the formatting pass are counted apart', async () => {
  const later = await laterWork([
    ...start,
    { at: '2024-02-01T10:00:00Z', msg: 'Handle escaped quotes in the parser (#12)', files: { 'src/parser.ts': 'export const q = 1;\n' } },
    { at: '2024-02-02T10:00:00Z', msg: 'Format (#13)', files: { 'src/parser.ts': 'export const q = 1;\n\n' } },
    { at: '2024-02-03T10:00:00Z', msg: 'chore: release v1.3.0 (#14)', files: { 'package.json': '{"version":"1.3.0"}\n', 'CHANGELOG.md': '# 1.3.0\n' } },
    { at: '2024-02-04T10:00:00Z', msg: 'Bump lodash from 4.17.20 to 4.17.21 (#15)', files: { 'package.json': '{"version":"1.3.0","d":1}\n' } },
  ]);
  expect(later.judgedKeys).toEqual(['pr#12 Handle escaped quotes in the parser']);
  expect(later.byKind).toMatchObject({ pull_request: 1, direct: 0, chore: 1, release: 1, bot: 1, branch_merge: 0 });
});

test('a merge workflow: "Merge pull request #N" is that pull request, not a branch merge, and its commits are not read again', async () => {
  const later = await laterWork([
    ...start,
    { at: '2024-02-01T10:00:00Z', branch: 'alice/retry', msg: 'wip', files: { 'src/retry.ts': 'export {}\n' } },
    { at: '2024-02-01T11:00:00Z', branch: 'alice/retry', msg: 'more wip', files: { 'src/retry.ts': 'export const r = 1;\n' } },
    { at: '2024-02-02T10:00:00Z', msg: 'Merge pull request #21 from alice/retry\n\nRetry failed requests with backoff', merge: 'alice/retry' },
    { at: '2024-02-03T10:00:00Z', msg: 'Update contributors', files: { 'AUTHORS': 'alice\n' } },
  ]);
  expect(later.judgedKeys).toEqual(['pr#21 Retry failed requests with backoff']);
  expect(later.byKind).toMatchObject({ pull_request: 1, chore: 1, direct: 0, branch_merge: 0 });
});

test('a rebase workflow: rebased commits are direct changes that do work, each on its own', async () => {
  const later = await laterWork([
    ...start,
    { at: '2024-02-01T10:00:00Z', msg: 'Parse tabs as whitespace', files: { 'src/parser.ts': 'export const t = 1;\n' } },
    { at: '2024-02-01T10:05:00Z', msg: 'Test tab parsing', files: { 'test/parser.test.ts': 'test\n' } },
    { at: '2024-02-02T10:00:00Z', msg: 'Fix CI', files: { '.github/workflows/ci.yml': 'on: push\n' } },
  ]);
  expect(later.judged.map((i) => i.title)).toEqual(['Parse tabs as whitespace', 'Test tab parsing']);
  expect(later.byKind).toMatchObject({ direct: 2, chore: 1 });
});

test('a develop/main flow: pull requests that reach main only through a branch merge still count, read from the merged branch', async () => {
  const later = await laterWork([
    ...start,
    { at: '2024-01-02T10:00:00Z', branch: 'develop', msg: 'Start develop', files: { 'src/lexer.ts': 'export {}\n' } },
    { at: '2024-01-03T10:00:00Z', msg: "Merge branch 'develop'", merge: 'develop' },
    // After T0: two pull requests land on develop (one squashed, one merged), then develop goes into main.
    { at: '2024-02-01T10:00:00Z', branch: 'develop', msg: 'Add a lexer for heredocs (#31)', files: { 'src/lexer.ts': 'export const h = 1;\n' } },
    { at: '2024-02-02T09:00:00Z', branch: 'bob/unicode', from: 'develop', msg: 'unicode idents', files: { 'src/lexer.ts': 'export const h = 1, u = 2;\n' } },
    { at: '2024-02-02T10:00:00Z', branch: 'develop', msg: 'Merge pull request #32 from bob/unicode\n\nAccept unicode identifiers', merge: 'bob/unicode' },
    { at: '2024-02-03T10:00:00Z', branch: 'develop', msg: 'Release 2.0.0', files: { 'package.json': '{"version":"2.0.0"}\n' } },
    { at: '2024-02-05T10:00:00Z', msg: "Merge branch 'develop'", merge: 'develop' },
  ]);
  expect(later.judgedKeys).toEqual(['pr#31 Add a lexer for heredocs', 'pr#32 Accept unicode identifiers']);
  expect(later.apartTitles).toEqual(["Merge branch 'develop'", 'Release 2.0.0']);
  expect(later.byKind).toMatchObject({ pull_request: 2, branch_merge: 1, release: 1, direct: 0 });
  // They landed on main when the branch merge did; the work of the first merge (before T0) is not later work.
  expect(later.judged.every((i) => i.mergedAt === '2024-02-05T10:00:00.000Z')).toBe(true);
});

test("a topic branch named for carrying stable into main is a branch merge: the stable work it brings still counts", async () => {
  // click's 361915bb "Merge branch 'stable-into-main-2'": a branch cut from stable only to merge it into main.
  const later = await laterWork([
    ...start,
    { at: '2024-01-02T10:00:00Z', branch: 'stable', msg: 'Start stable', files: { 'src/stable.ts': 'export {}\n' } },
    { at: '2024-02-01T10:00:00Z', branch: 'stable', msg: 'Fix missing reset in isolation (#91)', files: { 'src/stable.ts': 'export const r = 1;\n' } },
    { at: '2024-02-02T10:00:00Z', branch: 'stable', msg: 'Use subprocess instead of os.system', files: { 'src/run.ts': 'export {}\n' } },
    { at: '2024-02-03T10:00:00Z', branch: 'stable-into-main-2', from: 'stable', msg: 'Resolve conflicts', files: { 'src/parser.ts': 'export const s = 1;\n' } },
    { at: '2024-02-05T10:00:00Z', msg: "Merge branch 'stable-into-main-2'", merge: 'stable-into-main-2' },
  ]);
  // One pull request among them, so what the branch brings does not make it an integration line: its name does.
  expect(later.judged.map((i) => `${i.key.replace(/:.*/, '')} ${i.title}`).sort()).toEqual(['commit Start stable', 'commit Use subprocess instead of os.system', 'pr#91 Fix missing reset in isolation']);
  expect(later.apartTitles).toEqual(['Resolve conflicts', "Merge branch 'stable-into-main-2'"]);
  expect(later.byKind).toMatchObject({ pull_request: 1, direct: 2, branch_merge: 1, chore: 1 });
});

test('a long-lived branch that gathered pull requests and reached main by one pull request titled with its work: the merge is a branch merge, what it brought counts', async () => {
  const later = await laterWork([
    ...start,
    // After T0: a plugin branch gathers two small pull requests (one merged, one squashed) and its author's own commit.
    { at: '2024-02-01T10:00:00Z', branch: 'plugins', msg: 'Load plugins from a folder', files: { 'src/plugins.ts': 'export {}\n' } },
    { at: '2024-02-02T09:00:00Z', branch: 'carol/hooks', from: 'plugins', msg: 'hooks', files: { 'src/hooks.ts': 'export {}\n' } },
    { at: '2024-02-02T10:00:00Z', branch: 'plugins', msg: 'Merge pull request #41 from carol/hooks\n\nAdd plugin hooks', merge: 'carol/hooks' },
    { at: '2024-02-03T10:00:00Z', branch: 'plugins', msg: 'Validate plugin manifests (#42)', files: { 'src/manifest.ts': 'export {}\n' } },
    { at: '2024-02-04T10:00:00Z', msg: 'Fix escaped quotes (#43)', files: { 'src/parser.ts': 'export const q = 1;\n' } },
    { at: '2024-02-05T10:00:00Z', branch: 'plugins', msg: "Merge branch 'main' into plugins", merge: 'main' },
    { at: '2024-02-06T10:00:00Z', msg: 'Merge pull request #44 from org/plugins\n\nAdd a plugin system', merge: 'plugins' },
  ]);
  expect(later.judgedKeys).toEqual([
    'pr#43 Fix escaped quotes',
    'commit:' + later.judged[1]!.sha + ' Load plugins from a folder',
    'pr#41 Add plugin hooks',
    'pr#42 Validate plugin manifests',
  ]);
  expect(later.apartTitles).toEqual(["Merge branch 'main' into plugins", 'Add a plugin system']);
  expect(later.byKind).toMatchObject({ pull_request: 3, direct: 1, branch_merge: 2 });
  // What the branch brought landed on main with its merge.
  expect(later.judged.filter((i) => i.key !== 'pr#43').every((i) => i.mergedAt === '2024-02-06T10:00:00.000Z')).toBe(true);
});

test('a topic branch with one pull request merged into it stays one pull request: the one it took in is part of its work', async () => {
  const later = await laterWork([
    ...start,
    { at: '2024-02-01T10:00:00Z', branch: 'alice/retry', msg: 'Retry with backoff', files: { 'src/retry.ts': 'export {}\n' } },
    { at: '2024-02-02T10:00:00Z', branch: 'alice/retry', msg: 'Add jitter to the backoff (#51)', files: { 'src/retry.ts': 'export const j = 1;\n' } },
    { at: '2024-02-03T10:00:00Z', msg: 'Merge pull request #52 from alice/retry\n\nRetry failed requests', merge: 'alice/retry' },
  ]);
  expect(later.judgedKeys).toEqual(['pr#52 Retry failed requests']);
  expect(later.byKind).toMatchObject({ pull_request: 1, direct: 0, branch_merge: 0 });
});

test("a pull request's branch that merged main in (and main's squashed pull requests with it) is still one pull request", async () => {
  const later = await laterWork([
    ...start,
    { at: '2024-02-01T10:00:00Z', branch: 'alice/retry', msg: 'Retry with backoff', files: { 'src/retry.ts': 'export {}\n' } },
    { at: '2024-02-02T10:00:00Z', msg: 'Fix escaped quotes (#61)', files: { 'src/parser.ts': 'export const q = 1;\n' } },
    { at: '2024-02-03T10:00:00Z', msg: 'Parse tabs (#62)', files: { 'src/parser.ts': 'export const q = 2;\n' } },
    { at: '2024-02-04T10:00:00Z', branch: 'alice/retry', msg: "Merge branch 'main' into alice/retry", merge: 'main' },
    { at: '2024-02-05T10:00:00Z', msg: 'Merge pull request #63 from alice/retry\n\nRetry failed requests', merge: 'alice/retry' },
  ]);
  expect(later.judgedKeys).toEqual(['pr#61 Fix escaped quotes', 'pr#62 Parse tabs', 'pr#63 Retry failed requests']);
  expect(later.byKind).toMatchObject({ pull_request: 3, branch_merge: 0 });
});

test('a squash of a long-lived branch into main keeps one pull request: git kept one commit', async () => {
  const later = await laterWork([
    ...start,
    { at: '2024-02-01T10:00:00Z', branch: 'plugins', msg: 'Add plugin hooks (#71)', files: { 'src/hooks.ts': 'export {}\n' } },
    { at: '2024-02-02T10:00:00Z', branch: 'plugins', msg: 'Validate plugin manifests (#72)', files: { 'src/manifest.ts': 'export {}\n' } },
    { at: '2024-02-03T10:00:00Z', msg: 'Add a plugin system (#73)', files: { 'src/hooks.ts': 'export {}\n', 'src/manifest.ts': 'export {}\n' } },
  ]);
  expect(later.judgedKeys).toEqual(['pr#73 Add a plugin system']);
});

test('a pull request from develop titled with its work is a branch merge: its pull requests are read from develop', async () => {
  const later = await laterWork([
    ...start,
    { at: '2024-01-02T10:00:00Z', branch: 'develop', msg: 'Start develop', files: { 'src/lexer.ts': 'export {}\n' } },
    { at: '2024-01-03T10:00:00Z', msg: "Merge branch 'develop'", merge: 'develop' },
    { at: '2024-02-01T10:00:00Z', branch: 'develop', msg: 'Add a lexer for heredocs (#81)', files: { 'src/lexer.ts': 'export const h = 1;\n' } },
    { at: '2024-02-02T10:00:00Z', branch: 'develop', msg: 'Accept unicode identifiers (#82)', files: { 'src/lexer.ts': 'export const h = 1, u = 2;\n' } },
    { at: '2024-02-05T10:00:00Z', msg: 'Merge pull request #83 from org/develop\n\nv2 features', merge: 'develop' },
  ]);
  expect(later.judgedKeys).toEqual(['pr#81 Add a lexer for heredocs', 'pr#82 Accept unicode identifiers']);
  expect(later.apartTitles).toEqual(['v2 features']);
  expect(later.byKind).toMatchObject({ pull_request: 2, branch_merge: 1 });
});

test("a contributor's pull request from their fork's master, titled with its work, is that pull request: the branch's name alone makes no branch merge", async () => {
  const later = await laterWork([
    ...start,
    { at: '2024-02-01T10:00:00Z', branch: 'fork-master', msg: 'Add syntax mapping for flake.lock', files: { 'src/mapping.ts': 'export {}\n' } },
    { at: '2024-02-01T11:00:00Z', branch: 'fork-master', msg: 'Add a test', files: { 'test/mapping.test.ts': 'test\n' } },
    { at: '2024-02-02T10:00:00Z', msg: 'Merge pull request #91 from alice/master\n\nAdd syntax mapping for flake.lock', merge: 'fork-master' },
  ]);
  expect(later.judgedKeys).toEqual(['pr#91 Add syntax mapping for flake.lock']);
  expect(later.byKind).toMatchObject({ pull_request: 1, direct: 0, branch_merge: 0 });
});
