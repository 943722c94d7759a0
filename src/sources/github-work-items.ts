import { replayToT0 } from '../github/as-of-t0.js';
import type { GithubItem } from '../github/model.js';
import { botReason } from './bots.js';
import type { WorkItem } from './model.js';

export interface TrackedWorkItems {
  items: WorkItem[];
  /** Keys that no longer name an item (a `commit:<sha>` that turned out to be a pull request). */
  removedKeys: string[];
  /** Items that took the tracker's metadata. */
  enriched: number;
}

/**
 * Work items reconstructed from git, with the real pull-request metadata of
 * the tracker: each merged pull request whose merge commit (or, failing that,
 * number) matches an item gives it its title, body and labels, and a
 * `commit:<sha>` item that a pull request landed (rebase merges) becomes
 * `pr#N`. The metadata is the pull request's as it stood when it merged
 * (replayed back from today's, src/github/as-of-t0.ts), never today's: a work
 * item is then the same whichever T0 reads it, and nothing in it postdates
 * its own merge. A body that cannot be recovered at the merge keeps git's.
 * Pull requests whose merge is not in the mined history (merged elsewhere, or
 * after the clone was fetched) are not added: work items are what landed on
 * the branch.
 */
export function trackWorkItems(items: readonly WorkItem[], tracker: readonly GithubItem[]): TrackedWorkItems {
  const out = items.map((i) => ({ ...i }));
  const bySha = new Map(out.map((item, i) => [item.sha, i]));
  const byKey = new Map(out.map((item, i) => [item.key, i]));
  const removedKeys: string[] = [];
  let enriched = 0;
  for (const pr of tracker) {
    if (!pr.isPullRequest || pr.mergedAt === null) continue;
    const key = `pr#${pr.number}`;
    const at = (pr.mergeCommitSha !== null ? bySha.get(pr.mergeCommitSha) : undefined) ?? byKey.get(key);
    if (at === undefined) continue;
    const item = out[at]!;
    const holder = byKey.get(key);
    // Another commit already claims this number (a revert, a backport): leave both as git read them.
    if (item.key !== key && holder !== undefined) continue;
    const replayed = replayToT0(pr, pr.mergedAt);
    if (replayed.status !== 'visible') continue;
    const v = replayed.item;
    if (item.key !== key) {
      removedKeys.push(item.key);
      byKey.delete(item.key);
      byKey.set(key, at);
      item.key = key;
      item.number = pr.number;
    }
    const reason = item.botReason ?? botReason({ title: v.title, author: v.author, authorEmail: '', branch: v.headRef ? `${v.author}/${v.headRef}` : null });
    out[at] = { ...item, title: v.title, body: v.bodyWithheld ? item.body : v.body, labels: v.labels, bot: reason !== null, botReason: reason };
    enriched++;
  }
  return { items: out, removedKeys, enriched };
}

/** The items with the tracker's metadata (trackWorkItems), or as they are when there is no tracker. */
export function trackedWorkItems(items: readonly WorkItem[], tracker: readonly GithubItem[]): TrackedWorkItems {
  return tracker.length > 0 ? trackWorkItems(items, tracker) : { items: [...items], removedKeys: [], enriched: 0 };
}
