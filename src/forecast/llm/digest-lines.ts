import type { Evidence } from '../../snapshot/model.js';
import { botReason } from '../../sources/bots.js';
import { withoutControl } from '../../text/control.js';
import { isAuxDir } from './tree.js';
import { DAY_MS } from '../../time.js';

/**
 * The lines of the digest's sections, each built to say much in few
 * characters: near-identical TODO notes merged with a count, tags summarised by
 * cadence and the last few releases, recent work sampled across the whole
 * look-back with routine chores grouped one line each, the changelog filtered
 * like work items. Pure; ./digest.ts fits them to the per-section budgets.
 */

export interface DigestLine {
  /** The ref the model may cite, or null for a summary line (not citable). */
  ref: string | null;
  text: string;
  /** When the kept lines are shown newest first: this line's date (ISO). */
  at?: string;
}

type Row<K extends Evidence['kind']> = Extract<Evidence, { kind: K }>;

/** Recent work covers the year before T0; older work is one summary line. */
export const LOOKBACK_DAYS = 365;
const MAX_FIELD_CHARS = 240;
const MAX_BODY_CHARS = 160;
const MAX_AREAS = 4;
/** Tags listed one by one after the cadence line. */
export const LAST_TAGS = 5;

/** Routine work grouped into one line each: what it is called, and how a title or its paths show it. */
const CHORES: { name: string; test: (title: string, paths: readonly string[]) => boolean }[] = [
  {
    name: 'translations',
    test: (t, p) =>
      p.length > 0 &&
      (p.every((x) => /(^|\/)(locales?|i18n|translations?|po)\//i.test(x) || /^docs\/[a-z]{2}(-[a-z]{2,4})?\//i.test(x)) ||
        (/\b(translat\w*|i18n|l10n|locali[sz]\w*|crowdin|weblate|transifex)\b/i.test(t) &&
          p.every((x) => /^(docs?|locales?|i18n|translations?|po)\//i.test(x) || /\.(po|pot|mo|json|ya?ml|md|rst|txt)$/i.test(x)))),
  },
  { name: 'contributor lists', test: (t, p) => /\b(all-?contributors|contributors?( list)?|authors( file)?|add \S+ as a contributor|thank(s| you))\b/i.test(t) || (p.length > 0 && p.every((x) => /(^|\/)(AUTHORS|CONTRIBUTORS|\.all-contributorsrc)[^/]*$/i.test(x))) },
  { name: 'releases and version bumps', test: (t) => /^(\W*\s*)?(release|prepare (for )?release|bump (the )?version|version bump|v?\d+\.\d+\.\d+\S*$|🔖)/i.test(t) || /^chore\(release\)/i.test(t) },
  { name: 'release notes updates', test: (t) => /^(\W*\s*)?(update (release notes|changelog)|📝 update release notes)/i.test(t) },
];

/** The chore a work item is, or null for real work. */
export function choreOf(title: string, paths: readonly string[]): string | null {
  for (const chore of CHORES) if (chore.test(title, paths)) return chore.name;
  return null;
}

/**
 * Recent work: the non-bot, non-chore work items of the look-back, in the
 * order they should be kept when the budget is tight: one per month
 * (newest month first), then a second per month, and so on, so the kept lines
 * cover the whole year, not only its last weeks. Shown newest first.
 */
export function recentWorkLines(rows: readonly Row<'work_item'>[], t0: string): { lines: DigestLine[]; chores: DigestLine[]; earlier: DigestLine | null } {
  const start = Date.parse(t0) - LOOKBACK_DAYS * DAY_MS;
  const recent = rows.filter((e) => Date.parse(e.date) > start).sort(newestFirst);
  const older = rows.filter((e) => Date.parse(e.date) <= start && !e.item.bot);
  const work: Row<'work_item'>[] = [];
  const chores = new Map<string, Row<'work_item'>[]>();
  for (const e of recent) {
    const chore = e.item.bot ? 'bot and dependency work' : choreOf(e.item.title, e.item.paths);
    if (chore === null) work.push(e);
    else chores.set(chore, [...(chores.get(chore) ?? []), e]);
  }
  const buckets = new Map<string, Row<'work_item'>[]>();
  for (const e of work) {
    const month = e.date.slice(0, 7);
    buckets.set(month, [...(buckets.get(month) ?? []), e]);
  }
  const months = [...buckets.keys()].sort().reverse();
  const ordered: Row<'work_item'>[] = [];
  for (let round = 0; ordered.length < work.length; round++) {
    for (const month of months) {
      const e = buckets.get(month)![round];
      if (e) ordered.push(e);
    }
  }
  const choreLines = [...chores].sort((a, b) => b[1].length - a[1].length || compare(a[0], b[0])).map(([name, items]) => {
    const newest = items[0]!;
    const oldest = items[items.length - 1]!;
    const bot = name === 'bot and dependency work';
    return {
      ref: bot ? null : newest.ref,
      text: `${name}: ${items.length} ${items.length === 1 ? 'item' : 'items'} from ${day(oldest.date)} to ${day(newest.date)}${bot ? ' (left out, not forecast)' : `, newest "${clip(newest.item.title, 80)}"`}`,
    };
  });
  const earlier =
    older.length > 0
      ? { ref: null, text: `earlier: ${older.length} work items from ${day(older.reduce((a, e) => (e.date < a ? e.date : a), older[0]!.date))} to ${day(new Date(start).toISOString())} (not shown)` }
      : null;
  return { lines: ordered.map((e) => ({ ref: e.ref, text: workLine(e), at: e.date })), chores: choreLines, earlier };
}

function workLine(e: Row<'work_item'>): string {
  const areas = topAreas(e.item.paths);
  const files = e.item.paths.length === 1 ? '1 file' : `${e.item.paths.length} files`;
  const where = areas.length > 0 ? ` · ${areas.join(', ')} (${files})` : '';
  const labels = e.item.labels.length > 0 ? ` · labels: ${clip(e.item.labels.join(', '), 80)}` : '';
  const body = bodyExcerpt(e.item.body);
  return `${day(e.date)} ${clip(e.item.title, MAX_FIELD_CHARS)}${where}${labels}${body ? ` — ${body}` : ''}`;
}

/**
 * TODO/FIXME lines, near-identical notes merged: the same words once the case,
 * punctuation, numbers and terminal escapes are set aside. The newest row of a
 * group stands for it (its ref is the one shown), with a count and where else
 * the note is. The ref already names path and line, so the text does not
 * repeat them. Notes inside fixture, benchmark, example, documentation and
 * vendored trees (tree.ts's auxiliary trees: test data and other people's
 * code, not the project's own notes) are one closing line with their count.
 */
export function todoLines(rows: readonly Row<'todo'>[]): DigestLine[] {
  const groups = new Map<string, Row<'todo'>[]>();
  const own = rows.filter((e) => !isAuxDir(dirOf(e.path)));
  for (const e of [...own].sort(newestFirst)) {
    const key = `${e.marker.toUpperCase()} ${withoutControl(e.text).toLowerCase().replace(/[^a-z]+/g, ' ').trim()}`;
    groups.set(key, [...(groups.get(key) ?? []), e]);
  }
  const lines = [...groups.values()].map((group): DigestLine => {
    const first = group[0]!;
    const others = [...new Set(group.slice(1).map((e) => e.path))].filter((p) => p !== first.path);
    const more = group.length > 1 ? ` (×${group.length}${others.length > 0 ? `, also in ${others.slice(0, 3).join(', ')}${others.length > 3 ? ` +${others.length - 3} more files` : ''}` : ''})` : '';
    return { ref: first.ref, text: `${day(first.date)} ${first.marker}: ${clip(first.text, MAX_FIELD_CHARS)}${more}` };
  });
  const aside = rows.length - own.length;
  if (aside === 0) return lines;
  return [...lines, { ref: null, text: `${aside} more ${aside === 1 ? 'note' : 'notes'} in fixture, benchmark, example, documentation or vendored trees, left out` }];
}

function dirOf(path: string): string {
  const i = path.lastIndexOf('/');
  return i < 0 ? '' : path.slice(0, i);
}

/** Tags: one line of cadence, then the last few releases (citable), newest first. */
export function tagLines(rows: readonly Row<'tag'>[], t0: string): DigestLine[] {
  if (rows.length === 0) return [];
  const tags = [...rows].sort(newestFirst);
  const start = Date.parse(t0) - LOOKBACK_DAYS * DAY_MS;
  const lastYear = tags.filter((e) => Date.parse(e.date) > start);
  const every = lastYear.length > 1 ? Math.round(LOOKBACK_DAYS / lastYear.length) : null;
  const summary = {
    ref: null,
    text: `${tags.length} tags from ${day(tags[tags.length - 1]!.date)} to ${day(tags[0]!.date)}; ${lastYear.length} in the year before T0${every ? ` (about one every ${every} days)` : ''}; the newest:`,
  };
  return [summary, ...tags.slice(0, LAST_TAGS).map((e) => ({ ref: e.ref, text: `${day(e.date)} ${clip(e.name, 80)}` }))];
}

/** Changelog lines about bots, dependency bumps and new contributors say nothing about the work to come. */
export function changelogKept(e: Row<'changelog'>): boolean {
  const text = e.text.replace(/^[-*+\s]+/, '');
  if (/\bmade (their|his|her|a) first contribution\b|^new contributors\b|^\**full changelog\b/i.test(text)) return false;
  if (/\b(dependabot|renovate|pre-commit-ci)\b|\[bot\]/i.test(text)) return false;
  return botReason({ title: text, author: '', authorEmail: '', branch: null }) === null;
}

/** Directories two levels deep (`src/parser`), or root files, most touched first. */
export function topAreas(paths: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const path of paths) {
    const parts = path.split('/');
    const area = parts.length <= 1 ? path : parts.slice(0, Math.min(2, parts.length - 1)).join('/');
    counts.set(area, (counts.get(area) ?? 0) + 1);
  }
  const sorted = [...counts].sort((a, b) => b[1] - a[1] || compare(a[0], b[0])).map(([area]) => area);
  return sorted.length > MAX_AREAS ? [...sorted.slice(0, MAX_AREAS), `+${sorted.length - MAX_AREAS} more`] : sorted;
}

function bodyExcerpt(body: string): string {
  const line = body
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l && !/^(signed-off-by|co-authored-by|reviewed-by|change-id):/i.test(l) && !/^[-=#*]+$/.test(l));
  return line ? clip(line, MAX_BODY_CHARS) : '';
}

export function newestFirst(a: Evidence, b: Evidence): number {
  return Date.parse(b.date) - Date.parse(a.date) || compare(a.ref, b.ref);
}

/** Code-unit order: the same on every machine and locale. */
export function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function day(iso: string): string {
  return new Date(iso).toISOString().slice(0, 10);
}

/** One line, at most `max` characters. */
export function clip(text: string, max: number): string {
  const flat = withoutControl(text).replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
