import type { Forecaster } from '../forecaster.js';
import { buildCategorizer } from '../heuristic/category.js';
import { areaOf, contributorNames } from '../heuristic/signals.js';
import { asFamilyEvidence, baselineFamily, baselineOutcome, codePaths, humanWorkItems } from './family.js';
import { compareText } from '../../text/order.js';

/** `recency`: the most recent pre-T0 pull requests (or commits), one family each: "more of the same, where it just happened". */
export function createRecencyBaseline(): Forecaster {
  return {
    name: 'recency',
    async forecast({ snapshot, seed, maxFamilies }) {
      const names = contributorNames(snapshot);
      const items = humanWorkItems(snapshot);
      const categorizer = buildCategorizer(items.map((e) => ({ text: e.item.title, labels: e.item.labels })));
      const dirFiles = new Map<string, number>(snapshot.tree.map((d) => [d.dir, d.files]));
      const families = items
        .slice(0, maxFamilies)
        .map((e, i) => {
          const areas = codePaths(e.item.paths).map((p) => areaOf(p, dirFiles));
          const anchor = mostCommon(areas);
          return baselineFamily({
            id: `F${i + 1}`,
            category: categorizer.categorize(e.item.title, e.item.labels) ?? 'feature',
            anchor,
            evidence: [asFamilyEvidence(e, 'one of the most recent pull requests before T0')],
            recent: [e.item.title],
            names,
            score: 1 - i / Math.max(1, maxFamilies),
            components: { rank: i + 1 },
            why: `Baseline: ${e.ref} "${e.item.title}" was among the ${maxFamilies} most recent human work items before T0 (${e.date.slice(0, 10)}); its most-touched area is ${anchor}.`,
          });
        });
      return baselineOutcome('recency', { seed, maxFamilies }, families, 'no human work items before T0');
    },
  };
}

function mostCommon(values: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || compareText(a[0], b[0]))[0]![0];
}
