import { expect, test } from 'vitest';
import { reconstructWorkItems } from '../../src/sources/index.js';
import { changed, commitLiteral } from '../commit-literal.js';

test('a squash merge "Title (#123)" becomes pull request 123 with its title and body', () => {
  const [item] = reconstructWorkItems([
    commitLiteral({ sha: 'a1', committerTime: '2024-01-02T00:00:00.000Z', message: 'Fix nested quotes (#123)\n\nCloses #99', files: [changed('src/p.ts')] }),
  ]);
  expect(item).toMatchObject({ key: 'pr#123', number: 123, kind: 'squash', title: 'Fix nested quotes', body: 'Closes #99', paths: ['src/p.ts'], bot: false });
});

test('a merge commit takes its pull request title from the body and its author from the branch owner', () => {
  const [item] = reconstructWorkItems([
    commitLiteral({
      sha: 'b2', parents: ['p1', 'p2'], committerTime: '2024-01-03T00:00:00.000Z', authorName: 'Maintainer',
      message: 'Merge pull request #45 from alice/retry-backoff\n\nAdd retry with backoff\n\nLonger text.',
    }),
  ]);
  expect(item).toMatchObject({ key: 'pr#45', number: 45, kind: 'merge', title: 'Add retry with backoff', body: 'Longer text.', author: 'alice' });
});

test('a "Merge pull request" message on a single-parent commit is direct work, not a PR', () => {
  const [item] = reconstructWorkItems([
    commitLiteral({ sha: 'c3', committerTime: '2024-01-03T00:00:00.000Z', message: 'Merge pull request #7 from x/y' }),
  ]);
  expect(item).toMatchObject({ key: 'commit:c3', kind: 'commit', number: null });
});

test('a plain commit is direct work keyed by its sha', () => {
  const [item] = reconstructWorkItems([commitLiteral({ sha: 'd4', committerTime: '2024-01-01T00:00:00.000Z', message: 'docs: typo\n' })]);
  expect(item).toMatchObject({ key: 'commit:d4', number: null, title: 'docs: typo', body: '' });
});

test('dependency and bot work is kept but marked, with the reason', () => {
  const items = reconstructWorkItems([
    commitLiteral({ sha: 'e1', committerTime: '2024-01-01T00:00:00.000Z', authorName: 'dependabot[bot]', message: 'Bump lodash from 4.17.20 to 4.17.21 (#5)' }),
    commitLiteral({ sha: 'e2', committerTime: '2024-01-02T00:00:00.000Z', message: 'chore(deps): update dependency vite to v6 (#6)' }),
    commitLiteral({ sha: 'e3', committerTime: '2024-01-03T00:00:00.000Z', parents: ['x', 'y'], message: 'Merge pull request #8 from org/dependabot/npm_and_yarn/qs-6.5.3\n\nUpgrade qs' }),
    commitLiteral({ sha: 'e4', committerTime: '2024-01-04T00:00:00.000Z', message: 'Bump version to 2.0 because of parser work (#9)' }),
  ]);
  expect(items.map((i) => i.bot)).toEqual([true, true, true, false]);
  expect(items[0]!.botReason).toMatch(/bot/);
});

test('items come out oldest first and a reused PR number keeps pr#N on the older one', () => {
  const items = reconstructWorkItems([
    commitLiteral({ sha: 'new', committerTime: '2024-02-01T00:00:00.000Z', message: 'Revert "Add x (#3)" (#3)' }),
    commitLiteral({ sha: 'old', committerTime: '2024-01-01T00:00:00.000Z', message: 'Add x (#3)' }),
  ]);
  expect(items.map((i) => i.key)).toEqual(['pr#3', 'commit:new']);
  expect(items[1]!.number).toBe(3);
});

test('human dependency upgrades and gitmoji-prefixed bumps are dependency work too', () => {
  const items = reconstructWorkItems([
    commitLiteral({ sha: 'f1', committerTime: '2024-01-01T00:00:00.000Z', message: 'Upgrade dependencies (#20)' }),
    commitLiteral({ sha: 'f2', committerTime: '2024-01-02T00:00:00.000Z', message: 'update matchit to 0.8.4 (#21)' }),
    commitLiteral({ sha: 'f3', committerTime: '2024-01-03T00:00:00.000Z', message: '⬆ Bump ruff from 0.6.1 to 0.6.3 (#22)' }),
    commitLiteral({ sha: 'f4', committerTime: '2024-01-04T00:00:00.000Z', message: 'Update the parser to handle tabs (#23)' }),
  ]);
  expect(items.map((i) => i.bot)).toEqual([true, true, true, false]);
});
