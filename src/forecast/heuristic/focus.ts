import { isCombiningForm } from '../../text/clean.js';
import { compareText } from '../../text/order.js';
import { stem } from '../../text/tokens.js';
import type { Category } from '../model.js';
import { GENERIC, aspectsOf, namesAThing } from './aspects.js';
import { taskPhrase } from './phrase.js';
import type { StreamItem } from './streams.js';
import { distinctChanges, instancesOf, isHousekeeping, joinComplements, objectPasses, singular, taskLine, type Instances } from './task-line.js';

/**
 * The one piece of work a recurring stream points at next: the behaviour,
 * feature or defect class that several of its changes name, in their own
 * words, and the verb that work takes. Found on the noun phrases wink-nlp
 * tags in the changes' titles (aspects.ts): the content word that the most
 * recent changes' phrases share is the focus; its phrases are merged around it
 * ("zsh completion" + "PowerShell completion" -> "zsh and PowerShell
 * completion"; "URL parsing" + "URL percent-encoding" -> "URL parsing and
 * percent-encoding"), so the object is the line of work, never one change's.
 */
export interface Focus {
  /** What the work acts on, as a noun phrase ("zsh and PowerShell completion"). */
  object: string;
  /** The defect or behaviour clause the changes of the line differ in ("for incomplete words and non-UTF-8 consoles"), or ''. */
  complement: string;
  /**
   * Whether the object passed the quality gate (task-line.ts), two or more changes name it, and a feature line's verb
   * is its changes' own: a title may then name it. A feature object under the category's stand-in verb ("Extend one
   * state clone", "Extend `Serve`": changes that share a noun but no act) states no work (round 8: 0 of 6 strong, no
   * specificity 2).
   */
  specific: boolean;
  /** The varying parts merged into the object, each a case a test can name ("zsh completion"). */
  cases: string[];
  /** Imperative verb ("Fix", "Add", "Extend", "Refactor"). */
  verb: string;
  /** Category of the changes that name the focus (their majority). */
  category: Category;
  /** The changes that name it, newest first. */
  items: StreamItem[];
  /** When each change did the same for another instance: the instances done before T0 (task-line.ts). */
  instances?: Instances;
}

/** Verbs that read as the title's action with a noun-phrase object, when two or more changes of the focus use them. */
const SHARED_VERBS = new Set(['fix', 'add', 'support', 'handle', 'implement', 'document', 'deprecate', 'remove', 'validate', 'expose', 'optimize', 'simplify']);
const CATEGORY_VERB: Record<Category, string> = { bugfix: 'Fix', feature: 'Extend', refactor: 'Refactor' };

interface Phrase {
  item: StreamItem;
  words: string[];
  stems: string[];
}

/**
 * The focus of a stream's items (newest first), or null when none of their
 * titles names an aspect. `exclude` are stems that name no aspect here (the
 * component's and project's own names). `code`: a code component's stream,
 * whose changes are read as verb phrases first (task-line.ts) and whose
 * housekeeping changes name nothing.
 */
export function streamFocus(items: readonly StreamItem[], names: ReadonlySet<string>, exclude: ReadonlySet<string>, fallback: Category, code = false): Focus | null {
  const phrases: Phrase[] = [];
  for (const item of items) {
    // A docs-link, typo or lint change names no object of the code's work ("passing state" from a link fix).
    if (code && isHousekeeping(item.title)) continue;
    for (const a of aspectsOf(item.title, names, exclude)) {
      // A code identifier is one word of its own ("`flag_value`").
      const words = a.text.startsWith('`') ? [a.text] : a.text.split(' ');
      phrases.push({ item, words, stems: a.text.startsWith('`') ? [a.key] : words.map((w) => stem(w.toLowerCase())) });
    }
  }
  // The same task stated by two or more changes ("Keep clients in sync" twice) is the line itself.
  const stated = new Map<string, { verb: string; object: string; items: StreamItem[] }>();
  for (const item of items) {
    const p = taskPhrase(item.title, fallback, names);
    // An object that opens with a preposition ("to the triage team") names no thing on its own.
    if (!p || p.object.split(' ').length < 2 || /^(to|in|on|for|of|from|with|by|at|up|out)\b/i.test(p.object)) continue;
    // Nor does one of general words alone ("various typos").
    if (aspectsOf(p.object, names, exclude).length === 0) continue;
    const key = p.text.toLowerCase();
    const s = stated.get(key) ?? { verb: p.verb, object: p.object, items: [] };
    s.items.push(item);
    stated.set(key, s);
  }
  // A change and its follow-up ("... (addendum)" the same week) are one change: no line (task-line.ts `distinctChanges`).
  const repeated = [...stated.values()].filter((s) => distinctChanges(s.items) >= 2).sort((a, b) => b.items.length - a.items.length || compareText(a.object, b.object))[0];
  if (repeated) {
    const category = majority(repeated.items, fallback);
    return { object: repeated.object, complement: '', specific: true, cases: [repeated.object], verb: repeated.verb, category, items: repeated.items };
  }
  // Changes that share verb and object head (or the head alone): the line, with the clauses they differ in.
  const line = code ? taskLine(items, names, exclude, fallback) : null;
  if (line) {
    const category = majority(line.items, fallback);
    const verb = line.sharedVerb ? line.verb : CATEGORY_VERB[category];
    const cases = line.complements.length > 1 ? line.complements.map((c) => `${line.object} ${c}`) : [line.object];
    // Without a shared verb only a fix is an act ("Fix" is what the fixes did); "Extend" and "Refactor" stand in for none.
    const specific = line.sharedVerb || category === 'bugfix';
    return { object: line.object, complement: joinComplements(line.complements), specific, cases, verb, category, items: line.items, ...(line.instances ? { instances: line.instances } : {}) };
  }
  // The content word the most (and most recent) changes name: summed recency of distinct changes, two or more.
  const byWord = new Map<string, Map<string, StreamItem>>();
  for (const p of phrases) {
    for (const s of new Set(p.stems)) {
      if (exclude.has(s) || s.length < 3) continue;
      const m = byWord.get(s) ?? new Map<string, StreamItem>();
      m.set(p.item.ref, p.item);
      byWord.set(s, m);
    }
  }
  // Preferred: the word the most changes name, half a change more when its merged phrase is specific (several words or an identifier); then the most recent.
  const ranked = [...byWord]
    .filter(([, m]) => m.size >= 2)
    .map(([s, m]) => {
      const merged = merge(phrases.filter((p) => p.stems.includes(s)), s);
      return { s, n: m.size, heat: [...m.values()].reduce((sum, i) => sum + i.recency, 0), merged, specific: specific(merged.object) };
    })
    .sort((a, b) => b.n + 0.5 * b.specific - (a.n + 0.5 * a.specific) || b.heat - a.heat || compareText(a.s, b.s));
  let best = ranked[0];
  if (!best) {
    // No word two changes share: the newest specific phrase (else the newest), merged with the phrases sharing its head word.
    const seed = phrases.find((p) => specific(p.words.join(' '))) ?? phrases[0];
    if (seed) {
      const s = seed.stems.at(-1)!;
      const merged = merge(phrases.filter((p) => p.stems.includes(s)), s);
      best = { s, n: 1, heat: seed.item.recency, merged, specific: specific(merged.object) };
    }
  }
  if (!best) return null;
  const mine = phrases.filter((p) => p.stems.includes(best.s));
  const focusItems = items.filter((i) => mine.some((p) => p.item === i));
  const category = majority(focusItems, fallback);
  const { object, cases, instances } = best.merged;
  const verb = verbOf(focusItems, category);
  const specificFocus = focusItems.length >= 2 && objectPasses(object, '', exclude, names) && (verb.own || category !== 'feature');
  return { object, complement: '', specific: specificFocus, cases, verb: verb.verb, category, items: focusItems, ...(instances ? { instances } : {}) };
}

/** 1 for a phrase of several words or a code identifier, 0 for a single plain word. */
function specific(text: string): number {
  return /\s|`|[a-z][A-Z]|_|\w-\w/.test(text) ? 1 : 0;
}

/**
 * The phrases around the focus word merged into one noun phrase: the word as
 * head with its modifiers joined ("zsh and PowerShell completion"), or as
 * modifier with its heads joined ("URL parsing and percent-encoding"), by
 * where it stands in most phrases; at most three parts, newest first.
 */
function merge(mine: readonly Phrase[], focus: string): { object: string; cases: string[]; instances?: Instances } {
  const at = (p: Phrase) => p.stems.indexOf(focus);
  const headed = mine.filter((p) => at(p) === p.words.length - 1).length;
  const form = commonest(mine.map((p) => p.words[at(p)]!));
  // One stem can head two nouns ("completions", "completer"): as head, only the phrases whose head is the commonest
  // one, plural aside, are merged (clap: "zsh directory, dynamic env and fish env completer"; newcomer22).
  const heads = mine.filter((p) => at(p) === p.words.length - 1);
  const head = heads.length ? singular(commonest(heads.map((p) => p.words[at(p)]!.toLowerCase()).map(singular))) : '';
  const sameWay = (x: Phrase, asHead: boolean) => (at(x) === x.words.length - 1) === asHead && (!asHead || singular(x.words[at(x)]!.toLowerCase()) === head);
  // The phrases that gave a part: the focus word is shown as they write it.
  let from: Phrase[] = [];
  const collect = (asHead: boolean) => {
    const parts: string[] = [];
    from = [];
    // Parts come from the phrases where the word stands that way round: as head, last; as modifier, before its head.
    for (const p of mine.filter((x) => sameWay(x, asHead))) {
      const i = at(p);
      const words = asHead ? p.words.slice(0, i) : p.words.slice(i + 1);
      // Without a general trailing noun ("URL parsing tests" -> "parsing").
      // Never down to a prefix written apart ("multi files" stays whole, never "multi").
      while (!asHead && words.length > 1 && GENERIC.has(words.at(-1)!.toLowerCase()) && !isCombiningForm(words.at(-2)!)) words.pop();
      const part = words.join(' ').replace(/^[-\s]+|[-\s]+$/g, '');
      if (!part || (!asHead && GENERIC.has(part.toLowerCase()))) continue;
      // A part that contains another (or is contained) says the same case twice.
      if (parts.some((x) => x.toLowerCase().includes(part.toLowerCase()) || part.toLowerCase().includes(x.toLowerCase()))) continue;
      parts.push(part);
      from.push(p);
      if (parts.length >= 3) break;
    }
    return parts;
  };
  // As head when it ends more than half of its phrases; the other way round when that way finds no parts.
  let asHead = headed * 2 > mine.length;
  let parts = collect(asHead);
  if (parts.length === 0) {
    asHead = !asHead;
    parts = collect(asHead);
  }
  if (parts.length === 0) return { object: form, cases: [form] };
  // The word as the phrases that gave the parts write it ("quoted" before its head, "quote" as head); never as another
  // phrase writes it (bubbletea: "renderer exit" beside "rendered line" made "rendered exit").
  const shown = commonest(from.map((x) => x.words[at(x)]!));
  const object = asHead ? `${joinAnd(parts)} ${shown}` : `${shown} ${joinAnd(parts)}`;
  // Parts that each name only a state ("undefined", "non-existent"; bubbletea's "rendered") are no instances of one
  // kind: merged into a phrase no change writes ("undefined and non-existent request") they name no work. The newest
  // phrase as its change wrote it does. (A merge some change writes stays: "exclusive flags" of "mutually exclusive flags".)
  if (!parts.some(namesAThing) && !mine.some((x) => x.item.title.toLowerCase().includes(object.toLowerCase()))) {
    const written = (mine.find((x) => sameWay(x, asHead)) ?? mine[0]!).words.join(' ');
    return { object: written, cases: [written] };
  }
  const cases = parts.map((part) => (asHead ? `${part} ${shown}` : `${shown} ${part}`));
  // Modifiers of one head ("zsh completion", "PowerShell completion") are instances of one kind of thing.
  return asHead && parts.length >= 2 ? { object, cases, instances: instancesOf(parts, shown) } : { object, cases };
}

/**
 * The verb two or more of the focus's changes state (a verb that takes a noun object), else the category's. A verb
 * only a conventional-commit type implies is not stated: viper's "feat: unexport combined finder" added no finder.
 */
function verbOf(items: readonly StreamItem[], category: Category): { verb: string; own: boolean } {
  const counts = new Map<string, number>();
  for (const i of items) {
    const phrase = taskPhrase(i.title, category);
    const verb = phrase && !phrase.implied ? phrase.verb.toLowerCase() : undefined;
    if (verb && SHARED_VERBS.has(verb)) counts.set(verb, (counts.get(verb) ?? 0) + 1);
  }
  const [top] = [...counts].sort((a, b) => b[1] - a[1] || compareText(a[0], b[0]));
  if (top && top[1] >= 2) return { verb: top[0].charAt(0).toUpperCase() + top[0].slice(1), own: true };
  return { verb: CATEGORY_VERB[category], own: false };
}

function majority(items: readonly StreamItem[], fallback: Category): Category {
  const votes: Record<Category, number> = { bugfix: 0, feature: 0, refactor: 0 };
  for (const i of items) if (i.category) votes[i.category] += 0.5 + i.recency;
  const best = (['bugfix', 'feature', 'refactor'] as Category[]).reduce((b, c) => (votes[c] > votes[b] ? c : b), fallback);
  return votes[best] > 0 ? best : fallback;
}

function commonest(forms: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const f of forms) counts.set(f, (counts.get(f) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || compareText(a[0], b[0]))[0]![0];
}

export function joinAnd(list: readonly string[]): string {
  return list.length <= 1 ? (list[0] ?? '') : `${list.slice(0, -1).join(', ')} and ${list.at(-1)}`;
}
