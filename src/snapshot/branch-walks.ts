import type { GitBackend } from '../git/backend.js';
import type { BranchRef } from '../git/branches.js';
import type { Commit } from '../git/model.js';

/** What the branch walks read: first-parent walks and ancestry, or the unreached chains of every tip at once and the commits named. */
export type BranchWalker = Pick<GitBackend, 'log' | 'isAncestor'> & Partial<Pick<GitBackend, 'unreachedFirstParents' | 'readCommits'>>;

/** A branch ref cut at T0: its own commits (newest first, each dated <= T0) and where it left the default branch. */
export interface BranchCut {
  name: string;
  /** The newest first-parent commit of the ref dated <= T0: two refs cut at the same commit are one branch. */
  tip: string;
  own: Commit[];
  forkPoint: string | null;
  forkDate: string | null;
}

/** What every walk shares: the default branch at T0 and the caps. */
export interface WalkBounds {
  /** The default branch's first parents at T0, newest first (history[0] is its T0 commit). */
  history: readonly Commit[];
  onDefault: ReadonlySet<string>;
  cutoff: number;
  /** A branch's first parents at T0 are read this far at most. */
  maxWalk: number;
}

/**
 * Each ref cut at T0, in the order given (null for a ref with no commit of its own at T0), skipping a ref cut at
 * the tip of an earlier ref that has commits of its own. Cutting: the ref's first parents, passing over the newest
 * ones dated after T0, from the newest dated <= T0 back to the first one the default branch's T0 commit reaches by
 * any parents (the fork point; `maxWalk` commits at most, and then no fork point). A commit on the default branch's
 * first parents ends the walk (its fork point, dated from `history`). The own commits are those of the walk dated
 * <= T0 (an older one dated after T0 by clock skew is left out).
 *
 * Two ways, one result (tests/snapshot/branch-walks.test.ts): with `unreachedFirstParents` and `readCommits` (the
 * native backend), one read of every ref's unreached chain and one read of the commits kept, in two git processes;
 * otherwise a `log` walk per ref and a bisection of its chain with `isAncestor`, reachability being monotone along
 * first parents.
 */
export async function cutBranches(walker: BranchWalker, refs: readonly BranchRef[], bounds: WalkBounds): Promise<(BranchCut | null)[]> {
  const all = walker.unreachedFirstParents && walker.readCommits ? await cutAllAtOnce(walker as Required<BranchWalker>, refs, bounds) : null;
  return all ?? cutEach(walker, refs, bounds);
}

/** One read of all the unreached chains, then one read of the commits the cuts keep; null when git cannot read a tip. */
async function cutAllAtOnce(walker: Required<BranchWalker>, refs: readonly BranchRef[], bounds: WalkBounds): Promise<(BranchCut | null)[] | null> {
  const head = bounds.history[0]!.sha;
  const graph = await walker.unreachedFirstParents([...new Set(refs.map((r) => r.tip))], head);
  if (!graph) return null;
  const tips = new Set<string>();
  const walks: ({ name: string; own: string[]; forkPoint: string | null; forkDated: boolean } | null)[] = [];
  for (const ref of refs) {
    let sha: string | undefined = ref.tip;
    // Passing over the commits after T0; a commit the T0 commit reaches (or none) ends the walk with nothing of the branch's own.
    while (sha !== undefined && graph.has(sha) && Date.parse(graph.get(sha)!.committerTime) > bounds.cutoff) sha = graph.get(sha)!.parents[0];
    if (sha === undefined || !graph.has(sha) || tips.has(sha)) {
      walks.push(null);
      continue;
    }
    const chain: string[] = [];
    for (; sha !== undefined && graph.has(sha) && chain.length < bounds.maxWalk; sha = graph.get(sha)!.parents[0]) chain.push(sha);
    const own = chain.filter((c) => Date.parse(graph.get(c)!.committerTime) <= bounds.cutoff);
    if (own.length === 0) {
      walks.push(null);
      continue;
    }
    tips.add(chain[0]!);
    // Past the cap, no fork point; a root or shallow boundary has none either; else the first parent the T0 commit reaches.
    const next = chain.length < bounds.maxWalk ? graph.get(chain.at(-1)!)!.parents[0] : undefined;
    walks.push({ name: ref.name, own, forkPoint: next ?? null, forkDated: next !== undefined && !bounds.onDefault.has(next) });
  }
  // The kept commits, and the fork points off the default branch's first parents (for their dates), in one read.
  const wanted = [...new Set(walks.flatMap((w) => (w ? [...w.own, ...(w.forkDated ? [w.forkPoint!] : [])] : [])))];
  const read = new Map<string, Commit>();
  for await (const commit of walker.readCommits(wanted)) read.set(commit.sha, commit);
  const commit = (sha: string): Commit => {
    const found = read.get(sha);
    if (!found) throw new Error(`git log did not return commit ${sha}`);
    return found;
  };
  return walks.map((w) => {
    if (!w) return null;
    const forkDate = w.forkPoint === null ? null : w.forkDated ? commit(w.forkPoint).committerTime : (bounds.history.find((c) => c.sha === w.forkPoint)?.committerTime ?? null);
    return { name: w.name, tip: w.own[0]!, own: w.own.map(commit), forkPoint: w.forkPoint, forkDate };
  });
}

/** A `log` walk per ref (stopping at the default branch's first parents), its fork point bisected with isAncestor. */
async function cutEach(walker: BranchWalker, refs: readonly BranchRef[], bounds: WalkBounds): Promise<(BranchCut | null)[]> {
  const head = bounds.history[0]!.sha;
  const tips = new Set<string>();
  const cuts: (BranchCut | null)[] = [];
  for (const ref of refs) {
    const chain: Commit[] = [];
    for await (const commit of walker.log(ref.tip, { stopAt: bounds.onDefault, lineCounts: false })) {
      // Cut at the newest first parent dated <= T0: what the branch held then (later commits are not read into the row).
      if (chain.length === 0 && Date.parse(commit.committerTime) > bounds.cutoff) continue;
      if (chain.length >= bounds.maxWalk) break;
      chain.push(commit);
    }
    const last = chain.at(-1);
    const reached = last && chain.length < bounds.maxWalk && last.parents[0] !== undefined && bounds.onDefault.has(last.parents[0]) ? last.parents[0] : null;
    if (chain.length === 0 || tips.has(chain[0]!.sha)) {
      cuts.push(null);
      continue;
    }
    const hi = await forkIndex(walker, chain, head);
    const own = chain.slice(0, hi).filter((c) => Date.parse(c.committerTime) <= bounds.cutoff);
    if (hi === 0 || own.length === 0) {
      cuts.push(null);
      continue;
    }
    tips.add(chain[0]!.sha);
    const fork = hi < chain.length ? chain[hi]! : null;
    const forkDate = fork ? fork.committerTime : reached ? (bounds.history.find((c) => c.sha === reached)?.committerTime ?? null) : null;
    cuts.push({ name: ref.name, tip: chain[0]!.sha, own, forkPoint: fork ? fork.sha : reached, forkDate });
  }
  return cuts;
}

/** The index in `chain` (a first-parent walk, newest first) of its first commit `head` reaches; chain.length when none. */
async function forkIndex(walker: BranchWalker, chain: readonly Commit[], head: string): Promise<number> {
  if (await walker.isAncestor(chain[0]!.sha, head)) return 0;
  // Being reachable is monotone along the chain: bisect.
  let lo = 0;
  let hi = chain.length;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (await walker.isAncestor(chain[mid]!.sha, head)) hi = mid;
    else lo = mid;
  }
  return hi;
}
