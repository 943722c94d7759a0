import { expect, test } from 'vitest';
import { forbiddenImports } from '../import-graph.js';

/**
 * Synthesis is conditioned on the family and the code at Tgen only: nothing
 * under src/synthesize/ may import, even indirectly, what reads later work
 * (validation, the store, git history, work-item reconstruction), the file
 * system or processes. The code at Tgen comes in through the TreeAtTgen and
 * Workspace interfaces, which src/exec/ implements.
 */
const FORBIDDEN = [/^src\/(validate|store|git|api|cli|demo|exec|sources)\//, /^(node:)?(fs|child_process|fs\/promises)$/, /^better-sqlite3$/, /^isomorphic-git/];

test('nothing under src/synthesize/ imports, even indirectly, code that reads later work, git, the store, files or processes', () => {
  const { files, violations } = forbiddenImports('src/synthesize', FORBIDDEN, { typeImports: false });
  expect(files).toBeGreaterThan(10);
  expect(violations).toEqual([]);
});
