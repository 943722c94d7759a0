import type { Category } from '../model.js';
import { pastParticiple, taskPhrase, type TaskPhrase } from './phrase.js';
import type { Signal } from './signals.js';
import { compareText } from '../../text/order.js';
import { isCiPath } from '../pending/runtimes.js';
import { uncapitalize } from '../../text/sentence-case.js';

/** A family's words: the task it states and what a reviewer checks when it is done. */
export interface FamilyText {
  title: string;
  expectedBehavior: string;
  acceptanceCriteria: string[];
  /** The signal whose phrase became the title. */
  representative: string;
}

/** Verbs that send their object somewhere: their "to", "into" or "from" clause says where, after the participle. */
const MOVING = /^(add|move|remove|drop|rename|migrate|convert|copy|port|extract)$/i;

/** An object's condition clause ("… when wsproto fixes the type annotation"), or also a purpose ("… to type-check that …"). */
const CONDITION = /^(.+?)\s((?:when|once|if|until|unless)\s.+)$/i;
const CONDITION_OR_PURPOSE = /^(.+?)\s((?:when|once|if|until|unless)\s.+|to\s(?!(?:the|a|an|this|that|its|their)\s)[a-z][\w-]*\s.+)$/;

/** Signals that announce work still to do say it better than finished work does. */
const KIND_BONUS: Record<Signal['kind'], number> = { todo: 0.4, roadmap: 0.4, changelog: 0.2, issue: 0.3, work_item: 0, pending: 0.6 };

const phraseCache = new Map<string, TaskPhrase | null>();

/** The task phrase of one signal's text (cached: the same text parses the same). */
export function signalPhrase(signal: Signal, category: Category, names: ReadonlySet<string>): TaskPhrase | null {
  const key = `${category}\u0000${signal.text}`;
  if (!phraseCache.has(key)) phraseCache.set(key, taskPhrase(signal.text, category, names));
  return phraseCache.get(key)!;
}

/**
 * States a cluster as a task in its own evidence's words: the title is the
 * best-phrased signal that is central to the cluster (shares its topic), made
 * imperative, with where it happens; behaviour and criteria come from the
 * other signals' phrases and the open notes. Null when no signal states a task
 * (a cluster of chores is no family).
 */
export function familyText(members: readonly Signal[], category: Category, anchor: string, names: ReadonlySet<string>, representative?: string): FamilyText | null {
  const shared = sharedTopic(members);
  const candidates = members
    .map((m) => ({ m, p: signalPhrase(m, category, names) }))
    .filter((c): c is { m: Signal; p: TaskPhrase } => c.p !== null)
    .map((c) => ({ ...c, rank: c.p.quality + 2 * centrality(c.m, shared) + KIND_BONUS[c.m.kind] + 0.5 * c.m.recency + (c.m.areas.includes(anchor) ? 0.3 : 0) }))
    .sort((a, b) => Number(b.m.ref === representative) - Number(a.m.ref === representative) || b.rank - a.rank || compareText(b.m.date, a.m.date) || compareText(a.m.ref, b.m.ref));
  const best = candidates[0];
  if (!best) return null;
  const same = sameNote(best, candidates);
  const where = same.files.length > 1 ? ` in ${placeList(same.files)}` : mentionsPlace(best.p.text, anchor) ? '' : ` in ${anchor}`;
  const title = `${same.text}${where}`;

  // Copies of the note the title already names are no other case.
  const others = distinct(candidates.slice(1).filter((c) => !same.refs.has(c.m.ref)), best.p.text).slice(0, 2);
  const notes = members.filter((m) => m.kind === 'todo' || m.kind === 'pending').slice(0, 3);
  const object = same.text.slice(best.p.verb.length).trim();
  // The participle stands before the place the verb sends its object to: "Python 3.14 is added to the test matrix",
  // not "Python 3.14 to the test matrix is added" (a moving verb's "to", "into" or "from" clause is the verb's).
  const goal = MOVING.test(best.p.verb) ? /^(.+?)\s((?:to|into|from)\s.+)$/.exec(object) : null;
  // A clause of the object (a condition, or another verb's purpose) follows the participle and the place too:
  // "`type: ignore` is removed in X when wsproto fixes …", not "`type: ignore` when wsproto fixes … is removed in X";
  // "`Self::add` is used in X to type-check that `ArgExt` is used", not "… that `ArgExt` is used is used" (newcomer22).
  const clause = goal ? null : (MOVING.test(best.p.verb) ? CONDITION : CONDITION_OR_PURPOSE).exec(object);
  const subject = goal ? goal[1]! : clause ? clause[1]! : object;
  const done = `${capitalize(subject)} is ${pastParticiple(best.p.verb)}${goal ? ` ${goal[2]}` : ''}${where}${clause ? ` ${clause[2]}` : ''}`;
  // Cited as `"title" (ref)`, the form synthesis strips when it turns a family into a task (a direction, not a replay).
  const cite = (m: Signal) => `"${m.text.trim()}" (${m.ref})`;
  const expectedBehavior =
    `${done}, continuing ${[best, ...others].map((c) => cite(c.m)).join(' and ')}.` +
    (notes.length ? ` Open at T0: ${notes.map((n) => `${n.ref.replace(/^todo:/, '')} "${n.text}"`).join('; ')}.` : '');

  const first = {
    bugfix: `A regression test for "${object}"${where} fails before the change and passes after it.`,
    // A feature of the CI (a release added to its matrix) is tested by its job, not by a new test with an error case.
    feature: isCiPath(anchor) ? `${done}, and the CI job that runs it passes on a pull request.` : `${capitalize(object)} works${where}: a new test exercises it, including one error case.`,
    refactor: `${capitalize(object)} is ${pastParticiple(best.p.verb)}${where} with behaviour unchanged: the existing tests pass without edits to their assertions.`,
  }[category];
  const acceptanceCriteria = [
    first,
    ...others.map((o) => `It also covers: ${uncapitalize(o.p.text)}.`),
    ...notes.map((n) => (n.kind === 'todo' ? `The note at ${n.ref.replace(/^todo:/, '')} is resolved and removed.` : `${n.text}: done, and the notice at ${n.ref} updated.`)),
    'Every test that passed before the change still passes.',
  ];
  return { title, expectedBehavior, acceptanceCriteria, representative: best.m.ref };
}

/**
 * The representative's note where the same note stands in several places: its text naming every declaration the
 * copies are about, in source order, when they differ only there (ripgrep's "This should not return a `Result`" in
 * two builders: "Stop `GitignoreBuilder.case_insensitive` and `OverrideBuilder.case_insensitive` returning a
 * `Result`"), and otherwise the files they stand in, in path order (fastify's "Explore a central cache …" in
 * lib/reply.js and lib/request.js). A title naming one of them sent people to one place of two.
 */
function sameNote(best: { m: Signal; p: TaskPhrase }, candidates: readonly { m: Signal; p: TaskPhrase }[]): { text: string; files: string[]; refs: Set<string> } {
  // Notes, and deprecation notices ("Remove `ScrollUp` deprecated for removal …" beside `ScrollDown`'s); a runtime
  // notice's copies are its declarations, which its text cites (never a list of manifests in a title).
  const notice = best.m.kind === 'pending' && /^(Remove|Deprecate) `/.test(best.p.text);
  if (best.m.kind !== 'todo' && !notice) return { text: best.p.text, files: [], refs: new Set() };
  const ids = (t: string) => [...t.matchAll(/`[^`]+`/g)].map((m) => m[0]);
  const shape = (t: string) => t.replace(/`[^`]+`/g, '`*`').toLowerCase();
  // In source order: by file, then line.
  const twins = candidates.filter((c) => c.m.kind === best.m.kind && shape(c.p.text) === shape(best.p.text)).sort((a, b) => compareRef(a.m.ref, b.m.ref));
  const refs = new Set(twins.map((t) => t.m.ref).filter((r) => r !== best.m.ref));
  const differ = ids(best.p.text).map((_, i) => [...new Set(twins.map((t) => ids(t.p.text)[i]!))]);
  const at = differ.findIndex((d) => d.length > 1);
  if (at >= 0 && differ.filter((d) => d.length > 1).length === 1) {
    let k = -1;
    const text = best.p.text.replace(/`[^`]+`/g, (m) => (++k === at ? joinList(differ[at]!) : m));
    return { text, files: [], refs };
  }
  if (notice) return { text: best.p.text, files: [], refs: new Set() };
  return { text: best.p.text, files: [...new Set(twins.flatMap((t) => t.m.paths.slice(0, 1)))].sort(compareText), refs };
}

/** `todo:a/b.rs:528` before `todo:a/c.rs:153`, and line 99 before line 100 of one file. */
function compareRef(a: string, b: string): number {
  const split = (r: string) => /^(.*):(\d+)$/.exec(r) ?? [r, r, '0'];
  const [, fa, la] = split(a);
  const [, fb, lb] = split(b);
  return compareText(fa!, fb!) || Number(la) - Number(lb);
}

/** Up to three files named, else the first two and how many more. */
function placeList(files: readonly string[]): string {
  return files.length <= 3 ? joinList(files) : `${files[0]}, ${files[1]} and ${files.length - 2} other files`;
}

function joinList(list: readonly string[]): string {
  return list.length <= 1 ? (list[0] ?? '') : `${list.slice(0, -1).join(', ')} and ${list.at(-1)}`;
}

/** Topic tokens two or more members share (all of them for a pair). */
function sharedTopic(members: readonly Signal[]): Set<string> {
  const freq = new Map<string, number>();
  for (const m of members) for (const t of new Set(m.topic)) freq.set(t, (freq.get(t) ?? 0) + 1);
  const min = members.length > 2 ? 2 : 1;
  return new Set([...freq].filter(([, n]) => n >= min).map(([t]) => t));
}

/** Share of a member's topic the cluster has in common, 0..1. */
function centrality(m: Signal, shared: ReadonlySet<string>): number {
  if (m.topic.length === 0) return 0;
  const own = new Set(m.topic);
  let hit = 0;
  for (const t of own) if (shared.has(t)) hit++;
  return hit / own.size;
}

function distinct<T extends { p: TaskPhrase }>(list: readonly T[], not: string): T[] {
  const seen = new Set([not.toLowerCase()]);
  return list.filter((c) => {
    const key = c.p.text.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Whether the phrase already names the anchor (its file or folder name), outside an identifier (`starlette.middleware.wsgi` names a module, not where it is). */
function mentionsPlace(text: string, anchor: string): boolean {
  const phrase = text.replace(/`[^`]*`/g, ' ');
  const last = anchor.split('/').at(-1)!.toLowerCase();
  if (/^(src|lib|internal|pkg|core|app|source|sources)$/.test(last)) return false;
  const escaped = last.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return last.length >= 3 && new RegExp(`(^|[^\\w-])${escaped}($|[^\\w-])`, 'i').test(phrase);
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
