import { expect, test } from 'vitest';
import { heuristicFamilies } from '../fixtures/forecast.js';
import type { CommitSpec } from '../fixtures/repo.js';

const alice = { name: 'Alice Kowalczyk', email: 'alice@example.com' };

const stream = (titles: [string, string][]): CommitSpec[] => [
  { at: '2024-01-02T10:00:00Z', msg: 'Initial commit', author: alice, files: { 'src/terminal.go': 'package main\n// v0\n' } },
  ...titles.map(([at, msg], i) => ({ at, msg, author: alice, files: { 'src/terminal.go': `package main\n// v${i + 1}\n` } })),
];

test('a change and its follow-up the same day are one change, never a line restating it (fzf src/terminal.go at 2025-09-01)', async () => {
  // fzf was titled "Terminate running background transform on exit in src/terminal.go": one change, then "(addendum)".
  const families = await heuristicFamilies(
    stream([
      ['2024-06-21T14:24:38Z', 'Terminate running background transform on exit'],
      ['2024-06-21T16:53:25Z', 'Terminate running background transform on exit (addendum)'],
      ['2024-07-10T10:00:00Z', 'Fix preview window height with header border'],
      ['2024-08-10T10:00:00Z', 'Fix preview window offset with footer border'],
    ]),
  );
  const titles = families.map((f) => f.title);
  expect(titles.length).toBeGreaterThan(0);
  for (const t of titles) expect(t, titles.join(' | ')).not.toMatch(/^Terminate running background transform on exit/);
});

test('the same title months apart is work that recurs: its line stays', async () => {
  const families = await heuristicFamilies(
    stream([
      ['2024-03-21T14:24:38Z', 'Terminate running background transform on exit'],
      ['2024-06-21T16:53:25Z', 'Terminate running background transform on exit'],
    ]),
  );
  const titles = families.map((f) => f.title);
  expect(titles.some((t) => /^Terminate running background transform on exit/.test(t)), titles.join(' | ')).toBe(true);
});
