import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { runQuery, saveCommits, saveSnapshot, saveWorkItems, upsertRepo } from '../../src/store/index.js';
import { commit, demoRepo, snapshot, workItem } from './records.js';
import { reopen, tempStore } from './temp-store.js';

const doc = readFileSync(new URL('../../docs/schema.md', import.meta.url), 'utf8');
// The SQL blocks of the "Example queries" section, in order (SQL elsewhere in the doc illustrates a table).
const examples = doc.slice(doc.indexOf('## Example queries'));
const queries = [...examples.matchAll(/```sql\n([\s\S]*?)```/g)].map((m) => m[1]!);

test('every example query in docs/schema.md runs read-only against a real store', () => {
  const store = tempStore();
  const repoId = upsertRepo(store, demoRepo);
  saveCommits(store, repoId, [
    commit('c2', ['c1'], '2024-05-02T00:00:00.000Z', [{ path: 'src/a.ts', oldPath: null, status: 'modified', additions: 3, deletions: 1 }]),
    commit('c1', [], '2024-04-01T00:00:00.000Z', [{ path: 'README.md', oldPath: null, status: 'added', additions: 2, deletions: 0 }]),
  ]);
  saveWorkItems(store, repoId, [
    workItem('pr#1', '2024-05-01T00:00:00.000Z'),
    workItem('pr#2', '2024-07-01T00:00:00.000Z', { paths: ['src/b.ts', 'README.md'] }),
    workItem('pr#3', '2024-12-02T00:00:00.000Z'),
  ]);
  saveSnapshot(store, repoId, snapshot());
  store.close();
  const readonly = reopen(store.file, { readonly: true });
  expect(queries.length).toBeGreaterThanOrEqual(4);
  const results = queries.map((sql) => runQuery(readonly, sql));
  expect(results[1]).toEqual([
    { dir: 'src', items: 1 },
    { dir: '(root)', items: 1 },
  ]);
  expect(results.at(-1)).toEqual([]); // the T0 audit
});
