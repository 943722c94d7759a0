import type { GitBackend } from '../git/backend.js';
import type { BranchRef } from '../git/branches.js';
import type { Commit } from '../git/model.js';
import { compareText } from '../text/order.js';
import type { BranchEvidence as BranchRow } from './model.js';

/** How the snapshot reads branches: their refs now, first-parent walks and ancestry (a GitBackend with listBranchRefs). */
export interface BranchReader extends Pick<GitBackend, 'log' | 'isAncestor' | 'unreachedFirstParents'> {
  listBranches(): Promise<BranchRef[]>;
}

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
 * (the fork point: one `rev-list` with native git, else bisecting the first-parent chain with `isAncestor`,
 * being reachable monotone along it). A branch with no such commits (merged
 * by T0, or created after T0 from a commit the default branch had) is no row.
 * Two refs cut at the same commit are one branch, named by the first name.
 *
 * What a clone cannot show: a branch deleted after T0 (merged and removed, as
 * most are) is not listed, and a branch rebased or reset after T0 shows only
 * what its current first parents still hold. So the rows are a subset of the
 * branches that existed at T0, never anything made after it (docs/forecast.md).
 */
export async function branchesAtT0(reader: BranchReader, history: readonly Commit[], t0: string, defaultBranch: string, counts: Record<string, number>): Promise<BranchRow[]> {
  const head = history[0];
  if (!head) return [];
  const onDefault = new Set(history.map((c) => c.sha));
  const cutoff = Date.parse(t0);
  const refs = (await reader.listBranches()).filter((r) => r.name !== defaultBranch).sort((a, b) => compareText(a.name, b.name));
  const byTip = new Map<string, BranchRow>();
  for (const ref of refs) {
    const chain: Commit[] = [];
    let reached: string | null = null;
    for await (const commit of reader.log(ref.tip, { stopAt: onDefault, lineCounts: false })) {
      // Cut at the newest first parent dated <= T0: what the branch held then (later commits are not read into the row).
      if (chain.length === 0 && Date.parse(commit.committerTime) > cutoff) continue;
      if (chain.length >= MAX_BRANCH_WALK) break;
      chain.push(commit);
    }
    const last = chain.at(-1);
    if (last && chain.length < MAX_BRANCH_WALK && last.parents[0] !== undefined && onDefault.has(last.parents[0])) reached = last.parents[0];
    if (chain.length === 0 || byTip.has(chain[0]!.sha)) continue;
    // The first commit of the chain the default branch reaches (chain.length when none does before the walk ends).
    const hi = await forkIndex(reader, chain, head.sha);
    if (hi === 0) continue;
    const fork = hi < chain.length ? chain[hi]! : null;
    const own = chain.slice(0, hi).filter((c) => Date.parse(c.committerTime) <= cutoff);
    if (own.length === 0) continue;
    byTip.set(chain[0]!.sha, branchRow(ref.name, own, fork ? fork.sha : reached, fork ? fork.committerTime : reached ? (history.find((c) => c.sha === reached)?.committerTime ?? null) : null, defaultBranch));
  }
  const rows = [...byTip.values()].sort((a, b) => compareText(b.lastDate, a.lastDate) || compareText(a.name, b.name));
  if (rows.length > 0) counts.branches = Math.min(rows.length, MAX_BRANCHES);
  if (rows.length > MAX_BRANCHES) counts.branchesOverCap = rows.length - MAX_BRANCHES;
  return rows.slice(0, MAX_BRANCHES);
}

/** The index in `chain` (a first-parent walk, newest first) of its first commit `head` reaches; chain.length when none. */
async function forkIndex(reader: BranchReader, chain: readonly Commit[], head: string): Promise<number> {
  const own = reader.unreachedFirstParents ? await reader.unreachedFirstParents(chain[0]!.sha, head) : null;
  if (own) {
    const i = chain.findIndex((c) => !own.has(c.sha));
    return i === -1 ? chain.length : i;
  }
  if (await reader.isAncestor(chain[0]!.sha, head)) return 0;
  // Being reachable is monotone along the chain: bisect.
  let lo = 0;
  let hi = chain.length;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (await reader.isAncestor(chain[mid]!.sha, head)) hi = mid;
    else lo = mid;
  }
  return hi;
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
