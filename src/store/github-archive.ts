import { UserError } from '../errors.js';
import type { ArchivedResponse, ArchiveView, ResponseKind } from '../github/archive.js';
import type { Store } from './open.js';
import { transact } from './transaction.js';

/**
 * The raw GitHub archive: every response body as it was received, by request
 * key, with its ETag and when it was last confirmed; the sync marks that say
 * which items were archived whole; and the GitHub repository a local
 * repository's tracker comes from. Rows here are a cache of GitHub: each is
 * written as it arrives (that is how a killed fetch resumes), and what
 * snapshots read (github_items) is rebuilt from them in one transaction.
 */

export interface GithubRepoRecord {
  id: number;
  repoId: number;
  /** `owner/name`, lower case. */
  fullName: string;
  /** Start of the last online fetch that finished, or null. */
  fetchedAt: string | null;
  /** The --until of that fetch (null: no bound). */
  fetchedUntil: string | null;
}

interface GithubRepoRow {
  id: number;
  repo_id: number;
  full_name: string;
  fetched_at: string | null;
  fetched_until: string | null;
}

function toRecord(row: GithubRepoRow): GithubRepoRecord {
  return { id: row.id, repoId: row.repo_id, fullName: row.full_name, fetchedAt: row.fetched_at, fetchedUntil: row.fetched_until };
}

/** The GitHub repository archived for a local repository, or null. */
export function findGithubRepo(store: Store, repoId: number): GithubRepoRecord | null {
  const row = store.db
    .prepare<[number], GithubRepoRow>('SELECT id, repo_id, full_name, fetched_at, fetched_until FROM github_repos WHERE repo_id = ?')
    .get(repoId);
  return row ? toRecord(row) : null;
}

/**
 * The archive of `fullName` for the local repository, created if needed. One
 * local repository has one GitHub repository: asking for another is refused,
 * since issue numbers of two repositories would collide.
 */
export function ensureGithubRepo(store: Store, repoId: number, fullName: string): GithubRepoRecord {
  const name = fullName.toLowerCase();
  return transact(store, () => {
    const known = findGithubRepo(store, repoId);
    if (known) {
      if (known.fullName !== name) {
        throw new UserError(
          'GITHUB_REPO_CONFLICT',
          `This repository's issues were archived from ${known.fullName}, not ${name}`,
          `Pass --github ${known.fullName}, or use another --db for ${name}.`,
        );
      }
      return known;
    }
    const id = store.db
      .prepare<[number, string, string], number>('INSERT INTO github_repos (repo_id, full_name, created_at) VALUES (?, ?, ?) RETURNING id')
      .pluck()
      .get(repoId, name, new Date().toISOString())!;
    return { id, repoId, fullName: name, fetchedAt: null, fetchedUntil: null };
  });
}

/** Inserts or replaces one archived response. */
export function archiveResponse(store: Store, githubRepoId: number, r: ArchivedResponse): void {
  store.db
    .prepare(
      `INSERT INTO github_responses (github_repo_id, key, kind, number, etag, body, next_key, fetched_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (github_repo_id, key) DO UPDATE SET kind = excluded.kind, number = excluded.number, etag = excluded.etag,
         body = excluded.body, next_key = excluded.next_key, fetched_at = excluded.fetched_at`,
    )
    .run(githubRepoId, r.key, r.kind, r.number, r.etag, r.body, r.nextKey, r.fetchedAt);
}

/** A 304: the archived body is still current at `fetchedAt`. */
export function confirmResponse(store: Store, githubRepoId: number, key: string, fetchedAt: string): void {
  store.db.prepare('UPDATE github_responses SET fetched_at = ? WHERE github_repo_id = ? AND key = ?').run(fetchedAt, githubRepoId, key);
}

interface ResponseRow {
  key: string;
  kind: ResponseKind;
  number: number | null;
  etag: string | null;
  body: string;
  next_key: string | null;
  fetched_at: string;
}

function toResponse(row: ResponseRow): ArchivedResponse {
  return { key: row.key, kind: row.kind, number: row.number, etag: row.etag, body: row.body, nextKey: row.next_key, fetchedAt: row.fetched_at };
}

export function loadResponse(store: Store, githubRepoId: number, key: string): ArchivedResponse | null {
  const row = store.db
    .prepare<[number, string], ResponseRow>('SELECT key, kind, number, etag, body, next_key, fetched_at FROM github_responses WHERE github_repo_id = ? AND key = ?')
    .get(githubRepoId, key);
  return row ? toResponse(row) : null;
}

/** Archived responses of one kind, oldest confirmation first (then by key). */
export function loadResponses(store: Store, githubRepoId: number, kind: ResponseKind): ArchivedResponse[] {
  return store.db
    .prepare<[number, ResponseKind], ResponseRow>(
      'SELECT key, kind, number, etag, body, next_key, fetched_at FROM github_responses WHERE github_repo_id = ? AND kind = ? ORDER BY fetched_at, key',
    )
    .all(githubRepoId, kind)
    .map(toResponse);
}

/** Item number -> the updated_at at which its timeline, files and edits were last archived whole. */
export function loadSyncMarks(store: Store, githubRepoId: number): Map<number, string> {
  const rows = store.db
    .prepare<[number], { number: number; updated_at: string }>('SELECT number, updated_at FROM github_sync WHERE github_repo_id = ?')
    .all(githubRepoId);
  return new Map(rows.map((r) => [r.number, r.updated_at]));
}

export function markSynced(store: Store, githubRepoId: number, marks: ReadonlyMap<number, string>): void {
  const upsert = store.db.prepare(
    `INSERT INTO github_sync (github_repo_id, number, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (github_repo_id, number) DO UPDATE SET updated_at = excluded.updated_at`,
  );
  transact(store, () => {
    for (const [number, updatedAt] of marks) upsert.run(githubRepoId, number, updatedAt);
  });
}

/** Records a finished online fetch (inside the caller's transaction). */
export function recordFetch(store: Store, githubRepoId: number, fetchedAt: string, until: string | null): void {
  store.db.prepare('UPDATE github_repos SET fetched_at = ?, fetched_until = ? WHERE id = ?').run(fetchedAt, until, githubRepoId);
}

/** A read view of one repository's archive, for src/github/rebuild.ts. */
export function archiveView(store: Store, githubRepoId: number): ArchiveView {
  return {
    get: (key) => loadResponse(store, githubRepoId, key),
    list: (kind) => loadResponses(store, githubRepoId, kind),
    syncMarks: loadSyncMarks(store, githubRepoId),
  };
}
