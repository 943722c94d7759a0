import { fitLogistic, sigmoid } from '../../stats/logistic.js';

/**
 * The heuristic's score calibration: what turns a family into the probability
 * that people label it strong against its window (../shared/judging-rules.md),
 * under the label reading of round 5 (eval/families/GUIDE.md: an act-and-area
 * title is rejected, an entry added to a list page the family names is strong).
 *
 * The ranking score (`rank_score`) orders the families: for a direction of
 * recurring work its backtest continuation times the people factor and its
 * kind's factor (streams.ts), for pending work its kind's rate (PENDING_RATES).
 * Under round 5's labels it says nothing about strong work (dev5, by the bins of
 * the scores the families carried: 3 of 20, 4 of 27 and 1 of 7 strong in
 * 0.1-0.2, 0.2-0.3 and 0.3-0.4; a map on logit(rank_score) did worse
 * left-one-repository-out than a constant, docs/forecast.md). What does is whether the
 * title names checkable work: a loose direction ("Fix the next reported defects
 * in X", "Update the CI workflow in X"; direction.ts `specific`) got strong work
 * 0 of 14 times on dev5. So the map is
 *
 *   score = sigmoid(intercept + loose * [the title is loose])
 *
 * fitted on people's labels with an L2 penalty (l2) on the loose weight.
 * `loose` is known at T0 (it is read off the family's own title), so no later
 * data reaches the score. The score no longer follows the ranking score; the
 * order does (order.ts), and it already puts loose families last.
 */
export interface CalibrationInput {
  /** The family's ranking score, in (0, 1): it orders families, the map does not read it. */
  rank: number;
  /** The family's title names no checkable work (a loose direction, order.ts); false for pending work and series. */
  loose: boolean;
}

/** People's strong labels of the fitted families of one kind of title, for the words of `why`. */
export interface CalibrationGroup {
  families: number;
  strong: number;
}

export interface ScoreCalibration {
  intercept: number;
  /** Log-odds added for a loose title. */
  loose: number;
  l2: number;
  families: number;
  strong: number;
  specificTitles: CalibrationGroup;
  looseTitles: CalibrationGroup;
}

/** The penalty: a Gaussian prior N(0, 1) on the loose weight in log-odds. */
export const CALIBRATION_L2 = 1;

/**
 * Fitted on the development study's round-5 blind primary labels only
 * (eval/families/dev5/<repo>/labels-1.jsonl, the heuristic's families <repo>-H..,
 * whose inputs are eval/families/dev5/<repo>/score-inputs.jsonl, written from the
 * store of `study --config eval/dev.json` at 95e0d28): 54 families, 8 strong.
 * Refit with `npx tsx scripts/fit-score-calibration.ts --dir eval/families/dev5`;
 * a test holds these constants to that script's output. eval/families/heldout5 is
 * never fitted on: its reliability is the check (docs/forecast.md).
 */
export const SCORE_CALIBRATION: ScoreCalibration = {
  intercept: -1.552,
  loose: -1.006,
  l2: 1,
  families: 54,
  strong: 8,
  specificTitles: { families: 40, strong: 8 },
  looseTitles: { families: 14, strong: 0 },
};

/** The features of the map: [1 for a loose title, else 0]. */
export function calibrationFeatures(input: CalibrationInput): [number] {
  return [input.loose ? 1 : 0];
}

/** The calibrated probability of strong later work, rounded to 3 places. */
export function calibrate(input: CalibrationInput, c: ScoreCalibration = SCORE_CALIBRATION): number {
  const [loose] = calibrationFeatures(input);
  return round(sigmoid(c.intercept + c.loose * loose));
}

/** The score components a family carries for its calibration (forecast --json): its ranking score, the map's feature, and the map's output. */
export function calibrationComponents(input: CalibrationInput, c: ScoreCalibration = SCORE_CALIBRATION): { rank_score: number; calibration_loose: number; calibrated: number } {
  return { rank_score: input.rank, calibration_loose: calibrationFeatures(input)[0], calibrated: calibrate(input, c) };
}

/** The fitted families with the input's kind of title. */
export function groupOf(input: CalibrationInput, c: ScoreCalibration = SCORE_CALIBRATION): CalibrationGroup {
  return input.loose ? c.looseTitles : c.specificTitles;
}

/** What the score means, in words. */
export function calibrationWhy(input: CalibrationInput, c: ScoreCalibration = SCORE_CALIBRATION): string {
  const score = calibrate(input, c);
  const group = groupOf(input, c);
  const kind = input.loose ? 'loose titles (no checkable work named)' : 'titles naming checkable work';
  return (
    `Score ${score.toFixed(2)} is the probability that people label this family strong: a logistic map fitted on people's blind labels of ` +
    `${c.families} development-study families (${c.strong} strong; eval/families/dev5) gives ${score.toFixed(2)} to families with ${kind}, ` +
    `of which ${group.strong} of ${group.families} got strong work there; the ranking score orders the families but did not predict people's label.`
  );
}

/** Fits the map on labelled families (rounded to 3 places, as shipped). */
export function fitScoreCalibration(rows: readonly { input: CalibrationInput; strong: boolean }[], l2: number = CALIBRATION_L2): ScoreCalibration {
  const [intercept, loose] = fitLogistic(
    rows.map((r) => ({ x: calibrationFeatures(r.input), y: r.strong ? 1 : 0 })),
    { l2 },
  ).map(round) as [number, number];
  const group = (of: typeof rows): CalibrationGroup => ({ families: of.length, strong: of.filter((r) => r.strong).length });
  return {
    intercept,
    loose,
    l2,
    families: rows.length,
    strong: rows.filter((r) => r.strong).length,
    specificTitles: group(rows.filter((r) => !r.input.loose)),
    looseTitles: group(rows.filter((r) => r.input.loose)),
  };
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
