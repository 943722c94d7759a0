import { keywordCategory, strongCategory } from '../../text/category.js';
import type { Category, TaskFamily } from '../../family/model.js';
import type { WorkItem } from '../../sources/model.js';
import type { Label, Match, Verdict } from '../model.js';
import { compareText } from '../../text/order.js';
import { contentWords, isActionWord, stem } from '../../text/tokens.js';
import { applySynonyms } from '../semantic/vocabulary.js';
import { moreKindWords } from './addition-line.js';
import type { DirectionBasis } from './direction.js';

/**
 * What the embedding and LLM judges share: the structural signals (does a
 * later item change the family's paths, is it the same kind of work), the
 * metadata text of a later item (never a patch), and how a family's scored
 * items become its verdict.
 */

/** Related matches kept in a verdict, after every strong one. */
export const MAX_RELATED_MATCHES = 5;

const RANK: Record<Label, number> = { strong: 2, related: 1, rejected: 0 };

export function labelRank(label: Label): number {
  return RANK[label];
}

/** The highest label among matches (a family's label over its pairs); rejected when there are none. */
export function bestLabel(matches: readonly { label: Label }[]): Label {
  return matches.reduce<Label>((best, m) => (labelRank(m.label) > labelRank(best) ? m.label : best), 'rejected');
}

/** The family's paths a later item may touch: its anchor's and its target hints'. */
export function familyPaths(family: TaskFamily): string[] {
  const paths = [...family.anchor.paths, ...family.target_hints.paths].map(normalizePath).filter((p) => p !== '');
  return [...new Set(paths)];
}

const NO_PATHS: readonly string[] = [];

/**
 * The family paths some changed path equals or lies under, in the family's order (one shared empty list when none).
 * `prefixes` (each path with a trailing `/`) may be given by a caller testing one family's paths against many changes,
 * so the prefixes are built once (the threshold judges' pairs, perf80).
 */
export function touchedPaths(itemPaths: readonly string[], paths: readonly string[], prefixes: readonly string[] = paths.map((area) => `${area}/`)): readonly string[] {
  let out: string[] | undefined;
  for (let k = 0; k < paths.length; k++) {
    const area = paths[k]!;
    const prefix = prefixes[k]!;
    for (const p of itemPaths) {
      if (p === area || p.startsWith(prefix)) {
        (out ??= []).push(area);
        break;
      }
    }
  }
  return out ?? NO_PATHS;
}

function normalizePath(path: string): string {
  return path.trim().replace(/^\.\//, '').replace(/\/+$/, '').replace(/^\.$/, '');
}

/** Whether an item of category `item` is the family's kind of work; null when the item's kind is unknown. */
export function kindAgrees(item: Category | null, family: Category): boolean | null {
  return item === null ? null : item === family;
}

/**
 * The kind of work a later item is: its labels or conventional-commit prefix,
 * else keywords in its title, else keywords in the first 500 characters of
 * its body (the title first: "Add backoff" whose body says "failed requests"
 * is a feature); null when none tells.
 */
export function itemCategory(item: WorkItem): Category | null {
  return strongCategory(item.title, item.labels) ?? keywordCategory(item.title) ?? keywordCategory(item.body.slice(0, 500));
}

/**
 * The directories an item changed, at most two levels deep (`src/http` for
 * `src/http/retry/backoff.ts`; a file at the root is named as is), distinct,
 * in path order, at most `max`.
 */
export function changedDirs(paths: readonly string[], max = 12): string[] {
  const dirs = new Set<string>();
  for (const path of paths) {
    const parts = path.split('/');
    dirs.add(parts.length === 1 ? path : parts.slice(0, Math.min(2, parts.length - 1)).join('/'));
  }
  const sorted = [...dirs].sort(compareText);
  return sorted.length > max ? [...sorted.slice(0, max), `+${sorted.length - max} more`] : sorted;
}

/**
 * The start of a work item's body as one line: fenced diff/patch blocks and
 * unified-diff lines are cut out first (a body may paste a patch; judges see
 * metadata only), whitespace collapsed, then cut to `chars` characters.
 */
export function bodyExcerpt(body: string, chars: number): string {
  const text = body
    .replace(/```[ \t]*(diff|patch)\b[\s\S]*?(```|$)/gi, ' ')
    .split('\n')
    .filter((line) => !/^(diff --git |index [0-9a-f]+\.\.|--- (a\/|\/dev\/null)|\+\+\+ (b\/|\/dev\/null)|@@ )/.test(line))
    .join(' ');
  const flat = oneLine(text);
  return flat.length > chars ? `${flat.slice(0, chars)}…` : flat;
}

/** Whitespace collapsed to single spaces, trimmed, cut to `max` characters. */
export function oneLine(text: string, max = Number.POSITIVE_INFINITY): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** Best first: label, then score (higher first), then key. */
export function compareMatches(a: Match, b: Match): number {
  return RANK[b.label] - RANK[a.label] || b.score - a.score || compareText(a.key, b.key);
}

export { compareText };

/**
 * A family's verdict from every later item it was scored against: the best
 * label, every strong match and the best MAX_RELATED_MATCHES related ones
 * (best first), the best item's score (the nearest one's when all were
 * rejected), and a one-line reason naming that item.
 */
export function verdictFrom(family: TaskFamily, scored: readonly Match[], note = ''): Verdict {
  const sorted = [...scored].sort(compareMatches);
  const strong = sorted.filter((m) => m.label === 'strong');
  const related = sorted.filter((m) => m.label === 'related').slice(0, MAX_RELATED_MATCHES);
  const best = sorted[0];
  const label: Label = best?.label ?? 'rejected';
  const suffix = note ? `; ${note}` : '';
  let reason: string;
  if (!best) reason = `rejected: no later work in the window${suffix}`;
  else if (label === 'rejected') reason = `rejected: nearest was ${best.key} "${oneLine(best.title, 120)}" (${best.reason})${suffix}`;
  else {
    const more = strong.length > 1 ? `; ${strong.length} strong matches in all` : '';
    reason = `${label}: ${best.key} "${oneLine(best.title, 120)}" (${best.reason})${more}${suffix}`;
  }
  return {
    familyId: family.id,
    category: family.category,
    label,
    score: best?.score ?? 0,
    reason: oneLine(reason, 400),
    matches: [...strong, ...related],
  };
}

/**
 * Words the offline forecasters' templates put in families whatever they
 * predict ("Work of kind feature lands in X around ..., continuing ...",
 * "handles ... correctly in the cases that recent work kept running into"):
 * shared with a later item, they say nothing of a shared direction.
 */
export const FAMILY_BOILERPLATE: ReadonlySet<string> = new Set(
  `work kind lands land gains gain next step continuing continue around recent cases case handles handle correctly kept
  running run into defects defect features feature bugfix behaviour behavior merged change changes tests test`.split(/\s+/),
);

/**
 * What a family predicts, in words: title, expected behaviour, acceptance
 * criteria, target symbols (never its evidence or rationale: text from before
 * T0 that is not the prediction itself), less the stock clauses saying how any
 * change is checked (CHECK_CLAUSES).
 */
export function predictionText(f: TaskFamily): string {
  return [f.title, withoutCheckClauses(predictedBehaviour(f.expected_behavior)), ...f.acceptance_criteria.map(withoutCheckClauses), f.target_hints.symbols.join(' ')].filter((x) => x.trim() !== '').join('\n');
}

/**
 * The stock clauses of an expected behaviour or criterion that say how any change of its kind is checked, not what
 * the work is ("Every test that passed before the change still passes", "the existing tests pass without edits to
 * their assertions", "its examples run as shown"): their words (passed, existing, without, shown) are no topic.
 */
const CHECK_CLAUSES = new RegExp(
  [
    String.raw`every test that passed before the change still passes[^.]*`,
    String.raw`(?:the existing|its|their) tests (?:pass|keep passing)(?: without edits(?: to their assertions)?)?`,
    String.raw`keep their tests passing`,
    String.raw`(?:each example on it|its examples) runs? as shown`,
    String.raw`(?:and )?(?:the documentation builds without new warnings|it is cross-linked from the index or the page that introduces it)`,
    String.raw`public names and outputs stay the same`,
    String.raw`(?:handles one more case correctly|an input it mishandles at T0 gives the right result)`,
    String.raw`(?:fails at T0 and passes after the change|that fails at T0 passes after the change)`,
    String.raw`(?:states what it is missing or gets wrong at T0|covers a case it does not at T0|does something it cannot do at T0)`,
    String.raw`(?:with behaviour unchanged|keeps its behaviour|(?:is|are) unchanged)`,
    String.raw`\bthe (?:restructured )?code of\b`,
    String.raw`a new test(?: in \S+)? exercises it, including one error case`,
  ].join('|'),
  'gi',
);

/** A text with its check clauses (CHECK_CLAUSES) cut out. */
export function withoutCheckClauses(text: string): string {
  return text.replace(CHECK_CLAUSES, ' ');
}

/**
 * A sentence of an expected behaviour that says what the work before T0 touched ("Its changes before T0 also
 * touched `BoxCloneService` and router.") reports its evidence, not what it predicts: cut out.
 */
const BEFORE_T0_SENTENCE = /\s*[^.]*\bbefore T0 also touched\b[^]*?\.(?=\s|$)/g;

function predictedBehaviour(text: string): string {
  return text.includes('before T0') ? text.replace(BEFORE_T0_SENTENCE, '') : text;
}

/**
 * The topic words of a text, as stems: identifiers split, the synonym map
 * applied (crash → error, config → configuration), words of kind (fix, add,
 * refactor...) and template words left out, and the words of `drop` (a
 * family's own path words: they say where, not what).
 */
export function topicWords(text: string, drop: ReadonlySet<string> = new Set()): TopicWords {
  const words = new Map<string, string>();
  for (const w of applySynonyms(contentWords(text))) {
    if (isActionWord(w) || FAMILY_BOILERPLATE.has(w) || drop.has(w)) continue;
    const s = stem(w);
    if (!words.has(s)) words.set(s, w);
  }
  return words;
}

/** Topic words by stem, each with the first word of the text that had it (what a reason prints). */
export type TopicWords = ReadonlyMap<string, string>;

/** A family's topic words: those of its prediction (or of `text`, a part of it), less the words of its own paths. */
export function familyTopicWords(f: TaskFamily, text = predictionText(f)): TopicWords {
  // The kind a "more" title adds is its work, even when a path is named like it (addition-line.ts).
  const kind = new Set(applySynonyms(moreKindWords(f.title)));
  return topicWords(text, new Set(applySynonyms(contentWords(familyPaths(f).join(' '))).filter((w) => !kind.has(w))));
}

/** A later item's topic words: those of its title and the start of its body. */
export function itemTopicWords(item: WorkItem, bodyChars = 600): TopicWords {
  return topicWords(`${item.title}\n${bodyExcerpt(item.body, bodyChars)}`);
}

/**
 * The topic words of `a` whose stem `b` has too, as `a` wrote them, sorted.
 * Called for every (family, item) pair: one pass, no array unless a word is
 * shared.
 */
export function sharedWords(a: TopicWords, b: TopicWords): string[] {
  let out: string[] | undefined;
  // forEach, not for-of over entries: no [stem, word] array per word per pair.
  a.forEach((w, s) => {
    if (b.has(s)) (out ??= []).push(w);
  });
  if (out === undefined) return [];
  return out.length > 1 ? out.sort(compareText) : out;
}

/** "shares retry, backoff" or "no topic word in common", for a match's reason. */
export function sharedPhrase(words: readonly string[]): string {
  return words.length === 0 ? 'no topic word in common' : `shares ${words.slice(0, 4).join(', ')}${words.length > 4 ? ` +${words.length - 4}` : ''}`;
}

/**
 * The signals every threshold judge (lexical, semantic, embedding) labels a
 * (family, later item) pair from: how similar their texts are, how many topic
 * words they share, whether the item changes the family's paths, whether it
 * is the family's kind of work.
 */
export interface PairSignals {
  similarity: number;
  /** Distinct topic words (familyTopicWords) the item's text has too. */
  shared: number;
  touches: boolean;
  /** The item is the family's kind of work; null when nothing tells the item's kind. */
  agrees: boolean | null;
  /**
   * The pair shares a specific direction (src/validate/judges/direction.ts):
   * without one, nothing is related or strong, whatever the text, area and
   * kind. Absent (signals made before directions) counts as shared.
   */
  direction?: boolean;
  /** The direction rests on a symbol or an issue the family names: at least related, whatever the text. */
  named?: boolean;
  /** The change does what the family names (its one-piece title's object in its area, the file its title names): strong. */
  does?: boolean;
  /** Which reading the direction rests on (direction.ts SharedDirection.basis); read by studies (semantic/evidence.ts), never by a label. */
  basis?: DirectionBasis;
}

/** Where the pair labels change, in the judge's own similarity scale. */
export interface LabelThresholds {
  /** strong: the kind agrees (or is unknown) and similarity >= strong ... */
  strong: number;
  /** ... or the kind agrees (or is unknown), the item touches the family's paths and similarity >= strongInArea. */
  strongInArea: number;
  /** related: similarity >= related, whatever the kind ... */
  related: number;
  /** ... or the item touches the family's paths and similarity >= relatedInArea. */
  relatedInArea: number;
  /** related (by `related`) also needs this many shared topic words ... */
  minShared: number;
  /** ... and related in the family's area (by `relatedInArea`) this many. */
  minSharedInArea: number;
}

/**
 * The pair label shared by the threshold judges. `related` asks for the same
 * direction of work: similar text and at least `minShared` topic words in
 * common. Touching the family's paths lowers the similarity bar but never
 * replaces the words: in a real repository the busiest directories are
 * touched by most later work, whatever it does, so an item in the area must
 * still name something the family names (`minSharedInArea` words). `strong`
 * also asks for the family's kind of work, or at least not another kind:
 * many items say nothing of their kind ("Import ssl on demand"). Above all
 * of it, a pair with no shared direction (a phrase, symbol or issue in
 * common: src/validate/judges/direction.ts) is rejected: the same area and
 * the same kind of work alone are no direction.
 */
export function labelFromSignals(s: PairSignals, t: LabelThresholds): Label {
  if (s.direction === false) return 'rejected';
  if (s.does === true) return 'strong';
  if (s.agrees !== false && (s.similarity >= t.strong || (s.touches && s.similarity >= t.strongInArea))) return 'strong';
  if ((s.similarity >= t.related && s.shared >= t.minShared) || (s.touches && s.similarity >= t.relatedInArea && s.shared >= t.minSharedInArea)) return 'related';
  return s.named === true ? 'related' : 'rejected';
}

/** Rounded to 4 decimals, so equal inputs print and compare alike. */
export function round4(x: number): number {
  return Math.round(x * 10_000) / 10_000;
}
