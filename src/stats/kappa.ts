import { clusterBootstrap, type BootstrapInterval } from './bootstrap.js';

/**
 * Cohen's kappa (pure), the one implementation: judge agreement
 * (src/validate/agreement.ts, pooled per study in src/study/agreement.ts) and
 * judge-eval's threshold fit (src/validate/threshold-fit.ts) both end here.
 *
 * kappa = (po − pe) / (1 − pe), with po = agreed / n and pe = chance / n²,
 * where chance = Σ over labels of (left count × right count). In whole-number
 * arithmetic until the last division: (agreed·n − chance) / (n² − chance).
 * When pe = 1 (both sides gave every item the same single label) kappa is
 * undefined; it is 1 when they agree on every item (always the case then) and
 * 0 otherwise. Null with no item.
 */
export function kappaFromCounts(agreed: number, n: number, chance: number): number | null {
  if (n === 0) return null;
  if (chance === n * n) return agreed === n ? 1 : 0;
  return (agreed * n - chance) / (n * n - chance);
}

/** Observed agreement (percent, 0..100) and Cohen's kappa over paired labels. */
export function cohenKappa<T>(pairs: readonly (readonly [T, T])[]): { percent: number | null; kappa: number | null } {
  const n = pairs.length;
  if (n === 0) return { percent: null, kappa: null };
  const { agreed, chance } = kappaCounts(pairs);
  return { percent: (100 * agreed) / n, kappa: kappaFromCounts(agreed, n, chance) };
}

/** Items labelled alike, and Σ over labels of (left count × right count). */
function kappaCounts<T>(pairs: readonly (readonly [T, T])[]): { agreed: number; chance: number } {
  const left = new Map<T, number>();
  const right = new Map<T, number>();
  let agreed = 0;
  for (const [x, y] of pairs) {
    if (x === y) agreed++;
    left.set(x, (left.get(x) ?? 0) + 1);
    right.set(y, (right.get(y) ?? 0) + 1);
  }
  let chance = 0;
  for (const [label, count] of left) chance += count * (right.get(label) ?? 0);
  return { agreed, chance };
}

/**
 * The 95% bootstrap interval of Cohen's kappa over paired labels grouped by
 * the unit that was sampled (clusterBootstrap): for pair kappa the groups are
 * families (each family's labelled pairs resampled whole, since pairs of one
 * family are not independent); for family kappa each family is a group of one.
 * Deterministic (fixed seed); null with fewer than two groups.
 *
 * A replicate in which both sides gave every item one and the same label
 * (pₑ = 1) has no kappa: kappaFromCounts' convention (1 when they agree) is a
 * way to print a point, not a measurement, so such replicates are left out
 * (their count is `replicates` short of the replicates drawn). When every
 * replicate is such, as when both sides rejected every family, there is no
 * interval (null): the labels carry no information on agreement beyond chance.
 */
export function kappaInterval<T>(groups: readonly (readonly (readonly [T, T])[])[], options: { seed?: number; replicates?: number } = {}): BootstrapInterval | null {
  return clusterBootstrap(groups, definedKappa, options);
}

/** Cohen's kappa, or null where it is undefined (no item, or pₑ = 1). */
function definedKappa<T>(pairs: readonly (readonly [T, T])[]): number | null {
  const n = pairs.length;
  if (n === 0) return null;
  const { agreed, chance } = kappaCounts(pairs);
  return chance === n * n ? null : kappaFromCounts(agreed, n, chance);
}
