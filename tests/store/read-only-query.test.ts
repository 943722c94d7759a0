import { expect, test } from 'vitest';
import { runQuery, saveSnapshot, saveWorkItems, upsertRepo } from '../../src/store/index.js';
import { demoRepo, snapshot, workItem } from './records.js';
import { count, reopen, tempStore } from './temp-store.js';

function filled() {
  const store = tempStore();
  const repoId = upsertRepo(store, demoRepo);
  saveWorkItems(store, repoId, [workItem('pr#1', '2024-01-01T00:00:00.000Z'), workItem('pr#2', '2024-02-01T00:00:00.000Z')]);
  saveSnapshot(store, repoId, snapshot());
  store.close();
  return reopen(store.file, { readonly: true });
}

test('a query returns its rows as objects, with positional or named parameters', () => {
  const store = filled();
  expect(runQuery(store, 'SELECT key, number FROM work_items ORDER BY key')).toEqual([
    { key: 'pr#1', number: 1 },
    { key: 'pr#2', number: 2 },
  ]);
  expect(runQuery(store, 'SELECT key FROM work_items WHERE merged_at > ?', ['2024-01-15'])).toEqual([{ key: 'pr#2' }]);
  expect(runQuery(store, 'SELECT count(*) AS n FROM evidence WHERE kind = @kind', { kind: 'todo' })).toEqual([{ n: 1 }]);
});

test('a write is refused with READ_ONLY_QUERY, on a read-only and on a writable store', () => {
  const readonly = filled();
  const writable = reopen(readonly.file);
  for (const store of [readonly, writable]) {
    for (const sql of ['DELETE FROM work_items', "UPDATE repos SET name = 'x'", 'DROP TABLE evidence', 'CREATE TABLE t (a)', 'PRAGMA journal_mode = DELETE']) {
      expect(() => runQuery(store, sql)).toThrow(expect.objectContaining({ code: 'READ_ONLY_QUERY', fix: expect.stringMatching(/SELECT/) }));
    }
  }
  expect(count(writable, 'work_items')).toBe(2);
  expect(writable.db.pragma('journal_mode', { simple: true })).toBe('wal');
});

test('a statement that returns no rows is refused with NOT_A_QUERY', () => {
  const store = filled();
  expect(() => runQuery(store, 'BEGIN')).toThrow(expect.objectContaining({ code: 'NOT_A_QUERY' }));
  expect(() => runQuery(store, "ATTACH 'elsewhere.db' AS x")).toThrow(expect.objectContaining({ code: 'NOT_A_QUERY' }));
});

test("SQL that SQLite cannot run is refused with BAD_SQL carrying SQLite's message", () => {
  const store = filled();
  expect(() => runQuery(store, 'SELEC * FROM repos')).toThrow(
    expect.objectContaining({ code: 'BAD_SQL', message: expect.stringContaining('near "SELEC": syntax error') }),
  );
  expect(() => runQuery(store, 'SELECT * FROM nowhere')).toThrow(
    expect.objectContaining({ code: 'BAD_SQL', message: expect.stringContaining('no such table: nowhere') }),
  );
  expect(() => runQuery(store, 'SELECT 1; SELECT 2')).toThrow(expect.objectContaining({ code: 'BAD_SQL' }));
  expect(() => runQuery(store, 'SELECT ?')).toThrow(expect.objectContaining({ code: 'BAD_SQL' }));
});
