import { expect, test } from 'vitest';
import { walkMergedBranches } from '../../src/git/merged-branches.js';
import type { Commit } from '../../src/git/model.js';
import { openRepository } from '../../src/git/open.js';
import { makeRepo } from '../fixtures/repo.js';

test("the native backend's batch walk of merged branches (one graph read, one commit read) gives what one log walk per branch gives", async () => {
  const repo = await makeRepo([
    { at: '2024-01-01T10:00:00Z', msg: 'Initial parser', files: { 'src/parser.ts': 'export {}\n' } },
    { at: '2024-01-02T10:00:00Z', branch: 'develop', msg: 'Start develop', files: { 'src/lexer.ts': 'export {}\n' } },
    { at: '2024-01-03T10:00:00Z', msg: "Merge branch 'develop'", merge: 'develop' },
    { at: '2024-02-01T10:00:00Z', branch: 'develop', msg: 'Add a lexer for heredocs (#31)', files: { 'src/lexer.ts': 'export const h = 1;\n' } },
    { at: '2024-02-02T09:00:00Z', branch: 'bob/unicode', from: 'develop', msg: 'unicode idents', files: { 'src/lexer.ts': 'export const h = 1, u = 2;\n' } },
    { at: '2024-02-02T10:00:00Z', branch: 'develop', msg: 'Merge pull request #32 from bob/unicode\n\nAccept unicode identifiers', merge: 'bob/unicode' },
    { at: '2024-02-03T10:00:00Z', branch: 'develop', msg: 'Release 2.0.0', files: { 'package.json': '{"version":"2.0.0"}\n', 'old.txt': 'x\n' } },
    { at: '2024-02-04T10:00:00Z', msg: 'Fix a typo', files: { 'README.md': 'hi\n' } },
    { at: '2024-02-05T10:00:00Z', msg: "Merge branch 'develop'", merge: 'develop' },
  ]);
  const git = await openRepository(repo.dir, { backend: 'native' });
  try {
    const chain: Commit[] = [];
    for await (const commit of git.log(git.facts.tip, { lineCounts: false })) chain.push(commit);
    const every = () => true;
    expect(git.parentGraph && git.readCommits).toBeTruthy();
    const batch = await walkMergedBranches(git, chain, every);
    const oneByOne = await walkMergedBranches({ log: (tip, options) => git.log(tip, options) }, chain, every);
    expect(batch).toEqual(oneByOne);
    expect(batch.map((w) => [w.merge.message.split('\n')[0], w.commits.map((c) => c.message.split('\n')[0])])).toEqual([
      ["Merge branch 'develop'", ['Start develop']],
      ["Merge branch 'develop'", ['Release 2.0.0', 'Merge pull request #32 from bob/unicode', 'Add a lexer for heredocs (#31)']],
    ]);
  } finally {
    await git.close();
  }
});

test('merges followed for what their branch brings: the batch walk (messages read without files) and one log walk per branch agree, and a merge not followed leaves its commits to no one', async () => {
  const repo = await makeRepo([
    { at: '2024-01-01T10:00:00Z', msg: 'Initial parser', files: { 'src/parser.ts': 'export {}\n' } },
    { at: '2024-02-01T10:00:00Z', branch: 'alice/retry', msg: 'Retry with backoff', files: { 'src/retry.ts': 'export {}\n' } },
    { at: '2024-02-02T10:00:00Z', msg: 'Merge pull request #21 from alice/retry\n\nRetry failed requests', merge: 'alice/retry' },
    { at: '2024-02-03T10:00:00Z', branch: 'plugins', msg: 'Add plugin hooks (#41)', files: { 'src/hooks.ts': 'export {}\n' } },
    { at: '2024-02-04T10:00:00Z', branch: 'plugins', msg: 'Validate plugin manifests (#42)', files: { 'src/manifest.ts': 'export {}\n' } },
    { at: '2024-02-05T10:00:00Z', msg: 'Merge pull request #44 from org/plugins\n\nAdd a plugin system', merge: 'plugins' },
  ]);
  const git = await openRepository(repo.dir, { backend: 'native' });
  try {
    const chain: Commit[] = [];
    for await (const commit of git.log(git.facts.tip, { lineCounts: false })) chain.push(commit);
    const never = () => false;
    const asked: string[] = [];
    const twoSquashes = (merge: Commit, branch: readonly { message: string }[]) => {
      asked.push(merge.message.split('\n')[0]!);
      return branch.filter((c) => /\(#\d+\)\n?$/.test(c.message.split('\n')[0]!)).length >= 2;
    };
    const batch = await walkMergedBranches(git, chain, never, twoSquashes);
    const oneByOne = await walkMergedBranches({ log: (tip, options) => git.log(tip, options) }, chain, never, twoSquashes);
    expect(batch).toEqual(oneByOne);
    expect(asked).toEqual(['Merge pull request #21 from alice/retry', 'Merge pull request #44 from org/plugins', 'Merge pull request #21 from alice/retry', 'Merge pull request #44 from org/plugins']);
    expect(batch.map((w) => [w.merge.message.split('\n')[0], w.commits.map((c) => c.message.split('\n')[0])])).toEqual([
      ['Merge pull request #44 from org/plugins', ['Validate plugin manifests (#42)', 'Add plugin hooks (#41)']],
    ]);
    const messages = await git.readMessages!(batch[0]!.commits.map((c) => c.sha));
    expect([...messages.values()].map((m) => m.split('\n')[0])).toEqual(['Validate plugin manifests (#42)', 'Add plugin hooks (#41)']);
  } finally {
    await git.close();
  }
});
