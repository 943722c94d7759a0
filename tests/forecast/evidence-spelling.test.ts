import { expect, test } from 'vitest';
import { spelledAs } from '../../src/text/spelling.js';
import { heuristicFamilies } from '../fixtures/forecast.js';
import type { CommitSpec } from '../fixtures/repo.js';

const alice = { name: 'Alice Kowalczyk', email: 'alice@example.com' };

const commits = (file: string, titles: string[], month = 5): CommitSpec[] =>
  titles.map((msg, i) => ({ at: `2024-${String(month + i).padStart(2, '0')}-12`, msg, author: alice, files: { [file]: `export const v = ${i};\n` } }));

test('a word the lexicon lacks is spelled as another word of the evidence one edit away; real words and names are left alone', () => {
  expect(spelledAs('vistor', ['Fix', 'visitor', 'keys'])).toBe('visitor');
  expect(spelledAs('Vistor', ['visitor'])).toBe('Visitor');
  expect(spelledAs('vistor', ['keys'])).toBeNull();
  // Both are words: neither is a misspelling of the other.
  expect(spelledAs('parser', ['parsed'])).toBeNull();
  expect(spelledAs('zustand', ['zustands'])).toBeNull();
  // A derivation of a lexicon word ("render" + "er") is a word too (bubbletea's "Fix rendered exit", session 16).
  expect(spelledAs('renderer', ['rendered'])).toBeNull();
});

test('a line whose changes spell a word two ways is titled with the spelling the lexicon has, never both (prettier "vistor keys")', async () => {
  // prettier after 2025-10: "Fix vistor keys for `FunctionExpression` (#18084)" and "Fix visitor keys for `TypePredicate` (#18090)"
  // made "Fix visitor and vistor keys ..." (docs/forecast.md, session 11).
  const families = await heuristicFamilies([
    { at: '2024-01-02', msg: 'Initial commit', files: { 'src/language-js/traverse/visitor-keys.js': 'export {}\n' } },
    ...commits('src/language-js/traverse/visitor-keys.js', [
      'Fix vistor keys for `FunctionExpression` (#84)',
      'Fix visitor keys for `TypePredicate` (#90)',
      'Fix visitor keys for `TSImportType` (#95)',
    ]),
  ]);
  const titles = families.map((f) => f.title);
  const keys = families.find((f) => f.anchor.name.startsWith('src/language-js'));
  expect(keys?.title, titles.join(' | ')).toMatch(/^Fix visitor keys for `TSImportType`, `TypePredicate` and `FunctionExpression` in src\/language-js/);
  for (const f of families) expect(`${f.title} ${f.acceptance_criteria.join(' ')}`).not.toMatch(/vistor/);
});

test('a line of changes is never respelled from a derivation to another word: "renderer exit" stays, never "rendered exit"', async () => {
  const families = await heuristicFamilies([
    { at: '2024-01-02', msg: 'Initial commit', files: { 'standard_renderer.go': 'package tea\n' } },
    ...commits('standard_renderer.go', [
      'fix: renderer exit when the last frame was rendered twice',
      'fix: renderer exit on resize (#12)',
      'fix: renderer exit after a suspend (#14)',
    ]),
  ]);
  const titles = families.map((f) => f.title);
  expect(titles.filter((t) => /rendered exit/.test(t)), titles.join(' | ')).toEqual([]);
  expect(titles.some((t) => /^Fix renderer exit\b/.test(t)), titles.join(' | ')).toBe(true);
});
