import { UserError } from '../errors.js';
import { assertVisibleAtT0 } from '../snapshot/guard.js';
import { type Evidence, Snapshot } from '../snapshot/model.js';
import { storedTreeScan, TREE_SCAN_VERSION, type TreeScan, type TreeScanKey } from '../snapshot/tree-scan.js';
import type { Store } from './open.js';
import { storedTime } from './times.js';
import { RowWriter } from './tables.js';
import { transact } from './transaction.js';
import { validate } from '../validated.js';

/**
 * Frozen snapshots and their evidence. This is where evidence enters the
 * store, so the T0 guard runs here before anything is written; the schema's
 * trigger `evidence_visible_at_t0` holds the same line for any other writer.
 */

/**
 * Stores a snapshot with all its evidence in one transaction, or, when one
 * with the same repository, T0 and hash is already stored, returns that one
 * with `reused: true`. Throws EVIDENCE_AFTER_T0 (and writes nothing) when any
 * evidence is dated after T0, whether or not it would be written. A snapshot
 * is validated against its schema only when it is written (a reused one
 * writes nothing), and not again when takeSnapshot's own result is written.
 */
export function saveSnapshot(store: Store, repoId: number, snapshot: Snapshot): { id: number; reused: boolean } {
  assertVisibleAtT0(snapshot.evidence, snapshot.t0);
  const t0 = storedTime(snapshot.t0, 'snapshot t0');
  const insertSnapshot = new RowWriter(store.db, 'snapshots');
  const insertEvidence = new RowWriter(store.db, 'evidence');
  return transact(store, () => {
    const existing = findSnapshot(store, repoId, t0, snapshot.hash);
    if (existing !== null) return { id: existing, reused: true };
    const snap = validate(Snapshot, snapshot);
    const { evidence, ...header } = snap;
    const id = insertSnapshot.insert({
      repo_id: repoId,
      t0,
      commit_sha: snap.commit,
      commit_time: storedTime(snap.commitTime, 'snapshot commitTime'),
      config: JSON.stringify(snap.config),
      counts: JSON.stringify(snap.counts),
      hash: snap.hash,
      data: JSON.stringify(header),
      created_at: new Date().toISOString(),
      tree_scan: TREE_SCAN_VERSION,
    });
    evidence.forEach((e, ord) => {
      const date = storedTime(e.date, `evidence ${e.ref} date`);
      insertEvidence.run({ snapshot_id: id, ord, kind: e.kind, ref: e.ref, date, text: e.text, path: evidencePath(e), data: JSON.stringify(e) });
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

/**
 * The snapshot stored under `id`, equal to what was saved, evidence in its
 * original order. It is rebuilt from the JSON `data` columns (the columns
 * beside them are copies for SQL), so a field the model gains round-trips
 * without a migration.
 */
export function loadSnapshot(store: Store, id: number): Snapshot {
  const data = store.db.prepare<[number], string>('SELECT data FROM snapshots WHERE id = ?').pluck().get(id);
  if (data === undefined) {
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
  return { ...(JSON.parse(data) as Omit<Snapshot, 'evidence'>), evidence };
}

/** The stored snapshot's header (everything but its evidence), or null: for what names a snapshot without reading its rows. */
export function loadSnapshotHeader(store: Store, id: number): Omit<Snapshot, 'evidence'> | null {
  const data = store.db.prepare<[number], string>('SELECT data FROM snapshots WHERE id = ?').pluck().get(id);
  return data === undefined ? null : (JSON.parse(data) as Omit<Snapshot, 'evidence'>);
}

/**
 * The tree scan (changelog, roadmap and TODO rows with their counts) of the
 * earliest stored snapshot of `repoId` taken with the same key, whatever its
 * T0 or tracker archive; null when there is none. A new snapshot of that
 * commit reuses it instead of reading the tree again (see storedTreeScan).
 */
export function findTreeScan(store: Store, repoId: number, key: TreeScanKey): TreeScan | null {
  const candidates = store.db
    .prepare<[number, string, string], { id: number; data: string }>('SELECT id, data FROM snapshots WHERE repo_id = ? AND commit_sha = ? AND tree_scan = ? ORDER BY id')
    .all(repoId, key.commit, TREE_SCAN_VERSION);
  const rows = store.db.prepare<[number], string>(
    `SELECT data FROM evidence WHERE snapshot_id = ? AND kind IN ('changelog', 'roadmap', 'todo', 'pending') ORDER BY ord`,
  );
  for (const candidate of candidates) {
    const header = JSON.parse(candidate.data) as Omit<Snapshot, 'evidence'>;
    const scan = storedTreeScan(key, header, () => rows.pluck().all(candidate.id).map((data) => JSON.parse(data) as Evidence));
    if (scan) return scan;
  }
  return null;
}

/** The file an evidence row points into, for SQL that joins evidence to paths; null for kinds without one. */
function evidencePath(e: Evidence): string | null {
  return 'path' in e ? e.path : null;
}
