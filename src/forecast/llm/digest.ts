import { UserError } from '../../errors.js';
import type { Evidence, Snapshot } from '../../snapshot/model.js';
import { botReason } from '../../sources/bots.js';
import { changelogKept, clip, compare, day, newestFirst, recentWorkLines, tagLines, todoLines, topAreas, type DigestLine } from './digest-lines.js';

/**
 * The evidence digest: the snapshot's rows as short lines a model can read and
 * cite, `[ref] date text`, grouped in sections, each within its own budget.
 *
 * Budgets (`SECTION_BUDGETS`, shares of the digest's characters) are caps: a
 * section never shows more than its budget. What a section does not need
 * (a repository without a tracker archive, without TODOs) is handed to the
 * sections that still have lines, in proportion to their shares, so no room
 * is wasted and no section is crowded out by another. Within its budget a
 * section keeps its lines in priority order and stops at the first that does
 * not fit (./digest-lines.ts says what each section's order is).
 * Pure and deterministic: the same snapshot and budget give the same text
 * whatever order the rows came in.
 */

export type { DigestLine } from './digest-lines.js';

export type SectionKey = 'open_issues' | 'recent_work' | 'chores' | 'todo' | 'changelog' | 'roadmap' | 'hotspots' | 'tags' | 'closed_issues';

/** Each section's share of the digest's characters (sums to 1). docs/llm.md explains the choice. */
export const SECTION_BUDGETS: Record<SectionKey, number> = {
  open_issues: 0.22,
  recent_work: 0.36,
  chores: 0.03,
  todo: 0.1,
  changelog: 0.08,
  roadmap: 0.05,
  hotspots: 0.06,
  tags: 0.04,
  closed_issues: 0.06,
};

export interface DigestSection {
  key: SectionKey;
  title: string;
  lines: DigestLine[];
}

export interface ShownSection extends DigestSection {
  /** Characters this section was allowed (its share, plus what others did not need). */
  budget: number;
  /** Characters its kept lines and title take. */
  used: number;
  /** Lines it had. */
  available: number;
}

export interface Digest {
  /** Every section in fixed order, with the lines kept (possibly none). */
  sections: ShownSection[];
  /** Citable rows shown, and rows that could have been shown. */
  shown: number;
  available: number;
  /** The shown rows by ref: the only rows a family may cite (a ref the model never saw is a guess). */
  citable: Map<string, Evidence>;
  /** The digest's character budget. */
  budget: number;
}

/** Most of a TODO group's or tag's text; issue lines have their own limits. */
const MAX_ISSUE_TITLE_CHARS = 160;
const MAX_ISSUE_BODY_CHARS = 200;

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
    if (row.kind === 'branch') dates.push(row.firstDate, row.lastDate, ...row.commits.map((c) => c.date), ...(row.forkDate !== null ? [row.forkDate] : []));
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
  const costs = sections.map((s) => s.lines.map((line, i) => renderLine(line).length + 1 + (i === 0 ? s.title.length + 5 : 0)));
  const budgets = allocate(
    sections.map((s) => SECTION_BUDGETS[s.key]),
    costs.map((c) => c.reduce((a, b) => a + b, 0)),
    budgetChars,
  );
  const byRef = new Map(snapshot.evidence.map((e) => [e.ref, e]));
  const shown: ShownSection[] = sections.map((section, i) => {
    let used = 0;
    let n = 0;
    while (n < section.lines.length && used + costs[i]![n]! <= budgets[i]!) used += costs[i]![n++]!;
    const kept = section.lines.slice(0, n);
    if (kept.some((l) => l.at !== undefined)) kept.sort((a, b) => byTime(b.at ?? '', a.at ?? '') || compare(a.ref ?? '', b.ref ?? ''));
    return { ...section, lines: kept, budget: budgets[i]!, used, available: section.lines.length };
  });
  const citable = new Map<string, Evidence>();
  for (const s of shown) for (const l of s.lines) if (l.ref !== null && byRef.has(l.ref)) citable.set(l.ref, byRef.get(l.ref)!);
  return {
    sections: shown,
    shown: citable.size,
    available: sections.reduce((n, s) => n + s.lines.filter((l) => l.ref !== null).length, 0),
    citable,
    budget: budgetChars,
  };
}

/**
 * Water-filling: each section gets its share of the budget; a section that
 * needs less gives the rest to the sections that need more, in proportion to
 * their shares, until nothing is left to hand on. Whole characters, rounded down.
 */
function allocate(shares: readonly number[], demands: readonly number[], total: number): number[] {
  const budgets = shares.map(() => 0);
  let open = shares.map((_, i) => i).filter((i) => demands[i]! > 0);
  let left = total;
  while (open.length > 0 && left > 0) {
    const weight = open.reduce((n, i) => n + shares[i]!, 0);
    const offer = open.map((i) => (left * shares[i]!) / weight);
    const full = open.filter((i, k) => demands[i]! - budgets[i]! <= offer[k]!);
    if (full.length === 0) {
      open.forEach((i, k) => (budgets[i]! += offer[k]!));
      break;
    }
    for (const i of full) {
      left -= demands[i]! - budgets[i]!;
      budgets[i] = demands[i]!;
    }
    open = open.filter((i) => !full.includes(i));
  }
  return budgets.map((b) => Math.floor(b));
}

export function renderDigest(digest: Digest): string {
  return digest.sections
    .filter((s) => s.lines.length > 0)
    .map((s) => `## ${s.title}\n${s.lines.map(renderLine).join('\n')}`)
    .join('\n\n');
}

export function renderLine(line: DigestLine): string {
  return line.ref === null ? `- ${line.text}` : `[${line.ref}] ${line.text}`;
}

/** Each section's characters as a share of the digest's budget, for `forecast --debug` and the digest bench. */
export function digestShares(digest: Digest): { section: SectionKey; lines: number; available: number; used: number; budget: number; share: number; budgetShare: number }[] {
  return digest.sections.map((s) => ({
    section: s.key,
    lines: s.lines.length,
    available: s.available,
    used: s.used,
    budget: s.budget,
    share: digest.budget > 0 ? s.used / digest.budget : 0,
    budgetShare: SECTION_BUDGETS[s.key],
  }));
}

function candidateSections(snapshot: Snapshot): DigestSection[] {
  const rows = [...snapshot.evidence];
  const of = <K extends Evidence['kind']>(kind: K) =>
    rows.filter((e): e is Extract<Evidence, { kind: K }> => e.kind === kind).sort(newestFirst);
  const hotspots = of('hotspot').sort(
    (a, b) => b.commits90 - a.commits90 || b.commits365 - a.commits365 || compare(a.ref, b.ref),
  );
  const issues = of('issue').filter((e) => botReason({ title: e.text, author: e.author, authorEmail: '', branch: null }) === null);
  const work = recentWorkLines(of('work_item'), snapshot.t0);
  return [
    {
      key: 'open_issues',
      title: 'Open issues and pull requests on the tracker at T0 (pending work; most recently active first)',
      lines: issues
        .filter((e) => e.state === 'open')
        .sort((a, b) => byTime(b.lastActivityAt, a.lastActivityAt) || newestFirst(a, b))
        .map((e) => ({ ref: e.ref, text: issueLine(e) })),
    },
    {
      key: 'recent_work',
      title: 'Recent work in the year before T0: merged pull requests and direct commits, sampled across the year (bots, dependency bumps and chores grouped below)',
      lines: [...work.lines, ...(work.earlier ? [work.earlier] : [])],
    },
    { key: 'chores', title: 'Routine chores in the year before T0, one line each', lines: work.chores },
    { key: 'todo', title: 'TODO / FIXME notes in the code at T0 (the same note in several places once, with a count)', lines: todoLines(of('todo')) },
    {
      key: 'changelog',
      title: 'Changelog, top (upcoming or newest) section (bot, dependency and new-contributor lines left out)',
      lines: of('changelog').filter(changelogKept).map((e) => ({ ref: e.ref, text: `${day(e.date)} (${clip(e.section, 60)}) ${clip(e.text, 240)}` })),
    },
    {
      key: 'roadmap',
      title: 'Open roadmap items',
      lines: of('roadmap').filter((e) => !e.done).map((e) => ({ ref: e.ref, text: `${day(e.date)} ${clip(e.text, 240)}` })),
    },
    {
      key: 'hotspots',
      title: 'Churn hotspots: directories changed most in the 90 and 365 days before T0',
      lines: hotspots.map((e) => ({
        ref: e.ref,
        text: `${e.dir || '(root)'}: ${e.commits90} commits (${e.changes90} file changes) in 90 days, ${e.commits365} (${e.changes365}) in 365 days`,
      })),
    },
    { key: 'tags', title: 'Releases (tags)', lines: tagLines(of('tag'), snapshot.t0) },
    {
      key: 'closed_issues',
      title: 'Issues and pull requests closed in the year before T0 (most recently closed first)',
      lines: issues
        .filter((e) => e.state !== 'open')
        .sort((a, b) => byTime(b.closedAt ?? b.lastActivityAt, a.closedAt ?? a.lastActivityAt) || newestFirst(a, b))
        .map((e) => ({ ref: e.ref, text: issueLine(e) })),
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

function byTime(a: string, b: string): number {
  return (Date.parse(a) || 0) - (Date.parse(b) || 0);
}
