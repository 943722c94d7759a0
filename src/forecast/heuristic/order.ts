/** What the ordering needs of a draft family (already sorted best first): whether its title names checkable work. */
export interface Orderable {
  specific: boolean;
  /**
   * False for a direction whose title passes the gate but names a class of work, not one instance (direction.ts
   * `checkable`, spec30): held back with the loose ones, and when shown on request it keeps its place among the
   * specific families. Absent means checkable.
   */
  checkable?: boolean;
}

/**
 * The families shown, in order (docs/forecast.md "What is shown"): every
 * specific family first, then at most `maxLoose` loose ones and only while the
 * forecast has fewer than `fillTo` families, at most `maxFamilies` in all.
 * `drafts` must already be sorted best first: by the calibrated score (the map
 * reads the kind of family, backtest/calibration.ts), ties by the ranking score.
 * In round 5 (eval/families/dev5) the dev repositories' loose families were 0
 * of 12 strong and none specificity 2. Scores are untouched; `held` counts the
 * loose families not shown (by the cap or the place limit). People rate loose
 * titles ("Fix the next reported defects in X", "Update the CI workflow in X")
 * specificity 0 (eval/families/dev4), so they never take a place ahead of a
 * checkable task; the heuristic's default `maxLoose` is 0 (index.ts), so by
 * default none is shown and a forecast of loose families only is empty (it
 * abstains, saying how many were held back).
 *
 * Documentation and CI directions are no longer held out of the first five
 * places by a rule of their own (rank15): the calibrated score reads their kind.
 */
export function showOrder<T extends Orderable>(drafts: readonly T[], maxLoose: number, maxFamilies: number, fillTo = Infinity): { shown: T[]; held: number } {
  const checkable = drafts.filter((d) => !heldBack(d));
  // Held back by default: directions naming a class of work (best first), then the loose titles.
  const loose = [...drafts.filter((d) => d.specific && heldBack(d)), ...drafts.filter((d) => !d.specific)];
  // Loose families fill a short forecast only: with `fillTo` checkable families or more, none is shown.
  const places = Math.max(0, Math.min(maxLoose, fillTo - checkable.length));
  const chosen = new Set<T>([...checkable, ...loose.slice(0, places)]);
  // In the order they had before spec30: specific families (a class-of-work direction among them, by its score), then loose ones.
  const ordered = [...drafts.filter((d) => d.specific), ...drafts.filter((d) => !d.specific)].filter((d) => chosen.has(d));
  const shown = ordered.slice(0, Math.max(0, maxFamilies));
  return { shown, held: loose.length - shown.filter(heldBack).length };
}

/** Whether a draft is held back unless asked for (`--max-loose`): a loose title, or a direction naming a class of work. */
export function heldBack(d: Orderable): boolean {
  return !d.specific || d.checkable === false;
}
