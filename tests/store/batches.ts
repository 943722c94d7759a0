import type { Store } from '../../src/store/index.js';
import { saveCommits, saveWorkItems } from '../../src/store/index.js';
import { commit, workItem } from './records.js';

export const PER_BATCH = 20;

/** Writes `batches` transactions of PER_BATCH commits (2 files each) and PER_BATCH work items, keyed by `prefix`. */
export function writeBatches(store: Store, repoId: number, prefix: string, batches: number): void {
  for (let b = 0; b < batches; b++) {
    const commits = [];
    const items = [];
    for (let i = 0; i < PER_BATCH; i++) {
      const n = b * PER_BATCH + i;
      const at = new Date(Date.UTC(2024, 0, 1) + n * 1000).toISOString();
      commits.push(
        commit(`${prefix}-${n}`, [], at, [
          { path: `src/${prefix}/${n}.ts`, oldPath: null, status: 'added', additions: n, deletions: 0 },
          { path: 'README.md', oldPath: null, status: 'modified', additions: 1, deletions: 1 },
        ]),
      );
      items.push(workItem(`commit:${prefix}-${n}`, at));
    }
    saveCommits(store, repoId, commits);
    saveWorkItems(store, repoId, items);
  }
}
