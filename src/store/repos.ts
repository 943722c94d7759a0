import { z } from 'zod';
import type { Store } from './open.js';
import { RowWriter } from './tables.js';
import { transact } from './transaction.js';

/** A repository as the store knows it; `path` identifies it. */
export const RepoRecord = z.object({
  path: z.string().min(1),
  name: z.string(),
  defaultBranch: z.string(),
  /** The root commit of the default branch, when known. */
  rootCommit: z.string().nullable(),
});
export type RepoRecord = z.infer<typeof RepoRecord>;

export interface StoredRepo extends RepoRecord {
  id: number;
  createdAt: string;
}

/**
 * Adds the repository, or refreshes its name, default branch and root commit
 * (a null rootCommit keeps the one already known). Returns its id, stable
 * across calls for the same path.
 */
export function upsertRepo(store: Store, repo: RepoRecord): number {
  const r = RepoRecord.parse(repo);
  const upsert = new RowWriter(store.db, 'repos', {
    onConflict: `ON CONFLICT (path) DO UPDATE SET
       name = excluded.name,
       default_branch = excluded.default_branch,
       root_commit = coalesce(excluded.root_commit, repos.root_commit)`,
  });
  return transact(store, () =>
    upsert.insert({ path: r.path, name: r.name, default_branch: r.defaultBranch, root_commit: r.rootCommit, created_at: new Date().toISOString() }),
  );
}

/** The repository stored under `path`, or null. */
export function findRepo(store: Store, path: string): StoredRepo | null {
  const row = store.db
    .prepare<[string], { id: number; path: string; name: string; default_branch: string; root_commit: string | null; created_at: string }>(
      'SELECT id, path, name, default_branch, root_commit, created_at FROM repos WHERE path = ?',
    )
    .get(path);
  if (!row) return null;
  return { id: row.id, path: row.path, name: row.name, defaultBranch: row.default_branch, rootCommit: row.root_commit, createdAt: row.created_at };
}

/** The path a repository was stored under (its clone), or null for an unknown id. */
export function repoPathById(store: Store, id: number): string | null {
  return store.db.prepare<[number], string>('SELECT path FROM repos WHERE id = ?').pluck().get(id) ?? null;
}
