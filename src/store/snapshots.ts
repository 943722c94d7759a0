import { UserError } from '../errors.js';
import { assertVisibleAtT0 } from '../snapshot/guard.js';
import { type Evidence, Snapshot } from '../snapshot/model.js';
import type { Store } from './open.js';
import { storedTime } from './times.js';
import { transact } from './transaction.js';

/**
 * Frozen snapshots and their evidence. This is where evidence enters the
 * store, so the T0 guard runs here before anything is written; the schema's
 * trigger `evidence_visible_at_t0` holds the same line for any other writer.
 */

/**
 * Stores a snapshot with all its evidence in one transaction, or, when one
 * with the same repository, T0 and hash is already stored, returns that one
 * with `reused: true`. Throws EVIDENCE_AFTER_T0 (and writes nothing) when any
 * evidence is dated after T0.
 */
export function saveSnapshot(store: Store, repoId: number, snapshot: Snapshot): { id: number; reused: boolean } {
  assertVisibleAtT0(snapshot.evidence, snapshot.t0);
  const snap = Snapshot.parse(snapshot);
  const t0 = storedTime(snap.t0, 'snapshot t0');
  const insertSnapshot = store.db.prepare<unknown[], number>(
    `INSERT INTO snapshots (repo_id, repo, t0, commit_sha, commit_time, config, counts, hash, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
  );
  const insertEvidence = store.db.prepare(
    `INSERT INTO evidence (snapshot_id, ord, kind, ref, date, text, path, data) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  return transact(store, () => {
    const existing = findSnapshot(store, repoId, t0, snap.hash);
    if (existing !== null) return { id: existing, reused: true };
    const id = insertSnapshot.pluck().get(
      repoId,
      JSON.stringify(snap.repo),
      t0,
      snap.commit,
      storedTime(snap.commitTime, 'snapshot commitTime'),
      JSON.stringify(snap.config),
      JSON.stringify(snap.counts),
      snap.hash,
      new Date().toISOString(),
    )!;
    snap.evidence.forEach((e, ord) => {
      const date = storedTime(e.date, `evidence ${e.ref} date`);
      insertEvidence.run(id, ord, e.kind, e.ref, date, e.text, evidencePath(e), JSON.stringify(e));
    });
    return { id, reused: false };
  });
}

/** The id of the stored snapshot of `repoId` with this T0 and hash, or null. */
export function findSnapshot(store: Store, repoId: number, t0: string, hash: string): number | null {
  const id = store.db
    .prepare<[number, string, string], number>('SELECT id FROM snapshots WHERE repo_id = ? AND t0 = ? AND hash = ?')
    .pluck()
    .get(repoId, storedTime(t0, 't0'), hash);
  return id ?? null;
}

interface SnapshotRow {
  repo: string;
  t0: string;
  commit_sha: string;
  commit_time: string;
  config: string;
  counts: string;
  hash: string;
}

/** The snapshot stored under `id`, equal to what was saved, evidence in its original order. */
export function loadSnapshot(store: Store, id: number): Snapshot {
  const row = store.db
    .prepare<[number], SnapshotRow>('SELECT repo, t0, commit_sha, commit_time, config, counts, hash FROM snapshots WHERE id = ?')
    .get(id);
  if (!row) {
    throw new UserError(
      'SNAPSHOT_NOT_FOUND',
      `There is no snapshot ${id} in this store`,
      'List the stored ones with `swe-future query "SELECT id, t0, hash FROM snapshots"`, or check --db.',
    );
  }
  const evidence = store.db
    .prepare<[number], string>('SELECT data FROM evidence WHERE snapshot_id = ? ORDER BY ord')
    .pluck()
    .all(id)
    .map((data) => JSON.parse(data) as Evidence);
  return {
    repo: JSON.parse(row.repo) as Snapshot['repo'],
    t0: row.t0,
    commit: row.commit_sha,
    commitTime: row.commit_time,
    config: JSON.parse(row.config) as Snapshot['config'],
    counts: JSON.parse(row.counts) as Snapshot['counts'],
    hash: row.hash,
    evidence,
  };
}

/** The file an evidence row points into, for SQL that joins evidence to paths; null for kinds without one. */
function evidencePath(e: Evidence): string | null {
  return 'path' in e ? e.path : null;
}
