import { expect, test } from 'vitest';
import type { TaskFamily } from '../../src/family/model.js';
import { loadWordTable } from '../../src/text/glove/cache.js';
import type { Judge } from '../../src/validate/judge.js';
import { cutList, isVagueTitle, listedWords, plainlyDoes, specificObjects } from '../../src/validate/judges/vagueness.js';
import { createLexicalJudge } from '../../src/validate/lexical.js';
import { createSemanticJudge } from '../../src/validate/semantic/judge.js';
import { BACKOFF, FILLER, item } from './judge-literals.js';

/**
 * A family that names no recognisable piece of work is vague
 * (../shared/judging-rules.md): an act and an area, a generic object, or
 * words from a list rather than a phrase. Titles below are of the shapes the
 * development and held-out studies' families have (eval/families/).
 */

test('an act plus an area plus a keyword list names no piece of work', () => {
  for (const title of [
    'Extend src/click/core.py: choice, expand, generic',
    'Fix defects in src/middleware: set, state, type',
    'Restructure axum-core/src: below, blocks, impl',
    'Extend assets: bat, based, choose',
    'Fix defects in command.go: help, output, plugins',
    'Extend .golangci.yml: linting',
    'Extend tests/scripts',
    'Fix defects in .github/ISSUE_TEMPLATE',
    'Work in src/http around retry, timeout, pool',
  ]) expect([title, isVagueTitle(title)]).toEqual([title, true]);
});

test('a verb governing a specific object names a piece of work, wherever the area goes', () => {
  for (const title of [
    'Avoid reallocation for String body extraction in axum-core/src/extract',
    'Add FileStream response to axum-extra',
    'Correct click.edit typing in src/click/_termui_impl.py',
    'Reintroduce `URLTypes` in httpx/_types.py',
    'Enable dark mode for docs in mkdocs.yml',
    'Fix --version help and output for plugins in command.go',
    'Drop support for Python 3.8 in .github/workflows/publish.yml',
    'Add exponential backoff between HTTP retries',
  ]) expect([title, isVagueTitle(title)]).toEqual([title, false]);
});

test('a generic object is no object, and an issue number makes a title checkable', () => {
  expect(specificObjects('Fix bugs in src/client')).toEqual([]);
  expect(specificObjects('Improve support for new features')).toEqual([]);
  expect(isVagueTitle('Fix defects in src/client (#812)')).toBe(false);
  expect(specificObjects('Add FileStream response to axum-extra')).toEqual(['FileStream', 'response']);
});

test('a list is cut from the title, and its words are what a vague family says', () => {
  expect(cutList('Extend src/click/core.py: choice, expand, generic')).toEqual({ head: 'Extend', listed: true });
  expect(cutList('Add retry backoff')).toEqual({ head: 'Add retry backoff', listed: false });
  expect(listedWords('Fix defects in src/middleware: set, state, type')).toEqual(['set', 'state', 'type']);
  expect(listedWords('Add retry backoff')).toEqual([]);
});

test('a change plainly does what a vague family says only with two of its words, in its area, not of another kind', () => {
  const listed = listedWords('Fix defects in tea.go: windows, mouse, mode');
  const has = (words: string[]) => (s: string) => words.includes(s);
  expect(plainlyDoes(listed, has(['window', 'mous']), { touches: true, agrees: true })).toBe(true);
  expect(plainlyDoes(listed, has(['window', 'mous']), { touches: true, agrees: null })).toBe(true);
  expect(plainlyDoes(listed, has(['window']), { touches: true, agrees: true })).toBe(false);
  expect(plainlyDoes(listed, has(['window', 'mous']), { touches: false, agrees: true })).toBe(false);
  expect(plainlyDoes(listed, has(['window', 'mous']), { touches: true, agrees: false })).toBe(false);
  expect(plainlyDoes([], () => true, { touches: true, agrees: true })).toBe(false);
});

const table = loadWordTable();
const judges: Judge[] = [createSemanticJudge({ table }), createLexicalJudge()];

/** A hotspot-like family: an act, an area, and words drawn from recent titles there. */
const LOOSE: TaskFamily = {
  ...BACKOFF,
  id: 'F9',
  category: 'feature',
  title: 'Extend axum-core/src: macros, body, impl',
  expected_behavior: 'Work of kind feature lands in axum-core/src around macros, body, impl, continuing "Implement IntoResponse for body types".',
  acceptance_criteria: ['A change of kind feature to axum-core/src is merged, with tests.'],
  target_hints: { paths: ['axum-core/src'], symbols: [] },
};

test('a loose family is never strong for a change that shares one of its words in its area', async () => {
  // The shape the development study's judges called strong and people rejected (hotspot: 27.8% strong vs 5.6%).
  const sizeHint = item('pr#3195', 'axum-core/body: Implement `Stream::size_hint` for `BodyDataStream`', ['axum-core/src/body.rs'], 'feat: the body stream reports its size hint');
  for (const judge of judges) {
    const { verdicts } = await judge.judge({ families: [LOOSE], later: [sizeHint, ...FILLER] });
    expect([judge.name, verdicts[0]!.label]).not.toEqual([judge.name, 'strong']);
  }
});

test('a loose family is strong for a change that plainly does what its words say', async () => {
  const plain = item('pr#3300', 'feat: implement body macros for IntoResponse impls', ['axum-core/src/macros.rs', 'axum-core/src/body.rs'], 'Adds macros that impl IntoResponse for body types.');
  for (const judge of judges) {
    const { verdicts } = await judge.judge({ families: [LOOSE], later: [plain, ...FILLER] });
    expect([judge.name, verdicts[0]!.label]).toEqual([judge.name, 'strong']);
  }
});
