import { join } from 'node:path';
import { expect, test } from 'vitest';
import type { Evidence, Snapshot } from '../../src/snapshot/model.js';
import { migrations } from '../../src/store/migrations.js';
import { openStore, openWithMigrations, type Store } from '../../src/store/open.js';
import { loadSnapshot, saveSnapshot } from '../../src/store/snapshots.js';
import { upsertRepo } from '../../src/store/repos.js';
import { demoRepo, everyKindOfEvidence, snapshot, T0 } from '../store/records.js';
import { tempDir } from '../store/temp-store.js';

const issue: Evidence = {
  kind: 'issue', ref: 'issue#4', date: '2024-05-01T00:00:00.000Z', text: 'Timeouts', number: 4, pullRequest: false, state: 'open',
  labels: ['bug'], author: 'alice', closedAt: null, lastActivityAt: '2024-05-02T00:00:00.000Z', body: 'Hangs.', bodyWithheld: false,
  commentCount: 0, comments: [], paths: [], pathsWithheld: false,
};

const schema = (file: string) => {
  const store = openStore(file, { readonly: true });
  const rows = store.db.prepare("SELECT type, name, tbl_name FROM sqlite_master WHERE tbl_name = 'evidence' AND name NOT LIKE 'sqlite_%' ORDER BY type, name").all();
  store.close();
  return rows;
};

/** A snapshot written as a release at schema 3 wrote it (today's saveSnapshot writes columns that came later). */
function saveAtV3(store: Store, repoId: number, snap: Snapshot): number {
  const { evidence, ...header } = snap;
  const id = store.db
    .prepare<unknown[], number>('INSERT INTO snapshots (repo_id, t0, commit_sha, commit_time, config, counts, hash, data, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id')
    .pluck()
    .get(repoId, snap.t0, snap.commit, snap.commitTime, JSON.stringify(snap.config), JSON.stringify(snap.counts), snap.hash, JSON.stringify(header), T0)!;
  const insert = store.db.prepare('INSERT INTO evidence (snapshot_id, ord, kind, ref, date, text, path, data) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
  evidence.forEach((e, ord) => insert.run(id, ord, e.kind, e.ref, e.date, e.text, 'path' in e ? e.path : null, JSON.stringify(e)));
  return id;
}

test('migration 4 rebuilds evidence for the issue kind, keeping its rows, index and triggers', () => {
  const file = join(tempDir(), 'v3.db');
  const v3 = openWithMigrations(file, {}, migrations.filter((m) => m.version <= 3));
  const repoId = upsertRepo(v3, demoRepo);
  const id = saveAtV3(v3, repoId, snapshot());
  expect(() => v3.db.prepare("INSERT INTO evidence (snapshot_id, ord, kind, ref, date, text, data) VALUES (?, 99, 'issue', 'x', ?, 't', '{}')").run(id, T0)).toThrow(/CHECK/);
  v3.close();

  const v4 = openStore(file);
  expect(loadSnapshot(v4, id).evidence).toEqual(everyKindOfEvidence());
  // The index and both triggers are there again, under their names.
  expect(schema(file)).toEqual([
    { type: 'index', name: 'evidence_by_kind', tbl_name: 'evidence' },
    { type: 'table', name: 'evidence', tbl_name: 'evidence' },
    { type: 'trigger', name: 'evidence_frozen', tbl_name: 'evidence' },
    { type: 'trigger', name: 'evidence_visible_at_t0', tbl_name: 'evidence' },
  ]);
  expect(() => v4.db.prepare("UPDATE evidence SET text = 'x'").run()).toThrow(/frozen/);
  expect(() => v4.db.prepare("INSERT INTO evidence (snapshot_id, ord, kind, ref, date, text, data) VALUES (?, 99, 'issue', 'late', '2030-01-01T00:00:00.000Z', 't', '{}')").run(id)).toThrow(/after its snapshot t0/);
  expect(v4.db.pragma('foreign_key_check')).toEqual([]);

  const { id: second } = saveSnapshot(v4, repoId, snapshot([...everyKindOfEvidence(), issue], 'hash-2'));
  expect(loadSnapshot(v4, second).evidence.at(-1)).toEqual(issue);
  v4.close();
});
