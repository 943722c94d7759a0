import { expect, test } from 'vitest';
import { branchLines, doneOnBranch, landedTitle } from '../../src/forecast/pending/branch-work.js';
import type { BranchEvidence, Snapshot } from '../../src/snapshot/model.js';
import { topicTokens } from '../../src/text/tokens.js';

const T0 = '2025-09-01T00:00:00.000Z';

function branch(name: string, titles: string[], lastDay: string, shared: string[] = [], paths = ['table/table.go']): BranchEvidence {
  // Newest first; `shared` are the oldest commits, the base a line's branches have in common.
  const own = titles.map((title, i) => ({ sha: `${name}-${i}`.padEnd(40, '0'), date: `2025-${lastDay}T00:00:00.000Z`, title }));
  const base = shared.map((title, i) => ({ sha: `base-${i}`.padEnd(40, '0'), date: `2025-0${1 + Math.min(i, 5)}-01T00:00:00.000Z`, title }));
  const commits = [...own, ...base];
  return {
    kind: 'branch', ref: `branch:${name}`, date: commits[0]!.date, text: name, name, tip: commits[0]!.sha, forkPoint: 'f'.repeat(40), forkDate: '2024-08-01T00:00:00.000Z',
    commitCount: commits.length, firstDate: commits.at(-1)!.date, lastDate: commits[0]!.date, commits,
    paths: paths.map((path) => ({ path, commits: 3 })),
  };
}

function snapshotWith(rows: BranchEvidence[]): Snapshot {
  return { repo: { name: 'x', path: '/x', defaultBranch: 'master' }, t0: T0, evidence: rows } as unknown as Snapshot;
}

const base = Array.from({ length: 12 }, (_, i) => (i % 2 ? `fix(table): fix rendering case ${i}` : `feat(color): adaptive color step ${i}`));

test('branches sharing their oldest commits are one line, named by the base the others hold', () => {
  const lines = branchLines(snapshotWith([
    branch('feat-support-js', ['feat: support js', 'fix(table): improve height handling for cells with vertical padding'], '08-14', base),
    branch('v2-exp', [], '03-25', base),
  ]));
  expect(lines).toHaveLength(1);
  expect(lines[0]!.name).toBe('v2-exp');
  expect(lines[0]!.title).toBe('Land the v2-exp branch work on master: table fixes, color features');
});

test('a branch that is short, old or a release line is no line', () => {
  expect(branchLines(snapshotWith([branch('topic', ['feat(a): one', 'feat(a): two'], '08-14')]))).toEqual([]);
  expect(branchLines(snapshotWith([branch('old', [], '03-01', base)]))).toEqual([]);
  expect(branchLines(snapshotWith([branch('4.x', ['fix: backport'], '08-14', base)]))).toEqual([]);
});

test('a family whose work a branch commit already does is stated as landing it', () => {
  const lines = branchLines(snapshotWith([branch('v2-exp', ['fix(table): improve height handling for cells with vertical padding'], '08-14', base)]));
  const done = doneOnBranch(lines, 'Fix table height in table/table.go', ['table/table.go'], topicTokens);
  expect(done?.commit.title).toBe('fix(table): improve height handling for cells with vertical padding');
  expect(landedTitle(done!, 'Fix table height in table/table.go')).toBe("Land the v2-exp branch's work on master: fix table height in table/table.go");
  // Not when the family's files are not the branch's, nor when the titles share one word only.
  expect(doneOnBranch(lines, 'Fix table height in table/table.go', ['style.go'], topicTokens)).toBeNull();
  expect(doneOnBranch(lines, 'Fix table borders in table/table.go', ['table/table.go'], topicTokens)).toBeNull();
});

test('a branch commit whose pull request the default branch already has by T0 is no work left to land', () => {
  const row = branch('v2-exp', ['fix: reset renderer and cursor when releasing terminal (#1321)'], '08-14', base, ['tea.go']);
  const item = { key: 'pr#1321', number: 1321, title: 'fix: reset renderer and cursor when releasing terminal (#1321)' };
  const snapshot = snapshotWith([row]);
  snapshot.evidence.push({ kind: 'work_item', ref: 'pr#1321', date: '2025-02-11T00:00:00.000Z', text: item.title, item } as never);
  const lines = branchLines(snapshot);
  expect(doneOnBranch(lines, 'Fix release terminal in tea.go', ['tea.go'], topicTokens)).toBeNull();
  expect(doneOnBranch(branchLines(snapshotWith([row])), 'Fix release terminal in tea.go', ['tea.go'], topicTokens)).not.toBeNull();
});
