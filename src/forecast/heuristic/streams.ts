import type { Evidence, Snapshot } from '../../snapshot/model.js';
import { topicText } from '../../text/clean.js';
import { compareText } from '../../text/order.js';
import { topicTokens } from '../../text/tokens.js';
import type { Category } from '../model.js';
import { buildCategorizer } from './category.js';
import { taskPhrase } from './phrase.js';
import { DOC_PATH, TOOLING_PATH, isReleaseWork, isSubmoduleBump, isTestPath, rankAreas } from './signals.js';
import { DAY_MS } from '../../time.js';

/**
 * A recurring work stream: the non-bot, non-chore work of the year before T0
 * that landed in one component (a module file or folder, or the documentation,
 * the test suite, the CI and build tooling). A stream that kept receiving work
 * is the forecaster's best guess at where the next months' work goes; it is
 * stated as a direction (docs/forecast.md), never as one of its past changes.
 */
export interface StreamItem {
  ref: string;
  date: string;
  title: string;
  body: string;
  paths: string[];
  category: Category | null;
  /** exp(-age / 120 days), age back from the cutoff. */
  recency: number;
}

export type ComponentKind = 'code' | 'docs' | 'tests' | 'ci';

export interface Stream {
  /** The area (`src/click/shell_completion.py`, `axum/src/extract`) or, for the other kinds, their folder. */
  component: string;
  kind: ComponentKind;
  /** Newest first. */
  items: StreamItem[];
  category: Category;
  /** Items per category. */
  votes: Record<Category, number>;
  /** Sum of the items' recency: how alive the stream is at the cutoff. */
  heat: number;
}

export interface StreamOptions {
  lookbackDays: number;
  /** A stream needs at least this many items (default 2). */
  minItems: number;
  /** Categorize the items (a classifier trained on the history; the backtest, which needs no category, skips it). */
  categorize?: boolean;
}

const CI_PATH = /(^|\/)\.(github|gitlab|circleci)\/|(^|\/)\.gitlab-ci\.yml$|(^|\/)(azure-pipelines|appveyor|\.travis)\.ya?ml$|(^|\/)(tox\.ini|noxfile\.py|Makefile|justfile|Taskfile\.ya?ml)$/i;
/** Documentation builds: part of the documentation, not code. */
const DOC_CONFIG = /(^|\/)(mkdocs[^/]*\.ya?ml|\.readthedocs\.ya?ml|conf\.py|book\.toml|typedoc\.json)$|^(site|website|www)\//i;
/** Maintainer scripts: tooling. */
const SCRIPT_PATH = /^(scripts?|tools?|xtask|hack|requirements)\/|^(data|\.?config)\/|^[^/]+\.(ya?ml|json|toml|ini|cfg)$/i;
/** Source code files: a module that can be a component on its own. */
const SOURCE_FILE = /\.(py|pyi|js|mjs|cjs|jsx|ts|mts|cts|tsx|go|rs|rb|java|kt|kts|scala|swift|c|h|cc|cpp|hpp|cs|php|ex|exs|erl|lua|dart|zig|vue|svelte|sh|bash|zsh|fish|ps1)$/i;
const CHANGELOG_PATH = /(^|\/)(CHANGE[S]?(LOG)?|HISTORY|NEWS|RELEASES?)(\.[a-z]+)?$/i;
/** Dependency and tooling upkeep: chores by the label rule, whatever the files. */
const UPKEEP = /\b(dependabot|pre-commit autoupdate|update (dev )?dependencies|bump (the )?(deps|dependencies)|lock ?file|renovate|upgrade deps)\b/i;

/** Which component one change belongs to, by its files: code first, then tests, docs, CI. Null for tooling or changelog alone. */
export function componentOf(paths: readonly string[], dirFiles: ReadonlyMap<string, number>): { component: string; kind: ComponentKind } | null {
  const meaningful = paths.filter((p) => !CHANGELOG_PATH.test(p));
  const isDoc = (p: string) => (DOC_PATH.test(p) || DOC_CONFIG.test(p)) && !/(^|\/)\.github\//.test(p);
  const code = meaningful.filter((p) => !isDoc(p) && !DOC_PATH.test(p) && !TOOLING_PATH.test(p) && !CI_PATH.test(p) && !SCRIPT_PATH.test(p) && !isTestPath(p));
  if (code.length) {
    const area = rankAreas(code, dirFiles)[0];
    // A data file in a big folder (a syntax definition, a submodule) belongs to its folder, not to itself.
    if (area) return { component: /\//.test(area) && !SOURCE_FILE.test(area) && !dirFiles.has(area) ? area.split('/').slice(0, -1).join('/') : area, kind: 'code' };
  }
  const tests = meaningful.filter((p) => isTestPath(p) && !DOC_PATH.test(p));
  if (tests.length) return { component: topFolder(tests) ?? 'tests', kind: 'tests' };
  const docs = meaningful.filter((p) => isDoc(p) && !CI_PATH.test(p));
  if (docs.length) return { component: topFolder(docs) ?? 'docs', kind: 'docs' };
  const ci = meaningful.filter((p) => CI_PATH.test(p) || SCRIPT_PATH.test(p));
  if (ci.length) return { component: '.github/workflows', kind: 'ci' };
  return null;
}

/** The first path segment most of the files share, when there is one folder ("docs", "tests"). */
function topFolder(paths: readonly string[]): string | null {
  const counts = new Map<string, number>();
  for (const p of paths) {
    const parts = p.split('/');
    const top = parts.length > 1 ? parts[0]! : '';
    counts.set(top, (counts.get(top) ?? 0) + 1);
  }
  const [best] = [...counts].sort((a, b) => b[1] - a[1] || compareText(a[0], b[0]));
  return best && best[0] ? best[0] : null;
}

/** The recurring work streams of a snapshot at its T0, hottest first. Pure: the backtest calls it on past views. */
export function buildStreams(snapshot: Snapshot, options: StreamOptions, names: ReadonlySet<string> = new Set()): Stream[] {
  const t0 = Date.parse(snapshot.t0);
  const dirFiles = new Map(snapshot.tree.map((d) => [d.dir, d.files]));
  const work = snapshot.evidence.filter((e): e is Extract<Evidence, { kind: 'work_item' }> => e.kind === 'work_item' && !e.item.bot);
  const categorizer = options.categorize === false ? null : buildCategorizer(work.map((e) => ({ text: e.item.title, labels: e.item.labels })));
  const byComponent = new Map<string, { kind: ComponentKind; items: StreamItem[] }>();
  for (const e of work) {
    const age = t0 - Date.parse(e.date);
    if (age < 0 || age > options.lookbackDays * DAY_MS) continue;
    if (isChore(e.item.title, e.item.paths, names)) continue;
    const where = componentOf(e.item.paths, dirFiles);
    if (!where) continue;
    const text = `${e.item.title}\n${e.item.body.slice(0, 400)}`;
    const item: StreamItem = {
      ref: e.ref, date: e.date, title: e.item.title, body: e.item.body.slice(0, 400), paths: e.item.paths,
      category: categorizer?.categorize(text, e.item.labels) ?? null, recency: Math.exp(-age / (120 * DAY_MS)),
    };
    const key = `${where.kind}\u0000${where.component}`;
    const s = byComponent.get(key) ?? { kind: where.kind, items: [] };
    s.items.push(item);
    byComponent.set(key, s);
  }
  const streams: Stream[] = [];
  for (const [key, s] of byComponent) {
    if (s.items.length < options.minItems) continue;
    const items = [...s.items].sort((a, b) => compareText(b.date, a.date) || compareText(a.ref, b.ref));
    const votes: Record<Category, number> = { bugfix: 0, feature: 0, refactor: 0 };
    for (const i of items) if (i.category) votes[i.category] += 0.5 + i.recency;
    const category = (['bugfix', 'feature', 'refactor'] as Category[]).reduce((best, c) => (votes[c] > votes[best] ? c : best), 'feature' as Category);
    streams.push({ component: key.split('\u0000')[1]!, kind: s.kind, items, category, votes: roundAll(votes), heat: streamHeat(items) });
  }
  return streams.sort((a, b) => b.heat - a.heat || compareText(a.component, b.component));
}

/** Merges, releases, version bumps, dependency upkeep (a submodule moved too) and typo fixes: no direction of work. */
export function isChore(title: string, paths: readonly string[], names: ReadonlySet<string> = new Set()): boolean {
  if (isReleaseWork(title, paths) || UPKEEP.test(title) || isSubmoduleBump(title)) return true;
  // Parsing is the costly part, and the backtest asks again for each replay: kept per set of names.
  let seen = statesNoTask.get(names);
  if (!seen) statesNoTask.set(names, (seen = new Map()));
  let none = seen.get(title);
  if (none === undefined) seen.set(title, (none = taskPhrase(title, 'feature', names) === null));
  return none;
}

const statesNoTask = new WeakMap<ReadonlySet<string>, Map<string, boolean>>();

/** Topic words of a stream item, for matching later work (src/text/work-match.ts). */
export function itemTopic(title: string, body: string): string[] {
  const key = `${title}\u0000${body}`;
  let topic = topics.get(key);
  if (!topic) {
    if (topics.size > 50_000) topics.clear();
    topics.set(key, (topic = topicTokens(topicText(`${title} ${title} ${body}`))));
  }
  return topic;
}

const topics = new Map<string, string[]>();

/** A stream's heat: the sum of its items' recency, to 3 places. */
export function streamHeat(items: readonly StreamItem[]): number {
  return round(items.reduce((sum, i) => sum + i.recency, 0));
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}

function roundAll(votes: Record<Category, number>): Record<Category, number> {
  return { bugfix: round(votes.bugfix), feature: round(votes.feature), refactor: round(votes.refactor) };
}
