import levenshtein from 'natural/lib/natural/distance/levenshtein_distance.js';

/**
 * The Levenshtein distance of two words (insertions, deletions and substitutions, each costing one), from natural:
 * how far a respelt word ("succeded" -> "succeeded") or a model's misspelt key ("bugfx" -> "bugfix") is from another.
 */
export function editDistance(a: string, b: string): number {
  return levenshtein.LevenshteinDistance(a, b);
}
