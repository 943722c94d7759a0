import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { phraseTagStats, phraseTerms, resetPhraseTags, savePhraseTags } from '../../src/validate/judges/phrase-tags.js';
import { GENERIC, isVagueTitle, namesNothing, specificObjects, TRAILING_PREPOSITIONS } from '../../src/validate/judges/vagueness.js';

/**
 * The vagueness rule's tags come from compromise, loaded only when a title
 * needs it and kept in a cache file (src/validate/judges/phrase-tags.ts).
 * This file runs in its own process, so the first test sees the tagger
 * unloaded.
 */

const folder = mkdtempSync(join(tmpdir(), 'swe-future-phrase-tags-'));
const previous = process.env.SWE_FUTURE_CACHE;
process.env.SWE_FUTURE_CACHE = folder;
afterAll(() => {
  if (previous === undefined) delete process.env.SWE_FUTURE_CACHE;
  else process.env.SWE_FUTURE_CACHE = previous;
  rmSync(folder, { recursive: true, force: true });
});

test('titles of an act, generic words and an area are read without loading the tagger', () => {
  resetPhraseTags();
  for (const title of ['Fix defects in src/click/core.py: choice, expand', 'Fix bugs in tests/unit: parse, quote', 'Add features to axum-extra/src', 'Fix bugs in src/client', 'Extend site/content: env, prefix, run']) {
    expect([title, isVagueTitle(title)]).toEqual([title, true]);
  }
  expect(phraseTagStats()).toEqual({ parsed: 0, cached: 0, parserLoaded: false });
});

test('a phrase is tagged once, and a later process reads its tags back from the cache file', () => {
  resetPhraseTags();
  const first = specificObjects('Reject malformed route paths at compile time');
  expect(first).toContain('route');
  expect(phraseTagStats().parsed).toBe(1);
  savePhraseTags();
  expect(readdirSync(folder).some((f) => /^compromise-tags-[\d.]+-v1\.json$/.test(f))).toBe(true);

  resetPhraseTags(); // as a new process would start
  expect(specificObjects('Reject malformed route paths at compile time')).toEqual(first);
  expect(phraseTagStats()).toMatchObject({ parsed: 0, cached: 1 });
});

test('a damaged cache file is parsed anew and replaced, with the same tags', () => {
  resetPhraseTags();
  const terms = phraseTerms('Let more extractors be optional');
  savePhraseTags();
  const file = join(folder, readdirSync(folder).find((f) => f.startsWith('compromise-tags-'))!);
  writeFileSync(file, '{"Let more extractors be optional": [tru');
  resetPhraseTags();
  expect(phraseTerms('Let more extractors be optional')).toEqual(terms);
  expect(phraseTagStats().parsed).toBe(1);
  savePhraseTags();
  resetPhraseTags();
  expect(phraseTerms('Let more extractors be optional')).toEqual(terms);
  expect(phraseTagStats()).toMatchObject({ parsed: 0, cached: 1 });
  expect(existsSync(file)).toBe(true);
});

test('the tagger reads every trailing preposition the cheap check trusts as a function word after every generic word', () => {
  resetPhraseTags();
  for (const g of GENERIC) {
    for (const word of [g, `${g[0]!.toUpperCase()}${g.slice(1)}`]) {
      for (const p of TRAILING_PREPOSITIONS) {
        const rest = [word, p];
        expect(namesNothing(rest)).toBe(true);
        // What specificObjects would have found by tagging: nothing.
        const terms = phraseTerms(rest.join(' '));
        const tags = new Set(terms[1]?.tags);
        const noun = tags.has('Noun') || tags.has('Gerund') || tags.has('Acronym') || tags.has('Value') || tags.size === 0;
        const functionWord = ['Preposition', 'Determiner', 'Conjunction', 'Pronoun', 'Copula', 'Adverb'].some((t) => tags.has(t));
        expect([rest.join(' '), terms.map((t) => t.text), noun && !functionWord]).toEqual([rest.join(' '), rest, false]);
      }
    }
  }
});
