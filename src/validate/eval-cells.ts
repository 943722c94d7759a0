import { agreement } from './agreement.js';
import { auc } from '../stats/auc.js';
import { clusterBootstrap, type BootstrapInterval } from '../stats/bootstrap.js';
import type { ClusteredRateInterval } from '../stats/clustered-rate.js';
import type { Interval } from '../stats/wilson.js';
import { familyGroupedKappaInterval, familyGroupedRateInterval, groupBy, pairFamilyKey, rateInterval } from './eval-intervals.js';
import type { PairOutcome } from './judge.js';
import { labelRank, type PairSignals } from './judges/shared.js';
import { Label, type JudgeName, type Verdict } from './model.js';
import type { LabelledPair, PairContext } from './pairs.js';

/**
 * How well a judge agrees with people on the labelled pairs of eval/pairs/
 * (pure): for each pair the judge's label and score (a cell), then AUC of the
 * score for strong against the rest, accuracy and Cohen's kappa of the three
 * labels, each with its interval. Families judged against their whole windows
 * are eval-families.ts; the thresholds fitted on cells are threshold-fit.ts.
 */

export interface CellResult {
  pair: LabelledPair;
  label: Label;
  score: number;
  signals?: PairSignals;
}

/** The labelled cells of a context, read from a judge's every-pair outcome. */
export function cellsFromPairs(context: PairContext, outcome: PairOutcome): CellResult[] {
  return context.cells.map(({ family, item, pair }) => {
    const m = outcome.matches[family]![item]!;
    const signals = outcome.signals?.[family]?.[item];
    return { pair, label: m.label, score: m.score, ...(signals ? { signals } : {}) };
  });
}

/**
 * The labelled cells of a context, read from verdicts (judges without
 * `judgePairs`): an item in a family's matches has its label and score,
 * any other is rejected with score 0.
 */
export function cellsFromVerdicts(context: PairContext, verdicts: readonly Verdict[]): CellResult[] {
  return context.cells.map(({ family, item, pair }) => {
    const m = verdicts[family]?.matches.find((x) => x.key === context.later[item]!.key);
    return { pair, label: m?.label ?? 'rejected', score: m ? labelRank(m.label) + m.score : 0 };
  });
}

export interface JudgeEvalRow {
  judge: JudgeName;
  pairs: number;
  /** Pairs people labelled strong / related / rejected. */
  gold: Record<Label, number>;
  /** Area under the ROC curve of the judge's score, strong against related and rejected; null without both. */
  auc: number | null;
  /** Its 95% interval by a bootstrap resampling families' pair groups whole (replicates without both classes left out); null at 0 or 1, where every replicate is the point. */
  aucInterval: BootstrapInterval | null;
  /** Share of pairs given the people's label (three labels). */
  accuracy: number | null;
  /** Cohen's kappa of the three labels against the people's. */
  kappa: number | null;
  /** Share of pairs where judge and people agree on relevant (strong or related) against rejected. */
  relevantAccuracy: number | null;
  /** confusion[gold][judge]. */
  confusion: Record<Label, Record<Label, number>>;
  /** 95% intervals (eval-intervals.ts): kappa, accuracy and relevant accuracy by a bootstrap resampling families' pair groups whole (`units` = families). */
  kappaInterval: BootstrapInterval | null;
  accuracyInterval: ClusteredRateInterval | null;
  relevantAccuracyInterval: ClusteredRateInterval | null;
  /** Wilson over the pairs, counting them as independent: too narrow; kept so `--json` readers of stats52 can compare (docs/judges.md). */
  accuracyWilsonInterval: Interval | null;
  relevantAccuracyWilsonInterval: Interval | null;
}

export function summariseCells(judge: JudgeName, cells: readonly CellResult[]): JudgeEvalRow {
  const labels = Label.options;
  const confusion = Object.fromEntries(labels.map((g) => [g, Object.fromEntries(labels.map((j) => [j, 0]))])) as Record<Label, Record<Label, number>>;
  for (const c of cells) confusion[c.pair.label][c.label]++;
  const gold = Object.fromEntries(labels.map((g) => [g, cells.filter((c) => c.pair.label === g).length])) as Record<Label, number>;
  const three = agreement(cells.map((c) => [c.pair.label, c.label] as const));
  const relevant = (l: Label) => l !== 'rejected';
  const binaryAgreed = cells.filter((c) => relevant(c.pair.label) === relevant(c.label)).length;
  const point = cellsAuc(cells);
  return {
    judge,
    pairs: cells.length,
    gold,
    auc: point,
    aucInterval: point === null || point === 0 || point === 1 ? null : clusterBootstrap(groupBy(cells, (c) => pairFamilyKey(c.pair)), cellsAuc),
    accuracy: three.percent === null ? null : three.percent / 100,
    kappa: three.kappa,
    relevantAccuracy: cells.length === 0 ? null : binaryAgreed / cells.length,
    confusion,
    kappaInterval: familyGroupedKappaInterval(cells, (c) => pairFamilyKey(c.pair), (c) => [c.pair.label, c.label]),
    accuracyInterval: familyGroupedRateInterval(cells, (c) => pairFamilyKey(c.pair), (c) => c.pair.label === c.label),
    relevantAccuracyInterval: familyGroupedRateInterval(cells, (c) => pairFamilyKey(c.pair), (c) => relevant(c.pair.label) === relevant(c.label)),
    accuracyWilsonInterval: rateInterval(cells, (c) => c.pair.label === c.label),
    relevantAccuracyWilsonInterval: rateInterval(cells, (c) => relevant(c.pair.label) === relevant(c.label)),
  };
}

const cellsAuc = (cells: readonly CellResult[]) => auc(cells.map((c) => c.score), cells.map((c) => c.pair.label === 'strong'));
