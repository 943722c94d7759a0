import { expect, test } from 'vitest';
import { compareCandidates, loadLabelledFamilies, reliability } from '../../scripts/fit-score-calibration.js';
import { calibrate, calibrationWhy, fitScoreCalibration, groupOf, SCORE_CALIBRATION } from '../../src/forecast/backtest/calibration.js';
import { logit, sigmoid } from '../../src/stats/logistic.js';

test('the calibrated score reads whether the title is loose, not the ranking score, and stays inside (0, 1)', () => {
  for (const loose of [false, true]) {
    const scores = new Set<number>();
    for (let i = 0; i <= 100; i++) scores.add(calibrate({ rank: i / 100, loose }));
    expect(scores.size).toBe(1);
    const [score] = [...scores];
    expect(score).toBeGreaterThan(0);
    expect(score).toBeLessThan(1);
  }
  // A loose title (names no checkable work) is less likely to get strong work: round 5's dev labels, 0 of 14.
  expect(SCORE_CALIBRATION.loose).toBeLessThan(0);
  expect(calibrate({ rank: 0.7, loose: true })).toBeLessThan(calibrate({ rank: 0.2, loose: false }));
});

test('the shipped constants are what scripts/fit-score-calibration.ts fits on the committed round-5 development labels', () => {
  const dev = loadLabelledFamilies('eval/families/dev5');
  expect(dev.length).toBe(SCORE_CALIBRATION.families);
  expect(fitScoreCalibration(dev.map((f) => ({ input: f.input, strong: f.strong })))).toEqual(SCORE_CALIBRATION);
});

test('the shipped form (the loose title alone) has the lowest left-one-repository-out log loss on dev5 of the candidate maps', () => {
  const ranked = compareCandidates(loadLabelledFamilies('eval/families/dev5')).sort((a, b) => a.loro.logLoss - b.loro.logLoss);
  // loose 0.408, constant 0.434, logit(rank) + loose 0.443, logit(rank) 0.463 (docs/forecast.md).
  expect(ranked.map((c) => c.name)).toEqual(['loose', 'constant', 'logit(rank) + loose', 'logit(rank)']);
});

test('on round 5, every calibrated score bin with ten or more labelled families, dev and held-out pooled, is within 10 points of its strong rate', () => {
  const pooled = [...loadLabelledFamilies('eval/families/dev5'), ...loadLabelledFamilies('eval/families/heldout5')];
  const bins = reliability(pooled, (f) => calibrate(f.input)).filter((b) => b.families >= 10);
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

test('the score says in words what it means: the fitted families with its kind of title and how many got strong work', () => {
  for (const loose of [false, true]) {
    const group = groupOf({ rank: 0.4, loose });
    expect(calibrationWhy({ rank: 0.4, loose })).toContain(`of which ${group.strong} of ${group.families} got strong work there`);
    expect(calibrationWhy({ rank: 0.4, loose })).toMatch(/^Score 0\.\d\d is the probability that people label this family strong/);
  }
  expect(calibrationWhy({ rank: 0.4, loose: true })).toContain('loose titles');
});
