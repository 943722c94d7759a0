import { fitLogistic, logit, sigmoid } from '../../stats/logistic.js';

/**
 * The heuristic's score calibration: what turns a family's ranking score into
 * the probability that people label it strong against its window
 * (../shared/judging-rules.md). The ranking score (`rank_score`) is what the
 * families are ordered by: for a direction of recurring work its backtest
 * continuation times the people factor and its kind's factor (streams.ts), for
 * pending work its kind's rate (PENDING_RATES). Those factors were chosen, not
 * fitted, and as probabilities they were over-confident; the score is now a
 * Platt map of the ranking score fitted on people's labels:
 *
 *   score = sigmoid(intercept + slope * logit(rank_score))
 *
 * with an L2 penalty (l2) on the slope. The map is monotone, so the ranking is
 * unchanged; only what the number means changed.
 */
export interface CalibrationInput {
  /** The family's ranking score, in (0, 1). */
  rank: number;
}

/** People's strong labels of the fitted families in one range of the input, for the words of `why`. */
export interface CalibrationBand {
  /** rank_score in [from, to) (the last band includes 1). */
  from: number;
  to: number;
  families: number;
  strong: number;
}

export interface ScoreCalibration {
  intercept: number;
  slope: number;
  l2: number;
  families: number;
  strong: number;
  bands: CalibrationBand[];
}

/** Bands of the ranking score the `why` text reads the fitted families by. */
export const BAND_EDGES = [0, 0.3, 0.5, 1] as const;
/** The penalty: a Gaussian prior N(0, 1) on each weight in log-odds. */
export const CALIBRATION_L2 = 1;

/**
 * Fitted on the development study's blind primary labels only
 * (eval/families/dev2/<repo>/labels-1.jsonl, the heuristic's families <repo>-H..,
 * whose ranking scores are their key.jsonl scores, as the store of
 * `study --config eval/dev.json` gives them: eval/families/dev2/<repo>/score-inputs.jsonl):
 * 68 families, 16 strong. Refit with
 * `npx tsx scripts/fit-score-calibration.ts --dir eval/families/dev2`; a test
 * holds these constants to that script's output. eval/families/heldout2 is
 * never fitted on: its reliability is the check (docs/forecast.md).
 */
export const SCORE_CALIBRATION: ScoreCalibration = {
  intercept: -1.055,
  slope: 0.332,
  l2: 1,
  families: 68,
  strong: 16,
  bands: [
    { from: 0, to: 0.3, families: 22, strong: 4 },
    { from: 0.3, to: 0.5, families: 28, strong: 9 },
    { from: 0.5, to: 1, families: 18, strong: 3 },
  ],
};

/** The feature of the map: logit(rank_score). */
export function calibrationFeatures(input: CalibrationInput): [number] {
  return [logit(input.rank)];
}

/** The calibrated probability of strong later work, rounded to 3 places; monotone in the ranking score. */
export function calibrate(input: CalibrationInput, c: ScoreCalibration = SCORE_CALIBRATION): number {
  const [x] = calibrationFeatures(input);
  return round(sigmoid(c.intercept + c.slope * x));
}

/** The score components a family carries for its calibration (forecast --json): its ranking score, the map's feature, and the map's output. */
export function calibrationComponents(input: CalibrationInput, c: ScoreCalibration = SCORE_CALIBRATION): { rank_score: number; calibration_logit: number; calibrated: number } {
  return { rank_score: input.rank, calibration_logit: round(calibrationFeatures(input)[0]), calibrated: calibrate(input, c) };
}

/** The fitted families of the input's band. */
export function bandOf(input: CalibrationInput, c: ScoreCalibration = SCORE_CALIBRATION): CalibrationBand | undefined {
  return c.bands.find((b) => input.rank >= b.from && input.rank < b.to) ?? c.bands[c.bands.length - 1];
}

/** What the score means, in words. */
export function calibrationWhy(input: CalibrationInput, c: ScoreCalibration = SCORE_CALIBRATION): string {
  const score = calibrate(input, c);
  const band = bandOf(input, c);
  return (
    `Score ${score.toFixed(2)} is the probability that people label this family strong: a logistic map fitted on people's blind labels of ` +
    `${c.families} development-study families (${c.strong} strong; eval/families/dev2) maps its ranking score ${input.rank.toFixed(2)} to ${score.toFixed(2)}` +
    (band ? `; of the dev families ranked ${band.from.toFixed(2)}-${band.to.toFixed(2)}, ${band.strong} of ${band.families} got strong work.` : '.')
  );
}

/** Fits the map on labelled families (rounded to 3 places, as shipped). */
export function fitScoreCalibration(rows: readonly { input: CalibrationInput; strong: boolean }[], l2: number = CALIBRATION_L2): ScoreCalibration {
  const [intercept, slope] = fitLogistic(
    rows.map((r) => ({ x: calibrationFeatures(r.input), y: r.strong ? 1 : 0 })),
    { l2 },
  ).map(round) as [number, number];
  const bands: CalibrationBand[] = [];
  for (let i = 0; i + 1 < BAND_EDGES.length; i++) {
    const [from, to] = [BAND_EDGES[i]!, BAND_EDGES[i + 1]!];
    const last = i + 2 === BAND_EDGES.length;
    const inBand = rows.filter((r) => r.input.rank >= from && (r.input.rank < to || last));
    bands.push({ from, to, families: inBand.length, strong: inBand.filter((r) => r.strong).length });
  }
  return { intercept, slope, l2, families: rows.length, strong: rows.filter((r) => r.strong).length, bands };
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
