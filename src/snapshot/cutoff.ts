import type { Commit } from '../git/model.js';

export interface Cutoff {
  /** The snapshot commit, or null when no commit is at or before T0. */
  commit: Commit | null;
  /** First-parent history from the snapshot commit back, newest first; all dated <= T0. */
  history: Commit[];
}

/**
 * Finds the snapshot commit in a first-parent chain (newest first): the newest
 * commit at or before T0 none of whose first-parent ancestors is after T0.
 * With ordinary, monotonic committer times this is simply the newest commit
 * <= T0. With clock skew (a commit dated after T0 followed by one dated before
 * it) the cut falls before the skewed commit, so nothing dated after T0 can
 * enter the snapshot through the tree or the history.
 */
export function cutAtT0(chainNewestFirst: readonly Commit[], t0: string): Cutoff {
  const cutoff = Date.parse(t0);
  let end = chainNewestFirst.length; // exclusive index into the newest-first chain, walking from the oldest
  for (let i = chainNewestFirst.length - 1; i >= 0; i--) {
    const commit = chainNewestFirst[i]!;
    if (Date.parse(commit.committerTime) > cutoff) break;
    end = i;
  }
  const history = chainNewestFirst.slice(end);
  return { commit: history[0] ?? null, history };
}
