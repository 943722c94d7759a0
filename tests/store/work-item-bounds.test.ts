import { expect, test } from 'vitest';
import { WorkItemKind } from '../../src/sources/model.js';
import { loadWorkItems, saveWorkItems, upsertRepo } from '../../src/store/index.js';
import { demoRepo, workItem } from './records.js';
import { count, tempStore } from './temp-store.js';

const items = [
  workItem('pr#3', '2024-06-01T00:00:00.000Z'),
  workItem('pr#1', '2024-05-31T23:59:59.999Z', { labels: ['bug', 'ui'], paths: ['a.ts', 'b.ts'], body: 'Fixes #7\n\nDetails.' }),
  workItem('commit:abc', '2024-06-01T00:00:00.000Z', { bot: true, botReason: 'dependabot' }),
  workItem('pr#4', '2024-06-01T00:00:00.001Z'),
  workItem('pr#9', '2024-12-01T00:00:00.000Z', { kind: 'merge', integration: true }),
];

function keys(list: { key: string }[]): string[] {
  return list.map((i) => i.key);
}

test('work items come back equal to what was saved, ordered by mergedAt then key', () => {
  const store = tempStore();
  const repoId = upsertRepo(store, demoRepo);
  saveWorkItems(store, repoId, items);
  const loaded = loadWorkItems(store, repoId);
  expect(keys(loaded)).toEqual(['pr#1', 'commit:abc', 'pr#3', 'pr#4', 'pr#9']);
  expect(loaded).toEqual([items[1], items[2], items[0], items[3], items[4]]);
});

test('the until bound is inclusive and the after bound exclusive', () => {
  const store = tempStore();
  const repoId = upsertRepo(store, demoRepo);
  saveWorkItems(store, repoId, items);
  const t0 = '2024-06-01T00:00:00.000Z';
  expect(keys(loadWorkItems(store, repoId, { until: t0 }))).toEqual(['pr#1', 'commit:abc', 'pr#3']);
  expect(keys(loadWorkItems(store, repoId, { after: t0 }))).toEqual(['pr#4', 'pr#9']);
  expect(keys(loadWorkItems(store, repoId, { after: t0, until: '2024-12-01T00:00:00.000Z' }))).toEqual(['pr#4', 'pr#9']);
  expect(keys(loadWorkItems(store, repoId, { after: t0, until: '2024-11-30T23:59:59.999Z' }))).toEqual(['pr#4']);
});

test('a bound given as a date alone means midnight UTC of that day', () => {
  const store = tempStore();
  const repoId = upsertRepo(store, demoRepo);
  saveWorkItems(store, repoId, items);
  expect(keys(loadWorkItems(store, repoId, { until: '2024-06-01' }))).toEqual(['pr#1', 'commit:abc', 'pr#3']);
  expect(keys(loadWorkItems(store, repoId, { after: '2024-06-01', until: '2024-12-01' }))).toEqual(['pr#4', 'pr#9']);
});

test('an unreadable bound is refused with BAD_DATE', () => {
  const store = tempStore();
  const repoId = upsertRepo(store, demoRepo);
  expect(() => loadWorkItems(store, repoId, { until: 'yesterday' })).toThrow(expect.objectContaining({ code: 'BAD_DATE' }));
});

test('saving a work item with a known key replaces it and keeps its row', () => {
  const store = tempStore();
  const repoId = upsertRepo(store, demoRepo);
  saveWorkItems(store, repoId, items);
  const id = store.db.prepare("SELECT id FROM work_items WHERE key = 'pr#1'").pluck().get();
  const changed = workItem('pr#1', '2024-05-30T00:00:00.000Z', { title: 'Renamed', labels: ['bug'] });
  saveWorkItems(store, repoId, [changed]);
  expect(count(store, 'work_items')).toBe(items.length);
  expect(loadWorkItems(store, repoId, { until: '2024-05-30T00:00:00.000Z' })).toEqual([changed]);
  expect(store.db.prepare("SELECT id FROM work_items WHERE key = 'pr#1'").pluck().get()).toBe(id);
});

test('a mergedAt in another ISO form is stored as the same instant in canonical UTC', () => {
  const store = tempStore();
  const repoId = upsertRepo(store, demoRepo);
  saveWorkItems(store, repoId, [workItem('pr#5', '2024-06-01T02:00:00+02:00')]);
  expect(loadWorkItems(store, repoId, { until: '2024-06-01' }).map((i) => i.mergedAt)).toEqual(['2024-06-01T00:00:00.000Z']);
});

test('a batch with one bad item writes none of the batch', () => {
  const store = tempStore();
  const repoId = upsertRepo(store, demoRepo);
  const bad = { ...workItem('pr#6', '2024-01-01T00:00:00.000Z'), mergedAt: 'not a time' };
  expect(() => saveWorkItems(store, repoId, [...items, bad])).toThrow(/not an ISO 8601 time/);
  expect(count(store, 'work_items')).toBe(0);
});

test('every work-item kind of the model passes the schema’s kind check (add a migration when this fails)', () => {
  const store = tempStore();
  const repoId = upsertRepo(store, demoRepo);
  const all = WorkItemKind.options.map((kind, i) => workItem(`pr#${i + 1}`, '2024-01-01T00:00:00.000Z', { kind }));
  saveWorkItems(store, repoId, all);
  expect(loadWorkItems(store, repoId).map((i) => i.kind)).toEqual(WorkItemKind.options);
});

test("a merge that integrated a branch comes back marked, and unmarked once saved again without the mark", () => {
  const store = tempStore();
  const repoId = upsertRepo(store, demoRepo);
  saveWorkItems(store, repoId, items);
  expect(loadWorkItems(store, repoId, { after: '2024-11-30' }).map((i) => i.integration)).toEqual([true]);
  const { integration: _, ...unmarked } = items[4]!;
  saveWorkItems(store, repoId, [unmarked]);
  expect(loadWorkItems(store, repoId, { after: '2024-11-30' })).toEqual([unmarked]);
});
