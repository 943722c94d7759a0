import { clusterBootstrap, type BootstrapInterval } from './bootstrap.js';
import { wilsonInterval } from './wilson.js';

/**
 * The 95% interval of a proportion whose items come in clusters (pure), e.g.
 * judge-eval's pair accuracy, where the labelled pairs of one family were
 * picked together and share its words: they agree or disagree with people
 * together, so they are not independent trials and a Wilson interval over the
 * pairs is too narrow (1.6 times on the held half, eval/results/stats52.md).
 *
 * The interval is clusterBootstrap's (bootstrap.ts: the same seed, replicate
 * count and percentile rule as pair kappa's interval): each replicate draws as
 * many clusters as there are, with replacement, keeps each drawn cluster's
 * items together and takes the pooled rate (hits over items, as the point
 * figure is pooled).
 *
 * The hard case: at a rate of 0 or 1 every replicate is 0 or 1 too, and a
 * percentile interval collapses to a point, which claims a certainty that a
 * few families cannot give. There the interval is Wilson's with each cluster
 * one trial (all of them hits, or none): the most a set of clusters that all
 * agree can tell, and never narrower than Wilson over the items. `method` says
 * which was used. Tested in tests/stats/clustered-rate.test.ts.
 *
 * Null with fewer than two clusters (MIN_UNITS), as every bootstrap interval.
 */
export interface ClusteredRateInterval extends BootstrapInterval {
  /** `bootstrap` over clusters, or `wilson` over clusters (each one trial) where the rate is 0 or 1. */
  method: 'bootstrap' | 'wilson';
}

export function clusteredRateInterval(clusters: readonly (readonly boolean[])[], options: { seed?: number; replicates?: number } = {}): ClusteredRateInterval | null {
  const items = clusters.flat();
  const hits = items.filter(Boolean).length;
  const interval = clusterBootstrap(clusters, pooledRate, options);
  if (interval === null) return null;
  if (hits === 0 || hits === items.length) {
    const wilson = wilsonInterval(hits === 0 ? 0 : clusters.length, clusters.length)!;
    return { ...interval, low: wilson.low, high: wilson.high, method: 'wilson' };
  }
  return { ...interval, method: 'bootstrap' };
}

/** Hits over items; null for a replicate without items. */
function pooledRate(items: readonly boolean[]): number | null {
  return items.length === 0 ? null : items.filter(Boolean).length / items.length;
}
