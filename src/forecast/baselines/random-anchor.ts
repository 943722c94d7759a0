import { mulberry32 } from '../../random.js';
import type { Forecaster } from '../forecaster.js';
import { Category } from '../model.js';
import { contributorNames } from '../heuristic/signals.js';
import { baselineFamily, baselineOutcome, recentWorkIn } from './family.js';
import { compareText } from '../../text/order.js';

/** `random-anchor`: existing directories at T0 and categories drawn at random (seeded): the floor every forecaster must clear. */
export function createRandomAnchorBaseline(): Forecaster {
  return {
    name: 'random-anchor',
    async forecast({ snapshot, seed, maxFamilies }) {
      const names = contributorNames(snapshot);
      const random = mulberry32(seed);
      const dirs = snapshot.tree.map((d) => d.dir).filter((d) => d !== '').sort();
      const pool = [...dirs];
      const families = [];
      for (let i = 0; i < maxFamilies && pool.length > 0; i++) {
        const [anchor] = pool.splice(Math.floor(random.next() * pool.length), 1);
        const category = random.pick(Category.options);
        families.push(
          baselineFamily({
            id: `F${i + 1}`,
            category,
            anchor: anchor!,
            evidence: [],
            recent: recentWorkIn(snapshot, anchor!),
            names,
            score: random.next(),
            components: { random: 1 },
            why: `Baseline: ${anchor} and ${category} were drawn at random (seed ${seed}) from the ${dirs.length} directories at T0.`,
          }),
        );
      }
      families.sort((a, b) => b.score - a.score || compareText(a.title, b.title));
      families.forEach((f, i) => (f.id = `F${i + 1}`));
      return baselineOutcome('random-anchor', { seed, maxFamilies }, families, 'the tree at T0 has no directories');
    },
  };
}
