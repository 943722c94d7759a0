import type { FamilyEvidence, TaskFamily } from '../../family/model.js';
import type { Evidence, Snapshot } from '../../snapshot/model.js';
import { compareText } from '../../text/order.js';
import { DAY_MS } from '../../time.js';

/**
 * A sponsors list kept up (issue 15, cover38): two or more changes of the two years before T0, the newest within the
 * year, whose titles say they add or update sponsors ("Add Warp as a sponsor", "Update sponsorship information",
 * "docs: add VoidZero as special sponsor") on one documentation page ask for the next sponsor added or updated there:
 * "Add or update sponsors in the sponsors list of README.md". A list page named by what it lists (the guide's reading:
 * an entry added to a named list page is the work a family naming that list predicts), read from titles and paths
 * alone. Two years, not one: a project gains a sponsor or two a year. Its calibration kind is `more` (a list page's),
 * its ranking score the dependency line's (not fitted: no labels yet). Tests: tests/forecast/sponsor-line.test.ts.
 */

type WorkItemRow = Extract<Evidence, { kind: 'work_item' }>;

export interface SponsorLine {
  page: string;
  /** The changes, newest first. */
  items: WorkItemRow[];
  title: string;
}

export const SPONSOR_RATE = 0.25;
const MIN_CHANGES = 2;
const SPONSOR = /\bsponsor(?:s|ship|ships|ed)?\b/i;
/** Dependency or release work that names a sponsor only in passing is no sponsors-list change. */
const NOT_LIST = /\b(bump|release|version|funding\.yml)\b/i;
const DOC_PAGE = /(^|\/)(readme[^/]*|[^/]+\.(md|mdx|rst|markdown|html?|vue))$/i;

/** The sponsors line a snapshot's work items state at its T0, or null. */
export function sponsorLine(snapshot: Snapshot): SponsorLine | null {
  const end = Date.parse(snapshot.t0);
  const items = snapshot.evidence
    .filter((e): e is WorkItemRow => e.kind === 'work_item' && !e.item.bot && Date.parse(e.date) <= end && end - Date.parse(e.date) <= 730 * DAY_MS)
    .filter((e) => SPONSOR.test(e.item.title) && !NOT_LIST.test(e.item.title) && e.item.paths.some((p) => DOC_PAGE.test(p)))
    .sort((a, b) => compareText(b.date, a.date) || compareText(a.ref, b.ref));
  if (items.length < MIN_CHANGES || end - Date.parse(items[0]!.date) > 365 * DAY_MS) return null;
  const counts = new Map<string, number>();
  for (const e of items) for (const p of new Set(e.item.paths.filter((x) => DOC_PAGE.test(x)))) counts.set(p, (counts.get(p) ?? 0) + 1);
  const [page, n] = [...counts].sort((a, b) => b[1] - a[1] || compareText(a[0], b[0]))[0]!;
  if (n < MIN_CHANGES) return null;
  const onPage = items.filter((e) => e.item.paths.includes(page));
  return { page, items: onPage, title: `Add or update sponsors in the sponsors list of ${page}` };
}

/** Writes a sponsors line out as a family: the changes are its evidence; the page is its place. */
export function renderSponsorLine(line: SponsorLine, id: string, extra: { score: number; components: Record<string, number>; why: string }): TaskFamily {
  const quoted = line.items.slice(0, 3).map((e) => `"${e.item.title}"`);
  const evidence: FamilyEvidence[] = line.items.map((e) => ({ kind: e.kind, ref: e.ref, date: e.date, text: e.item.title, reason: 'a change to the sponsors list before T0' }));
  return {
    id,
    category: 'feature',
    title: line.title,
    anchor: { name: line.page, paths: [line.page] },
    expected_behavior: `A sponsor is added to the sponsors list of ${line.page}, or an entry there is updated (its link, logo, text or place), continuing ${joinAnd(quoted)}.`,
    evidence,
    target_hints: { paths: [line.page], symbols: [] },
    acceptance_criteria: [`The sponsors list of ${line.page} names a sponsor it did not name at T0, or changes an entry's link, logo or text.`, 'The page renders and its links resolve.'],
    score: extra.score,
    score_components: { ...extra.components, sponsor_changes: line.items.length },
    rationale: `${line.items.length} changes of the two years before T0 added or updated sponsors on ${line.page} (${joinAnd(quoted)}): the list is kept up. ${extra.why}`,
  };
}

function joinAnd(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
