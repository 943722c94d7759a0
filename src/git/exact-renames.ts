import type { ModifiedFile } from './model.js';
import { comparePaths, sortByPath } from './path-order.js';

/** One path's change as a backend sees it before renames are paired. */
export interface FileChange {
  path: string;
  status: 'added' | 'modified' | 'deleted';
  /** Blob before the change; null when added. */
  oldOid: string | null;
  /** Blob after the change; null when deleted. */
  newOid: string | null;
  additions: number | null;
  deletions: number | null;
}

/** The empty blob: deleting one empty file and adding another is not a rename. */
const EMPTY_BLOBS = new Set([
  'e69de29bb2d1d6434b8b29ae775ad8c2e48c5391',
  '473a0f4c3be8a93681a267e3b1e9a7dcda1185436fe141f7749120a303721813',
]);

/**
 * Turns a commit's changes into its `ModifiedFile` records, sorted by path.
 * A deleted and an added file with the same (non-empty) blob become one
 * `renamed` record at the added path. When several could pair, both sides are
 * taken in path order, so the result does not depend on input order. An exact
 * rename changes no line: 0/0 when both sides were counted, else null.
 */
export function pairExactRenames(changes: readonly FileChange[]): ModifiedFile[] {
  const deletedByOid = new Map<string, FileChange[]>();
  for (const change of changes) {
    if (change.status !== 'deleted' || change.oldOid === null || EMPTY_BLOBS.has(change.oldOid)) continue;
    const list = deletedByOid.get(change.oldOid);
    if (list) list.push(change);
    else deletedByOid.set(change.oldOid, [change]);
  }
  const renamedFrom = new Map<FileChange, FileChange>();
  if (deletedByOid.size > 0) {
    for (const list of deletedByOid.values()) list.sort((a, b) => comparePaths(a.path, b.path));
    const added = changes
      .filter((c) => c.status === 'added' && c.newOid !== null && deletedByOid.has(c.newOid))
      .sort((a, b) => comparePaths(a.path, b.path));
    for (const change of added) {
      const source = deletedByOid.get(change.newOid as string)?.shift();
      if (source) renamedFrom.set(change, source);
    }
  }
  const paired = new Set(renamedFrom.values());
  const files: ModifiedFile[] = [];
  for (const change of changes) {
    if (paired.has(change)) continue;
    const source = renamedFrom.get(change);
    if (source) {
      const counted = change.additions !== null && source.deletions !== null;
      files.push({
        path: change.path,
        oldPath: source.path,
        status: 'renamed',
        additions: counted ? 0 : null,
        deletions: counted ? 0 : null,
      });
    } else {
      files.push({
        path: change.path,
        oldPath: null,
        status: change.status,
        additions: change.additions,
        deletions: change.deletions,
      });
    }
  }
  return sortByPath(files);
}
