import { tagText } from './english.js';
import { expandContractions, hasVersionString, isFragmentWord, plainPhrase } from '../../text/clean.js';
import type { Category } from '../model.js';
import { uncapitalize } from '../../text/sentence-case.js';

/**
 * One piece of evidence's text as a task statement: an imperative verb and
 * what it acts on, in the evidence's own words. English phrase structure
 * (part of speech, lemma) comes from wink-nlp with its lite English model
 * (docs/forecast.md says why wink over compromise).
 */
export interface TaskPhrase {
  /** Imperative verb, capitalised ("Fix", "Add"). */
  verb: string;
  /** What the verb acts on, as written in the evidence ("crash when parsing quoted strings"). */
  object: string;
  /** verb + object. */
  text: string;
  /** How well it reads as a task title, higher is better (see phraseQuality). */
  quality: number;
  /** Whether the verb is the category's stand-in for a text that states none ("Fish completion inside hidden commands"). */
  standIn: boolean;
  /** Whether the verb is the one a conventional-commit type implies ("feat: retry failed requests" -> "Add"), not the text's. */
  implied: boolean;
}

/** A quoted literal ('true', "utf-8", `None`): a thing a task acts on, whatever wink tags it. */
const LITERAL = /(^|\s)(['"`])[^'"`\s]+\2(?=[\s,.]|$)/;

/** A subordinate clause whose subject is a link or an issue number, to the end of the text. */
const REFERENCE_CLAUSE = /\s+(?:once|when|after|until|till|before|as soon as)\s+(?:https?:\/\/\S+|(?:#|GH-)\d+)(?:\s.*)?$/i;

/**
 * A condition on another project's fix ("when wsproto fixes the type annotation", "when it is fixed in TS", "once
 * mypy supports X", "after upstream releases"): the note's work waits on work outside the repository, which its own
 * window rarely sees (newcomer14: uvicorn's and ky's such notes were still open six months on, both rejected). A
 * condition on the team's own act ("once we drop py3.8") is no such wait; nor is one on a link alone ("once #12 is
 * resolved"), read by REFERENCE_CLAUSE.
 */
const UPSTREAM_WAIT = new RegExp(
  [
    // "<name> fixes|supports|releases …": a subject that is no pronoun of the team.
    String.raw`\b(?:when|once|after|until|till|as soon as)\s+(?!(?:we|you|i|it|this|that|they|there|the|a|an|our)\b)[\w.@/-]+(?:\s+[\w.@/-]+)?\s+(?:fixes|fixed|supports|releases|ships|lands|adds|resolves|exposes|allows|handles)\b`,
    // "… is fixed|released|supported in|upstream|by <name>".
    String.raw`\b(?:when|once|after|until|till|as soon as)\s+[\w.@/'\`-]+(?:\s+[\w.@/'\`-]+)?\s+(?:is|are|gets|get|has been|have been)\s+(?:fixed|released|resolved|supported|merged|available|landed)\s+(?:in|upstream|by)\b`,
    String.raw`\b(?:when|once|after|until)\s+upstream\b`,
  ].join('|'),
  'i',
);

/** Whether a note's work waits on another project's fix or release (UPSTREAM_WAIT). */
export function waitsOnUpstream(note: string): boolean {
  return UPSTREAM_WAIT.test(expandContractions(note));
}

/** A trailing aside: the code's origin (", copied from …"), a pointer (": see …", "(see …)"), "for now". */
const ASIDE = /(?:,\s*(?:copied|taken|borrowed|ported|adapted|lifted|vendored)\s+from\b.*|[,;:]\s*see\b.*|,?\s+(?:for now|for the time being|at the moment|temporarily|too|as well))$/i;

/**
 * A reminder before the task a note names ("remember to fix X too", "don't forget to", "make sure to"): the writer's
 * note to self, not the task's verb. The task is what follows "to" (attrs' "Remember to fix attrs.asdict/astuple too").
 */
const REMINDER = /^(?:(?:please|also|and)\s+)*(?:remember|don'?t\s+forget|do\s+not\s+forget|make\s+sure|be\s+sure|need|have)\s+to\s+(?=[a-z])/i;

/** Verbs that hedge the work a note names ("Consider setting …", "Explore replicating …"): the gerund after them is the task. */
const HEDGE_VERBS = 'consider|explore|investigate|try|evaluate';
const HEDGE = new RegExp(`^(${HEDGE_VERBS})$`, 'i');
const HEDGE_LEAD = new RegExp(`^(${HEDGE_VERBS})\\s+(?=[a-z]+ing\\b)`, 'i');

/** The words a question about the code opens with ("is this still needed?", "why do we copy here?"). */
const QUESTION_LEAD = /^(?:is|are|was|were|do|does|did|should|shall|can|could|would|will|may|might|must|has|have|why|what|how|when|where|which|who|whether)\b/i;

/**
 * A note's text without a reminder before its task ("remember to fix X" -> "fix X") and without a hedge before its
 * gerund ("consider setting the style" -> "setting the style").
 */
export function withoutHedge(text: string): string {
  return text.replace(REMINDER, '').replace(HEDGE_LEAD, '');
}

/** Conventional-commit types and the verb their statement implies when the text has none. */
const TYPE_VERB: Record<string, string> = { fix: 'Fix', feat: 'Add', feature: 'Add', refactor: 'Refactor', perf: 'Speed up', docs: 'Document' };
const CATEGORY_VERB: Record<Category, string> = { bugfix: 'Fix', feature: 'Support', refactor: 'Clean up' };

/** A noun that names an act, closing a title that has no verb ("more cache-control cleanup"): the verb it stands for. */
export const NOMINAL_ACT: Record<string, string> = {
  cleanup: 'Clean up', cleanups: 'Clean up', refactor: 'Refactor', refactoring: 'Refactor', refactors: 'Refactor',
  simplification: 'Simplify', simplifications: 'Simplify', optimization: 'Optimize', optimizations: 'Optimize',
  optimisation: 'Optimize', optimisations: 'Optimize', improvement: 'Improve', improvements: 'Improve',
};

/** A quantity before a nominal act's object: no part of the object. */
const QUANTITY = /^(more|some|further|additional|minor|small|various|misc|several|few|a)$/i;

/** Verbs wink sometimes tags as nouns at the start of a title ("Bump", "Update"). */
const KNOWN_VERBS = new Set(
  `add allow avoid bump change clean clarify convert correct deprecate detect disable document drop emit enable ensure expose extend
  extract fix handle honor honour ignore implement improve include introduce keep let make merge migrate move normalize optimize
  pass permit preserve prevent propagate raise refactor reject remove rename reorganize replace require reset resolve respect
  restore restructure return reuse revert rewrite run set show simplify skip sort speed split stop support switch unify update
  upgrade use validate warn`.split(/\s+/),
);

/** Verbs that say little on their own: a title built on them needs a substantial object. */
const WEAK_VERBS = new Set(['update', 'change', 'improve', 'tweak', 'adjust', 'bump', 'use', 'make', 'run', 'merge', 'revert']);

/** Titles that are process, not a task: merges, releases, bumps, reverts, typo fixes, docs chores. */
const CHORE = /^(merge|revert|release|prepare|bump|version|changelog|typo|wip|update (the )?(readme|changelog|docs?|copyright|contributors|dependencies|deps)|fix(ed)? typos?|nominate|format|lint|tidy|minor|misc)/i;

/**
 * The task a text states, or null when it states none (a chore, a bare
 * reference, a sentence without a noun). `category` supplies the verb for a
 * text that names only its object ("Dual-option value arbitration").
 * `names` are contributors' names and logins, which never belong in a title.
 */
export function taskPhrase(raw: string, category: Category, names: ReadonlySet<string> = new Set()): TaskPhrase | null {
  const type = /^\s*([a-z]+)(?:\([^)]*\))?!?:/i.exec(raw)?.[1]?.toLowerCase();
  // A clause whose subject is a link ("once https://github.com/…/issues/37663 is resolved", "after #4441 lands") says
  // nothing once the link is cleaned away ("Remove type assertion once is resolved"): it goes whole.
  let text = plainPhrase(raw.replace(/^\s*(TODO|FIXME|HACK|XXX)\b[:\s-]*/i, '').replace(REFERENCE_CLAUSE, ''))
    .replace(/^[-*+]\s+/, '')
    .replace(/^(added|changed|fixed|removed|deprecated|security)\s*:\s*/i, '')
    .replace(/[.!:;,\s]+$/, '');
  // The first sentence, without a trailing clause: "X, fixing Y", "X (see ...)", "X - because".
  text = text
    .replace(REMINDER, '')
    .replace(/\.\s+[A-Z].*$/, '')
    .replace(/\s+\(.*$/, '')
    .replace(/\s+-\s+.*$/, '')
    // A clause after the comma whose subject is "we" or "you" is the task ("this isn't right, we should check X").
    .replace(/^((?:\S+\s+){2,}?\S+),\s(.*)$/, (_, head: string, tail: string) => (/^(?:so\s+|and\s+|but\s+)?(?:we|you)\s/i.test(tail) ? tail.replace(/^(?:so|and|but)\s+/i, '') : head))
    // Asides that are no part of the task: where the code came from (", copied from Click 7.x"), a pointer (": see the
    // discussion"), and how long it is meant to last ("for now").
    .replace(ASIDE, '')
    .replace(/[.!:;,\s]+$/, '')
    .trim();
  // A question that asks whether to do a piece of work ("support writing raw bytes on unix?", fd) states that work, as
  // a hedge before it does; one that asks about the code ("is this still needed?") states none.
  if (/\?$/.test(text)) text = QUESTION_LEAD.test(text) ? '' : text.replace(/\s*\?+$/, '');
  if (!text || CHORE.test(text)) return null;

  const { words, pos, lemmas, spaces } = tagText(text);
  if (words.length < 2 || words.length > 40) return null;
  // A piece of a backticked compound identifier is no contraction's leftover: wink splits `_invalid_ident_char_re`
  // at "re". (A whole backticked word keeps the old reading: starlette's "stop use `re` on …" stays unread.)
  const quoted = new Set(
    [...text.matchAll(/`([^`\s]+)`/g)].flatMap((m) => {
      const parts = m[1]!.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
      return parts.length > 1 ? parts : [];
    }),
  );
  if (words.some((w) => names.has(w.toLowerCase()) || (isFragmentWord(w) && !quoted.has(w.toLowerCase())))) return null;
  if (!pos.some((p) => p === 'NOUN' || p === 'PROPN') && !LITERAL.test(text)) return null;

  let verb: string;
  let rest: string[];
  let standIn = false;
  let implied = false;
  // Where the object ends: the text's end, or before a closing act that became the verb ("… cleanup").
  let end = words.length;
  const first = lemmas[0]!.toLowerCase();
  const typeVerb = type ? TYPE_VERB[type] : undefined;
  const subject = pos[0] === 'PRON' || (pos[0] === 'DET' && /^(this|that|these|those|it)$/i.test(words[0]!));
  if (pos[0] === 'AUX' && first === 'do' && lemmas[1] === 'not' && pos[2] === 'VERB') {
    verb = 'Stop';
    rest = [gerund(lemmas[2]!), ...words.slice(3)];
  } else if (pos[0] === 'ADV' && pos[1] === 'VERB' && /^(only|always|never|automatically|properly|correctly|consistently)$/i.test(words[0]!)) {
    verb = capitalize(lemmas[1]!.toLowerCase());
    rest = words.slice(2);
  } else if (KNOWN_VERBS.has(first) || (pos[0] === 'VERB' && !typeVerb)) {
    verb = capitalize(first);
    rest = words.slice(1);
  } else if (subject || weClause(words, pos) >= 0) {
    // "this should go once we drop py3.8", "we should really check ahead for X", "In the next release, we should drop
    // this pool": the task is the clause whose subject is "we" or "you", past its modal and adverbs.
    const at = weClause(words, pos);
    // A question ("Should we enable mouse mode?") asks whether to do it: no decision, no task.
    if (at < 0 || /\?\s*$/.test(text)) return null;
    verb = capitalize(lemmas[at]!.toLowerCase());
    rest = words.slice(at + 1);
  } else if (!typeVerb && /^(ADP|ADV|AUX|SCONJ|CCONJ|PART|INTJ|PUNCT|SYM)$/.test(pos[0]!)) {
    // A text that opens with a preposition, an adverb or a question ("In the asynchronous case, ...", "maybe someone
    // fails ...", "Should we ...?") names no object for a verb to act on: "Fix in the asynchronous case" is no task.
    return null;
  } else if (NOMINAL_ACT[words.at(-1)!.toLowerCase()] && words.length >= 2 && pos.at(-2) !== 'ADP') {
    // A noun phrase headed by its act ("more cache-control cleanup", "router refactoring"): the act is the verb, and a
    // quantity before the object ("more", "some") goes with it ("Clean up cache-control", never "Clean up more …cleanup").
    verb = NOMINAL_ACT[words.at(-1)!.toLowerCase()]!;
    end = words.length - 1;
    let from = 0;
    while (from < end && QUANTITY.test(words[from]!)) from++;
    // "Minor improvements": an act and a quantity, nothing acted on.
    if (from === end) return null;
    rest = [uncapitalize(words[from]!), ...words.slice(from + 1, end)];
  } else {
    verb = typeVerb ?? CATEGORY_VERB[category];
    standIn = !typeVerb;
    implied = !!typeVerb;
    rest = [uncapitalize(words[0]!), ...words.slice(1)];
  }
  // "Consider setting the style only for the current program": the work is setting it, not considering it. A hedge
  // before a noun ("Explore a central cache for …") names no change, and stays.
  const at = end - rest.length;
  if (HEDGE.test(verb) && rest.length > 1 && pos[at] === 'VERB' && /[a-z]ing$/.test(words[at]!)) {
    verb = capitalize(lemmas[at]!.toLowerCase());
    rest = rest.slice(1);
  }
  const offset = end - rest.length;
  rest = withoutDeixis(cut(rest, pos.slice(offset), spaces.slice(offset)), pos.slice(offset), lemmas.slice(offset));
  // A quoted literal is a thing to act on ("check ahead for 'true' or 'false'"), whatever its tag.
  const literal = LITERAL.test(join(rest, spaces.slice(offset)));
  if (!literal && !pos.slice(offset).some((p) => p === 'NOUN' || p === 'PROPN' || p === 'X')) return null;
  if (pos[offset] === 'PRON') return null;
  // "Determine if this is the desired behavior": a question about the note's own line ("if"/"whether" and a pronoun
  // for its subject) names no object a title read elsewhere can show (newcomer5: mocha's lib/nodejs note).
  if (/^(if|whether)$/i.test(rest[0] ?? '') && /^(this|that|it|these|those|they)$/i.test(rest[1] ?? '')) return null;
  // "Drop this pool": a demonstrative points at the note's own line, which a title read elsewhere does not show.
  if (rest.some((w, i) => /^(this|these|that|those)$/i.test(w) && pos[offset + i] === 'DET')) return null;
  const object = tidyEnd(join(rest, spaces.slice(offset)));
  if (!object || !/[A-Za-z]{3}/.test(object)) return null;
  const phrase = `${verb} ${object}`;
  const chore = type !== undefined && /^(ci|build|chore|docs|style|test|tests|release)$/.test(type);
  return { verb, object, text: phrase, quality: phraseQuality(verb, rest, phrase) - (chore ? 1 : 0), standIn, implied };
}

/**
 * The verb of a clause whose subject is "we" or "you": past a modal ("should", "need to", "ought to") and adverbs
 * ("really", "probably"), the first verb, read by part of speech. -1 when there is none.
 */
function weClause(words: readonly string[], pos: readonly string[]): number {
  for (let i = 0; i < words.length - 1; i++) {
    if (!/^(we|you)$/i.test(words[i]!)) continue;
    let j = i + 1;
    while (j < words.length && (pos[j] === 'AUX' || pos[j] === 'ADV' || pos[j] === 'PART' || (pos[j] === 'VERB' && /^(need|have|ought|want)$/i.test(words[j]!) && /^to$/i.test(words[j + 1] ?? '')))) j++;
    // "we do not need to", "we never": a negated clause states what not to do, not a task.
    if (pos[j] === 'VERB' && !words.slice(i + 1, j).some((w) => /^(not|n't|never)$/i.test(w))) return j;
  }
  return -1;
}

/**
 * An object without what only the note's own place resolves: a trailing "here" or "there", and a clause joined on
 * that acts on "it" or "this" ("add request.contentType and reuse it here" -> "request.contentType"). A title is read
 * away from the line it was written on, where "here" and "it" point at nothing.
 */
function withoutDeixis(rest: readonly string[], pos: readonly string[], lemmas: readonly string[]): string[] {
  for (let i = 1; i < rest.length - 1; i++) {
    if (pos[i] === 'CCONJ' && pos[i + 1] === 'VERB' && rest.slice(i + 2).some((w, k) => pos[i + 2 + k] === 'PRON' && /^(it|this|that|them|these|those)$/i.test(w))) return rest.slice(0, i);
  }
  let end = rest.length;
  while (end > 1 && pos[end - 1] === 'ADV' && /^(here|there)$/i.test(lemmas[end - 1]!)) end--;
  return rest.slice(0, end);
}

/** At most 12 words (an identifier with its backticks and dots is one), cut before a conjunction or preposition that starts a second thought. */
function cut(rest: string[], pos: readonly string[], spaces: readonly string[]): string[] {
  // The word each token belongs to: a token not preceded by a space continues the word before it.
  const word: number[] = [];
  for (let i = 0; i < rest.length; i++) word.push(i === 0 ? 0 : word[i - 1]! + (spaces[i] ? 1 : 0));
  if ((word.at(-1) ?? 0) < 12) return rest;
  let end = word.findIndex((w) => w >= 12);
  for (let i = end - 1; i >= 4 && word[i]! >= 4; i--) {
    if (pos[i] === 'CCONJ' || pos[i] === 'ADP' || pos[i] === 'PUNCT' || pos[i] === 'SCONJ') {
      end = i;
      break;
    }
  }
  return rest.slice(0, end);
}

/**
 * 0..3: a real verb (not a weak one) +1, a length a title has (3..10 words) +1,
 * no version string or number soup +0.5, lower-case prose rather than an
 * identifier list +0.5.
 */
function phraseQuality(verb: string, rest: readonly string[], phrase: string): number {
  let q = 0;
  if (!WEAK_VERBS.has(verb.toLowerCase())) q += 1;
  if (rest.length >= 2 && rest.length <= 10) q += 1;
  if (!hasVersionString(phrase) && !/\d{3,}/.test(phrase)) q += 0.5;
  if (rest.filter((w) => /^[a-z]/.test(w)).length >= rest.length / 2) q += 0.5;
  return q;
}

/** Tokens back into text with the spacing they had. */
function join(tokens: readonly string[], spaces: readonly string[]): string {
  return tokens.map((t, i) => (i === 0 ? t : `${spaces[i] ?? ' '}${t}`)).join('').replace(/\s+/g, ' ').trim();
}

/** No dangling preposition, article or unmatched backtick at the end of a cut phrase. */
function tidyEnd(text: string): string {
  let out = text;
  if ((out.match(/`/g) ?? []).length % 2 === 1) out = out.slice(0, out.lastIndexOf('`'));
  for (;;) {
    const next = out.replace(/[\s,;:]+$/, '').replace(/\s+(from|by|to|for|of|in|on|at|with|and|or|the|a|an|as|vs\.?|when|once|after|per|via)$/i, '');
    if (next === out) return out;
    out = next;
  }
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** The verb a past participle is of, by wink's lemma ("replaced" -> "replace", "rewritten" -> "rewrite"), or '' when wink reads no verb. */
export function participleLemma(participle: string): string {
  const { words, pos, lemmas } = tagText(`It was ${participle}.`);
  if (words.length !== 4 || pos[2] !== 'VERB') return '';
  return lemmas[2]!.toLowerCase();
}

/** "break" -> "breaking", "use" -> "using", "run" -> "running". */
export function gerund(verb: string): string {
  if (/ie$/.test(verb)) return `${verb.slice(0, -2)}ying`;
  if (/[^e]e$/.test(verb)) return `${verb.slice(0, -1)}ing`;
  if (/^[^aeiou]*[aeiou][bdgmnprt]$/.test(verb)) return `${verb}${verb.slice(-1)}ing`;
  return `${verb}ing`;
}

const IRREGULAR: Record<string, string> = {
  build: 'built', make: 'made', write: 'written', run: 'run', set: 'set', split: 'split', get: 'got', keep: 'kept',
  let: 'let', put: 'put', show: 'shown', take: 'taken', give: 'given', rewrite: 'rewritten', speed: 'sped', do: 'done',
  find: 'found', hide: 'hidden', send: 'sent', bring: 'brought', read: 'read', reset: 'reset', 'speed up': 'sped up',
  'clean up': 'cleaned up', stop: 'stopped',
};

/** "fix" -> "fixed", "add" -> "added", "drop" -> "dropped", "build" -> "built". */
export function pastParticiple(verb: string): string {
  const v = verb.toLowerCase();
  if (IRREGULAR[v]) return IRREGULAR[v];
  if (/e$/.test(v)) return `${v}d`;
  if (/[^aeiou]y$/.test(v)) return `${v.slice(0, -1)}ied`;
  if (/^[^aeiou]*[aeiou][bdgmnprt]$/.test(v)) return `${v}${v.slice(-1)}ed`;
  return `${v}ed`;
}
