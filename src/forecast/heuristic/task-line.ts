import { tagText } from './english.js';
import { hasVersionString, isFragmentWord, isHashLike, plainPhrase } from '../../text/clean.js';
import { compareText } from '../../text/order.js';
import { lexiconSpelling, spelledAs } from '../../text/spelling.js';
import { stem } from '../../text/tokens.js';
import type { Category } from '../model.js';
import { GENERIC } from './aspects.js';
import { taskPhrase } from './phrase.js';
import type { StreamItem } from './streams.js';

/**
 * A change title read as a verb phrase: verb + object + complement ("Fix" +
 * "PowerShell completion" + "with incomplete word"), parsed with wink-nlp's
 * part-of-speech tags on the task phrase phrase.ts finds. Changes of a stream
 * that share verb and object head are one line of work; its title is that verb
 * and object with the complements the changes differ in ("Use rejection macros
 * for `QueryRejection` and `FormRejection`"). An object must pass a quality
 * gate (objectPasses) before it can name a line: one odd or generic word, a
 * platform name alone, or a phrase of a docs-link, typo, lint or format change
 * never does.
 */
export interface ChangeTask {
  item: StreamItem;
  /** The verb as the change wrote it, capitalised ("Fix"). */
  verb: string;
  /** The verb's class: synonyms share one ("correct" -> "fix"). */
  verbKey: string;
  /** The object's noun phrase as written ("PowerShell completion", "rejection macros"). */
  object: string;
  /** Stem of the noun phrase's head: what two changes of one line share. */
  head: string;
  /** What follows the noun phrase: the defect or behaviour clause ("with incomplete word"), or ''. */
  complement: string;
}

/** A line of work: two or more changes sharing verb (or only object head), stated as one task. */
export interface TaskLine {
  verb: string;
  object: string;
  /** The complements the changes differ in, each a case a test can name. */
  complements: string[];
  items: StreamItem[];
  /** Whether the changes also share the verb (else only the object's head). */
  sharedVerb: boolean;
  /**
   * When the changes each did the same thing for another instance (their
   * objects differ only in a modifier, "`a` option" and "`b` option", or
   * their complements only in what follows one preposition, "for CITATION.cff"
   * and "for pacman.conf"): the instances done before T0, and the kind of thing
   * they are, plural ("options to `github-actions`", "syntax mappings").
   * The next piece of that work is one more instance, never a done one.
   */
  instances?: Instances;
}

/** The instances a line of work has done before T0 and what they are (TaskLine.instances). */
export interface Instances {
  /** What they are, plural, with the complement they share ("options to `github-actions`"). */
  kind: string;
  /** How the instances attach to `kind` in a title: "like" for modifiers, "like those for" for complements. */
  link: string;
  /** The instances, newest first, at most three ("`onWritePath`", "CITATION.cff"). */
  done: string[];
}

const VERB_CLASS: Record<string, string> = {
  correct: 'fix', resolve: 'fix', repair: 'fix', fix: 'fix',
  add: 'add', introduce: 'add', implement: 'add', create: 'add',
  remove: 'remove', drop: 'remove', delete: 'remove',
  allow: 'support', enable: 'support', permit: 'support', support: 'support',
  improve: 'improve', enhance: 'improve',
  refactor: 'refactor', restructure: 'refactor', simplify: 'refactor', 'clean up': 'refactor',
};

/** Changes whose words are about docs links, typos, lints, formatting or chores: their phrases never make an object. */
const HOUSEKEEPING = /\b(typos?|spelling|docs?|documentation|docstrings?|links?|urls? in docs|lints?|linters?|clippy|clippies|rustfmt|fmt|prettier|eslint|ruff|flake8|mypy|pyright|warnings?|readme|code comments?|doc comments?|changelog|ci|coverage|deps|dependencies|chore|whitespace|formatter|pre-commit|msrv|copyright|license)\b/i;

/** Names of platforms and runtimes: alone they are a place, not an object. */
const PLATFORM = /^(windows|win32|linux|macos|mac|osx|unix|posix|bsd|freebsd|android|ios|wasm|wasi|python|py|node|nodejs|node\.js|deno|bun|rust|go|golang|java|jvm|ruby|php|nightly|stable|beta|browser|browsers|cpython|pypy)$/i;

/** Code words that are syntax, not a thing of the project ("`impl`", "`fn`"). */
const SYNTAX_WORD = /^(impl|impls|fn|mod|self|super|crate|pub|use|trait|struct|enum|type|let|const|static|async|await|def|class|func|var|return|import|export|new|this|init|main|lib|src|test|tests|args|kwargs|opts|ctx|cfg|std)$/i;

/** Whether a change title is about docs links, typos, lints, formatting or chores (identifiers aside). */
export function isHousekeeping(title: string): boolean {
  return HOUSEKEEPING.test(title.replace(/`[^`]*`/g, ' '));
}

/** The verb phrase of one change title, or null when it states none or is housekeeping. */
export function changeTask(item: StreamItem, names: ReadonlySet<string>, fallback: Category): ChangeTask | null {
  if (isHousekeeping(item.title)) return null;
  const phrase = taskPhrase(item.title, fallback, names);
  if (!phrase) return null;
  const p = supportRead(phrase);
  // Identifiers are one token each: a placeholder wink tags as a proper noun.
  const ids: string[] = [];
  const masked = p.object.replace(/`([^`]+)`/g, (m) => {
    ids.push(m);
    return `Qidentq${'abcdefghij'[ids.length - 1] ?? 'z'}`;
  });
  const { words, pos, spaces } = tagText(masked);
  const nounish = (i: number) => pos[i] === 'NOUN' || pos[i] === 'PROPN' || (pos[i] === 'X' && /^[A-Za-z]/.test(words[i]!));
  // The noun phrase: determiners skipped, then adjectives, nouns, participles, in-word hyphens, "and" between nouns.
  let i = 0;
  let verb = p.verb;
  // A verb the conventional-commit type hid ("feat(http): retry failed requests" -> "Add retry ..."): the title's own verb.
  // Only then: after a verb the title writes, the object's first word is no verb ("Add retry count to `x` hook"; ky).
  if ((p.implied || p.standIn) && pos[0] === 'VERB' && !/(ed|ing)$/.test(words[0]!) && /^[a-z]+$/.test(words[0]!) && words.length > 1) {
    verb = words[0]!.charAt(0).toUpperCase() + words[0]!.slice(1);
    i = 1;
  }
  while (i < words.length && pos[i] === 'DET') i++;
  const start = i;
  let headAt = -1;
  for (; i < words.length; i++) {
    const w = words[i]!;
    const participle = pos[i] === 'VERB' && /[a-z](ed|ing)$/.test(w) && i > start - 1;
    const hyphen = w === '-' && spaces[i] === '' && spaces[i + 1] === '';
    const and = pos[i] === 'CCONJ' && /^(and|or)$/i.test(w) && (headAt === i - 1 || pos[i - 1] === 'NUM') && (nounish(i + 1) || pos[i + 1] === 'NUM');
    // A list of numbers is one modifier ("502, 503 and 504 responses").
    const numList = w === ',' && pos[i - 1] === 'NUM' && pos[i + 1] === 'NUM';
    // After the title's own verb, a first word wink reads as a verb modifies the noun after it ("retry count").
    const adjunct = i === start && pos[i] === 'VERB' && nounish(i + 1);
    if (nounish(i) || pos[i] === 'ADJ' || pos[i] === 'NUM' || participle || hyphen || and || numList || adjunct) {
      if (nounish(i) || (participle && /ing$/.test(w) && headAt === i - 1)) headAt = i;
      continue;
    }
    break;
  }
  if (headAt < start) return null;
  const restore = (s: string) => s.replace(/Qidentq([a-z])/g, (_, c: string) => ids['abcdefghij'.indexOf(c)] ?? '');
  const np = restore(join(words.slice(start, headAt + 1), spaces.slice(start, headAt + 1)));
  let complement = restore(join(words.slice(headAt + 1), spaces.slice(headAt + 1)));
  // A complement opens with a preposition or a clause word; a purpose ("to match") or a bare verb says no case.
  const opener = pos[headAt + 1];
  if (!complement || !(opener === 'ADP' || opener === 'SCONJ' || (opener === 'ADV' && /^(when|where|if)$/i.test(words[headAt + 1]!)) || (opener === 'PART' && nounish(headAt + 2)))) complement = '';
  complement = tidyClause(complement);
  const headWord = restore(words[headAt]!);
  const head = headWord.startsWith('`') ? headWord.toLowerCase() : stem(headWord.toLowerCase());
  // A verb the category stood in for is no act the change states: two such changes share no verb ("Clean up" twice).
  const verbKey = p.standIn && verb === p.verb ? `\u0002${item.ref}` : (VERB_CLASS[verb.toLowerCase()] ?? verb.toLowerCase());
  // An instance a support line names is often a proper name ("Lean", "Apple Silicon"): kept as written.
  return { item, verb, verbKey, object: p === phrase ? lowerProse(np) : np, head, complement };
}

/** Verbs that, with "support" as their object, add that support: "Add support for X" supports X. */
const ADDS_SUPPORT = /^(add|adds|added|introduce|implement|support)$/i;

/**
 * "Add support for zstd decoding", "Support for zstd decoding" and "Add zstd
 * decoding support" read as "Support zstd decoding": each adds one instance
 * (a format, a shell, a platform), so the instance is the object, not the
 * generic word "support" (which never passes the gate, and as a head made
 * "more supports like fish and nushell"). Other verbs ("Fix support for X",
 * "Drop support for X") keep their object: they add nothing.
 */
export function supportRead<T extends { verb: string; object: string }>(p: T): T {
  if (!ADDS_SUPPORT.test(p.verb)) return p;
  let object: string | null = null;
  if (SUPPORT_FOR.test(p.object)) object = p.object.replace(SUPPORT_FOR, '');
  else if (/^support$/i.test(p.verb) && FOR_ONLY.test(p.object)) object = p.object.replace(FOR_ONLY, '');
  else object = X_SUPPORT.exec(p.object)?.[1] ?? null;
  return object ? { ...p, verb: 'Support', object } : p;
}

/** "(initial) support for X", "for X" after the verb Support, and "X support": where X stands. */
const SUPPORT_FOR = /^(?:(?:initial|basic|experimental|native|full|first-class)\s+)?support\s+for\s+(?=\S)/i;
const FOR_ONLY = /^for\s+(?=\S)/i;
const X_SUPPORT = /^(?!support\b)(.+?)\s+support$/i;

/**
 * Whether a noun phrase can name a line of work: at least one content word
 * (not generic, not a contributor's name, version or hash), never a platform
 * or runtime name alone, and a single word only when it is a project
 * identifier (backticked, CamelCase or snake_case, not language syntax) or
 * carries a clause that names the case.
 */
export function objectPasses(object: string, complement: string, exclude: ReadonlySet<string>, names: ReadonlySet<string>): boolean {
  const words = object.split(/\s+/).filter(Boolean);
  const bare = (w: string) => w.replace(/^`|`$/g, '').replace(/\(\)$/, '');
  if (words.some((w) => isFragmentWord(w) || names.has(w.toLowerCase()) || hasVersionString(w) || isHashLike(bare(w)))) return false;
  const content = words.filter((w) => !/^(and|or)$/i.test(w) && !GENERIC.has(w.toLowerCase()) && !exclude.has(stem(w.toLowerCase())) && !PLATFORM.test(bare(w)) && !SYNTAX_WORD.test(bare(w)) && bare(w).length >= 3);
  if (content.length === 0) return false;
  if (words.length >= 2) return true;
  const w = bare(words[0]!);
  const identifier = /`/.test(words[0]!) || /[a-z][A-Z]|_|::|\./.test(w);
  return identifier ? w.length >= 4 : complement.split(/\s+/).length >= 3;
}

/**
 * The line of work the most (and most recent) changes of a stream state:
 * changes grouped by verb class + object head, else by object head alone; two
 * or more changes, an object that passes the gate. Null when none does.
 */
export function taskLine(items: readonly StreamItem[], names: ReadonlySet<string>, exclude: ReadonlySet<string>, fallback: Category): TaskLine | null {
  const tasks = items.map((i) => changeTask(i, names, fallback)).filter((t): t is ChangeTask => t !== null && objectPasses(t.object, t.complement, exclude, names));
  const best = (key: (t: ChangeTask) => string, sharedVerb: boolean): TaskLine | null => {
    const groups = new Map<string, ChangeTask[]>();
    for (const t of tasks) groups.set(key(t), [...(groups.get(key(t)) ?? []), t]);
    const ranked = [...groups.entries()]
      .filter(([, g]) => distinctChanges(g.map((t) => t.item)) >= 2)
      .map(([k, g]) => ({ k, g, n: g.length, heat: g.reduce((s, t) => s + t.item.recency, 0), multi: g.some((t) => /\s|`/.test(t.object)) ? 1 : 0 }))
      .sort((a, b) => b.n + 0.5 * b.multi - (a.n + 0.5 * a.multi) || b.heat - a.heat || compareText(a.k, b.k));
    const top = ranked[0];
    if (!top) return null;
    return statement(top.g, sharedVerb, fallback);
  };
  // Then a verb that names the work on its own ("retry", "escape"): its objects are the cases.
  const own = (t: ChangeTask) => (GENERAL_VERBS.has(t.verbKey) ? `\u0000${t.item.ref}` : `\u0001${t.verbKey}`);
  return best((t) => `${t.verbKey} ${t.head}`, true) ?? best((t) => t.head, false) ?? best(own, true);
}

/**
 * How many changes a group holds: a follow-up of a change (its title again,
 * with or without "(addendum)", "follow-up", "part 2", within a week of it) is
 * that change, not a second case of the line (fzf before 2025-09-01:
 * "Terminate running background transform on exit" and "... (addendum)" the same
 * day were titled as a line that one change had done). The same title months
 * apart ("Keep clients in sync", twice) is work that recurs: two changes.
 */
export function distinctChanges(group: readonly StreamItem[]): number {
  const items = [...new Map(group.map((i) => [i.ref, i])).values()].sort((a, b) => compareText(a.date, b.date));
  const key = (title: string) => plainPhrase(title).replace(FOLLOW_UP, '').replace(/[.!]+$/, '').trim().toLowerCase();
  const kept: StreamItem[] = [];
  for (const it of items) {
    const same = kept.some((k) => key(k.title) === key(it.title) && Math.abs(Date.parse(it.date) - Date.parse(k.date)) <= WEEK_MS);
    if (!same) kept.push(it);
  }
  return kept.length;
}

const FOLLOW_UP = /\s*[([]?\b(?:addendum|follow[- ]?up|part\s*\d+|take\s*\d+|again|cont(?:inued|\.)?)\b[)\]]?\s*$/i;
const WEEK_MS = 7 * 24 * 3600 * 1000;

/** Verbs that say nothing of the work without their object: never a line on their own. */
const GENERAL_VERBS = new Set(
  `fix add support remove improve refactor update use make change allow set move rename replace extract split clean
  ensure avoid prevent handle implement expose introduce convert rewrite return keep show stop correct deprecate document
  simplify migrate upgrade switch run pass let get reset revert restore enable disable test check`.split(/\s+/),
);

/** The group as one task: its commonest verb and object form, the complements it differs in (newest first, at most three). */
function statement(written: readonly ChangeTask[], sharedVerb: boolean, fallback: Category): TaskLine {
  const group = spelledByEvidence(written);
  const verb = sharedVerb ? commonest(group.map((t) => t.verb)) : { bugfix: 'Fix', feature: 'Extend', refactor: 'Refactor' }[fallback];
  const object = mergeObjects(group);
  const complements: string[] = [];
  for (const t of group) {
    const c = t.complement;
    if (!c || complements.some((x) => x.toLowerCase() === c.toLowerCase())) continue;
    complements.push(c);
    if (complements.length >= 3) break;
  }
  const items = [...new Map(group.map((t) => [t.item.ref, t.item])).values()];
  // The kind is named by what the instances share: a clause only some changes write is one example's, not the kind's
  // (minijinja's "Add zip filter for combining iterables into tuples" beside "Added sum filter"; classes34).
  const instances = modifierInstances(group, sharedComplement(group)) ?? complementInstances(object, complements);
  return { verb, object, complements, items, sharedVerb, ...(instances ? { instances } : {}) };
}

/**
 * The group's objects and complements with a misspelt word spelled as another
 * of its changes spells it (prettier: "Fix vistor keys for `FunctionExpression`"
 * beside "Fix visitor keys for `TypePredicate`" is a visitor-keys line, not
 * "visitor and vistor keys"; src/text/spelling.ts `spelledAs`). Identifiers stay as written.
 */
function spelledByEvidence(group: readonly ChangeTask[]): ChangeTask[] {
  const vocabulary = new Set(group.flatMap((t) => `${t.object} ${t.complement}`.replace(/`[^`]*`/g, ' ').match(/[A-Za-z]+/g) ?? []));
  const respell = (text: string) => text.split(/(`[^`]*`)/).map((part) => (part.startsWith('`') ? part : part.replace(/[A-Za-z]+/g, (w) => spelledAs(w, vocabulary) ?? lexiconSpelling(w) ?? w))).join('');
  return group.map((t) => ({ ...t, object: respell(t.object), complement: respell(t.complement) }));
}

/** "`a` option" and "`b` option" (to `github-actions`): options to `github-actions` like `a` and `b`. */
function modifierInstances(group: readonly ChangeTask[], complement: string): Instances | null {
  const parts = modifiersOf(group);
  // A generic head names no kind of thing: "multiple-key support" and "attribute support" are no "supports".
  return parts && !GENERIC_HEAD.test(parts.head) ? instancesOf(parts.modifiers, parts.head, complement) : null;
}

/** Heads that name no kind of instance ("Add more supports like …", "more improvements like …"). */
const GENERIC_HEAD = /^(support|supports|improvements?|changes?|fix(es)?|updates?|handling|behaviou?r|issues?|problems?)$/i;

/** The complement every change of the group writes (its distinct changes agree on it), else ''. */
function sharedComplement(group: readonly ChangeTask[]): string {
  const byChange = new Map(group.map((t) => [t.item.ref, t.complement.toLowerCase()]));
  const forms = new Set(byChange.values());
  return forms.size === 1 ? group[0]!.complement : '';
}

/**
 * Instances named by the modifiers of one head. A modifier that is an
 * identifier and then plain words ("`toSatisfy` asymmetric") names the
 * instance by the identifier; the words qualify the kind ("asymmetric
 * matchers like `toBeOneOf` and `toSatisfy`").
 */
export function instancesOf(modifiers: readonly string[], head: string, complement = ''): Instances {
  const split = modifiers.map((m) => /^(`[^`]+`)\s+([a-z][\w-]*(?:\s+[a-z][\w-]*)*)$/.exec(m));
  // The words qualify the kind only when every instance writes them; one instance's words are its own (classes34).
  const qualifiers = new Set(split.map((x) => x?.[2]?.toLowerCase() ?? ''));
  const qualifier = qualifiers.size === 1 ? split[0]?.[2] : undefined;
  const done = modifiers.map((m, i) => split[i]?.[1] ?? m);
  return { kind: `${qualifier ? `${qualifier} ` : ''}${plural(head)}${complement ? ` ${complement}` : ''}`, link: 'like', done };
}

/** "syntax mapping for A" and "for B": syntax mappings like those for A and B (one preposition shared, else none). */
function complementInstances(object: string, complements: readonly string[]): Instances | null {
  if (complements.length < 2 || /\s(and|or)\s|,/.test(object)) return null;
  const prep = complements[0]!.split(' ')[0]!.toLowerCase();
  if (!complements.every((c) => c.split(' ')[0]!.toLowerCase() === prep && c.includes(' ') && !PREPOSITION.test(c.split(' ')[1]!))) return null;
  const words = object.split(' ');
  return { kind: [...words.slice(0, -1), plural(words.at(-1)!)].join(' '), link: `like those ${prep}`, done: complements.map((c) => c.split(' ').slice(1).join(' ')) };
}

/** A noun's singular by English spelling ("completions" -> "completion", "registries" -> "registry"). */
export function singular(noun: string): string {
  if (/[^aeiou]ies$/i.test(noun)) return `${noun.slice(0, -3)}y`;
  if (/(ss|x|z|ch|sh)es$/i.test(noun)) return noun.slice(0, -2);
  if (/[^su]s$/i.test(noun)) return noun.slice(0, -1);
  return noun;
}

/**
 * A noun made plural, by English spelling ("mapping" -> "mappings", "syntax"
 * -> "syntaxes", "registry" -> "registries"); a word that already ends in a
 * single s is taken as plural. Hand-written: compromise, the dependency that
 * inflects, reads "mapping" as a verb ("syntax mapping" -> "syntaxes mapping").
 */
export function plural(noun: string): string {
  if (/`$/.test(noun)) return noun;
  if (/[^s]s$/i.test(noun)) return noun;
  if (/(s|x|z|ch|sh)$/i.test(noun)) return `${noun}es`;
  if (/[^aeiou]y$/i.test(noun)) return `${noun.slice(0, -1)}ies`;
  return `${noun}s`;
}

/** An object without a leading quantifier ("more modules" -> "modules"): a quantifier is no modifier of the line. */
function bare(object: string): string {
  return object.replace(/^(more|some|all|various|several|other|additional|remaining|few|many|any)\s+(?=\S)/i, '');
}

/**
 * The group's objects as one: sharing a head word, their modifiers joined
 * ("fish, PowerShell and zsh completion"); different heads (a line by verb),
 * the objects joined; else the fullest form, the newest among equals.
 */
function mergeObjects(group: readonly ChangeTask[]): string {
  const objects = distinctObjects(group);
  const fullest = bare([...group].sort((a, b) => bare(b.object).split(' ').length - bare(a.object).split(' ').length || b.item.recency - a.item.recency)[0]!.object);
  if (objects.length === 1) return fullest;
  const listed = objects.some((o) => /\s(and|or)\s|,/.test(o));
  // Different heads (a line by its verb): the newest two objects, "as well as" when one is a list already.
  if (new Set(group.map((t) => t.head)).size > 1) return listed ? `${objects[1]} as well as ${objects[0]}` : joinList(objects.slice(0, 2).reverse());
  const parts = modifiersOf(group);
  return parts ? `${joinList(parts.modifiers)} ${parts.head}` : fullest;
}

function distinctObjects(group: readonly ChangeTask[]): string[] {
  const objects: string[] = [];
  for (const t of group) if (!objects.some((o) => o.toLowerCase() === bare(t.object).toLowerCase())) objects.push(bare(t.object));
  return objects;
}

/** The modifiers a group's objects differ in, sharing one head ("`a`", "`b`" of "option"), at most three; null when they are not two or more. */
function modifiersOf(group: readonly ChangeTask[]): { modifiers: string[]; head: string } | null {
  const objects = distinctObjects(group);
  if (objects.length < 2 || new Set(group.map((t) => t.head)).size > 1 || objects.some((o) => /\s(and|or)\s|,/.test(o))) return null;
  const modifiers: string[] = [];
  for (const o of objects) {
    const m = o.split(' ').slice(0, -1).join(' ');
    if (m && !modifiers.some((x) => x.toLowerCase().includes(m.toLowerCase()) || m.toLowerCase().includes(x.toLowerCase()))) modifiers.push(m);
  }
  if (modifiers.length <= 1) return null;
  return { modifiers: modifiers.slice(0, 3), head: commonest(objects.map((o) => o.split(' ').at(-1)!)) };
}

/**
 * Complements joined, a shared leading preposition said once: "for `A`, `B` and `C`". Complements that open
 * differently say different things ("to `github-actions`", "for `verbose`"): only the newest is kept, since
 * joining them reads as one garbled clause.
 */
export function joinComplements(complements: readonly string[]): string {
  if (complements.length <= 1) return complements[0] ?? '';
  const first = complements.map((c) => c.split(' ')[0]!.toLowerCase());
  // What follows the shared preposition must not open with another ("with of lowered async" -> "... and of lowered async").
  const alike = complements.filter((c, i) => first[i] === first[0] && c.includes(' ') && !PREPOSITION.test(c.split(' ')[1]!));
  if (alike.length <= 1) return complements[0]!;
  return `${alike[0]!.split(' ')[0]} ${joinList(alike.map((c) => c.split(' ').slice(1).join(' ')))}`;
}

function joinList(list: readonly string[]): string {
  return list.length <= 1 ? (list[0] ?? '') : `${list.slice(0, -1).join(', ')} and ${list.at(-1)}`;
}

const PREPOSITION = /^(from|by|to|for|of|in|on|at|with|into|onto|about|after|before|without|via|over|under|per|as|and|or)$/i;

/**
 * A clause cut at eight words, without a dangling preposition or article; no
 * version string (a version belongs to no task title: the clause is cut
 * before the phrase that names it, "with lowered async with esbuild 0.25.3"
 * -> "with lowered async"), and none that opens with two prepositions ("with
 * of lowered async syntax": nothing a test can name).
 */
export function tidyClause(text: string): string {
  let words = text.split(/\s+/).filter(Boolean);
  const version = words.findIndex((w) => hasVersionString(w.replace(/^[^\w]+|[^\w]+$/g, '')));
  if (version >= 0) {
    // From the preposition that introduces the versioned thing, if one is near ("with esbuild 0.25.3"), else the version.
    let cut = version;
    for (let j = version - 1; j >= Math.max(1, version - 3); j--) {
      if (PREPOSITION.test(words[j]!)) {
        cut = j;
        break;
      }
    }
    words = words.slice(0, cut);
  }
  if (words.length >= 2 && PREPOSITION.test(words[0]!) && PREPOSITION.test(words[1]!)) return '';
  let out = words.slice(0, 8).join(' ');
  if ((out.match(/`/g) ?? []).length % 2 === 1) out = out.slice(0, out.lastIndexOf('`'));
  for (;;) {
    const next = out.replace(/[\s,;:]+$/, '').replace(/\s+(from|by|to|for|of|in|on|at|with|and|or|the|a|an|as|when|is|are|be|that|which)$/i, '');
    if (next === out) return PREPOSITION.test(out) || /^(the|a|an|when|that|which)$/i.test(out) ? '' : out;
    out = next;
  }
}

function join(tokens: readonly string[], spaces: readonly string[]): string {
  return tokens.map((t, i) => (i === 0 ? t : `${spaces[i] ?? ' '}${t}`)).join('').replace(/\s+/g, ' ').trim();
}

/** Capitalised prose words lower-cased ("Rich formatting" stays a name only when it is one: "PowerShell", "URL"). */
function lowerProse(text: string): string {
  return text.replace(/^[A-Z][a-z]+\b/, (w) => w.toLowerCase());
}

function commonest(forms: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const f of forms) counts.set(f, (counts.get(f) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || compareText(a[0], b[0]))[0]![0];
}
