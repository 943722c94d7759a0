import type { BranchRef } from '../git/branches.js';
import type { Commit } from '../git/model.js';
import { compareText } from '../text/order.js';
import { type BranchWalker, cutBranches } from './branch-walks.js';
import type { BranchEvidence as BranchRow } from './model.js';

/** How the snapshot reads branches: their refs now, and the walks of src/snapshot/branch-walks.ts (a GitBackend with listBranchRefs). */
export type BranchReader = BranchWalker & {
  listBranches(): Promise<BranchRef[]>;
};

/** At most this many of a branch's commits are kept in its row (its count says how many it has). */
export const MAX_BRANCH_COMMITS = 300;
/** A branch's first parents at T0 are read this far at most (an orphan branch such as gh-pages has no fork point). */
export const MAX_BRANCH_WALK = 3000;
/** At most this many branches per snapshot, the most recently active first. */
export const MAX_BRANCHES = 100;
const MAX_PATHS = 50;

/**
 * The branches present in the clone at T0 that hold work the default branch
 * did not have at T0. Each branch ref is cut at its newest first-parent commit
 * dated <= T0 (commits after it, and any older one dated after T0 by clock skew,
 * are not read into the row); its own commits are its first parents from there
 * back to the first one the default branch's T0 commit reaches by any parents
 * (the fork point; src/snapshot/branch-walks.ts reads them: all branches in two
 * git processes with native git, else a walk and a bisection per branch).
 * A branch with no such commits (merged by T0, or created after T0 from a
 * commit the default branch had) is no row. Two refs cut at the same commit
 * are one branch, named by the first name.
 *
 * What a clone cannot show: a branch deleted after T0 (merged and removed, as
 * most are) is not listed, and a branch rebased or reset after T0 shows only
 * what its current first parents still hold. So the rows are a subset of the
 * branches that existed at T0, never anything made after it (docs/forecast.md).
 */
export async function branchesAtT0(reader: BranchReader, history: readonly Commit[], t0: string, defaultBranch: string, counts: Record<string, number>): Promise<BranchRow[]> {
  if (history.length === 0) return [];
  const refs = (await reader.listBranches()).filter((r) => r.name !== defaultBranch).sort((a, b) => compareText(a.name, b.name));
  const bounds = { history, onDefault: new Set(history.map((c) => c.sha)), cutoff: Date.parse(t0), maxWalk: MAX_BRANCH_WALK };
  const cuts = (await cutBranches(reader, refs, bounds)).filter((c) => c !== null);
  const rows = cuts.map((c) => branchRow(c.name, c.own, c.forkPoint, c.forkDate, defaultBranch)).sort((a, b) => compareText(b.lastDate, a.lastDate) || compareText(a.name, b.name));
  if (rows.length > 0) counts.branches = Math.min(rows.length, MAX_BRANCHES);
  if (rows.length > MAX_BRANCHES) counts.branchesOverCap = rows.length - MAX_BRANCHES;
  return rows.slice(0, MAX_BRANCHES);
}

function branchRow(name: string, own: readonly Commit[], forkPoint: string | null, forkDate: string | null, defaultBranch: string): BranchRow {
  const dates = own.map((c) => c.committerTime).sort(compareText);
  const firstDate = dates[0]!;
  const lastDate = dates.at(-1)!;
  const touched = new Map<string, number>();
  for (const c of own) for (const f of new Set(c.files.map((x) => x.path))) touched.set(f, (touched.get(f) ?? 0) + 1);
  const paths = [...touched].sort((a, b) => b[1] - a[1] || compareText(a[0], b[0])).slice(0, MAX_PATHS).map(([path, commits]) => ({ path, commits }));
  return {
    kind: 'branch',
    ref: `branch:${name}`,
    date: lastDate,
    text: `Branch ${name}: ${own.length} commit${own.length === 1 ? '' : 's'} from ${firstDate.slice(0, 10)} to ${lastDate.slice(0, 10)} not on ${defaultBranch} at T0`,
    name,
    tip: own[0]!.sha,
    forkPoint,
    forkDate,
    commitCount: own.length,
    firstDate,
    lastDate,
    commits: own.slice(0, MAX_BRANCH_COMMITS).map((c) => ({ sha: c.sha, date: c.committerTime, title: c.message.split('\n')[0]!.trim() })),
    paths,
  };
}
