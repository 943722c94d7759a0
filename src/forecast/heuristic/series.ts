import type { Evidence, Snapshot } from '../../snapshot/model.js';
import { hasVersionString, isHashLike, plainPhrase } from '../../text/clean.js';
import { compareText } from '../../text/order.js';
import { stem } from '../../text/tokens.js';
import { taskPhrase } from './phrase.js';
import { componentOf, isChore, type ComponentKind } from './streams.js';
import { DAY_MS } from '../../time.js';

/**
 * A series: one change applied target by target ("Add type hints to
 * `test_responses.py`", "… `test_routing.py`", …). Its titles are the same
 * but for one slot, a backticked identifier, a file name or the last word; the
 * slot's values are the done targets. The targets still to do are read from
 * the snapshot alone: sibling files of the done ones (same folder, extension
 * and name shape) that the snapshot's history knows and the series never
 * named, or identifiers of the done ones' shape (`…Rejection`) that the
 * snapshot's evidence about those folders names. Pure: the backtest calls it
 * on past views.
 */
export type SlotKind = 'file' | 'identifier' | 'word';

export interface SeriesChange {
  ref: string;
  date: string;
  title: string;
  paths: string[];
  /** The slot's value as written (`test_responses.py`, `QueryRejection`). */
  slot: string;
}

export interface Series {
  /** The title around the slot, in the project's words, from the series' most used form ("Add type hints to ", ""). */
  before: string;
  after: string;
  /** The grouping key: the normalized words with the slot as `*` ("add type hint to *"). */
  template: string;
  slotKind: SlotKind;
  /** Newest first. */
  changes: SeriesChange[];
  /** Done targets: file paths (when resolved) or identifiers, newest first. */
  done: string[];
  /** Folders of the done targets (file slots) or of the changes' files (identifier slots). */
  folders: string[];
  /** The component the changes land in (streams.ts componentOf), for merging with the direction of the same place. */
  component: string | null;
  kind: ComponentKind | null;
  /** Targets of the same shape not yet done at the cutoff: file paths or identifiers, most recently seen first. */
  remaining: string[];
  /** What the targets are called in the title ("test modules", "rejections"). */
  noun: string;
  /** Whether targets of this series can be named at all (a file slot, or identifiers with a shared tail): only then does none left mean finished. */
  enumerable: boolean;
}

export interface SeriesOptions {
  lookbackDays: number;
  /** At most this many remaining targets are kept. */
  maxRemaining?: number;
}

/** Series of these are chores whatever their length (label rule): typo fixes, releases, sponsors, bumps, translations, links. */
const CHORE_WORDS = /\b(typos?|spelling|misspell\w*|release[sd]?|bump\w*|sponsors?|sponsorship|translat\w*|i18n|l10n|locali[sz]ation|changelog|readme|contributors?|licen[cs]e|copyright|links?|badges?|deps|dependenc(y|ies)|upgrade|lint\w*|format\w*|prettier|whitespace|grammar|wording|docstring|comments?|merge|revert\w*|version|go\.mod)\b/i;
const FILE = /^[\w.-]*[\w-]\.[a-z][a-z0-9]{0,5}$/i;
const IDENT = /^[A-Za-z_][\w:.]*(\(\))?$/;

interface Titled {
  ref: string;
  date: string;
  title: string;
  paths: string[];
  words: string[];
  keys: string[];
}

/** The series of a snapshot's work before its T0, longest first. Only series with remaining targets can become families. */
export function detectSeries(snapshot: Snapshot, options: SeriesOptions, names: ReadonlySet<string> = new Set()): Series[] {
  const t0 = Date.parse(snapshot.t0);
  const titled: Titled[] = [];
  for (const e of snapshot.evidence) {
    if (e.kind !== 'work_item' || e.item.bot) continue;
    const age = t0 - Date.parse(e.date);
    if (age < 0 || age > options.lookbackDays * DAY_MS) continue;
    if (isChore(e.item.title, e.item.paths, names)) continue;
    const words = plainPhrase(e.item.title).replace(/[.!]+$/, '').split(/\s+/).filter(Boolean);
    if (words.length < 3 || words.length > 14) continue;
    titled.push({ ref: e.ref, date: e.date, title: e.item.title, paths: e.item.paths, words, keys: words.map(norm) });
  }
  // Every title offers a template per slot position; each title joins the biggest group it can.
  const groups = new Map<string, { pos: number; kind: SlotKind; members: Titled[] }[]>();
  const offers = new Map<Titled, string[]>();
  for (const t of titled) {
    const own: string[] = [];
    t.words.forEach((w, i) => {
      const kind = slotKind(w, i, t.words.length);
      if (!kind) return;
      const constant = t.keys.filter((_, j) => j !== i);
      if (constant.length < 2 || constant.every((k) => k.length < 3)) return;
      const key = [...t.keys.slice(0, i), '*', ...t.keys.slice(i + 1)].join(' ');
      if (CHORE_WORDS.test(key)) return;
      const list = groups.get(key) ?? [];
      let g = list.find((x) => x.pos === i);
      if (!g) list.push((g = { pos: i, kind, members: [] }));
      if (kind !== 'word') g.kind = kind;
      g.members.push(t);
      groups.set(key, list);
      own.push(key);
    });
    offers.set(t, own);
  }
  const size = (key: string) => distinctSlots(groups.get(key)![0]!).size;
  const home = new Map<Titled, string>();
  for (const [t, own] of offers) {
    const best = [...own].sort((a, b) => size(b) - size(a) || compareText(a, b))[0];
    if (best) home.set(t, best);
  }
  const found: Series[] = [];
  for (const [key, [g]] of groups) {
    const members = g!.members.filter((m) => home.get(m) === key);
    const slots = distinctSlots({ ...g!, members });
    const kind = g!.kind;
    if (slots.size < 3 && !(slots.size === 2 && kind !== 'word')) continue;
    if ([...slots].some((s) => hasVersionString(s) || isHashLike(s) || names.has(s.toLowerCase()) || /^\d/.test(s))) continue;
    found.push(makeSeries(key, g!.pos, kind, members));
  }
  const merged = mergeFileSeries(found);
  return merged
    .map((s) => finish(s, snapshot, options))
    .sort((a, b) => b.changes.length - a.changes.length || compareText(b.changes[0]!.date, a.changes[0]!.date) || compareText(a.template, b.template));
}

/** Lower case, no backticks, the leading verb's inflection dropped (Added, Adds → add). */
function norm(word: string, i: number): string {
  const w = word.replace(/`/g, '').toLowerCase();
  return i === 0 ? stem(w.replace(/(?<=\w{3})e?d$/, '')) : /^[a-z]+$/.test(w) ? stem(w) : w;
}

function slotKind(word: string, i: number, n: number): SlotKind | null {
  const bare = word.replace(/^`|`[,:;.]?$/g, '');
  if (i === 0) return null;
  if (/^`.+`[,:;.]?$/.test(word) && !bare.includes('/') && FILE.test(bare)) return 'file';
  if (/^`.+`[,:;.]?$/.test(word) && IDENT.test(bare)) return 'identifier';
  if (FILE.test(bare) && !bare.includes('/')) return 'file';
  if (i === n - 1 && /^[a-z][a-z-]{2,}$/i.test(bare)) return 'word';
  return null;
}

function slotOf(t: Titled, pos: number): string {
  return t.words[pos]!.replace(/^`|`[,:;.]?$/g, '');
}

function distinctSlots(g: { pos: number; members: Titled[] }): Set<string> {
  return new Set(g.members.map((m) => slotOf(m, g.pos).toLowerCase()));
}

function makeSeries(template: string, pos: number, kind: SlotKind, members: Titled[]): Series {
  const changes = members
    .map((m) => ({ ref: m.ref, date: m.date, title: m.title, paths: m.paths, slot: slotOf(m, pos) }))
    .sort((a, b) => compareText(b.date, a.date) || compareText(a.ref, b.ref));
  // The project's own form: the words of the newest change around its slot.
  const newest = members.find((m) => m.ref === changes[0]!.ref)!;
  const before = imperative(newest.words.slice(0, pos), newest.title);
  const after = newest.words.slice(pos + 1).join(' ');
  return {
    before: before ? `${before} ` : '', after: after ? ` ${after}` : '', template, slotKind: kind, changes,
    done: [], folders: [], component: null, kind: null, remaining: [], noun: '', enumerable: false,
  };
}

/** The words before the slot with the leading verb in the imperative and capitalised ("migrated" → "Migrate"), by wink-nlp's lemma (phrase.ts). */
function imperative(words: readonly string[], title: string): string {
  if (words.length === 0) return '';
  const first = words[0]!;
  const verb = taskPhrase(title, 'refactor')?.verb;
  const same = verb && !verb.includes(' ') && first.toLowerCase().startsWith(verb.toLowerCase().slice(0, 3));
  const head = same ? verb : first.charAt(0).toUpperCase() + first.slice(1);
  return [head, ...words.slice(1)].join(' ');
}

/** Two file series with the same verb whose targets sit in the same folders are one ("Add type hints to x.py", "Added type annotations to y.py"). */
function mergeFileSeries(found: Series[]): Series[] {
  const out: Series[] = [];
  const byLength = [...found].sort((a, b) => b.changes.length - a.changes.length || compareText(a.template, b.template));
  for (const s of byLength) {
    const folders = new Set(s.changes.map((c) => fileOf(c)?.split('/').slice(0, -1).join('/') ?? ''));
    const twin = s.slotKind === 'file'
      ? out.find((o) => o.slotKind === 'file' && o.template.split(' ')[0] === s.template.split(' ')[0] && o.changes.some((c) => folders.has(fileOf(c)?.split('/').slice(0, -1).join('/') ?? '\u0000')))
      : undefined;
    if (twin) {
      twin.changes = [...twin.changes, ...s.changes].sort((a, b) => compareText(b.date, a.date) || compareText(a.ref, b.ref));
      continue;
    }
    out.push({ ...s, changes: [...s.changes] });
  }
  return out;
}

/** The file a change's slot names, resolved against its paths. */
function fileOf(c: SeriesChange): string | null {
  const name = c.slot.toLowerCase();
  return c.paths.find((p) => p.toLowerCase() === name || p.toLowerCase().endsWith(`/${name}`)) ?? null;
}

function finish(s: Series, snapshot: Snapshot, options: SeriesOptions): Series {
  const dirFiles = new Map(snapshot.tree.map((d) => [d.dir, d.files]));
  const votes = new Map<string, { n: number; kind: ComponentKind }>();
  for (const c of s.changes) {
    const where = componentOf(c.paths, dirFiles);
    if (!where) continue;
    const key = `${where.kind}\u0000${where.component}`;
    votes.set(key, { n: (votes.get(key)?.n ?? 0) + 1, kind: where.kind });
  }
  const [top] = [...votes].sort((a, b) => b[1].n - a[1].n || compareText(a[0], b[0]));
  const component = top ? top[0].split('\u0000')[1]! : null;
  const kind = top ? top[1].kind : null;
  const max = options.maxRemaining ?? 8;
  if (s.slotKind === 'file') {
    const done = [...new Set(s.changes.map((c) => fileOf(c) ?? c.slot))];
    const folders = [...new Set(done.filter((d) => d.includes('/')).map((d) => d.split('/').slice(0, -1).join('/')))].sort(compareText);
    const touched = related(snapshot, s, options).paths;
    const remaining = siblingFiles(snapshot, done, folders, dirFiles, touched, options).slice(0, max);
    const testy = done.every((d) => /(^|\/)(test_|conftest)|[._-](test|spec)\.[a-z]+$/i.test(d));
    const pages = done.every((d) => /\.(md|mdx|rst|txt|adoc)$/i.test(d));
    // "Remove `x.md` page": the noun already says it, so a trailing "page" or "documentation" is dropped.
    const after = pages && /^ (page|pages|docs?|documentation)$/i.test(s.after) ? '' : s.after;
    return { ...s, after, done, folders, component, kind, remaining, noun: testy ? 'test modules' : pages ? 'pages' : 'modules', enumerable: folders.length > 0 };
  }
  const done = [...new Set(s.changes.map((c) => c.slot))];
  const folders = changeFolders(s.changes, component);
  const shape = s.slotKind === 'identifier' ? identifierShape(done) : null;
  const named = shape ? related(snapshot, s, options).titles.join('\n') : '';
  const remaining = shape ? sameShapeIdentifiers(snapshot, shape, done, folders).filter((id) => !new RegExp(`\\b${id}\\b`).test(named)).slice(0, max) : [];
  return { ...s, done, folders, component, kind, remaining, noun: shape?.noun ?? 'targets', enumerable: shape !== null && folders.length > 0 };
}

/** Folders holding the changes' files (those of the component first). */
function changeFolders(changes: readonly SeriesChange[], component: string | null): string[] {
  const counts = new Map<string, number>();
  for (const c of changes) for (const p of new Set(c.paths.map((p) => p.split('/').slice(0, -1).join('/')))) counts.set(p, (counts.get(p) ?? 0) + 1);
  const shared = [...counts].filter(([d, n]) => d && n >= 2 && (!component || d === component || d.startsWith(`${component}/`) || component.startsWith(`${d}/`)));
  const list = shared.length ? shared : [...counts].filter(([d, n]) => d && n >= 2);
  return list.sort((a, b) => b[1] - a[1] || compareText(a[0], b[0])).slice(0, 3).map(([d]) => d);
}

/**
 * Files the snapshot's history knows in the done targets' folders, with their
 * extension and the name prefix most of them share (`test_`), not yet done.
 * A folder's file count at T0 (the snapshot's tree) caps how many are kept,
 * most recently touched first, since a file the history knows may be gone.
 */
function siblingFiles(
  snapshot: Snapshot, done: readonly string[], folders: readonly string[], dirFiles: ReadonlyMap<string, number>, touched: ReadonlySet<string>, options: SeriesOptions,
): string[] {
  const doneSet = new Set([...done, ...touched].map((d) => d.toLowerCase()));
  const since = new Date(Date.parse(snapshot.t0) - options.lookbackDays * DAY_MS).toISOString();
  const exts = new Set(done.map((d) => d.split('.').at(-1)!.toLowerCase()));
  const base = (p: string) => p.split('/').at(-1)!;
  const prefix = sharedPrefix(done.map(base));
  const lastSeen = knownFiles(snapshot);
  const out: string[] = [];
  for (const folder of folders) {
    const inFolder = [...lastSeen]
      .filter(([p]) => p.split('/').slice(0, -1).join('/') === folder && exts.has(p.split('.').at(-1)!.toLowerCase()) && base(p).startsWith(prefix) && !/^__init__\.|^mod\.rs$|^index\./.test(base(p)))
      .sort((a, b) => compareText(b[1], a[1]) || compareText(a[0], b[0]));
    // A file the lookback never touched may be gone (renamed, deleted): only files seen alive lately are named.
    const todo = inFolder.filter(([p, seen]) => !doneSet.has(p.toLowerCase()) && compareText(seen, since) >= 0);
    const files = dirFiles.get(folder);
    const cap = files === undefined ? todo.length : Math.max(0, files - (inFolder.length - todo.length));
    out.push(...todo.slice(0, cap).map(([p]) => p));
  }
  return out.sort(compareText);
}

const FUNCTION_WORDS = new Set('a an the to from in into for of on with via and or by at as all more'.split(' '));

/**
 * Files touched (and titles) of any change that shares a distinctive word of the series'
 * template ("tap", "hint"), from a year before the series' first change to
 * the cutoff: the same work done under another title ("mv hooks from tap")
 * leaves nothing to do there.
 */
function related(snapshot: Snapshot, s: Series, options: SeriesOptions): { paths: Set<string>; titles: string[] } {
  const words = seriesWords(s);
  const from = Date.parse(s.changes.at(-1)!.date) - options.lookbackDays * DAY_MS;
  const t0 = Date.parse(snapshot.t0);
  const out = new Set<string>();
  const titles: string[] = [];
  for (const e of snapshot.evidence) {
    if (e.kind !== 'work_item' || e.item.bot) continue;
    const t = Date.parse(e.date);
    if (t < from || t > t0) continue;
    const keys = plainPhrase(e.item.title).split(/\s+/).map((w, i) => (i === 0 ? '' : norm(w.replace(/[,:;.]$/, ''), i)));
    if (!keys.some((k) => words.has(k))) continue;
    for (const p of e.item.paths) out.add(p);
    titles.push(e.item.title);
  }
  return { paths: out, titles };
}

/** The template's distinctive words (stemmed; no verb, slot or function word): "tap", "node:test"; "rejection", "macro". */
export function seriesWords(s: Pick<Series, 'template'>): Set<string> {
  return new Set(s.template.split(' ').slice(1).filter((w) => w !== '*' && !FUNCTION_WORDS.has(w) && w.length >= 3));
}

/** Whether a title states the series' line of work: two or more of its distinctive words (all of them when it has one). */
export function statesSeries(s: Pick<Series, 'template'>, title: string): boolean {
  const words = seriesWords(s);
  const keys = new Set(plainPhrase(title).split(/\s+/).map((w, i) => norm(w.replace(/[,:;.()]/g, ''), i + 1)));
  const shared = [...words].filter((w) => keys.has(w)).length;
  return words.size > 0 && shared >= Math.min(2, words.size);
}

/** Every file path the snapshot names, with the last date it was seen (work items, notes, notices). */
function knownFiles(snapshot: Snapshot): Map<string, string> {
  const seen = new Map<string, string>();
  const note = (p: string, date: string) => {
    if (compareText(date, seen.get(p) ?? '') > 0) seen.set(p, date);
  };
  for (const e of snapshot.evidence) {
    if (e.kind === 'work_item') for (const p of e.item.paths) note(p, e.date);
    // A new trait's row (trait-line.ts) is no note about its file: read by its own line only.
    else if (e.kind === 'todo' || (e.kind === 'pending' && e.signal !== 'new_trait')) note(e.path, e.date);
  }
  return seen;
}

/** The name prefix (to a `_`, `-` or `.`) that two thirds or more of the names share, else ''. */
function sharedPrefix(names: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const n of names) {
    const m = /^([a-z0-9]+[_-])/i.exec(n);
    if (m) counts.set(m[1]!, (counts.get(m[1]!) ?? 0) + 1);
  }
  const [best] = [...counts].sort((a, b) => b[1] - a[1] || compareText(a[0], b[0]));
  return best && best[1] * 3 >= names.length * 2 ? best[0] : '';
}

/** Tails every codebase has many of, naming no kind of target of one series (`TypeError`, `KeyError`). */
const GENERIC_TAIL = /^(error|errors|exception|warning|type|types|test|tests|options?|config|value|data|info|impl|list|map|set|string|name|id)$/i;

interface Shape {
  suffix: string;
  noun: string;
}

/** The shape the done identifiers share: a CamelCase or snake_case tail (`Rejection`, `_error`) of at least 4 letters. */
function identifierShape(done: readonly string[]): Shape | null {
  const parts = (id: string) => id.replace(/\(\)$/, '').split(/(?=[A-Z][a-z])|_/).filter(Boolean);
  const split = done.map(parts);
  if (split.some((p) => p.length < 2)) return null;
  const tail = split[0]!.at(-1)!;
  if (tail.length >= 4 && !GENERIC_TAIL.test(tail) && split.every((p) => p.at(-1) === tail)) {
    const plural = tail.toLowerCase().endsWith('s') ? tail.toLowerCase() : `${tail.toLowerCase()}s`;
    return { suffix: tail, noun: plural };
  }
  // A shared head (`is_`, `test_`) names no kind of thing: too loose to name targets by.
  return null;
}

/** Identifiers of the shape that the snapshot's evidence about the series' folders names, not yet done, most mentioned first. */
function sameShapeIdentifiers(snapshot: Snapshot, shape: Shape, done: readonly string[], folders: readonly string[]): string[] {
  const doneSet = new Set(done.map((d) => d.replace(/\(\)$/, '')));
  const inFolders = (p: string) => folders.some((f) => p.startsWith(`${f}/`));
  const counts = new Map<string, { n: number; date: string }>();
  const pattern = /^[A-Z]/.test(shape.suffix) ? new RegExp(`\\b([A-Z][A-Za-z0-9]*${shape.suffix})\\b`, 'g') : new RegExp(`\\b([a-z][a-z0-9_]*_${shape.suffix})\\b`, 'g');
  for (const e of snapshot.evidence) {
    const text = evidenceText(e, inFolders);
    if (!text) continue;
    for (const m of new Set([...text.matchAll(pattern)].map((x) => x[1]!))) {
      if (doneSet.has(m) || m === shape.suffix || /^(With|Into|From|As)[A-Z]/.test(m)) continue;
      const c = counts.get(m) ?? { n: 0, date: '' };
      counts.set(m, { n: c.n + 1, date: compareText(e.date, c.date) > 0 ? e.date : c.date });
    }
  }
  return [...counts].sort((a, b) => b[1].n - a[1].n || compareText(b[1].date, a[1].date) || compareText(a[0], b[0])).map(([id]) => id);
}

function evidenceText(e: Evidence, inFolders: (p: string) => boolean): string | null {
  if (e.kind === 'work_item') return !e.item.bot && e.item.paths.some(inFolders) ? `${e.item.title}\n${e.item.body.slice(0, 2000)}` : null;
  if (e.kind === 'todo' || (e.kind === 'pending' && e.signal !== 'new_trait')) return inFolders(e.path) ? e.text : null;
  return null;
}

/** Whether a later change continues the series: its title fits the template with a new slot value, or it names or touches a remaining target. */
export function continuesSeries(s: Series, change: { title: string; paths: readonly string[] }): boolean {
  const words = plainPhrase(change.title).replace(/[.!]+$/, '').split(/\s+/).filter(Boolean);
  const keys = words.map(norm);
  const parts = s.template.split(' ');
  if (parts.length === keys.length && parts.every((p, i) => p === '*' || p === keys[i])) return true;
  if (s.slotKind === 'file') return s.remaining.some((r) => change.paths.includes(r) && words.some((w) => w.replace(/`/g, '').toLowerCase() === r.split('/').at(-1)!.toLowerCase()));
  return s.remaining.some((r) => words.some((w) => w.replace(/^`|`[,:;.]?$/g, '') === r));
}
