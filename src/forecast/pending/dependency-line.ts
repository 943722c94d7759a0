import type { FamilyEvidence, TaskFamily } from '../../family/model.js';
import type { Evidence, Snapshot } from '../../snapshot/model.js';
import { compareText } from '../../text/order.js';
import { addDuration, DAY_MS } from '../../time.js';
import { pastView } from '../backtest/past-view.js';

/**
 * The dependency-removal line (issue 15): a project that removed two or more runtime dependencies, in two or more
 * changes, in the year before T0 (src/snapshot/dependency-removals.ts: read from its manifests' history) is trimming
 * its dependencies, and the next removal is a checkable piece of work: another entry leaves the manifest and its uses
 * are replaced. One family, category refactor, titled from the removals' own names and manifests: "Remove more
 * runtime dependencies like `async-trait` and `heck` from …", or "Replace more dependencies with the standard library
 * like `safe-buffer` and `setprototypeof` in package.json" when half or more of the removing changes say they use the
 * platform instead ("instead of", "native", "node:", "std"). It asks for one more instance of what each of its changes
 * did, so its calibration kind is `more` (backtest/calibration.ts), as a list page's or a syntax line's is.
 * The backtest replays the same detection on the snapshot's past views (backtest/past-view.ts keeps removal rows
 * dated by each cutoff) and counts a replayed line continued when another removal followed within six months; the
 * record is shown with the family, not read by the score map (not refitted: no labels yet).
 * Tests: tests/forecast/dependency-line.test.ts.
 */

type Removal = Extract<Evidence, { kind: 'dependency_removal' }>;

export interface DependencyLine {
  /** The removals of the year before T0, newest first. */
  removals: Removal[];
  /** The commits they came from (distinct). */
  commits: string[];
  manifests: string[];
  /** Half or more of the removing changes say they use the platform instead. */
  native: boolean;
  title: string;
}

const NATIVE = /\binstead of\b|\bnative(?:ly)?\b|\bnode:|\bstd\b|\bstd::|standard library|built-?in/i;
const MIN_NAMES = 2;
const MIN_COMMITS = 2;

/** The line a snapshot's removal rows state at its T0, or null. Reads only rows of the 365 days up to the snapshot's T0. */
export function dependencyLine(snapshot: Snapshot): DependencyLine | null {
  const end = Date.parse(snapshot.t0);
  const removals = snapshot.evidence
    .filter((e): e is Removal => e.kind === 'dependency_removal' && Date.parse(e.date) <= end && end - Date.parse(e.date) <= 365 * DAY_MS)
    .sort((a, b) => compareText(b.date, a.date) || compareText(a.ref, b.ref));
  const names = [...new Set(removals.map((r) => r.name))];
  const commits = [...new Set(removals.map((r) => r.commit))];
  if (names.length < MIN_NAMES || commits.length < MIN_COMMITS) return null;
  // By folder, so a workspace's crates read in their own order (axum before axum-core).
  const manifests = [...new Set(removals.map((r) => r.path))].sort((a, b) => compareText(folder(a), folder(b)) || compareText(a, b));
  const titles = commits.map((c) => removals.find((r) => r.commit === c)!.title);
  const native = titles.filter((t) => NATIVE.test(t)).length * 2 >= titles.length;
  const like = joinAnd(names.slice(0, 3).map((n) => `\`${n}\``));
  const title = native
    ? `Replace more dependencies with the standard library like ${like} in ${place(manifests)}`
    : `Remove more runtime dependencies like ${like} from ${place(manifests)}`;
  return { removals, commits, manifests, native, title };
}

/** "package.json", "axum/Cargo.toml and axum-core/Cargo.toml", or "the Cargo.toml of axum, axum-core and axum-macros". */
function place(manifests: readonly string[]): string {
  if (manifests.length <= 2) return joinAnd(manifests);
  const base = manifests[0]!.split('/').pop()!;
  if (manifests.every((m) => m.endsWith(`/${base}`) || m === base)) {
    return `the ${base} of ${joinAnd(manifests.map((m) => (m === base ? 'the root' : m.slice(0, -base.length - 1))))}`;
  }
  return `${manifests.slice(0, 2).join(', ')} and ${manifests.length - 2} more manifests`;
}

function folder(path: string): string {
  return path.split('/').slice(0, -1).join('/');
}

function joinAnd(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** What replaying the line at earlier cutoffs found: a replay's line continued when another removal followed within its window. */
export interface DependencyRecord {
  replays: { cutoff: string; line: boolean; continued: boolean }[];
  lines: number;
  continued: number;
}

/** The line replayed on the snapshot's past views at T0 - 6, 12 and 18 months (each window of 6 months closes by T0). */
export function dependencyRecord(snapshot: Snapshot, offsetsMonths: readonly number[] = [6, 12, 18], windowMonths = 6): DependencyRecord {
  const replays: DependencyRecord['replays'] = [];
  for (const months of offsetsMonths) {
    const cutoff = addDuration(snapshot.t0, { amount: months, unit: 'm' }, -1);
    const closes = Date.parse(addDuration(cutoff, { amount: windowMonths, unit: 'm' }));
    const line = dependencyLine(pastView(snapshot, cutoff));
    const continued = line !== null && snapshot.evidence.some((e) => e.kind === 'dependency_removal' && Date.parse(e.date) > Date.parse(cutoff) && Date.parse(e.date) <= closes);
    replays.push({ cutoff, line: line !== null, continued });
  }
  return { replays, lines: replays.filter((r) => r.line).length, continued: replays.filter((r) => r.continued).length };
}

/** Paths the removing changes touched besides manifests and lock files: where the removed names' uses were replaced. */
function usePaths(line: DependencyLine, snapshot: Snapshot): string[] {
  const items = new Set(line.removals.map((r) => r.item).filter((k): k is string => k !== null));
  const out = new Set<string>();
  for (const e of snapshot.evidence) {
    if (e.kind !== 'work_item' || !items.has(e.ref)) continue;
    for (const p of e.item.paths) if (!/(^|\/)(package\.json|Cargo\.toml|Cargo\.lock|pyproject\.toml|setup\.cfg|go\.(mod|sum)|[\w.-]*lock[\w.-]*|CHANGELOG[\w.]*|History\.md)$/i.test(p)) out.add(p);
  }
  return [...out].sort(compareText).slice(0, 5);
}

export function renderDependencyLine(
  line: DependencyLine,
  snapshot: Snapshot,
  id: string,
  extra: { score: number; components: Record<string, number>; why: string; record: DependencyRecord | null },
): TaskFamily {
  const names = [...new Set(line.removals.map((r) => r.name))];
  const manifest = line.manifests.length === 1 ? line.manifests[0]! : 'a manifest';
  const replaced = line.native ? 'by the standard library or the platform' : 'by the standard library or in-repository code';
  const evidence: FamilyEvidence[] = line.removals.map((r) => ({ kind: r.kind, ref: r.ref, date: r.date, text: r.text, reason: 'a runtime dependency removed before T0' }));
  const quoted = line.commits.slice(0, 3).map((c) => `"${line.removals.find((r) => r.commit === c)!.title}"`);
  const record = extra.record;
  return {
    id,
    category: 'refactor',
    title: line.title,
    anchor: { name: line.manifests.join(', '), paths: line.manifests },
    expected_behavior:
      `Another runtime dependency leaves ${manifest} and its uses are replaced ${replaced}, continuing ${joinAnd(quoted)}. ` +
      `Removed in the year before T0: ${joinAnd(names.map((n) => `\`${n}\``))}.`,
    evidence,
    target_hints: { paths: [...line.manifests, ...usePaths(line, snapshot)].slice(0, 8), symbols: names.slice(0, 5) },
    acceptance_criteria: [
      `A runtime dependency other than ${joinAnd(names.slice(0, 3).map((n) => `\`${n}\``))} is removed from ${line.manifests.join(' or ')} (not moved to the development dependencies, not swapped for another package).`,
      `Its uses in the code are replaced ${replaced}; nothing imports it any more.`,
      'The test suite passes.',
    ],
    score: extra.score,
    score_components: {
      ...extra.components,
      dependency_removals: line.removals.length,
      dependency_commits: line.commits.length,
      ...(record ? { backtest_replays: record.replays.length, backtest_lines: record.lines, backtest_hits: record.continued } : {}),
    },
    rationale:
      `The project removed ${names.length} runtime dependencies in ${line.commits.length} changes in the year before T0, read from the history of ${line.manifests.join(', ')}. ` +
      (record ? `Replayed at T0 - 6, 12 and 18 months the same rule found this line ${record.lines} times and another removal followed within six months ${record.continued} times. ` : '') +
      extra.why,
  };
}
