import { agreement } from './agreement.js';
import { clusterBootstrap, type BootstrapInterval } from '../stats/bootstrap.js';
import type { ClusteredRateInterval } from '../stats/clustered-rate.js';
import { kappaFromCounts, kappaInterval } from '../stats/kappa.js';
import type { Interval } from '../stats/wilson.js';
import { familyGroupedKappaInterval, familyGroupedRateInterval, groupBy, pairFamilyKey, rateInterval } from './eval-intervals.js';
import type { PairOutcome } from './judge.js';
import { bestLabel, labelRank, type LabelThresholds, type PairSignals } from './judges/shared.js';
import type { JudgeName, Label, Verdict } from './model.js';
import type { FamilyContext, LabelledPair, PairContext } from './pairs.js';
import { familyEvidence, type FamilyEvidence } from './semantic/evidence.js';

/**
 * How well a judge agrees with people on eval/pairs/ (pure): for each
 * labelled pair the judge's label and score, then AUC of the score for
 * strong against the rest, accuracy and Cohen's kappa of the three labels.
 * And `fitThresholds`: the thresholds of a threshold judge that agree best
 * with the labels of the pairs given (the `fit` half, never the reported one).
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

/**
 * A family judged against its repository's whole window: its gold label, the
 * judge's (the best over every item), and what the label depends on: the
 * highest similarity among items whose kind does not differ, among those
 * that also touch its paths, and, for related, among items sharing at least
 * k topic words (`any[k]`) and among those that also touch its paths
 * (`touching[k]`), for k = 0 .. MAX_SHARED.
 */
export interface FamilyResult {
  gold: Label;
  label: Label;
  /** The forecaster of the family (eval/pairs' `source`), for figures by forecaster. */
  source?: string;
  /** `named`: some item shares a symbol or issue the family names (at least related). */
  best: { kindOk: number; kindOkTouching: number; any: number[]; touching: number[]; named?: boolean };
  /** Who and why, for reading disagreements (`judge-eval --families FILE`). */
  detail?: FamilyLabelDetail;
}

/** One family's gold and judged label with the match behind each: a line of `judge-eval --families FILE`. */
export interface FamilyLabelDetail {
  repo: string;
  /** `<forecaster>/<family id>`. */
  family: string;
  title: string;
  gold: Label;
  label: Label;
  /** The labelled pair the gold comes from (its item and the person's reason); null when the family has none. */
  goldPair: { key: string; title: string; reason: string } | null;
  /** The judge's label, score and reason on that same item. */
  judgedOnGoldItem: { label: Label; score: number; reason: string } | null;
  /** The judge's best match over the whole window (highest label, then score). */
  judgedBest: { key: string; title: string; label: Label; score: number; reason: string } | null;
  /** What the verdict rests on (threshold judges: src/validate/semantic/evidence.ts). */
  evidence?: FamilyEvidence;
  /** The verdict's one-line reason (judges without judgePairs, the llm judge: their family label is their verdict's). */
  verdictReason?: string;
}

/** The largest minimum of shared topic words the fit tries. */
export const MAX_SHARED = 2;

export function familiesFromPairs(context: FamilyContext, outcome: PairOutcome, standing?: Readonly<Record<string, string>>): FamilyResult[] {
  return context.families.map((_, fi) => {
    const label = bestLabel(outcome.matches[fi]!);
    const best = { kindOk: -Infinity, kindOkTouching: -Infinity, any: SHARED_LEVELS.map(() => -Infinity), touching: SHARED_LEVELS.map(() => -Infinity), named: false };
    for (const s of outcome.signals?.[fi] ?? []) {
      // Without a shared direction no threshold makes a pair related or strong.
      if (s.direction === false) continue;
      if (s.named === true) best.named = true;
      for (const k of SHARED_LEVELS) {
        if (s.shared < k) continue;
        best.any[k] = Math.max(best.any[k]!, s.similarity);
        if (s.touches) best.touching[k] = Math.max(best.touching[k]!, s.similarity);
      }
      if (s.agrees !== false) best.kindOk = Math.max(best.kindOk, s.similarity);
      if (s.agrees !== false && s.touches) best.kindOkTouching = Math.max(best.kindOkTouching, s.similarity);
    }
    const source = context.sources?.[fi];
    return { gold: context.gold[fi]!, label, ...(source ? { source } : {}), best, detail: familyDetail(context, outcome, fi, label, standing) };
  });
}

/**
 * Families judged by a judge without judgePairs (the llm judge): each family's label is its verdict's over the whole
 * window. There are no signals, so `best` holds nothing (-Infinity, no name): it only serves --fit, which refits
 * threshold judges. The detail names the verdict's reason, its first match (the model's best) and its match on the
 * gold pair's item, if the verdict has one.
 */
export function familiesFromVerdicts(context: FamilyContext, verdicts: readonly Verdict[]): FamilyResult[] {
  const byId = new Map(verdicts.map((v) => [v.familyId, v]));
  return context.families.map((family, fi) => {
    const verdict = byId.get(family.id);
    const label: Label = verdict?.label ?? 'rejected';
    const best = { kindOk: -Infinity, kindOkTouching: -Infinity, any: SHARED_LEVELS.map(() => -Infinity), touching: SHARED_LEVELS.map(() => -Infinity), named: false };
    const pair = context.goldPairs?.[fi] ?? null;
    const onGold = pair ? verdict?.matches.find((m) => m.key === pair.item.key) : undefined;
    const first = verdict?.matches[0];
    const detail: FamilyLabelDetail = {
      repo: context.repo,
      family: family.id,
      title: family.title,
      gold: context.gold[fi]!,
      label,
      goldPair: pair ? { key: pair.item.key, title: pair.item.title, reason: pair.reason } : null,
      judgedOnGoldItem: onGold ? { label: onGold.label, score: round3(onGold.score), reason: onGold.reason } : null,
      judgedBest: first ? { key: first.key, title: first.title, label: first.label, score: round3(first.score), reason: first.reason } : null,
      verdictReason: verdict?.reason ?? 'no verdict',
    };
    const source = context.sources?.[fi];
    return { gold: context.gold[fi]!, label, ...(source ? { source } : {}), best, detail };
  });
}

function familyDetail(context: FamilyContext, outcome: PairOutcome, fi: number, label: Label, standing: Readonly<Record<string, string>> | undefined): FamilyLabelDetail {
  const family = context.families[fi]!;
  const row = outcome.matches[fi]!;
  const pair = context.goldPairs?.[fi] ?? null;
  const onGold = pair ? row[context.later.findIndex((w) => w.key === pair.item.key)] : undefined;
  let best = -1;
  row.forEach((m, ii) => {
    const b = row[best];
    if (!b || labelRank(m.label) > labelRank(b.label) || (m.label === b.label && m.score > b.score)) best = ii;
  });
  const b = row[best];
  return {
    repo: context.repo,
    family: family.id,
    title: family.title,
    gold: context.gold[fi]!,
    label,
    goldPair: pair ? { key: pair.item.key, title: pair.item.title, reason: pair.reason } : null,
    judgedOnGoldItem: onGold ? { label: onGold.label, score: round3(onGold.score), reason: onGold.reason } : null,
    judgedBest: b ? { key: b.key, title: b.title, label: b.label, score: round3(b.score), reason: b.reason } : null,
    ...(outcome.signals ? { evidence: familyEvidence(family, row, outcome.signals[fi] ?? [], standing?.[family.id] !== undefined) } : {}),
  };
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

const SHARED_LEVELS: readonly number[] = Array.from({ length: MAX_SHARED + 1 }, (_, k) => k);

export interface FamilyEvalRow {
  families: number;
  /** The same figures for each forecaster's families (the pairs' `source`), in first-seen order; the baselines' show how strict the judge is beside people. */
  bySource?: Record<string, Omit<FamilyEvalRow, 'bySource'>>;
  accuracy: number | null;
  kappa: number | null;
  /** (strong + related) / families by the judge, and by the gold labels. */
  relevance: number | null;
  goldRelevance: number | null;
  strongRate: number | null;
  goldStrongRate: number | null;
  /** 95% intervals (eval-intervals.ts): a bootstrap over the families for kappa, Wilson over the families for each rate; null with too few families. */
  kappaInterval: BootstrapInterval | null;
  accuracyInterval: Interval | null;
  relevanceInterval: Interval | null;
  goldRelevanceInterval: Interval | null;
  strongRateInterval: Interval | null;
  goldStrongRateInterval: Interval | null;
}

export function summariseFamilies(results: readonly FamilyResult[]): FamilyEvalRow {
  const sources = [...new Set(results.map((r) => r.source).filter((x): x is string => x !== undefined))];
  const row = summariseFamilyGroup(results);
  return sources.length === 0 ? row : { ...row, bySource: Object.fromEntries(sources.map((s) => [s, summariseFamilyGroup(results.filter((r) => r.source === s))])) };
}

function summariseFamilyGroup(results: readonly FamilyResult[]): Omit<FamilyEvalRow, 'bySource'> {
  const n = results.length;
  const rate = (f: (r: FamilyResult) => boolean) => (n === 0 ? null : results.filter(f).length / n);
  const a = agreement(results.map((r) => [r.gold, r.label] as const));
  return {
    families: n,
    accuracy: a.percent === null ? null : a.percent / 100,
    kappa: a.kappa,
    relevance: rate((r) => r.label !== 'rejected'),
    goldRelevance: rate((r) => r.gold !== 'rejected'),
    strongRate: rate((r) => r.label === 'strong'),
    goldStrongRate: rate((r) => r.gold === 'strong'),
    kappaInterval: kappaInterval(results.map((r) => [[r.gold, r.label] as const])),
    accuracyInterval: rateInterval(results, (r) => r.gold === r.label),
    relevanceInterval: rateInterval(results, (r) => r.label !== 'rejected'),
    goldRelevanceInterval: rateInterval(results, (r) => r.gold !== 'rejected'),
    strongRateInterval: rateInterval(results, (r) => r.label === 'strong'),
    goldStrongRateInterval: rateInterval(results, (r) => r.gold === 'strong'),
  };
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

const LABELS: readonly Label[] = ['strong', 'related', 'rejected'];

export function summariseCells(judge: JudgeName, cells: readonly CellResult[]): JudgeEvalRow {
  const confusion = Object.fromEntries(LABELS.map((g) => [g, Object.fromEntries(LABELS.map((j) => [j, 0]))])) as Record<Label, Record<Label, number>>;
  for (const c of cells) confusion[c.pair.label][c.label]++;
  const gold = Object.fromEntries(LABELS.map((g) => [g, cells.filter((c) => c.pair.label === g).length])) as Record<Label, number>;
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

/**
 * Area under the ROC curve: the chance that a random positive scores above a
 * random negative (ties count half), by the rank-sum formula. Null when
 * either class is empty.
 */
export function auc(scores: readonly number[], positive: readonly boolean[]): number | null {
  const order = scores.map((s, i) => ({ s, p: positive[i]! })).sort((a, b) => a.s - b.s);
  const pos = order.filter((x) => x.p).length;
  const neg = order.length - pos;
  if (pos === 0 || neg === 0) return null;
  let rankSum = 0;
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j < order.length && order[j]!.s === order[i]!.s) j++;
    const midRank = (i + 1 + j) / 2;
    for (let k = i; k < j; k++) if (order[k]!.p) rankSum += midRank;
    i = j;
  }
  return (rankSum - (pos * (pos + 1)) / 2) / (pos * neg);
}

export interface FittedThresholds {
  thresholds: LabelThresholds;
  /** The objective reached: kappa of the pairs' labels, averaged with the families' kappa when families were given. */
  objective: number;
  /** Kappa and accuracy of the three labels on the pairs fitted on. */
  kappa: number;
  accuracy: number;
  /** Kappa of the families' labels (judged against their whole windows), when families were given. */
  familyKappa: number | null;
}

/** Similarity thresholds tried, in the judge's own scale: 0.02 to 0.80. */
export const THRESHOLD_GRID: readonly number[] = Array.from({ length: 40 }, (_, i) => Math.round((0.02 + i * 0.02) * 100) / 100);

/**
 * The thresholds whose labels agree best with people's: on `cells` (which
 * must carry signals) and, when given, on `families` judged against their
 * whole windows, where a judge's leniency adds up over every later item (a
 * per-pair false positive of 2% makes most families relevant in a window of
 * 50 items). The objective is the pairs' kappa, averaged with the families'
 * kappa when families are given; ties go to the stricter thresholds.
 * Labels as `labelFromSignals` gives them, with strongInArea <= strong,
 * related <= strong, relatedInArea <= related, and 0 .. MAX_SHARED shared
 * topic words for related. The search is exhaustive over every other value
 * of `grid` (0.02, 0.06, ... 0.78), then exhaustive over the full grid
 * within two steps of that best: the full grid's 2,000,000 tries cost a
 * minute, this costs seconds; on eval/pairs it lands within 0.001 of the
 * full grid's objective.
 */
export function fitThresholds(
  cells: readonly CellResult[],
  families: readonly FamilyResult[] = [],
  grid: readonly number[] = THRESHOLD_GRID,
  /** The minimums of shared topic words tried (default 0 .. MAX_SHARED; [0] fits without them). */
  sharedLevels: readonly number[] = SHARED_LEVELS,
): FittedThresholds {
  const problem = fitProblem(cells, families);
  const coarse = grid.filter((_, i) => i % 2 === 0);
  const first = searchThresholds(problem, { strong: coarse, strongInArea: coarse, related: coarse, relatedInArea: coarse, minShared: sharedLevels, minSharedInArea: sharedLevels });
  if (!first) return { thresholds: { strong: 1, strongInArea: 1, related: 1, relatedInArea: 1, minShared: 0, minSharedInArea: 0 }, objective: 0, kappa: 0, accuracy: 0, familyKappa: null };
  const near = (x: number) => {
    const i = grid.indexOf(x);
    return grid.slice(Math.max(0, i - 2), i + 3);
  };
  const t = first.thresholds;
  const second = searchThresholds(problem, {
    strong: near(t.strong),
    strongInArea: near(t.strongInArea),
    related: near(t.related),
    relatedInArea: near(t.relatedInArea),
    minShared: [t.minShared],
    minSharedInArea: [t.minSharedInArea],
  });
  return second && second.objective >= first.objective - 1e-12 ? second : first;
}

interface FitProblem {
  sim: Float64Array;
  shared: Int32Array;
  touches: Uint8Array;
  /** 1 when the item's kind does not differ from the family's. */
  kindOk: Uint8Array;
  /** 0 when the pair shares no direction: rejected whatever the thresholds. */
  direction: Uint8Array;
  /** 1 when the direction rests on a symbol or issue: at least related. */
  named: Uint8Array;
  gold: Int32Array;
  families: readonly FamilyResult[];
  familyGold: Int32Array;
}

function fitProblem(cells: readonly CellResult[], families: readonly FamilyResult[]): FitProblem {
  return {
    sim: Float64Array.from(cells, (c) => c.signals!.similarity),
    shared: Int32Array.from(cells, (c) => c.signals!.shared),
    touches: Uint8Array.from(cells, (c) => Number(c.signals!.touches)),
    kindOk: Uint8Array.from(cells, (c) => Number(c.signals!.agrees !== false)),
    direction: Uint8Array.from(cells, (c) => Number(c.signals!.direction !== false)),
    named: Uint8Array.from(cells, (c) => Number(c.signals!.named === true)),
    gold: Int32Array.from(cells, (c) => LABELS.indexOf(c.pair.label)),
    families,
    familyGold: Int32Array.from(families, (f) => LABELS.indexOf(f.gold)),
  };
}

type Candidates = { [K in keyof LabelThresholds]: readonly number[] };

/** The best thresholds among the candidates (exhaustive), or null when no combination is allowed. */
function searchThresholds(p: FitProblem, c: Candidates): FittedThresholds | null {
  let best: FittedThresholds | null = null;
  const n = p.gold.length;
  const labels = new Int32Array(n);
  const familyLabels = new Int32Array(p.families.length);
  for (const minShared of c.minShared) {
    for (const minSharedInArea of c.minSharedInArea) {
      for (const strong of c.strong) {
        for (const strongInArea of c.strongInArea.filter((x) => x <= strong)) {
          for (const related of c.related.filter((x) => x <= strong)) {
            for (const relatedInArea of c.relatedInArea.filter((x) => x <= related)) {
              // labelFromSignals, inlined: this loop runs hundreds of thousands of times.
              for (let i = 0; i < n; i++) {
                const s = p.sim[i]!;
                const touches = p.touches[i] === 1;
                labels[i] =
                  p.direction[i] === 0 ? 2
                  : p.kindOk[i] === 1 && (s >= strong || (touches && s >= strongInArea)) ? 0
                  : (s >= related && p.shared[i]! >= minShared) || (touches && s >= relatedInArea && p.shared[i]! >= minSharedInArea) || p.named[i] === 1 ? 1
                  : 2;
              }
              const pairs = kappaOf(p.gold, labels);
              let fam: { kappa: number; accuracy: number } | null = null;
              if (p.families.length > 0) {
                p.families.forEach((f, i) => {
                  const b = f.best;
                  familyLabels[i] = b.kindOk >= strong || b.kindOkTouching >= strongInArea ? 0 : b.any[minShared]! >= related || b.touching[minSharedInArea]! >= relatedInArea || b.named === true ? 1 : 2;
                });
                fam = kappaOf(p.familyGold, familyLabels);
              }
              const objective = fam === null ? pairs.kappa : (pairs.kappa + fam.kappa) / 2;
              if (!best || objective > best.objective + 1e-12 || (objective >= best.objective - 1e-12 && pairs.accuracy >= best.accuracy - 1e-12)) {
                best = { thresholds: { strong, strongInArea, related, relatedInArea, minShared, minSharedInArea }, objective, kappa: pairs.kappa, accuracy: pairs.accuracy, familyKappa: fam?.kappa ?? null };
              }
            }
          }
        }
      }
    }
  }
  return best;
}

/** Kappa and accuracy of labels (0 strong, 1 related, 2 rejected) against gold ones, from whole counts. */
function kappaOf(gold: Int32Array, labels: Int32Array): { kappa: number; accuracy: number } {
  const n = gold.length;
  const goldCount = [0, 0, 0];
  const count = [0, 0, 0];
  let agreed = 0;
  for (let i = 0; i < n; i++) {
    const l = labels[i]!;
    goldCount[gold[i]!]!++;
    count[l]!++;
    if (l === gold[i]) agreed++;
  }
  const chance = goldCount[0]! * count[0]! + goldCount[1]! * count[1]! + goldCount[2]! * count[2]!;
  const kappa = kappaFromCounts(agreed, n, chance) ?? 0;
  return { kappa, accuracy: n === 0 ? 0 : agreed / n };
}
