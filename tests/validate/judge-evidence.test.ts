import { expect, test } from 'vitest';
import type { TaskFamily } from '../../src/family/model.js';
import { loadWordTable } from '../../src/text/glove/cache.js';
import { createLexicalJudge } from '../../src/validate/lexical.js';
import { familyEvidence } from '../../src/validate/semantic/evidence.js';
import { createSemanticJudge } from '../../src/validate/semantic/judge.js';
import { withStandingNote } from '../../src/validate/judges/standing-note.js';
import { BACKOFF, FILLER, PARAPHRASE, UNRELATED, item } from './judge-literals.js';

/**
 * familyEvidence (src/validate/semantic/evidence.ts) reads what the semantic judge's verdict rests on from the judge's
 * own pair rows: the same label as its verdict, the reading its best directed pair rests on (SharedDirection.basis),
 * and the family's shape. Studied in eval/results/judges61.md; it labels nothing.
 */
const table = loadWordTable();
const judge = createSemanticJudge({ table });

async function evidenceOf(later: ReturnType<typeof item>[], standing?: Record<string, string>, family: TaskFamily = BACKOFF) {
  const request = { families: [family], later, ...(standing ? { standing } : {}) };
  const pairs = await judge.judgePairs!(request);
  const row = withStandingNote(family, pairs.matches[0]!, standing);
  const { verdicts } = await judge.judge(request);
  return { evidence: familyEvidence(family, row, pairs.signals![0]!, standing?.[family.id] !== undefined), verdict: verdicts[0]! };
}

test('a paraphrase of the family gives its verdict label, the does-its-objects basis and its call counted', async () => {
  const { evidence, verdict } = await evidenceOf([PARAPHRASE, UNRELATED, ...FILLER]);
  expect(evidence.label).toBe(verdict.label);
  expect(evidence.label).not.toBe('rejected');
  expect(evidence.basis).toBe('does-objects');
  expect(evidence.strong + evidence.related).toBeGreaterThanOrEqual(1);
  expect(evidence.touches).toBe(true);
  expect(evidence.window).toBe(2 + FILLER.length);
  expect(evidence.vague).toBe(false);
});

test('a change naming the family symbol in its area rests on the symbol, before the words it shares', async () => {
  const family: TaskFamily = { ...BACKOFF, target_hints: { paths: ['src/http/retry.ts'], symbols: ['RetryPolicy'] } };
  const named = item('pr#30', 'Export `RetryPolicy` from the package root', ['src/http/index.ts']);
  const { evidence, verdict } = await evidenceOf([named, UNRELATED, ...FILLER], undefined, family);
  expect(evidence.label).toBe(verdict.label);
  expect(evidence.label).not.toBe('rejected');
  expect(evidence.basis).toBe('symbol');
});

test('two shared topic words in the area rest on the phrase', async () => {
  const phrase = item('pr#31', 'Log each retry attempt', ['src/http/retry.ts']);
  const { evidence } = await evidenceOf([phrase, UNRELATED, ...FILLER]);
  expect(evidence.basis).toBe('phrase');
});

test('a window sharing no direction gives basis none and no calls, with the nearest pair still read', async () => {
  const { evidence, verdict } = await evidenceOf([UNRELATED, ...FILLER]);
  expect(verdict.label).toBe('rejected');
  expect(evidence).toMatchObject({ label: 'rejected', basis: 'none', strong: 0, related: 0, directions: 0, similarity: 0 });
  expect(evidence.nearSimilarity).toBeGreaterThanOrEqual(0);
});

test('a standing note withdraws the calls: the evidence says so and counts none', async () => {
  const { evidence, verdict } = await evidenceOf([PARAPHRASE, UNRELATED, ...FILLER], { [BACKOFF.id]: 'FIXME no backoff yet' });
  expect(verdict.label).toBe('rejected');
  expect(evidence).toMatchObject({ label: 'rejected', standing: true, strong: 0, related: 0 });
  expect(evidence.directions).toBeGreaterThanOrEqual(1);
});

test('a branch merge shares no direction', async () => {
  const merge = item('pr#40', "Merge branch 'develop' into main: exponential backoff for HTTP retries", ['src/http/retry.ts']);
  const { evidence } = await evidenceOf([merge, UNRELATED, ...FILLER]);
  expect(evidence.basis).toBe('none');
  expect(evidence.directions).toBe(0);
});

test('the lexical judge gives the same basis for the same paraphrase', async () => {
  const lexical = createLexicalJudge();
  const later = [PARAPHRASE, UNRELATED, ...FILLER];
  const pairs = await lexical.judgePairs!({ families: [BACKOFF], later });
  const { verdicts } = await lexical.judge({ families: [BACKOFF], later });
  const evidence = familyEvidence(BACKOFF, pairs.matches[0]!, pairs.signals![0]!, false);
  expect(evidence.label).toBe(verdicts[0]!.label);
  expect(evidence.basis).toBe('does-objects');
});
