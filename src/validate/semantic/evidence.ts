import type { TaskFamily } from '../../family/model.js';
import { familyDirection, type DirectionBasis } from '../judges/direction.js';
import { bestLabel, compareMatches, type PairSignals } from '../judges/shared.js';
import type { Label, Match } from '../model.js';

/**
 * What a threshold judge's verdict on one family rests on, read from what the
 * judge already computed (pure: no second copy of its logic): its pairs'
 * labels and signals (`Judge.judgePairs`, the standing note applied) and the
 * family's direction reading (`familyDirection`, cached per family object).
 * Made for studying where the judge agrees with people (eval/results/judges61.md:
 * a fitted gate over it did not beat the judge out of fold); never what labels a pair.
 */
export interface FamilyEvidence {
  /** The judge's family label: the best over its pairs. */
  label: Label;
  /**
   * The reading the best pair with a shared direction rests on (its best match when it called the family related or
   * strong; else its nearest pair that shared a direction), `none` when no pair shares one.
   */
  basis: DirectionBasis;
  /** Pairs labelled strong, related, and pairs sharing a direction whatever their label. */
  strong: number;
  related: number;
  directions: number;
  /**
   * The best directed pair's similarity, shared topic words, area, and the kind signal `strong` is labelled by
   * (PairSignals.agrees: false also when the direction cannot make it strong); 0 / false / null when none.
   */
  similarity: number;
  shared: number;
  touches: boolean;
  agrees: boolean | null;
  /**
   * Over every pair, shared direction or not (what a rejected family's "nearest was" rests on): the highest
   * similarity, the most shared topic words, and how many pairs touch the family's paths sharing a topic word.
   */
  nearSimilarity: number;
  nearShared: number;
  nearTouching: number;
  /** The family's shape, as the direction rules read its title (FamilyDirection). */
  vague: boolean;
  listed: boolean;
  quotes: boolean;
  objects: boolean;
  stated: boolean;
  /** Its lead note or runtime task still stands at the window's end (standing-note.ts): every call withdrawn. */
  standing: boolean;
  /** Later items judged against. */
  window: number;
}

/**
 * A family's evidence from its row of pairs: `matches[i]` and `signals[i]` are its pair with the window's i-th item,
 * as `judgePairs` gives them (after `withStandingNote`, so a standing note's withdrawn calls count as rejected).
 */
export function familyEvidence(family: TaskFamily, matches: readonly Match[], signals: readonly PairSignals[], standing: boolean): FamilyEvidence {
  const f = familyDirection(family);
  let best = -1;
  let directions = 0;
  let strong = 0;
  let related = 0;
  let nearSimilarity = 0;
  let nearShared = 0;
  let nearTouching = 0;
  matches.forEach((m, i) => {
    if (m.label === 'strong') strong++;
    if (m.label === 'related') related++;
    const p = signals[i];
    if (p === undefined) return;
    nearSimilarity = Math.max(nearSimilarity, p.similarity);
    nearShared = Math.max(nearShared, p.shared);
    if (p.touches && p.shared > 0) nearTouching++;
    if (p.direction !== true) return;
    directions++;
    if (best < 0 || compareMatches(m, matches[best]!) < 0) best = i;
  });
  const s = best >= 0 ? signals[best] : undefined;
  return {
    label: bestLabel(matches),
    basis: s?.basis ?? 'none',
    strong,
    related,
    directions,
    similarity: s?.similarity ?? 0,
    shared: s?.shared ?? 0,
    touches: s?.touches ?? false,
    agrees: s === undefined ? null : s.agrees,
    nearSimilarity,
    nearShared,
    nearTouching,
    vague: f.vague,
    listed: f.listedTopics !== null,
    quotes: f.quoted.length > 0,
    objects: f.objects.length > 0,
    stated: f.stated,
    standing,
    window: matches.length,
  };
}
