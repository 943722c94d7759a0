import { cohenKappa } from '../stats/kappa.js';
import type { Label, Verdict } from './model.js';

/**
 * How far two judges agree on the same families (pure). Families are paired
 * by `familyId`; a family only one side judged is left out. Two views:
 * - the three labels (strong / related / rejected);
 * - relevant (strong or related) against rejected, the split the relevance
 *   metric uses.
 * Each gives the observed agreement as a percentage and Cohen's kappa,
 * (po - pe) / (1 - pe), where po is the share of families labelled alike and
 * pe the share expected by chance from each judge's own label frequencies.
 * When pe = 1 (both judges gave every family the same single label) kappa is
 * undefined; it is reported as 1 when they agree on every family (always the
 * case then) and 0 otherwise. With no family in common every figure is null.
 */
export interface JudgeAgreement {
  /** Families both judges labelled. */
  families: number;
  /** Families labelled alike, 0..100. */
  percent: number | null;
  kappa: number | null;
  /** Families both call relevant or both call rejected, 0..100. */
  relevantPercent: number | null;
  relevantKappa: number | null;
}

export function judgeAgreement(a: readonly Verdict[], b: readonly Verdict[]): JudgeAgreement {
  const pairs = pairedLabels(a, b);
  const three = agreement(pairs);
  const binary = agreement(relevantPairs(pairs));
  return { families: pairs.length, percent: three.percent, kappa: three.kappa, relevantPercent: binary.percent, relevantKappa: binary.kappa };
}

/** The two sides' labels of each family both labelled, paired by `familyId`, in the order of `a`. */
export function pairedLabels(a: readonly Verdict[], b: readonly Verdict[]): [Label, Label][] {
  const other = new Map(b.map((v) => [v.familyId, v.label]));
  return a.flatMap((v) => {
    const label = other.get(v.familyId);
    return label === undefined ? [] : [[v.label, label] as [Label, Label]];
  });
}

/** Paired labels read as relevant (strong or related) against rejected. */
export function relevantPairs(pairs: readonly (readonly [Label, Label])[]): ['relevant' | 'rejected', 'relevant' | 'rejected'][] {
  const relevant = (l: Label) => (l === 'rejected' ? 'rejected' : 'relevant');
  return pairs.map(([x, y]) => [relevant(x), relevant(y)]);
}

/** Observed agreement (percent) and Cohen's kappa over paired labels: the one kappa, in src/stats/kappa.ts. */
export const agreement = cohenKappa;
