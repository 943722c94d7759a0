import type { GitBackend } from './backend.js';
import type { Commit } from './model.js';

type Walker = Pick<GitBackend, 'log'> & Partial<Pick<GitBackend, 'parentGraph' | 'readCommits'>>;

/**
 * The commits each chosen merge of a first-parent chain brought: the merged
 * branch's own first parents, from the merge's second (and further) parents
 * back to a commit of the chain or one an earlier merge already brought
 * (merges are walked oldest first), newest first. `pick` says which merges
 * to follow (src/sources/merged-branches.ts: branch merges only; a pull
 * request's merge is read as that pull request, not as its commits). Line
 * counts are not read: work items need paths only.
 *
 * A backend with batch reads (the native one) is asked twice in all: once for
 * the commit graph, once for every commit the walks reach; otherwise each
 * merged branch is one `log` walk.
 */
export async function walkMergedBranches(git: Walker, chain: readonly Commit[], pick: (merge: Commit) => boolean): Promise<{ merge: Commit; commits: Commit[] }[]> {
  const oldestFirst = [...chain].sort((a, b) => (a.committerTime < b.committerTime ? -1 : a.committerTime > b.committerTime ? 1 : 0));
  const merges = oldestFirst.filter((merge) => merge.parents.length >= 2 && pick(merge));
  if (git.parentGraph && git.readCommits) return walkInBatch(git as Required<Walker>, chain, merges);
  const known = new Set(chain.map((c) => c.sha));
  const out: { merge: Commit; commits: Commit[] }[] = [];
  for (const merge of merges) {
    const commits: Commit[] = [];
    for (const parent of merge.parents.slice(1)) {
      if (known.has(parent)) continue;
      for await (const commit of git.log(parent, { stopAt: known, lineCounts: false })) {
        known.add(commit.sha);
        commits.push(commit);
      }
    }
    if (commits.length > 0) out.push({ merge, commits });
  }
  return out;
}

/** The same walks over the commit graph in memory, then every commit they reached read at once. */
async function walkInBatch(git: Required<Walker>, chain: readonly Commit[], merges: readonly Commit[]): Promise<{ merge: Commit; commits: Commit[] }[]> {
  const known = new Set(chain.map((c) => c.sha));
  const tips = [...new Set(merges.flatMap((m) => m.parents.slice(1)).filter((p) => !known.has(p)))];
  if (tips.length === 0) return [];
  const graph = await git.parentGraph(tips);
  const walks: { merge: Commit; shas: string[] }[] = [];
  for (const merge of merges) {
    const shas: string[] = [];
    for (const parent of merge.parents.slice(1)) {
      // First parents back to a known commit; a commit git does not have (or a shallow boundary's hidden parent) ends the walk.
      for (let sha: string | undefined = parent; sha !== undefined && !known.has(sha) && graph.has(sha); sha = graph.get(sha)![0]) {
        known.add(sha);
        shas.push(sha);
      }
    }
    if (shas.length > 0) walks.push({ merge, shas });
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
