import type { BranchCommit } from '../git/merged-branches.js';
import type { Commit } from '../git/model.js';
import { pullRequestNumber } from './reconstruct.js';
import { isBranchMergeTitle } from './work-kind.js';

/**
 * A develop/main (or maintenance-branch) flow lands its pull requests on a
 * branch that is not the default one; they reach the default branch only
 * through a branch merge ("Merge branch 'develop'", "Merge pull request #90
 * from org/release-15.x"). The first-parent chain of the default branch then
 * shows one branch merge where people did many pieces of work. Those pieces
 * are read from the merged branch: its own first-parent commits, from the
 * merge's second parent back to where it meets the default branch (or to
 * what an earlier merge already brought), each read as a work item like any
 * other, landed on the default branch when the merge did.
 *
 * A branch is also an integration line when what it brings says so, whatever
 * its name or title: a pull request "Lip Gloss v2" from a long-lived branch
 * `v2-exp` into which other pull requests were merged or squashed. Its merge
 * is then a branch merge too, and the pull requests it brought are read from
 * the branch like a develop branch's.
 */

/** A branch merge on the default branch and the merged branch's first-parent commits it brought, newest first. */
export interface MergedBranch {
  merge: Commit;
  commits: Commit[];
}

/**
 * Whether a commit of the default branch's first-parent chain integrates
 * another branch by what it says: a merge commit whose first line, or (for a
 * pull request merge) whose pull request title, says one branch goes into
 * another. A pull request titled with its work ("Add syntax mapping for
 * flake.lock" from a fork's `master`, "v2 features" from `develop`) is not
 * one by its branch's name: it is one when its branch brought other pull
 * requests (bringsPullRequests); git's own line ("Merge pull request #9 from
 * org/develop", no title kept) has only the name to go by.
 */
export function isBranchMergeCommit(commit: Commit): boolean {
  if (commit.parents.length < 2) return false;
  const [first = '', ...rest] = commit.message.split('\n');
  if (!/^Merge pull request #\d+ from /.test(first)) return isBranchMergeTitle(first);
  const prTitle = rest.join('\n').trim().split('\n')[0] ?? '';
  return isBranchMergeTitle(prTitle === '' ? first : prTitle);
}

/** How many other pull requests a merged branch must bring to be an integration line rather than one piece of work. */
export const INTEGRATED_PULL_REQUESTS = 2;

/**
 * Whether a merge of the default branch's first-parent chain integrated a
 * branch that carried other pull requests: at least two pull requests (a
 * "Merge pull request #N" merge or a "Title (#N)" squash, numbers other than
 * the merge's own) among the merged branch's own first-parent commits that
 * no earlier merge brought. One pull request merged into a topic branch is
 * part of that topic's work: its merge stays one pull request.
 */
export function bringsPullRequests(merge: Commit, branch: readonly BranchCommit[]): boolean {
  const own = pullRequestNumber(merge);
  const brought = new Set<number>();
  for (const commit of branch) {
    const n = pullRequestNumber(commit);
    if (n !== null && n !== own) brought.add(n);
    if (brought.size >= INTEGRATED_PULL_REQUESTS) return true;
  }
  return false;
}
