import { UserError } from '../../errors.js';
import type { Evidence, Snapshot } from '../../snapshot/model.js';
import { botReason } from '../../sources/bots.js';

/**
 * The evidence digest: the snapshot's rows as short lines a model can read and
 * cite, `[ref] date text`, grouped in sections, newest first within each, cut
 * to a character budget. Issues and pull requests on the tracker at T0 come
 * first when open (the pending work), within a bounded share of the budget.
 * Pure and deterministic: the same snapshot and budget give the same text
 * whatever order the rows came in.
 */

export interface DigestSection {
  title: string;
  lines: DigestLine[];
  /** The most of the digest budget this section may take, as a fraction of it; unset: no cap of its own. */
  share?: number;
}

export interface DigestLine {
  ref: string;
  text: string;
}

export interface Digest {
  /** The sections that kept at least one line, in fixed order. */
  sections: DigestSection[];
  /** Rows shown, and rows that could have been shown. */
  shown: number;
  available: number;
  /** The shown rows by ref: the only rows a family may cite (a ref the model never saw is a guess). */
  citable: Map<string, Evidence>;
}

/** Longest single field in a line (titles, TODO text, body excerpts). */
const MAX_FIELD_CHARS = 240;
const MAX_BODY_CHARS = 160;
const MAX_AREAS = 4;
/** Issue lines: title and body excerpt of an issue or pull request on the tracker at T0. */
const MAX_ISSUE_TITLE_CHARS = 160;
const MAX_ISSUE_BODY_CHARS = 200;
/**
 * Bounded shares of the digest budget for tracker rows: open issues and pull
 * requests (the pending work at T0) and those closed in the year before T0.
 * Caps, not reservations: what issues do not use goes to the other sections,
 * and issues go past their share only into room no other section can use.
 */
export const OPEN_ISSUE_SHARE = 0.25;
export const CLOSED_ISSUE_SHARE = 0.05;

/**
 * The leakage guard at the prompt's door. A Snapshot holds only rows dated <=
 * T0 (src/snapshot/guard.ts); this checks it again, with every date a row
 * carries, before anything is sent to a model, and throws otherwise.
 */
export function assertEvidenceAtT0(snapshot: Snapshot): void {
  const t0 = Date.parse(snapshot.t0);
  if (Number.isNaN(t0)) {
    throw new UserError('BAD_T0', `T0 "${snapshot.t0}" is not a date`, 'Pass --t0 as ISO 8601, e.g. 2025-01-01.');
  }
  for (const row of snapshot.evidence) {
    const dates = [row.date];
    if (row.kind === 'work_item') dates.push(row.item.mergedAt);
    if (row.kind === 'todo' && row.firstSeen !== null) dates.push(row.firstSeen);
    if (row.kind === 'issue') {
      dates.push(row.lastActivityAt, ...row.comments.map((c) => c.date));
      if (row.closedAt !== null) dates.push(row.closedAt);
    }
    for (const date of dates) {
      const at = Date.parse(date);
      if (Number.isNaN(at) || at > t0) {
        throw new UserError(
          'EVIDENCE_AFTER_T0',
          `Evidence ${row.ref} is dated ${date}, after T0 ${snapshot.t0}; nothing was sent to the model`,
          'This snapshot was not made by takeSnapshot or was altered: take the snapshot again, and report it if it persists.',
        );
      }
    }
  }
}

export function buildDigest(snapshot: Snapshot, budgetChars: number): Digest {
  const sections = candidateSections(snapshot);
  const available = sections.reduce((n, s) => n + s.lines.length, 0);
  const kept: DigestLine[][] = sections.map(() => []);
  const spent = sections.map(() => 0);
  let used = 0;
  // Round-robin: one line per section per round, so every kind of evidence is
  // represented when the budget is tight. A section stops at its first line
  // that does not fit, so what is kept is always its first (newest) lines.
  // First pass: a section with a share stops at its share of the budget too.
  // Second pass: only once every other section is done, the shared sections
  // go on in what budget is left, so their share never crowds out other
  // evidence and room nobody else needs is not wasted.
  const fill = (stopped: boolean[], withShares: boolean) => {
    const capped = sections.map(() => false);
    while (stopped.some((s) => !s)) {
      sections.forEach((section, i) => {
        if (stopped[i]) return;
        const line = section.lines[kept[i]!.length];
        if (!line) {
          stopped[i] = true;
          return;
        }
        const cost = renderLine(line).length + 1 + (kept[i]!.length === 0 ? section.title.length + 5 : 0);
        if (used + cost > budgetChars) {
          stopped[i] = true;
          return;
        }
        if (withShares && section.share !== undefined && spent[i]! + cost > Math.floor(budgetChars * section.share)) {
          stopped[i] = capped[i] = true;
          return;
        }
        kept[i]!.push(line);
        spent[i]! += cost;
        used += cost;
      });
    }
    return capped;
  };
  const capped = fill(sections.map((s) => s.lines.length === 0), true);
  fill(capped.map((c) => !c), false);
  const byRef = new Map(snapshot.evidence.map((e) => [e.ref, e]));
  const shownSections = sections.map((s, i) => ({ title: s.title, lines: kept[i]! })).filter((s) => s.lines.length > 0);
  return {
    sections: shownSections,
    shown: shownSections.reduce((n, s) => n + s.lines.length, 0),
    available,
    citable: new Map(
      shownSections.flatMap((s) => s.lines.map((l) => [l.ref, byRef.get(l.ref)!] as const)),
    ),
  };
}

export function renderDigest(digest: Digest): string {
  return digest.sections.map((s) => `## ${s.title}\n${s.lines.map(renderLine).join('\n')}`).join('\n\n');
}

export function renderLine(line: DigestLine): string {
  return `[${line.ref}] ${line.text}`;
}

function candidateSections(snapshot: Snapshot): DigestSection[] {
  const rows = [...snapshot.evidence];
  const of = <K extends Evidence['kind']>(kind: K) =>
    rows.filter((e): e is Extract<Evidence, { kind: K }> => e.kind === kind).sort(newestFirst);
  const hotspots = of('hotspot').sort(
    (a, b) => b.commits90 - a.commits90 || b.commits365 - a.commits365 || compare(a.ref, b.ref),
  );
  const issues = of('issue').filter((e) => botReason({ title: e.text, author: e.author, authorEmail: '', branch: null }) === null);
  return [
    {
      title: 'Open issues and pull requests on the tracker at T0 (pending work; most recently active first)',
      lines: issues
        .filter((e) => e.state === 'open')
        .sort((a, b) => byTime(b.lastActivityAt, a.lastActivityAt) || newestFirst(a, b))
        .map((e) => ({ ref: e.ref, text: issueLine(e) })),
      share: OPEN_ISSUE_SHARE,
    },
    {
      title: 'Recent work: merged pull requests and direct commits (bot and dependency work left out)',
      lines: of('work_item').filter((e) => !e.item.bot).map((e) => ({ ref: e.ref, text: workLine(e) })),
    },
    {
      title: 'TODO / FIXME notes in the code at T0',
      lines: of('todo').map((e) => ({ ref: e.ref, text: `${day(e.date)} ${e.marker} ${e.path}:${e.line}: ${clip(e.text, MAX_FIELD_CHARS)}` })),
    },
    {
      title: 'Changelog, top (upcoming or newest) section',
      lines: of('changelog').map((e) => ({ ref: e.ref, text: `${day(e.date)} (${clip(e.section, 60)}) ${clip(e.text, MAX_FIELD_CHARS)}` })),
    },
    {
      title: 'Open roadmap items',
      lines: of('roadmap').filter((e) => !e.done).map((e) => ({ ref: e.ref, text: `${day(e.date)} ${clip(e.text, MAX_FIELD_CHARS)}` })),
    },
    {
      title: 'Churn hotspots: directories changed most in the 90 and 365 days before T0',
      lines: hotspots.map((e) => ({
        ref: e.ref,
        text: `${e.dir || '(root)'}: ${e.commits90} commits (${e.changes90} file changes) in 90 days, ${e.commits365} (${e.changes365}) in 365 days`,
      })),
    },
    {
      title: 'Releases (tags)',
      lines: of('tag').map((e) => ({ ref: e.ref, text: `${day(e.date)} ${clip(e.name, 80)}` })),
    },
    {
      title: 'Issues and pull requests closed in the year before T0 (most recently closed first)',
      lines: issues
        .filter((e) => e.state !== 'open')
        .sort((a, b) => byTime(b.closedAt ?? b.lastActivityAt, a.closedAt ?? a.lastActivityAt) || newestFirst(a, b))
        .map((e) => ({ ref: e.ref, text: issueLine(e) })),
      share: CLOSED_ISSUE_SHARE,
    },
  ];
}

/**
 * An issue or pull request as it stood at T0: opened, state (and when it
 * closed), title, labels, comments and last activity at T0, the files of a
 * closed pull request, and an excerpt of the body at T0. A withheld body
 * (edited after T0, its text at T0 unknown) is left out without a note: even
 * that it was edited later is news from after T0.
 */
function issueLine(e: Extract<Evidence, { kind: 'issue' }>): string {
  const what = e.pullRequest ? 'pull request' : 'issue';
  const state = e.state === 'open' ? 'open' : `${e.state}${e.closedAt ? ` ${day(e.closedAt)}` : ''}`;
  const labels = e.labels.length > 0 ? ` · labels: ${clip([...e.labels].sort(compare).join(', '), 80)}` : '';
  const comments = e.commentCount === 1 ? '1 comment' : `${e.commentCount} comments`;
  const activity = ` · ${comments}, last activity ${day(e.lastActivityAt)}`;
  const areas = e.pathsWithheld ? [] : topAreas(e.paths);
  const where = areas.length > 0 ? ` · ${areas.join(', ')}` : '';
  const body = e.bodyWithheld ? '' : issueExcerpt(e.body);
  return `${day(e.date)} ${state} ${what}: ${clip(e.text, MAX_ISSUE_TITLE_CHARS)}${labels}${activity}${where}${body ? ` — ${body}` : ''}`;
}

/** The start of an issue body: template comments, headings, rules and code fences left out, lines joined. */
function issueExcerpt(body: string): string {
  const lines = body
    .replace(/<!--[\s\S]*?(-->|$)/g, '\n')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !/^#{1,6}(\s|$)/.test(l) && !/^(```|~~~)/.test(l) && !/^[-=#*_>|`~\s]+$/.test(l));
  return clip(lines.join(' '), MAX_ISSUE_BODY_CHARS);
}

function workLine(e: Extract<Evidence, { kind: 'work_item' }>): string {
  const areas = topAreas(e.item.paths);
  const files = e.item.paths.length === 1 ? '1 file' : `${e.item.paths.length} files`;
  const where = areas.length > 0 ? ` · ${areas.join(', ')} (${files})` : '';
  const labels = e.item.labels.length > 0 ? ` · labels: ${clip(e.item.labels.join(', '), 80)}` : '';
  const body = bodyExcerpt(e.item.body);
  return `${day(e.date)} ${clip(e.item.title, MAX_FIELD_CHARS)}${where}${labels}${body ? ` — ${body}` : ''}`;
}

/** Directories two levels deep (`src/parser`), or root files, most touched first. */
function topAreas(paths: readonly string[]): string[] {
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

function newestFirst(a: Evidence, b: Evidence): number {
  return Date.parse(b.date) - Date.parse(a.date) || compare(a.ref, b.ref);
}

function byTime(a: string, b: string): number {
  return Date.parse(a) - Date.parse(b);
}

/** Code-unit order: the same on every machine and locale. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function day(iso: string): string {
  return new Date(iso).toISOString().slice(0, 10);
}

/** One line, at most `max` characters. */
function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
