import { z } from 'zod';
import { Commit, type FileStatus, type ModifiedFile } from '../git/model.js';
import type { Store } from './open.js';
import { RowWriter } from './tables.js';
import { transact } from './transaction.js';

/**
 * The mined-history cache: first-parent commits of a repository's default
 * branch with their changed files, before AND after any T0. Nothing here is
 * filtered by time; the snapshot stage reads up to T0 and validation reads
 * its window, each through explicit bounds of its own.
 */

/** The shas already cached for a repository, so mining can stop at them. */
export function knownCommits(store: Store, repoId: number): Set<string> {
  const shas = store.db.prepare<[number], string>('SELECT sha FROM commits WHERE repo_id = ?').pluck().all(repoId);
  return new Set(shas);
}

/**
 * Caches commits and their files in one transaction. Idempotent: a commit
 * already cached is left as it is. Returns how many commits were new.
 */
export function saveCommits(store: Store, repoId: number, commits: readonly Commit[]): number {
  const parsed = z.array(Commit).parse(commits);
  const insertCommit = new RowWriter(store.db, 'commits', { orIgnore: true });
  const insertFile = new RowWriter(store.db, 'commit_files');
  return transact(store, () => {
    let added = 0;
    for (const c of parsed) {
      const info = insertCommit.run({
        repo_id: repoId,
        sha: c.sha,
        parents: JSON.stringify(c.parents),
        author_name: c.authorName,
        author_email: c.authorEmail,
        author_time: c.authorTime,
        committer_name: c.committerName,
        committer_email: c.committerEmail,
        committer_time: c.committerTime,
        message: c.message,
      });
      if (info.changes === 0) continue;
      added += 1;
      c.files.forEach((f, ord) => {
        insertFile.run({ repo_id: repoId, sha: c.sha, ord, path: f.path, old_path: f.oldPath, status: f.status, additions: f.additions, deletions: f.deletions });
      });
    }
    return added;
  });
}

function cachedCount(store: Store, repoId: number): number {
  return store.db.prepare<[number], number>('SELECT count(*) FROM commits WHERE repo_id = ?').pluck().get(repoId)!;
}

interface CommitRow {
  depth: number;
  sha: string;
  parents: string;
  author_name: string;
  author_email: string;
  author_time: string;
  committer_name: string;
  committer_email: string;
  committer_time: string;
  message: string;
}

interface FileRow {
  sha: string;
  path: string;
  old_path: string | null;
  status: FileStatus;
  additions: number | null;
  deletions: number | null;
}

/**
 * The first-parent chain from `tip`, newest first, as far as the cache
 * reaches: it stops before the first parent that is not cached (or at a root
 * commit). Empty when `tip` itself is not cached. Each commit comes back with
 * its files in the order they were saved (the git layer sorts them by path).
 * Two queries in all, however long the chain.
 */
export function loadFirstParentChain(store: Store, repoId: number, tip: string): Commit[] {
  const rows = store.db
    .prepare<{ repoId: number; tip: string; limit: number }, CommitRow>(
      `WITH RECURSIVE chain AS (
         SELECT 0 AS depth, c.* FROM commits c WHERE c.repo_id = @repoId AND c.sha = @tip
         UNION ALL
         SELECT chain.depth + 1, c.* FROM chain
           JOIN commits c ON c.repo_id = @repoId AND c.sha = json_extract(chain.parents, '$[0]')
         -- a cycle cannot happen in git; the bound keeps damaged data from looping forever
         WHERE chain.depth < @limit
       )
       SELECT depth, sha, parents, author_name, author_email, author_time,
              committer_name, committer_email, committer_time, message
       FROM chain ORDER BY depth`,
    )
    .all({ repoId, tip, limit: cachedCount(store, repoId) });
  const chain: CommitRow[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    if (seen.has(row.sha)) break;
    seen.add(row.sha);
    chain.push(row);
  }
  const files = new Map<string, ModifiedFile[]>(chain.map((row) => [row.sha, []]));
  const fileRows = store.db
    .prepare<{ repoId: number; shas: string }, FileRow>(
      // CROSS JOIN keeps json_each outside: the other order rescans the JSON per file row (quadratic).
      `SELECT f.sha, f.path, f.old_path, f.status, f.additions, f.deletions
       FROM json_each(@shas) AS j CROSS JOIN commit_files f ON f.repo_id = @repoId AND f.sha = j.value
       ORDER BY j.key, f.ord`,
    )
    .all({ repoId, shas: JSON.stringify([...files.keys()]) });
  for (const f of fileRows) {
    files.get(f.sha)?.push({ path: f.path, oldPath: f.old_path, status: f.status, additions: f.additions, deletions: f.deletions });
  }
  return chain.map((row) => ({
    sha: row.sha,
    parents: JSON.parse(row.parents) as string[],
    authorName: row.author_name,
    authorEmail: row.author_email,
    authorTime: row.author_time,
    committerName: row.committer_name,
    committerEmail: row.committer_email,
    committerTime: row.committer_time,
    message: row.message,
    files: files.get(row.sha) ?? [],
  }));
}
