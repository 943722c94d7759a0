import type { StreamRecord } from '../backtest/streams.js';

/** What the ordering needs of a draft family: its kind, its ranking score and whether its title names checkable work. */
export interface Orderable {
  kind: string;
  rank: number;
  specific: boolean;
}

/** Places a documentation or CI direction may hold only when its own backtest record earns it. */
export const LOOSE_KIND_FLOOR = 5;

/**
 * Documentation and CI directions after the first LOOSE_KIND_FLOOR places
 * (order otherwise kept, scores untouched), unless the repository's own
 * backtest says streams of that kind kept receiving work: five or more
 * replayed, and a continuation rate (Laplace) of 0.8 or more. People reject
 * most such directions (eval/families/dev2: the work that follows is list and
 * version-matrix chores), so they should not take the headline places by heat.
 */
export function demoteLooseKinds<T extends { kind: string }>(drafts: readonly T[], record: StreamRecord | null): T[] {
  const earned = (kind: string) => {
    const [hits, n] = record?.kinds[kind] ?? [0, 0];
    return n >= 5 && (hits + 1) / (n + 2) >= 0.8;
  };
  const loose = (d: T) => (d.kind === 'docs' || d.kind === 'ci') && !earned(d.kind);
  const head: T[] = [];
  const held: T[] = [];
  for (const d of drafts) {
    if (head.length < LOOSE_KIND_FLOOR && loose(d)) held.push(d);
    else if (head.length < LOOSE_KIND_FLOOR) head.push(d);
    else break;
  }
  const rest = drafts.slice(head.length + held.length);
  return [...head, ...held, ...rest];
}

/**
 * The families shown, in order (docs/forecast.md "What is shown"): every
 * specific family first (by rank, documentation and CI kept out of the first
 * places as demoteLooseKinds says), then at most `maxLoose` loose ones (by
 * rank) and only while the forecast has fewer than `fillTo` families, at most
 * `maxFamilies` in all. In round 5 (eval/families/dev5) the dev repositories'
 * loose families were 0 of 12 strong and none specificity 2. Scores are untouched; `held` counts
 * the loose families not shown (by the cap or the place limit). People rate loose titles ("Fix the next reported defects in X",
 * "Update the CI workflow in X") specificity 0 (eval/families/dev4), so they
 * never take a place ahead of a checkable task; the heuristic's default `maxLoose` is 0 (index.ts), so by default
 * none is shown and a forecast of loose families only is empty (it abstains, saying how many were held back).
 * `drafts` must already be sorted by rank, best first.
 */
export function showOrder<T extends Orderable>(drafts: readonly T[], record: StreamRecord | null, maxLoose: number, maxFamilies: number, fillTo = Infinity): { shown: T[]; held: number } {
  const specific = demoteLooseKinds(drafts.filter((d) => d.specific), record);
  const loose = drafts.filter((d) => !d.specific);
  // Loose families fill a short forecast only: with `fillTo` specific families or more, none is shown.
  const places = Math.max(0, Math.min(maxLoose, fillTo - specific.length));
  const shown = [...specific, ...loose.slice(0, places)].slice(0, Math.max(0, maxFamilies));
  return { shown, held: loose.length - shown.filter((d) => !d.specific).length };
}
