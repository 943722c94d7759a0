import type { Category, TaskFamily } from '../../family/model.js';
import type { WorkItem } from '../../sources/model.js';
import type { Judge, JudgeOutcome, JudgeRequest, PairOutcome } from '../judge.js';
import type { JudgeName } from '../model.js';
import { directionPhrase, familyDirection, itemDirection, rareWords, sharedDirection } from './direction.js';
import { quotedWorkOf } from './quoted-files.js';
import { familyPaths, itemCategory, kindAgrees, sharedWords, touchedPaths, verdictFrom, type PairSignals } from './shared.js';
import { withStandingNote } from './standing-note.js';
import { strongKind } from './vagueness.js';

/**
 * What the threshold judges (lexical, semantic, embedding) share beside their
 * own similarity: how a (family, later item) pair is read for a direction, an
 * area and a kind, and how the pairs of a family become its verdict. Each
 * judge only says how similar two texts are and words its reason.
 */

/** One pair, read: its signals at the judge's similarity, and what its reason names. */
export interface PairReading {
  signal: PairSignals;
  /** The family's paths the item changes, in the family's order. */
  touched: readonly string[];
  /** The item's kind of work, null when nothing tells. */
  category: Category | null;
  agrees: boolean | null;
  /** What the pair's direction rests on, for the reason: `direction: …` or `no shared direction …`. */
  direction: string;
}

/**
 * Reads pairs of `families` and `later` (the judge's own objects: direction
 * readings are cached per object) with what `request` says of them (added
 * identifiers, quoted work); an item's text is its title and the first
 * `bodyChars` characters of its body.
 */
export function pairReader(
  families: readonly TaskFamily[],
  later: readonly WorkItem[],
  request: Pick<JudgeRequest, 'added' | 'quoted' | 'quotedDefines'>,
  bodyChars: number,
): (fi: number, ii: number, similarity: number) => PairReading {
  const familyDirs = families.map((f) => familyDirection(f));
  const itemDirs = later.map((i) => itemDirection(i, bodyChars, request.added?.[i.key]));
  const rare = rareWords(itemDirs);
  const categories = later.map(itemCategory);
  const paths = families.map(familyPaths);
  // Each family path's folder prefix once, not once per pair (touchedPaths builds them when not given).
  const prefixes = paths.map((ps) => ps.map((area) => `${area}/`));
  const quoted = families.map((f) => quotedWorkOf(f, request.quoted, request.quotedDefines));
  return (fi, ii, similarity) => {
    const touched = touchedPaths(later[ii]!.paths, paths[fi]!, prefixes[fi]!);
    const touches = touched.length > 0;
    const agrees = kindAgrees(categories[ii]!, families[fi]!.category);
    const shared = sharedWords(familyDirs[fi]!.words, itemDirs[ii]!.words);
    const direction = sharedDirection(familyDirs[fi]!, itemDirs[ii]!, { agrees, touches, rare, quoted: quoted[fi]! }, shared);
    return {
      // The direction part (direction.ts): whether a direction holds, rests on something named, does the family's
      // work, the kind signal `strong` is labelled by (strongKind), and which reading it rests on (`basis`: read by
      // studies, src/validate/semantic/evidence.ts, never by a label). Built whole, not spread from a second object.
      signal: { similarity, shared: shared.length, touches, agrees: strongKind(agrees, direction), direction: direction.holds, named: direction.named, does: direction.does, basis: direction.basis },
      touched,
      category: categories[ii]!,
      agrees,
      direction: directionPhrase(direction, itemDirs[ii]!, shared),
    };
  };
}

/** The semantic and embedding judges' words for a pair's area and kind: `touches src/http, also feature`, `outside its paths, bugfix work`. */
export function areaAndKind(r: PairReading, family: TaskFamily): string {
  const area = r.touched.length > 0 ? `touches ${r.touched.slice(0, 2).join(', ')}` : 'outside its paths';
  const kind = r.agrees ? `also ${family.category}` : `${r.category ?? 'uncategorised'} work`;
  return `${area}, ${kind}`;
}

/** A threshold judge from its every-pair labelling: a family's verdict is its pairs' (a standing note withdrawing their calls). */
export function thresholdJudge(name: JudgeName, judgePairs: (request: JudgeRequest) => Promise<PairOutcome>): Judge {
  return {
    name,
    judgePairs,
    async judge(request: JudgeRequest): Promise<JudgeOutcome> {
      const { matches, config } = await judgePairs(request);
      return { verdicts: request.families.map((family, fi) => verdictFrom(family, withStandingNote(family, matches[fi] ?? [], request.standing))), config, calls: [] };
    },
  };
}
