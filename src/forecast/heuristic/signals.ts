import type { Evidence, Snapshot } from '../../snapshot/model.js';
import { resolvePronoun } from './pronoun.js';
import { topicTokens as rawTopicTokens } from '../../text/tokens.js';
import { isHashLike, topicText } from '../../text/clean.js';
import { pendingSignals } from '../pending/signals.js';
import type { Category } from '../model.js';
import { buildCategorizer } from './category.js';
import { markerCategory } from '../../text/category.js';
import { botReason } from '../../sources/bots.js';
import { compareText } from '../../text/order.js';
import { DAY_MS } from '../../time.js';

/**
 * A signal is one piece of pre-T0 evidence that points at ongoing work: a
 * recent non-bot work item, a TODO/FIXME, a changelog entry of the upcoming
 * release, an open roadmap item, an issue or pull request on the tracker at
 * T0 (open, or closed within the lookback). Hotspots and tags are context, not signals.
 */
export interface Signal {
  ref: string;
  kind: 'work_item' | 'todo' | 'changelog' | 'roadmap' | 'issue' | 'pending';
  date: string;
  /** One line for people. */
  text: string;
  /** Topic tokens (stemmed, action words removed). */
  topic: string[];
  /** Code areas (see areaOf) this signal touches, most-touched first. */
  areas: string[];
  /** Files it touches. */
  paths: string[];
  labels: string[];
  category: Category | null;
  /** exp(-age / 120 days), age measured back from T0. */
  recency: number;
  /**
   * A task complete on its own: a runtime release to add, dated by the
   * shipped calendar ("Add Python 3.14 to the test matrix, released
   * 2025-10-07 (PEP 745)"), which only a CI matrix states.
   */
  standsAlone?: boolean;
}

export interface SignalOptions {
  /** Work items older than this many days before T0 are not signals (default 365). */
  lookbackDays: number;
  /** At most this many TODO signals, newest first (default 150). */
  maxTodos: number;
}

/** Documentation, examples and repository housekeeping: not code areas a task can anchor on. */
export const DOC_PATH = /(^|\/)(docs?|docs?_src|documentation|\.github|\.husky|examples?)(\/|$)|\.(md|markdown|rst|txt|adoc)$|(^|\/)(LICEN[CS]E|AUTHORS|CODEOWNERS|\.gitignore|\.editorconfig)[^/]*$/i;
const TEST_PATH = /(^|\/)(tests?|spec|__tests__|testdata|fixtures)(\/|$)|[._-](test|spec)\.[a-z]+$/i;

/** A test file or folder: an area only when nothing else is touched. */
export function isTestPath(path: string): boolean {
  return TEST_PATH.test(path);
}

/**
 * Contributors' names as they appear in the snapshot (authors of work items
 * and tracker items, and each part of a full name): never a keyword or a word
 * of a title. Case is kept, so "Mark" the person does not hide "mark" the verb.
 */
export function contributorNames(snapshot: Snapshot): Set<string> {
  const names = new Set<string>();
  const add = (author: string) => {
    if (!author) return;
    names.add(author);
    if (!/\s/.test(author)) names.add(author.toLowerCase());
    for (const part of author.split(/[\s,]+/)) if (part.length >= 3) names.add(part);
  };
  for (const e of snapshot.evidence) {
    if (e.kind === 'work_item') add(e.item.author);
    else if (e.kind === 'issue') add(e.author);
  }
  return names;
}

export function collectSignals(snapshot: Snapshot, options: SignalOptions): { signals: Signal[]; dropped: Record<string, number> } {
  const t0 = Date.parse(snapshot.t0);
  const logins = new Set([...contributorNames(snapshot)].filter((n) => /^[a-z0-9][\w-]*$/.test(n)));
  // Topic words: no #refs, @mentions, versions, hashes or contraction leftovers, and no contributor's login.
  const topicTokens = (text: string) => rawTopicTokens(topicText(text)).filter((t) => !logins.has(t));
  const dirFiles = directoryFileCounts(snapshot);
  const dropped = { bot: 0, release: 0, old: 0, docsOnly: 0, doneRoadmap: 0, todosOverLimit: 0 };
  const workItems = snapshot.evidence.filter((e): e is Extract<Evidence, { kind: 'work_item' }> => e.kind === 'work_item');
  const issues = snapshot.evidence.filter((e): e is Extract<Evidence, { kind: 'issue' }> => e.kind === 'issue');
  // Tracker labels ("bug", "enhancement") teach the categorizer what this repository calls each kind of work.
  const categorizer = buildCategorizer([
    ...workItems.filter((e) => !e.item.bot).map((e) => ({ text: e.item.title, labels: e.item.labels })),
    ...issues.map((e) => ({ text: e.text, labels: e.labels })),
  ]);
  const recency = (date: string) => Math.exp(-Math.max(0, t0 - Date.parse(date)) / (120 * DAY_MS));
  const isRecent = (date: string) => t0 - Date.parse(date) <= options.lookbackDays * DAY_MS;

  const signals: Signal[] = [];
  for (const e of workItems) {
    if (e.item.bot) {
      dropped.bot++;
      continue;
    }
    if (isReleaseWork(e.item.title, e.item.paths)) {
      dropped.release++;
      continue;
    }
    if (!isRecent(e.date)) {
      dropped.old++;
      continue;
    }
    const codePaths = e.item.paths.filter((p) => !DOC_PATH.test(p));
    if (e.item.paths.length > 0 && codePaths.length === 0) {
      dropped.docsOnly++;
      continue;
    }
    signals.push({
      ref: e.ref, kind: 'work_item', date: e.date, text: e.item.title,
      topic: topicTokens(`${e.item.title} ${e.item.title} ${e.item.body.slice(0, 400)}`),
      areas: rankAreas(codePaths, dirFiles), paths: codePaths, labels: e.item.labels,
      category: categorizer.categorize(`${e.item.title}\n${e.item.body.slice(0, 400)}`, e.item.labels),
      recency: recency(e.date),
    });
  }

  const todos = snapshot.evidence
    .filter((e): e is Extract<Evidence, { kind: 'todo' }> => e.kind === 'todo' && !DOC_PATH.test(e.path))
    .sort((a, b) => compareText(b.date, a.date) || compareText(a.ref, b.ref));
  dropped.todosOverLimit = Math.max(0, todos.length - options.maxTodos);
  for (const e of todos.slice(0, options.maxTodos)) {
    signals.push({
      // "Remove this in 3.0" names what it removes when the scan found the declaration it is about.
      ref: e.ref, kind: 'todo', date: e.date, text: `${e.marker}: ${e.subject ? resolvePronoun(e.text, e.subject) : e.text}`,
      topic: topicTokens(`${e.text} ${e.path.split('/').slice(-2).join(' ')}`),
      areas: rankAreas([e.path], dirFiles), paths: [e.path], labels: [],
      category: markerCategory(e.marker) ?? categorizer.categorize(e.text, []),
      recency: recency(e.firstSeen ?? e.date),
    });
  }

  for (const e of issues) {
    const paths = [...new Set([...e.paths, ...mentionedPaths(`${e.text}\n${e.body}`, dirFiles)])].filter((p) => !DOC_PATH.test(p));
    if (botReason({ title: e.text, author: e.author, authorEmail: '', branch: null })) dropped.bot++;
    else if (isReleaseWork(e.text, paths)) dropped.release++;
    else if (!isRecent(e.lastActivityAt)) dropped.old++;
    else {
      signals.push({
        ref: e.ref, kind: 'issue', date: e.date, text: e.text,
        topic: topicTokens(`${e.text} ${e.text} ${e.body.slice(0, 400)}`),
        areas: rankAreas(paths, dirFiles), paths, labels: e.labels,
        category: categorizer.categorize(`${e.text}\n${e.body.slice(0, 400)}`, e.labels),
        recency: recency(e.lastActivityAt),
      });
    }
  }

  for (const e of snapshot.evidence) {
    if (e.kind !== 'changelog' && e.kind !== 'roadmap') continue;
    if (e.kind === 'roadmap' && e.done) {
      dropped.doneRoadmap++;
      continue;
    }
    signals.push({
      ref: e.ref, kind: e.kind, date: e.date, text: e.text, topic: topicTokens(e.text),
      areas: [], paths: [], labels: [], category: categorizer.categorize(e.text, []),
      recency: recency(e.date),
    });
  }
  signals.push(...pendingSignals(snapshot, topicTokens, (paths) => rankAreas(paths, dirFiles)));
  return { signals: signals.filter((s) => s.topic.length > 0 || s.areas.length > 0), dropped };
}

const RELEASE_TITLE = /^(chore(\(release\))?:\s*)?(release|releasing|prepare release|bump (the )?version|version bump|v?\d+\.\d+(\.\d+)?([-+][\w.]+)?$)/i;
/** Build and tooling files: work touches them, but they are not a code area a task anchors on. */
export const TOOLING_PATH = /(^|\/)\.[^/]+$|^\.[^/]+\/|(^|\/)(package(-lock)?\.json|tsconfig[^/]*\.json|yarn\.lock|pnpm-[^/]*\.yaml|Cargo\.(toml|lock)|pyproject\.toml|setup\.(py|cfg)|requirements[^/]*\.txt|go\.(mod|sum)|Makefile|Dockerfile|[^/]*\.lock|__version__\.py|version\.\w+|VERSION|[^/]*\.config\.(js|cjs|mjs|ts))$/i;

/** A leading emoji or :gitmoji: says nothing about the work ("🔖 Release 0.12.5", ":bug: fix x"). */
export function plainTitle(title: string): string {
  return title.replace(/^(\s*(:[a-z0-9_+-]+:|[^\p{L}\p{N}\s(\[]+))+\s*/u, '').trim();
}
const RELEASE_FILES = /(^|\/)(package\.json|package-lock\.json|yarn\.lock|pnpm-lock\.yaml|Cargo\.(toml|lock)|pyproject\.toml|setup\.(py|cfg)|version(\.\w+)?|__version__\.py|VERSION)$/i;

/** Cutting a release (a version bump, "Release 1.2.0") is process, not a direction of work. */
export function isReleaseWork(title: string, paths: readonly string[]): boolean {
  if (RELEASE_TITLE.test(plainTitle(title))) return true;
  return paths.length > 0 && paths.every((p) => RELEASE_FILES.test(p) || DOC_PATH.test(p)) && paths.some((p) => RELEASE_FILES.test(p)) && /\d+\.\d+/.test(title);
}

/** The act of moving something to another version: "Bump", "Update", "chore(deps): upgrade". */
const BUMP_ACT = /^(?:[\w./-]+(?:\([^)]{0,40}\))?!?:\s*)?(?:bump|update|upgrade)\b/i;

/**
 * Moving a git submodule to another commit ("Update submodule assets/x to 0a1b2c3d", bat's "Bump themes/sublime-snazzy
 * from `7034320` `48f43a7`"): dependency upkeep, done by a bot as often as by hand, not a direction of work. Read by
 * its title: a bump whose object is a submodule or that names a commit (isHashLike, the one hash rule).
 */
export function isSubmoduleBump(title: string): boolean {
  const plain = plainTitle(title);
  if (!BUMP_ACT.test(plain)) return false;
  if (/\bsub-?modules?\b/i.test(plain)) return true;
  // The commit it moves to: the title's last word, or the word after "from" or "to" ("1a2b3c4 ids" names no move).
  const words = plain.split(/\W+/).filter(Boolean);
  return isHashLike(words.at(-1) ?? '') || words.some((w, i) => i > 0 && /^(from|to)$/i.test(words[i - 1]!) && isHashLike(w));
}

/** File paths an issue's text names (`src/parser/index.js`) in a directory that existed at T0. */
function mentionedPaths(text: string, dirFiles: ReadonlyMap<string, number>): string[] {
  const found = [...text.matchAll(/(?:^|[\s`'"(])((?:[\w.-]+\/)+[\w-]+\.\w+)/g)].map((m) => m[1]!.replace(/^\.\//, ''));
  return found.filter((p) => dirFiles.has(p.split('/').slice(0, -1).join('/')));
}

/** Files directly in each directory at T0, from the snapshot's tree summary. */
function directoryFileCounts(snapshot: Snapshot): Map<string, number> {
  return new Map(snapshot.tree.map((d) => [d.dir, d.files]));
}

/**
 * The code area a file belongs to: its directory, unless that directory is a
 * flat package root (many files side by side, or the repository root or a
 * top-level folder such as lib/), where the module file itself is the area.
 */
export function areaOf(path: string, dirFiles: ReadonlyMap<string, number>): string {
  const parts = path.split('/');
  if (parts.length === 1) return path;
  const dir = parts.slice(0, -1).join('/');
  const files = dirFiles.get(dir) ?? 0;
  if (parts.length === 2 && files > 4) return path;
  if (files > 12) return path;
  return parts.length > 4 ? parts.slice(0, 3).join('/') : dir;
}

/** Areas of a set of paths, most files first (ties by name). Test folders rank after source folders. */
export function rankAreas(paths: readonly string[], dirFiles: ReadonlyMap<string, number>): string[] {
  const counts = new Map<string, number>();
  for (const p of paths) {
    if (TOOLING_PATH.test(p)) continue;
    const area = areaOf(p, dirFiles);
    counts.set(area, (counts.get(area) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => Number(isTestPath(a[0])) - Number(isTestPath(b[0])) || b[1] - a[1] || compareText(a[0], b[0])).map(([a]) => a);
}
