import { stem } from '../../text/tokens.js';
import { phraseTerms } from './phrase-tags.js';

/**
 * Whether a family names a recognisable piece of work (../shared/judging-rules.md:
 * "a family too vague to check — an area and some loose words but no
 * recognisable piece of work — is rejected, unless a later change plainly does
 * what its words say"). Read from the family's title as English phrase
 * structure, not from any forecaster's template:
 *
 * - the words of a **list** ("…: choice, expand, generic", "around a, b, c")
 *   are loose words, not a phrase: a list names no work;
 * - **paths** and the area phrase that carries them ("in src/middleware",
 *   "to axum-extra/src") say where, not what;
 * - what is left must be an act governing a **specific object**: a noun or an
 *   identifier that is not a generic word of work ("defects", "bugs",
 *   "features", "support", "code"). "Fix defects in command.go",
 *   "Extend tests/scripts", "Restructure axum-core/src: below, blocks, impl"
 *   name none; "Avoid reallocation for String body extraction",
 *   "Add FileStream response to axum-extra", "Correct click.edit typing" do.
 *
 * Deterministic (compromise's tagger is rule-based and offline; its tags are
 * cached, phrase-tags.ts). A title whose words after its act are all plain
 * generic words ("Fix defects in src/x", "Add features to lib/y") names no
 * object whatever their tags, so it is read without the tagger.
 */

/** Nouns that name a kind or an amount of work, not a piece of it. */
export const GENERIC: ReadonlySet<string> = new Set(
  `defect defects bug bugs issue issues problem problems error errors feature features support work works code codes thing
  things stuff change changes improvement improvements enhancement enhancements fix fixes cleanup cleanups refactor
  refactoring refactorings update updates test tests case cases behaviour behavior behaviours behaviors handling
  functionality area areas part parts module modules file files folder folders directory directories package packages
  component components piece pieces kind kinds way ways step steps next more other others various several misc
  miscellaneous general generic minor small new recent further additional some lot lots place places correctness
  robustness quality maintenance polish edge tweaks tweak`.split(/\s+/),
);

/** A path or file name: has a slash, or a dotted file extension, or is a dotfile. */
const PATH = /^(?:\.{0,2}\/)?[\w@.-]*(?:\/[\w@.-]*)+\/?$|^[\w.-]+\.(?:c|h|cc|cpp|go|py|pyi|js|jsx|ts|tsx|mjs|cjs|mts|cts|rs|rb|java|kt|swift|json|toml|ya?ml|md|rst|txt|cfg|ini|lock|mod|sum|sh|html|css|scss|xml|in|d)$|^\.[\w.-]+$/i;

/** A specific identifier: backticked, camelCase, snake_case, dotted call, CLI flag, `$ENV`. */
const IDENTIFIER = /^`.+`$|[a-z0-9][A-Z]|^[A-Za-z]\w*_\w|^[a-z_]\w*\.[a-z_]\w*\(?\)?$|^--?[a-z]|^\$[A-Z]/;

/** The title with a trailing list (": a, b, c" / "around a, b, c") cut off; `listed` says whether one was. */
export function cutList(title: string): { head: string; listed: boolean } {
  // A list: short items (one or two words each) separated by commas, at the end of the title, after a colon or "around".
  const m = /^(.*?)(:|\baround\b|\babout\b)\s*((?:[\w.$`'-]+(?:\s[\w.$`'-]+)?\s*,\s*)*(?:and\s+)?[\w.$`'-]+(?:\s[\w.$`'-]+)?)\s*\.?$/i.exec(title);
  if (m && (m[3]!.includes(',') || m[2] === ':')) {
    // "Extend assets: a, b" — the word a colon list hangs from is its heading (an area or a topic name), not an object.
    const head = m[2] === ':' && /^\S+\s+\S+$|\s(in|to|of|for|on)\s+\S+$/i.test(m[1]!.trim()) ? m[1]!.trim().replace(/\s+\S+$/, '') : m[1]!.trim();
    return { head, listed: true };
  }
  return { head: title.trim(), listed: false };
}

/** The words of a title's head that say what is done and to what: paths and the area phrase that carries them cut out. */
function workWords(head: string): string[] {
  const words = head.split(/\s+/).filter(Boolean);
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!.replace(/[,;:.]+$/, '');
    if (PATH.test(w) && !IDENTIFIER.test(w)) {
      // "in src/x", "to lib/y", "of a/b": the preposition goes with the path.
      if (out.length > 0 && /^(in|into|to|of|for|under|within|across|from|at|on)$/i.test(out[out.length - 1]!)) out.pop();
      continue;
    }
    out.push(w);
  }
  return out;
}

/**
 * The specific objects of a title: identifiers, and the nouns (or words the
 * tagger cannot place) that are not generic words of work, after its act
 * (the first word) and with paths, area phrases and a trailing list cut out.
 * Empty when the title names no recognisable piece of work.
 */
export function specificObjects(title: string): string[] {
  const { head } = cutList(title);
  const words = workWords(head);
  if (words.length <= 1) return [];
  const [, ...rest] = words;
  if (namesNothing(rest)) return [];
  const out: string[] = [];
  for (const t of phraseTerms(rest.join(' '))) {
    const text = t.text.replace(/^[`'"(]+|[`'")]+$/g, '');
    if (text.length < 2) continue;
    const lower = text.toLowerCase();
    if (IDENTIFIER.test(t.text) || IDENTIFIER.test(text)) {
      out.push(text);
      continue;
    }
    if (GENERIC.has(lower)) continue;
    const tags = new Set(t.tags);
    const noun = tags.has('Noun') || tags.has('Gerund') || tags.has('Acronym') || tags.has('Value') || tags.size === 0;
    const functionWord = tags.has('Preposition') || tags.has('Determiner') || tags.has('Conjunction') || tags.has('Pronoun') || tags.has('Copula') || tags.has('Adverb');
    if (noun && !functionWord) out.push(text);
  }
  return out;
}

/**
 * Prepositions the tagger tags as one after any generic word ("defects in",
 * "features to": what is left of "Fix defects in src/x: a, b" once its list
 * and heading are cut), checked for every pair in
 * tests/validate/phrase-tags.test.ts. Not "under" ("several under" reads as
 * two nouns).
 */
export const TRAILING_PREPOSITIONS: ReadonlySet<string> = new Set(['in', 'to', 'of', 'for', 'on', 'into', 'within', 'across', 'from', 'at']);

/** Plain letters that are no identifier and a generic word: the tagger keeps it as it is, and it is never an object. */
function plainGeneric(word: string): boolean {
  return /^[A-Za-z]+$/.test(word) && !IDENTIFIER.test(word) && GENERIC.has(word.toLowerCase());
}

/**
 * Words after a title's act that name no object whatever the tagger says, so
 * need no tagging: every one a plain generic word (no hyphen, apostrophe or
 * punctuation for the tagger to split or join on, and the object loop drops
 * each generic word), or one such word and a trailing preposition.
 */
export function namesNothing(rest: readonly string[]): boolean {
  return rest.every(plainGeneric) || (rest.length === 2 && plainGeneric(rest[0]!) && TRAILING_PREPOSITIONS.has(rest[1]!));
}

/**
 * A family whose title names no recognisable piece of work: an act and an
 * area ("Extend tests/scripts"), a generic object ("Fix defects in
 * src/client"), or loose words from a list ("Extend src/click/core.py:
 * choice, expand, generic"). An issue number it names makes it checkable.
 */
export function isVagueTitle(title: string): boolean {
  if (/(?:^|[\s(])#\d{1,6}\b/.test(title)) return false;
  return specificObjects(title).length === 0;
}

/** The list a title ends with, as written ("choice, expand, generic" of "…: choice, expand, generic"), or null when it lists none. */
export function listedText(title: string): string | null {
  const { head, listed } = cutList(title);
  if (!listed) return null;
  return title.slice(head.length).replace(/^[^:]*?(:|\baround\b|\babout\b)/i, '');
}

/** The stems of the words a title lists ("…: choice, expand, generic" gives choic, expand, gener): what a loose family's words are. */
export function listedWords(title: string): string[] {
  const tail = listedText(title);
  if (tail === null) return [];
  const words = tail.split(/[,\s]+/).map((w) => w.replace(/[^\w-]/g, '').toLowerCase()).filter((w) => w.length >= 2 && w !== 'and');
  return [...new Set(words.map((w) => stem(w)))];
}

/**
 * Whether a later change plainly does what a vague family's words say: it
 * has two of the words the family's title lists (all of them when it lists
 * fewer; `listed` are stems, `has` tells whether the change's title and body
 * have one), it changes the family's paths, and it is not another kind of
 * work. A family whose title lists no word (an act and an area) is plainly
 * done by nothing. (Every listed word, tried too, agreed less with people on
 * the development study: docs/judges.md.)
 */
export function plainlyDoes(listed: readonly string[], has: (stem: string) => boolean, pair: { touches: boolean; agrees: boolean | null }): boolean {
  return listed.length > 0 && pair.touches && pair.agrees !== false && listed.filter(has).length >= Math.min(2, listed.length);
}

/**
 * The kind signal the threshold judges label `strong` by: a vague family's
 * change that does not plainly do what the family's words say counts as
 * another kind of work (`false`), so it may be related (by a shared
 * direction) but never strong; otherwise the item's own kind agreement.
 */
export function strongKind(agrees: boolean | null, direction: { plain: boolean }): boolean | null {
  return direction.plain ? agrees : false;
}

/** Nouns that name a place of work, a kind of file or an open-ended stream of it: with an act they say where, not what. */
export const AREA_NOUNS: ReadonlySet<string> = new Set(
  `page pages section sections workflow workflows ci action actions github example examples documentation docs doc readme
  guide config configuration suite capability capabilities requested reported restructuring`.split(/\s+/),
);

/** Words that only point: "the", "a", "its". */
const DETERMINERS: ReadonlySet<string> = new Set(['the', 'a', 'an', 'its', 'all', 'every']);

/**
 * Whether a title is an act and an area only (GUIDE.md's second reading; issue 16): after its act, with the path
 * and the area phrase that carries it cut, every word is a generic word of work, a noun of a place of work
 * ("page", "workflow", "examples", "tests") or a word of the area's own name — "Fix the next reported defects in
 * src/x", "Add the next requested capability in x.py", "Continue restructuring x.py", "Update the CI workflow in
 * ci.yml", "Extend the tests in tests/", "Extend the README page in README.md", "Extend URL parsing in
 * _urlparse.py". Such a title names the place, not a piece of work in it: a change of its kind there is the same
 * kind in the same area. A title that lists words ("…: a, b") or names an identifier or an issue is not one.
 * `paths` are the family's own paths; the title's own paths count too.
 */
export function actAndArea(title: string, paths: readonly string[]): boolean {
  if (/(?:^|[\s(])#\d{1,6}\b/.test(title) || PAREN_ITEMS.test(title)) return false;
  const { head, listed } = cutList(title);
  if (listed) return false;
  const tokens = head.split(/\s+/).map((w) => w.replace(/[,;:.]+$/, '')).filter(Boolean);
  const own = [...paths, ...tokens.filter((w) => PATH.test(w) && !IDENTIFIER.test(w))].flatMap((p) => p.toLowerCase().split('/')).map((p) => p.replace(/[^a-z]/g, '')).filter((p) => p.length >= 2);
  const [, ...rest] = workWords(head);
  const words = rest.filter((w) => !DETERMINERS.has(w.toLowerCase()));
  if (words.length === 0) return false;
  return words.every((w) => {
    if (IDENTIFIER.test(w) || !/^[A-Za-z][A-Za-z-]*$/.test(w)) return false;
    const lower = w.toLowerCase();
    if (GENERIC.has(lower) || AREA_NOUNS.has(lower)) return true;
    // A word of the area's own name: "README" for README.md, "URL parsing" for _urlparse.py, "third party packages" for third-party-packages.md.
    const s = stem(lower).replace(/[^a-z]/g, '');
    return s.length >= 3 && own.some((p) => p.includes(s));
  });
}

/** A title ending in a list of what it covers: "… (a, b, c)". */
const PAREN_ITEMS = /\(([^()]*,[^()]*)\)\s*$/;
