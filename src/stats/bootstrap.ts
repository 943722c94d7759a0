import { quantileSorted } from 'simple-statistics';
import { mulberry32 } from '../random.js';
import { round, type Interval } from './wilson.js';

/**
 * A paired bootstrap over repositories for the difference of two pooled
 * rates (pure): lift = a forecaster's relevance minus the best baseline's.
 * Families of one repository share its history, its later work and its judge's
 * quirks, so they are not independent draws; the repository is. Each
 * replicate draws as many repositories as there are, with replacement, keeps
 * each drawn repository's counts for both forecasters together (paired), pools
 * them as the study does (hits summed over families summed) and takes the
 * difference. The interval is the 2.5th and 97.5th percentile of the
 * replicates (simple-statistics' quantileSorted).
 *
 * Deterministic: the seed is fixed (BOOTSTRAP_SEED) and the units come in the
 * caller's order (repository order), so the same input gives the same
 * interval in the study table, the named query and the notebooks.
 *
 * Known weakness, stated where it is shown: with few repositories the
 * percentile interval is too narrow (it cannot be wider than the spread of the
 * repositories at hand); with fewer than MIN_UNITS there is no interval.
 */

export const BOOTSTRAP_SEED = 20_240_601;
export const BOOTSTRAP_REPLICATES = 2000;
/** Fewer repositories than this give no interval: every replicate would be the one repository again. */
export const MIN_UNITS = 2;

/** One repository's counts for the two sides being compared. */
export interface PairedUnit {
  /** The forecaster: hits (e.g. strong + related families) out of n (families). */
  a: { hits: number; n: number };
  /** The comparator (the best baseline). */
  b: { hits: number; n: number };
}

export interface BootstrapInterval extends Interval {
  /** Repositories resampled. */
  units: number;
  /** Replicates with families on both sides (a replicate that drew only empty repositories has no rate). */
  replicates: number;
}

/** 95% percentile interval of pooled(a) − pooled(b) over repositories; null with too few repositories or no usable replicate. */
export function pairedBootstrapDifference(
  units: readonly PairedUnit[],
  options: { seed?: number; replicates?: number } = {},
): BootstrapInterval | null {
  if (units.length < MIN_UNITS) return null;
  const random = mulberry32(options.seed ?? BOOTSTRAP_SEED);
  const wanted = options.replicates ?? BOOTSTRAP_REPLICATES;
  const differences: number[] = [];
  for (let r = 0; r < wanted; r++) {
    let aHits = 0;
    let aN = 0;
    let bHits = 0;
    let bN = 0;
    for (let i = 0; i < units.length; i++) {
      const u = units[Math.floor(random.next() * units.length)]!;
      aHits += u.a.hits;
      aN += u.a.n;
      bHits += u.b.hits;
      bN += u.b.n;
    }
    if (aN > 0 && bN > 0) differences.push(aHits / aN - bHits / bN);
  }
  return percentileInterval(differences, units.length);
}

/**
 * A bootstrap over clusters for any statistic of pooled items (pure), e.g.
 * Cohen's kappa of labelled pairs resampled by family (kappa.ts,
 * kappaInterval): the cluster is the unit that was sampled, and items of one
 * cluster (the pairs of one family) are not independent, so a replicate draws
 * as many clusters as there are, with replacement, keeps each drawn cluster's
 * items together, pools them and computes the statistic. A replicate whose
 * statistic is null (e.g. no item) is left out, not counted as zero. A
 * cluster of one item each is the ordinary bootstrap over items (families for
 * family kappa).
 *
 * The same seed, replicate count and percentile rule as
 * pairedBootstrapDifference, so the same clusters in the same order give the
 * same interval on every run.
 */
export function clusterBootstrap<T>(
  clusters: readonly (readonly T[])[],
  statistic: (items: readonly T[]) => number | null,
  options: { seed?: number; replicates?: number } = {},
): BootstrapInterval | null {
  if (clusters.length < MIN_UNITS) return null;
  const random = mulberry32(options.seed ?? BOOTSTRAP_SEED);
  const wanted = options.replicates ?? BOOTSTRAP_REPLICATES;
  const values: number[] = [];
  for (let r = 0; r < wanted; r++) {
    const items: T[] = [];
    for (let i = 0; i < clusters.length; i++) items.push(...clusters[Math.floor(random.next() * clusters.length)]!);
    const value = statistic(items);
    if (value !== null && Number.isFinite(value)) values.push(value);
  }
  return percentileInterval(values, clusters.length);
}

/** The 2.5th and 97.5th percentile of the replicates (sorted here), or null without any. */
function percentileInterval(values: number[], units: number): BootstrapInterval | null {
  if (values.length === 0) return null;
  values.sort((x, y) => x - y);
  return {
    low: round(quantileSorted(values, 0.025)),
    high: round(quantileSorted(values, 0.975)),
    units,
    replicates: values.length,
  };
}
