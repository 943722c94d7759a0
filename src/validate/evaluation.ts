/**
 * How well a judge agrees with people on eval/pairs/ (pure), as judge-eval
 * (src/api/judge-eval.ts) and the judges' bench read it, in three modules:
 * - eval-cells.ts: each labelled pair's judged label and score, and the pair
 *   figures (AUC of the score for strong against the rest, accuracy, kappa);
 * - eval-families.ts: each family judged against its whole window (from
 *   pairs, or from verdicts for the llm judge), who and why, and the family
 *   figures, by forecaster;
 * - threshold-fit.ts: the thresholds of a threshold judge that agree best with
 *   the labels of the pairs given (the `fit` half, never the reported one).
 * Their intervals are eval-intervals.ts. This module only names them for
 * their callers: each type and function is defined once, there.
 */
export { cellsFromPairs, cellsFromVerdicts, summariseCells, type CellResult, type JudgeEvalRow } from './eval-cells.js';
export { familiesFromPairs, familiesFromVerdicts, MAX_SHARED, summariseFamilies, type FamilyEvalRow, type FamilyLabelDetail, type FamilyResult } from './eval-families.js';
export { fitThresholds, THRESHOLD_GRID, type FittedThresholds } from './threshold-fit.js';
