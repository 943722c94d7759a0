import { kappaFromCounts } from '../stats/kappa.js';
import type { CellResult } from './eval-cells.js';
import { SHARED_LEVELS, type FamilyResult } from './eval-families.js';
import type { LabelThresholds } from './judges/shared.js';
import { Label } from './model.js';

/**
 * `fitThresholds` (pure): the thresholds of a threshold judge that agree best
 * with people's labels on the labelled pairs given (the `fit` half of
 * eval/pairs/, never the reported one) and on their families judged against
 * their whole windows (eval-families.ts).
 */

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
    gold: Int32Array.from(cells, (c) => Label.options.indexOf(c.pair.label)),
    families,
    familyGold: Int32Array.from(families, (f) => Label.options.indexOf(f.gold)),
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
