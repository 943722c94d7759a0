import model from 'wink-eng-lite-web-model';

/**
 * Misspelt words ("uisng", "enviroment", "realisitic") kept out of titles,
 * found with the English lexicon that wink-eng-lite-web-model ships (87,593
 * lexemes, the one aspects.ts tags phrases with; offline, no new dependency).
 * A word is misspelt when it is not in the lexicon, no inflection, derivation
 * or two-word compound of lexicon words explains it ("labeler", "gettext",
 * "pipelining", "unpinned" are words), and one edit (a letter added, dropped,
 * changed, or two swapped) turns it into a lexicon word of five letters or
 * more (two letters swapped, for a word of five letters). Project names the
 * lexicon lacks and that are no near miss of an English word ("httpx",
 * "zustand", "cloudflare") pass, and so do `projectWords` (the caller's: words
 * its other texts use again). Words under five letters, capitalised or
 * mixed-case words and identifiers are never judged: too many are names. Measured on the dev repositories' titles in
 * docs/forecast.md.
 */

interface CoreModel {
  features: { lexeme: { list: string[] } };
}

let lexicon: Set<string> | null = null;
function words(): Set<string> {
  if (!lexicon) {
    const core = (model as unknown as { core: () => CoreModel }).core();
    lexicon = new Set(core.features.lexeme.list.filter((w) => /^[a-z]+$/.test(w)));
  }
  return lexicon;
}

const SUFFIXES = ['s', 'es', 'ed', 'd', 'ing', 'er', 'ers', 'ly', 'ness', 'ment', 'ments', 'able', 'ize', 'izes', 'ized', 'ise', 'ised', 'ation', 'ations', 'ity', 'ful', 'less', 'ish', 'ic', 'al'];
const PREFIXES = ['un', 're', 'pre', 'non', 'sub', 'multi', 'auto', 'de', 'dis', 'over', 'under', 'in', 'im', 'co', 'inter', 'post', 'mis', 'out', 'self', 'super'];

/** An inflection or suffix derivation of a lexicon word ("renderer", "labeler", "pipelining"). */
function inflected(w: string): boolean {
  const lex = words();
  for (const s of SUFFIXES) {
    if (!w.endsWith(s) || w.length - s.length < 3) continue;
    const b = w.slice(0, -s.length);
    if (lex.has(b) || lex.has(`${b}e`) || (b.endsWith('i') && lex.has(`${b.slice(0, -1)}y`)) || (/(.)\1$/.test(b) && lex.has(b.slice(0, -1)))) return true;
  }
  return false;
}

/** A lexicon word, or an inflection, derivation or compound of lexicon words. */
function known(w: string, depth = 0): boolean {
  if (words().has(w) || inflected(w)) return true;
  if (depth > 0) return false;
  for (const p of PREFIXES) if (w.startsWith(p) && w.length - p.length >= 3 && known(w.slice(p.length), 1)) return true;
  for (let i = 3; i <= w.length - 3; i++) if (known(w.slice(0, i), 1) && known(w.slice(i), 1)) return true;
  return false;
}

/**
 * Lexicon words of five letters or more one edit away from `w` (two letters swapped only, when `swapsOnly`), lazily and
 * possibly more than once; a swap of two equal letters yields `w` itself.
 */
function* lexiconNeighbours(w: string, swapsOnly = false): Generator<string> {
  const lex = words();
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const edits = function* (): Generator<string> {
    for (let i = 0; i + 1 < w.length; i++) yield w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2);
    if (swapsOnly) return;
    for (let i = 0; i < w.length; i++) {
      yield w.slice(0, i) + w.slice(i + 1);
      for (const c of letters) if (c !== w[i]) yield w.slice(0, i) + c + w.slice(i + 1);
    }
    for (let i = 0; i <= w.length; i++) for (const c of letters) yield w.slice(0, i) + c + w.slice(i);
  };
  for (const c of edits()) if (c.length >= 5 && lex.has(c)) yield c;
}

/**
 * The one English spelling of a misspelt word the lexicon allows ("characers"
 * -> "characters"), for a misspelling only one evidence text writes (no other
 * spelling to take, `spelledAs`): a lower-case word of eight letters or more,
 * `isMisspelt`, and exactly one lexicon word one edit away; else null (two
 * candidates: no guess; "nushell", a shell's name, stays).
 */
export function lexiconSpelling(word: string, projectWords: ReadonlySet<string> = new Set()): string | null {
  const w = word.toLowerCase();
  // Capitalised and mixed-case words are names (module comment): never judged. Nor is a word under eight letters:
  // with no second spelling in the evidence, a short project name is too often one edit from a word ("nushell": nutshell).
  if (word !== w || w.length < 8) return null;
  if (!isMisspelt(w, projectWords)) return null;
  const found = new Set([...lexiconNeighbours(w)].filter((c) => c !== w));
  return found.size === 1 ? [...found][0]! : null;
}

/** Whether a lexicon word of five letters or more is one edit away from `w`. */
function nearMiss(w: string, swapsOnly = false): boolean {
  return !lexiconNeighbours(w, swapsOnly).next().done;
}

/** Programming words the lexicon lacks that are one edit from an English word (measured on the dev repositories' titles). */
const PROGRAMMING = new Set('struct structs consts golang variadic diffing memoizing commonjs apache jsonnet pygments uvicorn certifi multer'.split(' '));

const judged = new Map<string, boolean>();

/** Whether a word is a misspelling of an English word (module comment). `known` words (the project's own) never are. */
export function isMisspelt(word: string, projectWords: ReadonlySet<string> = new Set()): boolean {
  if (!/^[a-z]{5,}$/.test(word) || projectWords.has(word) || PROGRAMMING.has(word)) return false;
  let out = judged.get(word);
  if (out === undefined) {
    // A near miss of the word's stem counts too ("miliseconds": "milisecond" is one letter from "millisecond").
    const stems = [word, ...SUFFIXES.filter((s) => word.endsWith(s) && word.length - s.length >= 5).map((s) => word.slice(0, -s.length))];
    // Five-letter words are judged by swapped letters only ("uisng"): one letter off, too many short names are near a word.
    out = !known(word) && stems.some((s) => nearMiss(s, s.length < 6));
    judged.set(word, out);
  }
  return out;
}

/** Whether two words are one edit apart (a letter added, dropped, changed, or two neighbours swapped). */
function oneEdit(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1) || (a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2));
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/**
 * The spelling the evidence itself uses for a misspelt word: another of its
 * words one edit away that the lexicon has ("vistor" in "Fix vistor keys"
 * beside "Fix visitor keys" is "visitor"), or null. Only a word that is
 * neither a lexicon word nor one's inflection or suffix derivation is
 * corrected, so two real words ("form", "from"; "renderer", "rendered") never
 * are; no dictionary of repository words.
 */
export function spelledAs(word: string, evidence: Iterable<string>): string | null {
  const w = word.toLowerCase();
  // A derivation of a lexicon word is no misspelling either: "renderer" (render + er) is never "rendered" (bubbletea's
  // "Fix rendered exit", from "reset cursor position on renderer exit").
  if (!/^[a-z]{5,}$/.test(w) || words().has(w) || inflected(w)) return null;
  for (const other of evidence) {
    const o = other.toLowerCase();
    if (o.length >= 5 && words().has(o) && oneEdit(w, o)) return word.charAt(0) === w.charAt(0) ? o : o.charAt(0).toUpperCase() + o.slice(1);
  }
  return null;
}
