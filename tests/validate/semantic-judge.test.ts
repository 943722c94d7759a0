import { expect, test } from 'vitest';
import type { TaskFamily } from '../../src/forecast/model.js';
import { UserError } from '../../src/errors.js';
import { loadWordTable } from '../../src/text/glove/cache.js';
import { Verdict } from '../../src/validate/model.js';
import { createSemanticJudge, SEMANTIC_DEFAULTS, SEMANTIC_SETTINGS, textSimilarity } from '../../src/validate/semantic/judge.js';
import { applySynonyms, wordRows } from '../../src/validate/semantic/vocabulary.js';
import { BACKOFF, item, PARAPHRASE, QUOTES, UNRELATED } from './judge-literals.js';

// The real table (built once per machine into the cache folder, ~2 s; then read in a fraction of a second).
const table = loadWordTable();

const PARSER: TaskFamily = {
  ...QUOTES,
  id: 'F3',
  title: 'Parser fails on quotes inside quoted strings',
  expected_behavior: 'Quoted strings that contain quotes are read whole.',
  acceptance_criteria: [],
  target_hints: { paths: ['src/parser'], symbols: [] },
};

/** Unrelated later work, so a judgement has texts enough to estimate their common component. */
const FILLER = [
  item('pr#101', 'docs: update the contributing guide', ['CONTRIBUTING.md']),
  item('pr#102', 'chore: bump the linter', ['package.json']),
  item('pr#103', 'Add dark theme to the website', ['site/theme.css']),
  item('pr#104', 'Release 2.3.0', ['CHANGELOG.md']),
  item('pr#105', 'Translate the README into Korean', ['docs/README-ko.md']),
  item('pr#106', 'Cache compiled templates between renders', ['src/render/cache.ts']),
];

test('a later pull request that says the predicted work in other words is strong; unrelated work is rejected', async () => {
  const judge = createSemanticJudge({ table });
  const nested = item('pr#31', 'fix crash when parsing nested quotes', ['src/parser/string.ts']);
  const { verdicts, config, calls } = await judge.judge({ families: [PARSER, BACKOFF], later: [nested, UNRELATED, PARAPHRASE, ...FILLER] });
  expect(verdicts.map((v) => Verdict.parse(v))).toEqual(verdicts);
  expect(verdicts.map((v) => [v.familyId, v.label, v.matches[0]?.key])).toEqual([['F3', 'strong', 'pr#31'], ['F1', 'strong', 'pr#21']]);
  expect(verdicts[0]!.reason).toMatch(/^strong: pr#31 "fix crash when parsing nested quotes" \(direction: shares quotes; similarity 0\.\d\d, touches src\/parser, also bugfix\)$/);
  expect(verdicts[0]!.matches.map((m) => m.key)).not.toContain(UNRELATED.key);
  expect(config).toMatchObject({ version: 'semantic-judge-v30', ...SEMANTIC_DEFAULTS, ...SEMANTIC_SETTINGS });
  expect(calls).toEqual([]);
});

test('the word vectors see what shared words cannot: a paraphrase scores above work on another topic in the same area', () => {
  const texts = ['Parser fails on quotes inside quoted strings', 'fix crash when parsing nested quotes', 'parser: speed up reading of large files', ...FILLER.map((i) => i.title)];
  const vectorsOnly = textSimilarity(texts, table, { ...SEMANTIC_SETTINGS, blend: 1 });
  expect(vectorsOnly(0, 1)).toBeGreaterThan(vectorsOnly(0, 2));
  const blended = textSimilarity(texts, table, SEMANTIC_SETTINGS);
  expect(blended(0, 1)).toBeGreaterThan(blended(0, 2));
});

test('work of the family\'s kind in its area but on another topic is rejected: related needs the same direction', async () => {
  const judge = createSemanticJudge({ table });
  const elsewhereInArea = item('pr#32', 'feat(http): read proxy settings from HTTPS_PROXY', ['src/http/proxy.ts'], 'Reads the proxy from the environment.');
  const { verdicts } = await judge.judge({ families: [BACKOFF], later: [elsewhereInArea, ...FILLER] });
  expect(verdicts[0]!.label).toBe('rejected');
});

test('another kind of work in the family\'s direction is related', async () => {
  const judge = createSemanticJudge({ table });
  const fix = item('pr#33', 'fix: retries ignore the backoff delay after a timeout', ['src/http/retry.ts'], 'Retried requests were sent at once; they now wait.');
  const { verdicts } = await judge.judge({ families: [BACKOFF], later: [fix, ...FILLER] });
  expect(verdicts[0]!.label).toBe('related');
  expect(verdicts[0]!.matches.map((m) => [m.key, m.label])).toEqual([['pr#33', 'related']]);
});

test('with no later work every family is rejected, saying so, and the table is not even loaded', async () => {
  const judge = createSemanticJudge({ table: undefined, onBuild: () => { throw new Error('must not build'); } });
  const { verdicts } = await judge.judge({ families: [BACKOFF, QUOTES], later: [] });
  expect(verdicts.map((v) => v.reason)).toEqual(['rejected: no later work in the window', 'rejected: no later work in the window']);
});

test('words named like Object\'s own properties are words like any other (ripgrep has "constructor" in its history)', async () => {
  const judge = createSemanticJudge({ table });
  const odd = item('pr#40', 'Call the constructor, toString and valueOf through hasOwnProperty', ['src/proto.rs'], '__proto__ and prototype stay untouched.');
  const { verdicts } = await judge.judge({ families: [BACKOFF, QUOTES], later: [odd, ...FILLER] });
  expect(verdicts.map((v) => v.label)).toEqual(['rejected', 'rejected']);
});

test('the semantic judge is deterministic', async () => {
  const request = { families: [PARSER, BACKOFF, QUOTES], later: [PARAPHRASE, UNRELATED, ...FILLER] };
  const a = await createSemanticJudge({ table }).judgePairs!(request);
  const b = await createSemanticJudge({ table }).judgePairs!(request);
  expect(a).toEqual(b);
});

test('every pair is labelled with the signals its label came from', async () => {
  const { matches, signals } = await createSemanticJudge({ table }).judgePairs!({ families: [BACKOFF, QUOTES], later: [PARAPHRASE, UNRELATED] });
  expect(matches.map((row) => row.map((m) => m.key))).toEqual([['pr#21', UNRELATED.key], ['pr#21', UNRELATED.key]]);
  expect(signals![0]![0]).toMatchObject({ touches: true, agrees: true });
  expect(signals![0]![0]!.similarity).toBeGreaterThan(signals![0]![1]!.similarity);
});

test('thresholds that contradict each other are refused', () => {
  const err = (() => {
    try {
      createSemanticJudge({ table, strongAt: 0.2, relatedAt: 0.5 });
    } catch (e) {
      return e;
    }
  })();
  expect(err).toBeInstanceOf(UserError);
  expect((err as UserError).code).toBe('JUDGE_BAD_OPTION');
});

test('developer words reach the vectors: synonyms map abbreviations and near-synonyms, sub-words split unknown compounds', () => {
  expect(applySynonyms(['panic', 'args', 'webhook', 'parser'])).toEqual(['error', 'arguments', 'web', 'hook', 'parser']);
  expect(applySynonyms(['panic'], false)).toEqual(['panic']);
  const rows = wordRows(table);
  expect(rows('keyboardinterrupt').map((r) => table.word(r))).toEqual(['keyboard', 'interrupt']);
  expect(rows('retries').map((r) => table.word(r))).toEqual(['retry']);
  expect(rows('zzqqxx')).toEqual([]);
  expect(wordRows(table, { subwords: false })('keyboardinterrupt')).toEqual([]);
});
