import type { Commit } from '../git/model.js';
import { botReason } from './bots.js';
import type { MergedBranch } from './merged-branches.js';
import { WorkItem } from './model.js';
import { compareText } from '../text/order.js';

const SQUASH = /^(.*\S)\s+\(#(\d+)\)\s*$/;
const MERGE_PR = /^Merge pull request #(\d+) from (\S+)/;

/**
 * The pull request a commit's message names as git leaves it: `Title (#123)`
 * (a squash) or, on a merge commit, `Merge pull request #123 from …`; null
 * for any other commit. Read as readWorkItem reads it.
 */
export function pullRequestNumber(commit: { message: string; parents: readonly unknown[] }): number | null {
  const firstLine = commit.message.split('\n', 1)[0] ?? '';
  const merge = commit.parents.length > 1 ? MERGE_PR.exec(firstLine) : null;
  if (merge) return Number(merge[1]);
  const squash = SQUASH.exec(firstLine);
  return squash ? Number(squash[2]) : null;
}

/**
 * Turns first-parent history into work items, as PyDriller would read a log:
 * - a squash merge, `Title (#123)`, is pull request 123 with that title;
 * - a merge commit, `Merge pull request #123 from owner/branch`, is pull
 *   request 123 whose title is the first line of the body (GitHub's layout);
 * - any other commit is direct work, keyed by its sha.
 * With `merged` (src/sources/merged-branches.ts), the commits a branch merge
 * brought are read the same way, each landed when its merge did, and the
 * merge itself is marked as the integration of a branch (`integration`).
 *
 * `commits` may come in any order; items are returned oldest first. When two
 * commits claim the same PR number (a revert, a backport), the older keeps
 * `pr#N` and the later one is keyed by its sha, so keys stay unique and do not
 * depend on how much later history exists.
 */
export function reconstructWorkItems(commits: readonly Commit[], merged: readonly MergedBranch[] = []): WorkItem[] {
  const integrations = new Set(merged.map((m) => m.merge.sha));
  const read = [
    ...commits.map((commit) => ({ commit, item: integrations.has(commit.sha) ? { ...readWorkItem(commit), integration: true } : readWorkItem(commit) })),
    ...merged.flatMap((m) => m.commits.map((commit) => ({ commit, item: { ...readWorkItem(commit), mergedAt: m.merge.committerTime } }))),
  ];
  // Landing time first; work a branch merge brought lands with it, in the branch's own order.
  read.sort((a, b) => compareText(a.item.mergedAt, b.item.mergedAt) || compareText(a.commit.committerTime, b.commit.committerTime) || compareText(a.commit.sha, b.commit.sha));
  const taken = new Set<string>();
  const items: WorkItem[] = [];
  for (const { commit, item } of read) {
    if (taken.has(item.key)) item.key = `commit:${commit.sha}`;
    taken.add(item.key);
    items.push(item);
  }
  return items;
}

/**
 * Each commit is read once per run: a snapshot reconstructs the history to T0
 * and then the whole history, and both get copies of one reading (callers
 * change an item's key or landing time, never its arrays).
 */
const readings = new WeakMap<Commit, WorkItem>();

/** One commit read as one work item (key not yet de-duplicated); a new object on every call. */
export function readWorkItem(commit: Commit): WorkItem {
  let item = readings.get(commit);
  if (!item) {
    item = readCommit(commit);
    readings.set(commit, item);
  }
  return { ...item };
}

function readCommit(commit: Commit): WorkItem {
  const [firstLine = '', ...rest] = commit.message.split('\n');
  const restText = rest.join('\n').trim();
  const paths = [...new Set(commit.files.map((f) => f.path))].sort();
  const base = {
    sha: commit.sha,
    mergedAt: commit.committerTime,
    paths,
    labels: [] as string[],
  };

  const merge = commit.parents.length > 1 ? MERGE_PR.exec(firstLine) : null;
  if (merge) {
    const [titleLine = '', ...bodyLines] = restText.split('\n');
    const branch = merge[2] ?? null;
    const title = titleLine.trim() || firstLine.trim();
    const author = branch?.split(/[/:]/)[0] || commit.authorName;
    return finish({
      ...base,
      key: `pr#${merge[1]}`,
      number: Number(merge[1]),
      title,
      body: bodyLines.join('\n').trim(),
      author,
      kind: 'merge',
    }, commit, branch);
  }

  const squash = SQUASH.exec(firstLine);
  if (squash) {
    return finish({
      ...base,
      key: `pr#${squash[2]}`,
      number: Number(squash[2]),
      title: (squash[1] ?? '').trim(),
      body: restText,
      author: commit.authorName,
      kind: 'squash',
    }, commit, null);
  }

  return finish({
    ...base,
    key: `commit:${commit.sha}`,
    number: null,
    title: firstLine.trim(),
    body: restText,
    author: commit.authorName,
    kind: 'commit',
  }, commit, null);
}

function finish(
  item: Omit<WorkItem, 'bot' | 'botReason'>,
  commit: Commit,
  branch: string | null,
): WorkItem {
  const reason = botReason({ title: item.title, author: item.author, authorEmail: commit.authorEmail, branch })
    ?? botReason({ title: item.title, author: commit.authorName, authorEmail: commit.authorEmail, branch });
  return { ...item, bot: reason !== null, botReason: reason };
}
