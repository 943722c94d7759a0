import { expect, test } from 'vitest';
import { loadLabelledFamilies, reliability } from '../../scripts/fit-score-calibration.js';
import { bandOf, calibrate, calibrationWhy, fitScoreCalibration, SCORE_CALIBRATION } from '../../src/forecast/backtest/calibration.js';

test('the calibration map is monotone in the ranking score and bounded inside (0, 1)', () => {
  let previous = -Infinity;
  for (let i = 0; i <= 1000; i++) {
    const score = calibrate({ rank: i / 1000 });
    expect(score).toBeGreaterThanOrEqual(previous);
    expect(score).toBeGreaterThan(0);
    expect(score).toBeLessThan(1);
    previous = score;
  }
  // The fitted slope is positive: a family ranked higher is more likely to get strong work.
  expect(SCORE_CALIBRATION.slope).toBeGreaterThan(0);
  expect(calibrate({ rank: 0.7 })).toBeGreaterThan(calibrate({ rank: 0.2 }));
});

test('the shipped constants are what scripts/fit-score-calibration.ts fits on the committed development labels', () => {
  const dev = loadLabelledFamilies('eval/families/dev2');
  expect(dev.length).toBe(SCORE_CALIBRATION.families);
  expect(fitScoreCalibration(dev.map((f) => ({ input: f.input, strong: f.strong })))).toEqual(SCORE_CALIBRATION);
});

test('every calibrated score bin with ten or more labelled families, dev and held-out pooled, is within 10 points of its strong rate', () => {
  const pooled = [...loadLabelledFamilies('eval/families/dev2'), ...loadLabelledFamilies('eval/families/heldout2')];
  const bins = reliability(pooled, (f) => calibrate(f.input)).filter((b) => b.families >= 10);
  expect(bins.length).toBeGreaterThanOrEqual(2);
  for (const b of bins) expect(Math.abs(b.observed - b.mean)).toBeLessThanOrEqual(0.1);
});

// Rounds labelled after the fit (held-out never fitted): round 3 (one-piece titles), round 4 (task-line, series and upkeep titles).
test.each([
  { round: 3, dev: 'eval/families/dev3', heldout: 'eval/families/heldout3', families: 119, bins: [21, 74, 24] },
  { round: 4, dev: 'eval/families/dev4', heldout: 'eval/families/heldout4', families: 119, bins: [21, 76, 22] },
])('on round $round, labelled after the fit ($dev, $heldout), the scores the families carried are within 10 points of their strong rate in every pooled bin of ten or more', ({ dev, heldout, families, bins: sizes }) => {
  const pooled = [...loadLabelledFamilies(dev), ...loadLabelledFamilies(heldout)];
  expect(pooled.length).toBe(families);
  // The score a family carried when labelled is the shipped map of its ranking score.
  for (const f of pooled) expect(f.score).toBe(calibrate(f.input));
  const bins = reliability(pooled, (f) => f.score).filter((b) => b.families >= 10);
  expect(bins.map((b) => b.families)).toEqual(sizes);
  for (const b of bins) expect(Math.abs(b.observed - b.mean)).toBeLessThanOrEqual(0.1);
});

test('the score says in words what it means: the fitted families of its band and how many got strong work', () => {
  for (const rank of [0.15, 0.4, 0.7]) {
    const band = bandOf({ rank })!;
    expect(rank).toBeGreaterThanOrEqual(band.from);
    expect(calibrationWhy({ rank })).toContain(`of the dev families ranked ${band.from.toFixed(2)}-${band.to.toFixed(2)}, ${band.strong} of ${band.families} got strong work`);
    expect(calibrationWhy({ rank })).toMatch(/^Score 0\.\d\d is the probability that people label this family strong/);
  }
});
