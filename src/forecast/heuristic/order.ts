/** What the ordering needs of a draft family (already sorted best first): whether its title names checkable work. */
export interface Orderable {
  specific: boolean;
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
  const specific = drafts.filter((d) => d.specific);
  const loose = drafts.filter((d) => !d.specific);
  // Loose families fill a short forecast only: with `fillTo` specific families or more, none is shown.
  const places = Math.max(0, Math.min(maxLoose, fillTo - specific.length));
  const shown = [...specific, ...loose.slice(0, places)].slice(0, Math.max(0, maxFamilies));
  return { shown, held: loose.length - shown.filter((d) => !d.specific).length };
}
