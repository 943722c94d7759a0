import { expect, test } from 'vitest';
import { type Commit, FileStatus } from '../../src/git/model.js';
import { knownCommits, loadFirstParentChain, saveCommits, upsertRepo } from '../../src/store/index.js';
import { commit, demoRepo } from './records.js';
import { count, tempStore } from './temp-store.js';

/** c1 <- c2 <- c3 (a merge with a second parent m1) <- c4 */
function history(): Commit[] {
  return [
    commit('c4', ['c3'], '2024-04-01T00:00:00.000Z', [
      { path: 'docs/new.md', oldPath: 'docs/old.md', status: 'renamed', additions: 0, deletions: 0 },
      { path: 'logo.png', oldPath: null, status: 'modified', additions: null, deletions: null },
    ]),
    commit('c3', ['c2', 'm1'], '2024-03-01T00:00:00.000Z', [
      { path: 'a.ts', oldPath: null, status: 'modified', additions: 3, deletions: 1 },
      { path: 'b.ts', oldPath: null, status: 'deleted', additions: 0, deletions: 12 },
    ]),
    commit('c2', ['c1'], '2024-02-01T00:00:00.000Z', []),
    commit('c1', [], '2024-01-01T00:00:00.000Z', [{ path: 'a.ts', oldPath: null, status: 'added', additions: 10, deletions: 0 }]),
  ];
}

test('commits come back from the chain equal to what was saved, null line counts and renames included', () => {
  const store = tempStore();
  const repoId = upsertRepo(store, demoRepo);
  expect(saveCommits(store, repoId, history())).toBe(4);
  expect(loadFirstParentChain(store, repoId, 'c4')).toEqual(history());
});

test('saving commits again is idempotent and reports no new commits', () => {
  const store = tempStore();
  const repoId = upsertRepo(store, demoRepo);
  saveCommits(store, repoId, history());
  expect(saveCommits(store, repoId, history())).toBe(0);
  expect(count(store, 'commits')).toBe(4);
  expect(count(store, 'commit_files')).toBe(5);
  expect(knownCommits(store, repoId)).toEqual(new Set(['c1', 'c2', 'c3', 'c4']));
});

test('the chain follows first parents only and stops before the first sha missing from the cache', () => {
  const store = tempStore();
  const repoId = upsertRepo(store, demoRepo);
  const [c4, c3, , c1] = history();
  saveCommits(store, repoId, [c4!, c3!, c1!]); // c2 was never mined
  expect(loadFirstParentChain(store, repoId, 'c4').map((c) => c.sha)).toEqual(['c4', 'c3']);
  expect(loadFirstParentChain(store, repoId, 'c3').map((c) => c.sha)).toEqual(['c3']);
  expect(loadFirstParentChain(store, repoId, 'nope')).toEqual([]);
});

test("a repository's cache is separate from another's", () => {
  const store = tempStore();
  const a = upsertRepo(store, demoRepo);
  const b = upsertRepo(store, { ...demoRepo, path: '/repos/other' });
  saveCommits(store, a, history());
  expect(knownCommits(store, b)).toEqual(new Set());
  expect(loadFirstParentChain(store, b, 'c4')).toEqual([]);
});

test('saving commits for an unknown repository writes nothing', () => {
  const store = tempStore();
  expect(() => saveCommits(store, 42, history())).toThrow(/FOREIGN KEY/);
  expect(count(store, 'commits')).toBe(0);
});

// Speed is measured by `npm run bench`, not asserted here; a quadratic load (a query-planner
// trap this once fell into) would still blow the test timeout at this size.
test('a 20,000-commit chain is saved and loaded back whole, in order', () => {
  const store = tempStore();
  const repoId = upsertRepo(store, demoRepo);
  const n = 20_000;
  const commits: Commit[] = [];
  for (let i = n; i >= 1; i--) {
    const at = new Date(Date.UTC(2015, 0, 1) + i * 60_000).toISOString();
    commits.push(
      commit(`sha${i}`, i === 1 ? [] : [`sha${i - 1}`], at, [
        { path: `src/f${i % 97}.ts`, oldPath: null, status: 'modified', additions: i % 13, deletions: i % 7 },
        { path: `test/f${i % 89}.ts`, oldPath: null, status: 'modified', additions: 1, deletions: 0 },
      ]),
    );
  }
  saveCommits(store, repoId, commits);
  const chain = loadFirstParentChain(store, repoId, `sha${n}`);
  expect(chain.length).toBe(n);
  expect(chain[0]).toEqual(commits[0]);
  expect(chain[n - 1]).toEqual(commits[n - 1]);
  expect(chain[12_345]).toEqual(commits[12_345]);
});

test('every file status of the model passes the schema’s status check (add a migration when this fails)', () => {
  const store = tempStore();
  const repoId = upsertRepo(store, demoRepo);
  const files = FileStatus.options.map((status, i) => ({ path: `f${i}`, oldPath: null, status, additions: 1, deletions: 1 }));
  saveCommits(store, repoId, [commit('c1', [], '2024-01-01T00:00:00.000Z', files)]);
  expect(loadFirstParentChain(store, repoId, 'c1')[0]!.files.map((f) => f.status)).toEqual(FileStatus.options);
});
