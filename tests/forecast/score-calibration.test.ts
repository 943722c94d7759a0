import { expect, test } from 'vitest';
import { CANDIDATES, compareCandidates, comparePenalties, L2_CANDIDATES, loadFitFamilies, loadLabelledFamilies, reliability, strongAt } from '../../scripts/fit-score-calibration.js';
import {
  calibrate,
  calibrationComponents,
  calibrationInputOf,
  calibrationWhy,
  FAMILY_KINDS,
  fitScoreCalibration,
  groupOf,
  CALIBRATION_L2,
  SCORE_CALIBRATION,
  SHIPPED_FEATURES,
  type CalibrationInput,
  type FamilyKind,
} from '../../src/forecast/backtest/calibration.js';
import { logit, sigmoid } from '../../src/stats/logistic.js';

const DEV = loadFitFamilies('eval/families/dev9', ['eval/families/dev8', 'eval/families/dev5']);
const input = (kind: FamilyKind, loose = false, rank = 0.3, backtest: number | null = null, changes: number | null = null): CalibrationInput => ({ rank, loose, kind, backtest, changes });

test('the calibrated score reads the kind of family, whether the title is loose and a code direction\'s stream size, not the ranking score or the backtest', () => {
  for (const kind of FAMILY_KINDS) {
    for (const loose of [false, true]) {
      const scores = new Set<number>();
      for (let i = 0; i <= 100; i++) scores.add(calibrate(input(kind, loose, i / 100, i % 2 ? i / 100 : null, 5)));
      expect(scores.size).toBe(1);
      const [score] = [...scores];
      expect(score).toBeGreaterThan(0);
      expect(score).toBeLessThan(1);
    }
  }
  // Directions asking for one more instance above runtime tasks, above bugfix directions of five changes, refactoring,
  // deprecation and upkeep families; open notes, feature directions and loose titles below them (dev9 + dev8 + dev5).
  const [more, runtime, bugfix, refactor, note, feature, loose] = [input('more'), input('runtime'), input('bugfix', false, 0.3, null, 5), input('refactor'), input('note'), input('feature', false, 0.3, null, 5), input('bugfix', true)].map((i) => calibrate(i));
  expect(more).toBeGreaterThan(runtime!);
  expect(runtime).toBeGreaterThan(refactor!);
  expect(refactor).toBeGreaterThan(bugfix!);
  expect(calibrate(input('deprecation'))).toBe(refactor);
  expect(calibrate(input('docs'))).toBe(refactor);
  expect(bugfix).toBeGreaterThan(Math.max(note!, feature!));
  expect(Math.min(note!, feature!)).toBeGreaterThan(loose!);
  // Every loose family scores below every specific one of five changes or fewer, whatever its kind (a feature direction
  // of a longer stream scores lower still: 0.009 at 11 changes; the shown order puts specific families first anyway, order.ts).
  const specific = FAMILY_KINDS.flatMap((k) => [2, 5].map((n) => calibrate(input(k, false, 0.3, null, n))));
  for (const k of FAMILY_KINDS) for (const n of [2, 5, 60]) expect(calibrate(input(k, true, 0.3, null, n))).toBeLessThan(Math.min(...specific));
});

test('inside a code direction\'s kind, fewer changes in its stream score higher; other kinds, loose titles and an unknown size do not read it', () => {
  for (const kind of ['bugfix', 'feature', 'refactor'] as const) {
    const [two, three, five, eleven] = [2, 3, 5, 11].map((n) => calibrate(input(kind, false, 0.3, null, n)));
    expect(two).toBeGreaterThan(three!);
    expect(three).toBeGreaterThan(five!);
    expect(five).toBeGreaterThan(eleven!);
    // Unknown (a family labelled from a store that did not record it) reads as five changes.
    expect(calibrate(input(kind))).toBe(five);
    expect(calibrate(input(kind, true, 0.3, null, 2))).toBe(calibrate(input(kind, true, 0.3, null, 11)));
  }
  // dev9: express's "Refactor global buffer" (3 changes, strong) above its "Refactor null prototype" (4, rejected),
  // typer's "Fix rich formatting" (4, strong) above "Refactor group callback in typer/main.py" (11, rejected).
  expect(calibrate(input('refactor', false, 0.421, 0.562, 3))).toBeGreaterThan(calibrate(input('refactor', false, 0.347, 0.463, 4)));
  expect(calibrate(input('bugfix', false, 0.408, 0.544, 4))).toBeGreaterThan(calibrate(input('refactor', false, 0.571, 0.761, 11)));
  for (const kind of ['more', 'docs', 'tests', 'ci', 'runtime', 'series'] as const) expect(calibrate(input(kind, false, 0.3, null, 2))).toBe(calibrate(input(kind, false, 0.3, null, 60)));
});

test('the shipped constants are what scripts/fit-score-calibration.ts fits on the committed development labels (dev9, with dev8\'s and dev5\'s other families)', () => {
  // 35 dev9 families and 26 of dev8 and dev5 that dev9 does not show.
  expect(DEV.length).toBe(61);
  // 19 directions carry their stream size (dev9's, from the store); the rest read as five changes.
  expect(DEV.filter((f) => f.input.changes !== null).length).toBe(19);
  expect(DEV.length).toBe(SCORE_CALIBRATION.families);
  expect(fitScoreCalibration(DEV.map((f) => ({ input: f.input, strong: f.strong })))).toEqual(SCORE_CALIBRATION);
  expect(SCORE_CALIBRATION.features).toEqual(SHIPPED_FEATURES);
});

test('the shipped form has the lowest left-one-repository-out log loss on dev of the candidate maps; the stream size helps, the backtest feature does not', () => {
  const ranked = compareCandidates(DEV).sort((a, b) => a.loro.logLoss - b.loro.logLoss);
  expect(CANDIDATES[ranked[0]!.name]).toEqual(SHIPPED_FEATURES);
  const loss = (name: string) => ranked.find((c) => c.name === name)!.loro.logLoss;
  // + changes 0.341; + more 0.359; loose + runtime + note + bugfix + feature 0.380; loose (the round-5 form) 0.471; constant 0.527 (docs/forecast.md).
  expect(loss('loose + runtime + note + bugfix + feature + more + changes')).toBeLessThan(loss('loose + runtime + note + bugfix + feature + more') - 0.01);
  expect(loss('every kind + changes')).toBeLessThan(loss('every kind'));
  expect(loss('loose + runtime + note + bugfix + feature + more')).toBeLessThan(loss('loose + runtime + note + bugfix + feature'));
  expect(loss('loose + runtime + note + bugfix + feature')).toBeLessThan(loss('loose') - 0.02);
  expect(loss('loose')).toBeLessThan(loss('constant'));
  // The repository's own backtest record (logit of a direction's backtest continuation) makes every form worse.
  expect(loss('loose + runtime + note + bugfix + feature + backtest')).toBeGreaterThan(loss('loose + runtime + note + bugfix + feature'));
  expect(loss('backtest + loose')).toBeGreaterThan(loss('loose'));
});

test('the shipped penalty has the lowest left-one-repository-out log loss on dev of the penalties compared', () => {
  const ranked = comparePenalties(DEV).sort((a, b) => a.loro.logLoss - b.loro.logLoss);
  expect(ranked[0]!.name).toBe(`l2 ${SCORE_CALIBRATION.l2}`);
  expect(L2_CANDIDATES).toContain(CALIBRATION_L2);
  // 0.341 at 0.1 against 0.388 at 1, the N(0, 1) prior shipped before session 11: it held note, feature and loose
  // kinds, none of 33 of them strong, at 0.09-0.11, and the pooled 0.1-0.2 bin 11 points off.
  expect(ranked.find((c) => c.name === 'l2 1')!.loro.logLoss - ranked[0]!.loro.logLoss).toBeGreaterThan(0.02);
});

test('on dev9 the calibrated order keeps every strong family in its repository\'s top 5 (strong@5 11/30, as labelled)', () => {
  const dev9 = loadLabelledFamilies('eval/families/dev9');
  // Only typer shows more than five families; its two strong ones stay in its top 5, so dev9 cannot tell the orders apart.
  expect(strongAt(dev9, null)).toEqual({ strong: 11, families: 31 });
  expect(strongAt(dev9, (f) => calibrate(f.input))).toEqual({ strong: 11, families: 31 });
});

/** The map round 5 was labelled under (and round 7 carried): the loose title alone, fitted on dev5. */
const ROUND_5_MAP = (loose: boolean) => (loose ? 0.072 : 0.175);

test('on round 5, the map its families were labelled under is within 10 points of their strong rate in every pooled bin of ten or more', () => {
  const pooled = [...loadLabelledFamilies('eval/families/dev5'), ...loadLabelledFamilies('eval/families/heldout5')];
  const bins = reliability(pooled, (f) => ROUND_5_MAP(f.input.loose)).filter((b) => b.families >= 10);
  // 0.0-0.1: the 25 loose families (mean 0.072, 2 strong, 0.080); 0.1-0.2: the other 77 (0.175, 16 strong, 0.208).
  expect(bins.map((b) => [b.bin, b.families, b.strong])).toEqual([['0.0-0.1', 25, 2], ['0.1-0.2', 77, 16]]);
  for (const b of bins) expect(Math.abs(b.observed - b.mean)).toBeLessThanOrEqual(0.1);
  // The scores the families carried when labelled (the round-2 map below) were not: 0.3-0.4, 20 families, mean 0.318, 3 strong.
  const before = reliability(pooled, (f) => f.score).find((b) => b.bin === '0.3-0.4')!;
  expect([before.families, before.strong]).toEqual([20, 3]);
  expect(before.mean - before.observed).toBeGreaterThan(0.1);
});

/**
 * The map rounds 2-4 were labelled under: Platt on logit(rank_score), fitted on round 2's dev labels
 * (eval/families/dev2, 68 families, 16 strong), shipped until round 5. Their labels read the rule more
 * leniently than round 5's GUIDE.md (act-and-area titles were not yet rejected as such), and their
 * score-inputs.jsonl carry no `loose` (the forecaster had no such notion then). Under today's map every
 * one of their families reads as specific (0.175) where people's pooled strong rate was 0.261 (round 2,
 * 31 of 119), 0.277 (round 3, 33 of 119: 10.2 points off) and 0.261 (round 4): the round-5 map does not
 * hold for the lenient rounds, and is not meant to. What still holds is what they were labelled with.
 */
const ROUND_2_MAP = (rank: number) => Math.round(sigmoid(-1.055 + 0.332 * logit(rank)) * 1000) / 1000;

test.each([
  { round: 2, dev: 'eval/families/dev2', heldout: 'eval/families/heldout2', families: 119, bins: [21, 74, 24] },
  { round: 3, dev: 'eval/families/dev3', heldout: 'eval/families/heldout3', families: 119, bins: [21, 74, 24] },
  { round: 4, dev: 'eval/families/dev4', heldout: 'eval/families/heldout4', families: 119, bins: [21, 76, 22] },
])('on round $round ($dev, $heldout), the round-2 map the families were labelled under is within 10 points of their strong rate in every pooled bin of ten or more', ({ round, dev, heldout, families, bins: sizes }) => {
  const pooled = [...loadLabelledFamilies(dev), ...loadLabelledFamilies(heldout)];
  expect(pooled.length).toBe(families);
  // Rounds 3 and 4 carried the round-2 map of their ranking scores; round 2 was labelled before it and is checked by it.
  if (round > 2) for (const f of pooled) expect(f.score).toBe(ROUND_2_MAP(f.input.rank));
  const bins = reliability(pooled, (f) => ROUND_2_MAP(f.input.rank)).filter((b) => b.families >= 10);
  expect(bins.map((b) => b.families)).toEqual(sizes);
  for (const b of bins) expect(Math.abs(b.observed - b.mean)).toBeLessThanOrEqual(0.1);
});

test('the score says in words what it rests on: the kind of family, and how many fitted families of that kind got strong work', () => {
  for (const i of [input('runtime'), input('note'), input('bugfix', true), input('docs')]) {
    const group = groupOf(i);
    expect(group.families).toBeGreaterThan(0);
    expect(calibrationWhy(i)).toContain(`of which ${group.strong} of ${group.families} got strong work there`);
    expect(calibrationWhy(i)).toMatch(/^Score 0\.\d\d is the probability that people label this family strong/);
  }
  expect(calibrationWhy(input('runtime'))).toContain('runtime-support tasks from the release calendar, of which 2 of 6');
  expect(calibrationWhy(input('bugfix', true))).toContain('loose titles');
  expect(calibrationWhy(input('bugfix', false, 0.3, null, 3))).toContain('bugfix directions of recurring work with 3 changes in its stream before T0');
  expect(calibrationWhy(input('bugfix'))).not.toContain('changes in its stream');
  // The score components name the kind and every feature the map reads, and read back to the same input.
  const components = calibrationComponents(input('runtime'));
  expect(components).toEqual({ rank_score: 0.3, calibration_kind_runtime: 1, calibration_loose: 0, calibration_runtime: 1, calibration_note: 0, calibration_bugfix: 0, calibration_feature: 0, calibration_more: 0, calibration_changes: 0, calibrated: calibrate(input('runtime')) });
  expect(calibrationInputOf(components)).toEqual(input('runtime'));
  // A direction's stream size is its `items` (streams.ts), beside the feature's value.
  const direction = input('bugfix', false, 0.3, 0.5, 3);
  const stored = { items: 3, backtest_continued: 0.5, ...calibrationComponents(direction) };
  expect(stored.calibration_changes).toBe(Math.round((Math.log(4) - Math.log(6)) * 1000) / 1000);
  expect(calibrationInputOf(stored)).toEqual(direction);
});
