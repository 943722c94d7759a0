import { expect, test } from 'vitest';
import { plainPhrase } from '../../src/text/clean.js';
import { heuristicFamilies } from '../fixtures/forecast.js';
import type { CommitSpec } from '../fixtures/repo.js';

const alice = { name: 'Alice Kowalczyk', email: 'alice@example.com' };

test('a `;` or `:` standing alone between spaces is a literal token and keeps its spacing; a reference left behind still goes', () => {
  expect(plainPhrase('Support ANSI sequences with mixed ; and : delimiters (#4169)')).toBe('Support ANSI sequences with mixed ; and : delimiters');
  expect(plainPhrase('Fix the parser (#12).')).toBe('Fix the parser.');
  expect(plainPhrase('Fix the parser ; closes #12')).toBe('Fix the parser');
  expect(plainPhrase('Fix the parser, see #12 ; and the lexer')).toBe('Fix the parser ; and the lexer');
});

test('a title joining changes that name literal `;` and `:` keeps them apart from their words (fzf src/ansi.go at 2025-09-01)', async () => {
  // fzf was titled "Support OSC 8 and ANSI sequence with BEL characters and mixed; and: delimiters in src/ansi.go".
  const files = (i: number) => ({ 'src/ansi.go': `package main\n// v${i}\n` });
  const specs: CommitSpec[] = [
    { at: '2024-01-02', msg: 'Initial commit', author: alice, files: files(0) },
    // Fixes, not additions: since classes34 a "more" line's kind keeps only a clause every change writes, so fzf's
    // additive line no longer names the delimiters; a line of fixes still joins the clauses its changes differ in.
    { at: '2024-03-10', msg: 'Fix ANSI sequences with mixed ; and : delimiters (#41)', author: alice, files: files(1) },
    { at: '2024-05-10', msg: 'Fix OSC 8 sequence with BEL characters', author: alice, files: files(2) },
    { at: '2024-07-10', msg: 'Fix ANSI sequences with empty parameters', author: alice, files: files(3) },
  ];
  const families = await heuristicFamilies(specs);
  const titles = families.map((f) => f.title);
  const ansi = titles.filter((t) => /delimiters/.test(t));
  expect(ansi.length, titles.join(' | ')).toBeGreaterThan(0);
  for (const t of ansi) expect(t).toMatch(/mixed ; and : delimiters/);
  for (const t of titles) expect(t).not.toMatch(/\w[;:] and\b|\band[;:]/);
});
