import { expect, test } from 'vitest';
import { heuristicFamilies } from '../fixtures/forecast.js';
import type { CommitSpec } from '../fixtures/repo.js';

/**
 * classes34 (issue 15): a "more like these" line names its kind by what its instances share, never by one example's
 * words. newcomer4's minijinja: "Add zip filter for combining iterables into tuples" beside "Added sum filter" and
 * "Added lines filter" was titled "Add more filters for combining iterables into tuples like zip, sum and lines"
 * (people: the next filter, `format`, combines nothing); and "multiple-key support" beside "attribute support" made
 * "Add more supports …", a generic word that names no kind of thing.
 */
const alice = { name: 'Alice Kowalczyk', email: 'alice@example.com' };
const edits = (file: string, titles: string[], month: number): CommitSpec[] =>
  titles.map((msg, i) => ({ at: `2024-${String(month + i).padStart(2, '0')}-12`, msg, author: alice, files: { [file]: `// ${file} ${month + i}\n` } }));

test('the kind of a "more" line is what every instance writes: a clause one change adds is left out', async () => {
  const families = await heuristicFamilies([
    { at: '2024-01-02', msg: 'Initial commit', files: { 'src/defaults.rs': '\n', 'src/filters.rs': '\n' } },
    ...edits('src/defaults.rs', ['Added lines filter (#615)', 'Added sum filter (#648)', 'Add zip filter for combining iterables into tuples (#818)'], 2),
    ...edits('src/filters.rs', ['Add attribute support to the unique filter (#571)', 'Add multiple-key support in the sort filter (#827)'], 6),
  ], '2025-01-01', {});
  const titles = families.map((f) => f.title);
  expect(titles, titles.join(' | ')).toContain('Add more filters like zip, sum and lines in src');
  expect(titles.some((t) => /combining iterables|more supports/.test(t)), titles.join(' | ')).toBe(false);
});

test('a clause every instance writes stays in the kind', async () => {
  const families = await heuristicFamilies([
    { at: '2024-01-02', msg: 'Initial commit', files: { 'src/actions.ts': '\n' } },
    ...edits('src/actions.ts', ['Add `onWritePath` option to `github-actions` (#5)', 'Add `summary` option to `github-actions` (#9)'], 3),
  ], '2025-01-01', {});
  const titles = families.map((f) => f.title);
  expect(titles, titles.join(' | ')).toContain('Add more options to `github-actions` like `summary` and `onWritePath` in src');
});
