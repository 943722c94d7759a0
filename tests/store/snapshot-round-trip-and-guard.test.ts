import { expect, test } from 'vitest';
import { Evidence } from '../../src/snapshot/model.js';
import { findSnapshot, loadSnapshot, saveSnapshot, upsertRepo } from '../../src/store/index.js';
import { demoRepo, everyKindOfEvidence, snapshot, T0 } from './records.js';
import { count, tempStore } from './temp-store.js';

test('a snapshot comes back equal to what was saved, evidence of every kind in its order', () => {
  const store = tempStore();
  const repoId = upsertRepo(store, demoRepo);
  const saved = snapshot([...everyKindOfEvidence()].reverse());
  const { id, reused } = saveSnapshot(store, repoId, saved);
  expect(reused).toBe(false);
  expect(loadSnapshot(store, id)).toEqual(saved);
  expect(count(store, 'evidence')).toBe(6);
});

test('evidence rows carry kind, ref, date, text and path as columns for SQL', () => {
  const store = tempStore();
  const repoId = upsertRepo(store, demoRepo);
  const { id } = saveSnapshot(store, repoId, snapshot());
  const rows = store.db.prepare('SELECT ord, kind, ref, date, path FROM evidence WHERE snapshot_id = ? ORDER BY ord').all(id);
  expect(rows).toEqual([
    { ord: 0, kind: 'work_item', ref: 'pr#12', date: '2024-05-01T10:00:00.000Z', path: null },
    { ord: 1, kind: 'todo', ref: 'todo:src/fetch.ts:40', date: '2024-04-01T00:00:00.000Z', path: 'src/fetch.ts' },
    { ord: 2, kind: 'changelog', ref: 'changelog:CHANGES.md:3', date: '2024-05-20T00:00:00.000Z', path: 'CHANGES.md' },
    { ord: 3, kind: 'roadmap', ref: 'roadmap:ROADMAP.md:7', date: '2024-03-01T00:00:00.000Z', path: 'ROADMAP.md' },
    { ord: 4, kind: 'tag', ref: 'tag:v1.2.0', date: '2024-02-01T00:00:00.000Z', path: null },
    { ord: 5, kind: 'hotspot', ref: 'hotspot:src', date: T0, path: null },
  ]);
});

test('saving an identical snapshot again reuses the stored one', () => {
  const store = tempStore();
  const repoId = upsertRepo(store, demoRepo);
  const first = saveSnapshot(store, repoId, snapshot());
  const second = saveSnapshot(store, repoId, snapshot());
  expect(second).toEqual({ id: first.id, reused: true });
  expect(findSnapshot(store, repoId, T0, 'hash-1')).toBe(first.id);
  expect(findSnapshot(store, repoId, '2024-06-01', 'hash-1')).toBe(first.id);
  expect(findSnapshot(store, repoId, T0, 'hash-2')).toBeNull();
  expect(count(store, 'snapshots')).toBe(1);
  expect(count(store, 'evidence')).toBe(6);
  const other = saveSnapshot(store, repoId, snapshot(everyKindOfEvidence().slice(0, 2), 'hash-2'));
  expect(other.reused).toBe(false);
  expect(other.id).not.toBe(first.id);
});

test('evidence dated after T0 is refused with EVIDENCE_AFTER_T0 and nothing is written', () => {
  const store = tempStore();
  const repoId = upsertRepo(store, demoRepo);
  const leak = { kind: 'tag' as const, ref: 'tag:v2.0.0', date: '2024-06-01T00:00:00.001Z', text: 'v2.0.0', name: 'v2.0.0', commit: 'c10' };
  expect(() => saveSnapshot(store, repoId, snapshot([...everyKindOfEvidence(), leak]))).toThrow(
    expect.objectContaining({ code: 'EVIDENCE_AFTER_T0' }),
  );
  expect(count(store, 'snapshots')).toBe(0);
  expect(count(store, 'evidence')).toBe(0);
});

test('the database itself refuses an evidence row dated after its snapshot T0', () => {
  const store = tempStore();
  const repoId = upsertRepo(store, demoRepo);
  const { id } = saveSnapshot(store, repoId, snapshot());
  const insert = store.db.prepare(
    "INSERT INTO evidence (snapshot_id, ord, kind, ref, date, text, data) VALUES (?, 99, 'tag', 'late', ?, 'late', '{}')",
  );
  expect(() => insert.run(id, '2024-07-01T00:00:00.000Z')).toThrow(/after its snapshot t0/);
  expect(() => store.db.prepare("UPDATE evidence SET text = 'edited'").run()).toThrow(/frozen/);
  expect(() => store.db.prepare("UPDATE snapshots SET hash = 'edited'").run()).toThrow(/frozen/);
});

test('a snapshot that fails midway (a duplicate evidence ref) leaves no snapshot and no evidence rows', () => {
  const store = tempStore();
  const repoId = upsertRepo(store, demoRepo);
  const evidence = everyKindOfEvidence();
  expect(() => saveSnapshot(store, repoId, snapshot([...evidence, { ...evidence[1]!, text: 'again' }]))).toThrow(/UNIQUE/);
  expect(count(store, 'snapshots')).toBe(0);
  expect(count(store, 'evidence')).toBe(0);
});

test('every evidence kind of the model passes the schema’s kind check (add a migration when this fails)', () => {
  const store = tempStore();
  const repoId = upsertRepo(store, demoRepo);
  const { id } = saveSnapshot(store, repoId, snapshot([]));
  const kinds = Evidence.options.map((o) => o.shape.kind.value);
  const insert = store.db.prepare("INSERT INTO evidence (snapshot_id, ord, kind, ref, date, text, data) VALUES (?, ?, ?, ?, ?, 'x', '{}')");
  kinds.forEach((kind, ord) => insert.run(id, ord, kind, `r${ord}`, T0));
  expect(count(store, 'evidence')).toBe(kinds.length);
});

test('loading a snapshot that is not stored is refused with SNAPSHOT_NOT_FOUND', () => {
  const store = tempStore();
  expect(() => loadSnapshot(store, 7)).toThrow(expect.objectContaining({ code: 'SNAPSHOT_NOT_FOUND' }));
});
