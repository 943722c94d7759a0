import type { GitBackend } from './backend.js';
import type { Commit } from './model.js';

type Walker = Pick<GitBackend, 'log'> & Partial<Pick<GitBackend, 'parentGraph' | 'readCommits' | 'readMessages'>>;

/** A commit of a merged branch as the choice of whether to follow it reads it: no changed files. */
export interface BranchCommit {
  sha: string;
  parents: readonly string[];
  message: string;
}

/**
 * Whether to follow a merge for what its branch brings: the branch's own
 * first parents (newest first) that no earlier followed merge brought.
 */
export type BringsWork = (merge: Commit, branch: readonly BranchCommit[]) => boolean;

/**
 * The commits each chosen merge of a first-parent chain brought: the merged
 * branch's own first parents, from the merge's second (and further) parents
 * back to a commit of the chain or one an earlier followed merge already
 * brought (merges are walked oldest first), newest first. `pick` says which
 * merges to follow by the merge alone (src/sources/merged-branches.ts: branch
 * merges by their titles); `brings`, when given, is asked of every other
 * merge with what its branch would bring (there: a pull request's merge whose
 * branch brought other pull requests). A merge not followed is read as what
 * it is (a pull request's merge is that pull request), and its commits are
 * left to no one. Line counts are not read: work items need paths only.
 *
 * A backend with batch reads (the native one) is asked at most three times in
 * all: once for the commit graph, once (with `brings`) for the messages of
 * the commits the walks reach, once for the commits of the merges followed;
 * otherwise each merged branch is one `log` walk.
 */
export async function walkMergedBranches(git: Walker, chain: readonly Commit[], pick: (merge: Commit) => boolean, brings?: BringsWork): Promise<{ merge: Commit; commits: Commit[] }[]> {
  const oldestFirst = [...chain].sort((a, b) => (a.committerTime < b.committerTime ? -1 : a.committerTime > b.committerTime ? 1 : 0));
  const merges = oldestFirst.filter((merge) => merge.parents.length >= 2 && (brings !== undefined || pick(merge)));
  if (git.parentGraph && git.readCommits) return walkInBatch(git as Walker & Required<Pick<Walker, 'parentGraph' | 'readCommits'>>, chain, merges, pick, brings);
  const known = new Set(chain.map((c) => c.sha));
  const out: { merge: Commit; commits: Commit[] }[] = [];
  for (const merge of merges) {
    const commits: Commit[] = [];
    const reached = new Set<string>();
    for (const parent of merge.parents.slice(1)) {
      if (known.has(parent) || reached.has(parent)) continue;
      const stopAt = reached.size === 0 ? known : new Set([...known, ...reached]);
      for await (const commit of git.log(parent, { stopAt, lineCounts: false })) {
        reached.add(commit.sha);
        commits.push(commit);
      }
    }
    if (commits.length === 0 || !(pick(merge) || brings!(merge, commits))) continue;
    for (const sha of reached) known.add(sha);
    out.push({ merge, commits });
  }
  return out;
}

/** The same walks over the commit graph in memory, then every commit of the merges followed read at once. */
async function walkInBatch(
  git: Walker & Required<Pick<Walker, 'parentGraph' | 'readCommits'>>,
  chain: readonly Commit[],
  merges: readonly Commit[],
  pick: (merge: Commit) => boolean,
  brings: BringsWork | undefined,
): Promise<{ merge: Commit; commits: Commit[] }[]> {
  const known = new Set(chain.map((c) => c.sha));
  const tips = [...new Set(merges.flatMap((m) => m.parents.slice(1)).filter((p) => !known.has(p)))];
  if (tips.length === 0) return [];
  const graph = await git.parentGraph(tips);
  // What `brings` reads: the messages of every commit off the chain that a walk may reach.
  const messages = brings && merges.some((m) => !pick(m)) ? await readMessages(git, [...graph.keys()].filter((sha) => !known.has(sha))) : new Map<string, string>();
  const walks: { merge: Commit; shas: string[] }[] = [];
  for (const merge of merges) {
    const shas: string[] = [];
    const reached = new Set<string>();
    for (const parent of merge.parents.slice(1)) {
      // First parents back to a known commit; a commit git does not have (or a shallow boundary's hidden parent) ends the walk.
      for (let sha: string | undefined = parent; sha !== undefined && !known.has(sha) && !reached.has(sha) && graph.has(sha); sha = graph.get(sha)![0]) {
        reached.add(sha);
        shas.push(sha);
      }
    }
    if (shas.length === 0) continue;
    const follow = pick(merge) || brings!(merge, shas.map((sha) => ({ sha, parents: graph.get(sha)!, message: messages.get(sha) ?? '' })));
    if (!follow) continue;
    for (const sha of shas) known.add(sha);
    walks.push({ merge, shas });
  }
  const read = new Map<string, Commit>();
  for await (const commit of git.readCommits(walks.flatMap((w) => w.shas))) read.set(commit.sha, commit);
  return walks.map(({ merge, shas }) => ({
    merge,
    commits: shas.map((sha) => {
      const commit = read.get(sha);
      if (!commit) throw new Error(`git log did not return commit ${sha}`);
      return commit;
    }),
  }));
}

/** Messages by sha: without their changed files where the backend can, else read whole. */
async function readMessages(git: Walker & Required<Pick<Walker, 'readCommits'>>, shas: readonly string[]): Promise<Map<string, string>> {
  if (git.readMessages) return git.readMessages(shas);
  const messages = new Map<string, string>();
  for await (const commit of git.readCommits(shas)) messages.set(commit.sha, commit.message);
  return messages;
}
