import { agreement } from './agreement.js';
import type { BootstrapInterval } from '../stats/bootstrap.js';
import { kappaInterval } from '../stats/kappa.js';
import type { Interval } from '../stats/wilson.js';
import { rateInterval } from './eval-intervals.js';
import type { PairOutcome } from './judge.js';
import { bestLabel, labelRank } from './judges/shared.js';
import type { Label, Match, Verdict } from './model.js';
import type { FamilyContext } from './pairs.js';
import { familyEvidence, type FamilyEvidence } from './semantic/evidence.js';

/**
 * Families of eval/pairs/ judged against their repository's whole window
 * (pure), the way judge-eval's "families by forecaster" reads them: each
 * family's gold label beside the judge's (the best over every later item),
 * what that label depends on (for the threshold fit, threshold-fit.ts), who
 * and why (`judge-eval --families FILE`), and the figures over them.
 */

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

/** The minimums of shared topic words a family's `best` is read at: 0 .. MAX_SHARED. */
export const SHARED_LEVELS: readonly number[] = Array.from({ length: MAX_SHARED + 1 }, (_, k) => k);

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
    const detail: FamilyLabelDetail = { ...labelDetail(context, fi, label, onGold, verdict?.matches[0]), verdictReason: verdict?.reason ?? 'no verdict' };
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
  return {
    ...labelDetail(context, fi, label, onGold, row[best]),
    ...(outcome.signals ? { evidence: familyEvidence(family, row, outcome.signals[fi] ?? [], standing?.[family.id] !== undefined) } : {}),
  };
}

/** A family's gold pair beside the judge's match on that pair's item and its best match: what every `--families` line holds. */
function labelDetail(context: FamilyContext, fi: number, label: Label, onGold: Match | undefined, best: Match | undefined): FamilyLabelDetail {
  const family = context.families[fi]!;
  const pair = context.goldPairs?.[fi] ?? null;
  return {
    repo: context.repo,
    family: family.id,
    title: family.title,
    gold: context.gold[fi]!,
    label,
    goldPair: pair ? { key: pair.item.key, title: pair.item.title, reason: pair.reason } : null,
    judgedOnGoldItem: onGold ? { label: onGold.label, score: round3(onGold.score), reason: onGold.reason } : null,
    judgedBest: best ? { key: best.key, title: best.title, label: best.label, score: round3(best.score), reason: best.reason } : null,
  };
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

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
