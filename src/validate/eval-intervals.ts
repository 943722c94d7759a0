import type { BootstrapInterval } from '../stats/bootstrap.js';
import { clusteredRateInterval, type ClusteredRateInterval } from '../stats/clustered-rate.js';
import { kappaInterval } from '../stats/kappa.js';
import { wilsonInterval, type Interval } from '../stats/wilson.js';
import type { Label } from './model.js';
import type { LabelledPair } from './pairs.js';

/**
 * The 95% intervals judge-eval prints beside its agreement figures (pure),
 * following the house rule that a figure carries its sample size and interval:
 *
 * - a proportion over families (family accuracy, relevance, strong rate) gets
 *   a Wilson interval over the families, as every rate of a study;
 * - a proportion over labelled pairs (pair accuracy, relevant agreement,
 *   people against people) gets a seeded bootstrap over families, each
 *   family's pairs resampled whole (src/stats/clustered-rate.ts), like pair
 *   kappa: the pairs of one family share its words and were picked together,
 *   so they are not independent draws, and Wilson over the pairs was 1.6 times
 *   too narrow (eval/results/stats52.md, stats58.md);
 * - a kappa gets a seeded bootstrap (src/stats/bootstrap.ts) over the unit that
 *   was sampled: families for family kappa; for pair kappa each family's
 *   labelled pairs are resampled whole.
 */

/** The family a labelled pair belongs to: repository, source (forecaster or paraphrase) and family id. */
export function pairFamilyKey(pair: LabelledPair): string {
  return `${pair.repo}\u0000${pair.source}\u0000${pair.family.id}`;
}

/** Items grouped by a key, groups in first-seen order (the order fixes the bootstrap's draws). */
export function groupBy<T>(items: readonly T[], key: (item: T) => string): T[][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return [...groups.values()];
}

/** Kappa's bootstrap interval over pairs of labels grouped by family (one group per family). */
export function familyGroupedKappaInterval<T>(items: readonly T[], family: (item: T) => string, labels: (item: T) => readonly [Label, Label]): BootstrapInterval | null {
  return kappaInterval(groupBy(items, family).map((group) => group.map(labels)));
}

/** The share of items for which `hit` holds, its interval by a bootstrap over families (each family's items resampled whole). */
export function familyGroupedRateInterval<T>(items: readonly T[], family: (item: T) => string, hit: (item: T) => boolean): ClusteredRateInterval | null {
  return clusteredRateInterval(groupBy(items, family).map((group) => group.map(hit)));
}

/** The Wilson interval of the items for which `hit` holds, out of all of them (items counted as independent). */
export function rateInterval<T>(items: readonly T[], hit: (item: T) => boolean): Interval | null {
  return wilsonInterval(items.filter(hit).length, items.length);
}
