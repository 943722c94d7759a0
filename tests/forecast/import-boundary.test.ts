import { expect, test } from 'vitest';
import { forbiddenImports } from '../import-graph.js';

/**
 * The T0 boundary is also an import boundary: src/forecast/ sees a Snapshot
 * and nothing else. Walk the import graph from every file under src/forecast/
 * (type imports included) and fail on anything that reads git, the store, the
 * file system, or later work.
 */
const FORBIDDEN = [/^src\/(validate|store|git|api|cli|demo)\//, /^src\/sources\/reconstruct/, /^(node:)?(fs|child_process|fs\/promises)$/, /^better-sqlite3$/, /^isomorphic-git/];

test('nothing under src/forecast/ imports, even indirectly, code that reads git, the store, files or later work', () => {
  const { files, violations } = forbiddenImports('src/forecast', FORBIDDEN, { typeImports: true });
  expect(files).toBeGreaterThan(5);
  expect(violations).toEqual([]);
});
