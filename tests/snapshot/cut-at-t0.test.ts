import { expect, test } from 'vitest';
import { cutAtT0 } from '../../src/snapshot/cutoff.js';
import { commitLiteral } from '../commit-literal.js';

const chain = (times: string[]) =>
  times.map((t, i) => commitLiteral({ sha: `c${i}`, committerTime: `${t}T00:00:00.000Z` })); // newest first

test('the snapshot commit is the newest first-parent commit at or before T0', () => {
  const cut = cutAtT0(chain(['2024-03-01', '2024-02-01', '2024-01-01']), '2024-02-01T00:00:00.000Z');
  expect(cut.commit?.sha).toBe('c1');
  expect(cut.history.map((c) => c.sha)).toEqual(['c1', 'c2']);
});

test('a commit dated before T0 that follows one dated after it is not the snapshot commit', () => {
  // c1 is skewed into the future; c0 came after it in history but claims an earlier date.
  const cut = cutAtT0(chain(['2024-01-20', '2024-06-01', '2024-01-10']), '2024-02-01T00:00:00.000Z');
  expect(cut.commit?.sha).toBe('c2');
});

test('no commit at or before T0 gives no snapshot commit', () => {
  expect(cutAtT0(chain(['2024-03-01']), '2024-01-01T00:00:00.000Z').commit).toBeNull();
});
