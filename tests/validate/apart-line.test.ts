import { expect, test } from 'vitest';
import type { TaskFamily } from '../../src/family/model.js';
import { loadWordTable } from '../../src/text/glove/cache.js';
import type { Judge } from '../../src/validate/judge.js';
import { familyChoreKind } from '../../src/validate/judges/apart-line.js';
import { createLexicalJudge } from '../../src/validate/lexical.js';
import { createSemanticJudge } from '../../src/validate/semantic/judge.js';
import { BACKOFF, FILLER, item } from './judge-literals.js';

/**
 * The one path to work counted apart (judges35): a family whose quoted work is all a release (or all a translation)
 * matches an apart item of exactly that kind in its own files (strong) or in the quoted work's files (related); no
 * other family matches anything apart, and a branch merge matches nothing.
 */
const table = loadWordTable();
const judges: Judge[] = [createSemanticJudge({ table }), createLexicalJudge()];

const CHANGELOG: TaskFamily = {
  ...BACKOFF,
  id: 'F7',
  title: 'Extend echo.go: changelog',
  anchor: { name: 'echo.go', paths: ['echo.go'] },
  expected_behavior: 'Work of kind feature lands in echo.go around changelog, continuing "Changelog for 4.13.4".',
  acceptance_criteria: ['A change of kind feature to echo.go is merged, with tests.'],
  evidence: [],
  target_hints: { paths: ['echo.go'], symbols: [] },
};

test("a family's chore kind is that of every title it quotes", () => {
  expect(familyChoreKind(CHANGELOG)).toBe('release');
  expect(familyChoreKind({ ...CHANGELOG, expected_behavior: 'Work … continuing "feat(translation): add en translation for urn_rfc2141".' })).toBe('translation');
  expect(familyChoreKind({ ...CHANGELOG, expected_behavior: 'Work … continuing "Deprecate `ServerState` in the main module" and "Version 0.34.0".' })).toBeNull();
  expect(familyChoreKind({ ...CHANGELOG, category: 'bugfix', expected_behavior: 'Work … continuing "feat(translations): improve Indonesian translations and add tests".' })).toBeNull();
});

test('the chore again, counted apart, in its own file: strong; a branch merge or another chore matches nothing', async () => {
  const release = item('commit:6392cb4', 'Changelog for 4.14.0', ['CHANGELOG.md', 'echo.go']);
  const merge = item('commit:aaaaaaa', "Merge branch 'develop'", ['echo.go']);
  const translation = item('pr#12', 'Add Chinese translation', ['echo.go']);
  for (const judge of judges) {
    const { verdicts } = await judge.judge({ families: [CHANGELOG], later: FILLER, apart: [release, merge, translation] });
    expect([judge.name, verdicts[0]!.label]).toEqual([judge.name, 'strong']);
    expect(verdicts[0]!.matches.map((m) => m.key)).toEqual(['commit:6392cb4']);
    expect(verdicts[0]!.reason).toMatch(/does its quoted release chore again/);
    const other = { ...BACKOFF, evidence: [] };
    const { verdicts: none } = await judge.judge({ families: [other], later: FILLER, apart: [release, merge, translation] });
    expect(none[0]!.matches.some((m) => m.key === 'commit:6392cb4' || m.key === 'commit:aaaaaaa')).toBe(false);
  }
});
