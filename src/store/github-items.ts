import { z } from 'zod';
import { GithubItem } from '../github/model.js';
import { canonicalJson } from '../hash.js';
import { trackedWorkItems, type TrackedWorkItems } from '../sources/github-work-items.js';
import type { WorkItem } from '../sources/model.js';
import type { Store } from './open.js';
import { saveWorkItems } from './work-items.js';

/**
 * Issues and pull requests in their current (today's) state, as rebuilt from
 * the archive. Snapshots never show these as they are: src/github/as-of-t0.ts
 * replays each back to the snapshot's T0.
 */

/** Replaces every item of the archive with `items` (inside the caller's transaction). */
export function replaceGithubItems(store: Store, githubRepoId: number, items: readonly GithubItem[]): void {
  const parsed = z.array(GithubItem).parse(items);
  store.db.prepare('DELETE FROM github_items WHERE github_repo_id = ?').run(githubRepoId);
  const insert = store.db.prepare(
    `INSERT INTO github_items (github_repo_id, number, kind, title, state, labels, created_at, updated_at, closed_at, merged_at, source, data)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const item of parsed) {
    insert.run(
      githubRepoId,
      item.number,
      item.isPullRequest ? 'pull' : 'issue',
      item.title,
      item.state,
      JSON.stringify(item.labels),
      item.createdAt,
      item.updatedAt,
      item.closedAt,
      item.mergedAt,
      item.source,
      canonicalJson(item),
    );
  }
}

/** The archived items of a local repository, by number; empty when it has no archive. */
export function loadGithubItems(store: Store, repoId: number): GithubItem[] {
  return store.db
    .prepare<[number], string>(
      `SELECT i.data FROM github_items i JOIN github_repos g ON g.id = i.github_repo_id WHERE g.repo_id = ? ORDER BY i.number`,
    )
    .pluck()
    .all(repoId)
    .map((data) => JSON.parse(data) as GithubItem);
}

/**
 * Removes work items by key (inside the caller's transaction): a `commit:<sha>`
 * item the tracker showed to be a pull request is stored again as `pr#N`.
 */
function removeWorkItems(store: Store, repoId: number, keys: readonly string[]): void {
  const remove = store.db.prepare('DELETE FROM work_items WHERE repo_id = ? AND key = ?');
  for (const key of keys) remove.run(repoId, key);
}

/**
 * Saves work items with the tracker's pull-request metadata (as each stood
 * when it merged; see trackWorkItems), inside the caller's transaction. With
 * no archived tracker they are saved as they are.
 */
export function saveTrackedWorkItems(store: Store, repoId: number, items: readonly WorkItem[], tracker: readonly GithubItem[] = loadGithubItems(store, repoId)): { enriched: number; rekeyed: number } {
  return saveTracked(store, repoId, trackedWorkItems(items, tracker));
}

/** Saves items already tracked (trackedWorkItems), removing the keys tracking retired, inside the caller's transaction. */
export function saveTracked(store: Store, repoId: number, tracked: TrackedWorkItems): { enriched: number; rekeyed: number } {
  removeWorkItems(store, repoId, tracked.removedKeys);
  saveWorkItems(store, repoId, tracked.items);
  return { enriched: tracked.enriched, rekeyed: tracked.removedKeys.length };
}
