import { expect, test } from 'vitest';
import { lexiconSpelling } from '../../src/text/spelling.js';
import { heuristicFamilies } from '../fixtures/forecast.js';
import type { CommitSpec } from '../fixtures/repo.js';

const alice = { name: 'Alice Kowalczyk', email: 'alice@example.com' };

test('a misspelt word with one English spelling one edit away takes it; words, names and ambiguous misses stay', () => {
  expect(lexiconSpelling('characers')).toBe('characters');
  expect(lexiconSpelling('enviroment')).toBe('environment');
  for (const w of ['renderer', 'httpx', 'form', 'behaviour', 'Characers', 'vistor', 'nushell']) expect(lexiconSpelling(w)).toBeNull();
});

test('a misspelling only one change writes is spelled as English spells it in the line (fzf src/algo at 2025-09-01)', async () => {
  // fzf was titled "Normalize char as well as halfwidth and fullwidth characers for matching in src/algo":
  // "characers" is written by one title only, so no other evidence spelled it.
  const files = (i: number) => ({ 'src/algo/normalize.go': `package algo\n// v${i}\n` });
  const specs: CommitSpec[] = [
    { at: '2024-01-02', msg: 'Initial commit', author: alice, files: files(0) },
    { at: '2024-03-10', msg: 'Normalize accented letters for matching', author: alice, files: files(1) },
    { at: '2024-06-10', msg: 'Normalize halfwidth and fullwidth characers for matching', author: alice, files: files(2) },
  ];
  const families = await heuristicFamilies(specs);
  const titles = families.map((f) => f.title);
  const algo = families.filter((f) => /normali[sz]e/i.test(f.title));
  expect(algo.length, titles.join(' | ')).toBeGreaterThan(0);
  for (const f of families) {
    expect(f.title).not.toMatch(/characers/);
    for (const c of f.acceptance_criteria) expect(c).not.toMatch(/characers/);
  }
});
