import type { Evidence } from '../../snapshot/model.js';
import type { Forecaster } from '../forecaster.js';
import type { Category } from '../model.js';
import { buildCategorizer } from '../heuristic/category.js';
import { contributorNames } from '../heuristic/signals.js';
import { asFamilyEvidence, baselineFamily, baselineOutcome, codePaths, humanWorkItems } from './family.js';
import { compareText } from '../../text/order.js';

/** `hotspot`: the most-churned directories before T0, each with the category most of its history had. */
export function createHotspotBaseline(): Forecaster {
  return {
    name: 'hotspot',
    async forecast({ snapshot, seed, maxFamilies }) {
      const names = contributorNames(snapshot);
      const items = humanWorkItems(snapshot);
      const categorizer = buildCategorizer(items.map((e) => ({ text: e.item.title, labels: e.item.labels })));
      const spots = snapshot.evidence.filter(
        (e): e is Extract<Evidence, { kind: 'hotspot' }> => e.kind === 'hotspot' && codePaths([`${e.dir}/x`]).length > 0,
      );
      // A directory gives way to a child that carries at least half its churn: the specific area is the forecast.
      const candidates = spots.filter((s) => !spots.some((c) => c.dir.startsWith(`${s.dir}/`) && c.commits365 * 2 >= s.commits365));
      const chosen = candidates
        .sort((a, b) => b.commits365 - a.commits365 || b.commits90 - a.commits90 || compareText(a.dir, b.dir))
        .slice(0, maxFamilies);
      const families = chosen.map((spot, i) => {
        const touching = items.filter((e) => e.item.paths.some((p) => p.startsWith(`${spot.dir}/`)));
        const votes: Record<Category, number> = { bugfix: 0, feature: 0, refactor: 0 };
        for (const e of touching) {
          const c = categorizer.categorize(e.item.title, e.item.labels);
          if (c) votes[c]++;
        }
        const category = (['bugfix', 'feature', 'refactor'] as const).reduce((best, c) => (votes[c] > votes[best] ? c : best), 'feature' as Category);
        return baselineFamily({
          id: `F${i + 1}`,
          category,
          anchor: spot.dir,
          evidence: [asFamilyEvidence(spot, 'churn hotspot before T0'), ...touching.slice(0, 3).map((e) => asFamilyEvidence(e, `recent work in ${spot.dir}`))],
          recent: touching.slice(0, 5).map((e) => e.item.title),
          names,
          score: spot.commits365 / Math.max(1, chosen[0]?.commits365 ?? 1),
          components: { commits90: spot.commits90, commits365: spot.commits365 },
          why: `Baseline: ${spot.dir} had ${spot.commits90} commits in the 90 days and ${spot.commits365} in the 365 days before T0; its history votes bugfix ${votes.bugfix}, feature ${votes.feature}, refactor ${votes.refactor}.`,
        });
      });
      return baselineOutcome('hotspot', { seed, maxFamilies }, families, 'no directory changed in the year before T0');
    },
  };
}
