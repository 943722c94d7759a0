import type { FileChange } from './exact-renames.js';
import type { TreeEntry } from './objects.js';

/** Reads a tree's entries by oid (missing trees read as empty). */
export type ReadTree = (oid: string) => Promise<TreeEntry[]>;

/**
 * The files that differ between two trees, as `git diff-tree -r --no-renames`
 * would list them: a subtree with the same oid on both sides is skipped
 * without reading it; a submodule (gitlink) added, moved or removed is a change
 * to its path with no blob on either side; a file replaced by
 * a directory (or back) is a deletion plus additions; a changed mode alone is
 * a modification. Line counts are null. `oldTree` null means the empty tree.
 */
export async function diffTrees(readTree: ReadTree, oldTree: string | null, newTree: string): Promise<FileChange[]> {
  const changes: FileChange[] = [];
  if (oldTree !== newTree) await diffInto(readTree, oldTree, newTree, '', changes);
  return changes;
}

async function diffInto(readTree: ReadTree, oldTree: string | null, newTree: string | null, prefix: string, out: FileChange[]): Promise<void> {
  const [before, after] = await Promise.all([
    oldTree === null ? [] : readTree(oldTree),
    newTree === null ? [] : readTree(newTree),
  ]);
  const old = new Map<string, TreeEntry>();
  for (const entry of before) old.set(entry.name, entry);
  for (const entry of after) {
    const path = prefix + entry.name;
    const previous = old.get(entry.name);
    old.delete(entry.name);
    if (!previous) {
      await added(readTree, entry, path, out);
    } else if (previous.oid === entry.oid && previous.mode === entry.mode) {
      continue;
    } else if (previous.kind === 'tree' && entry.kind === 'tree') {
      await diffInto(readTree, previous.oid, entry.oid, `${path}/`, out);
    } else if (previous.kind === 'blob' && entry.kind === 'blob') {
      out.push({ path, status: 'modified', oldOid: previous.oid, newOid: entry.oid, additions: null, deletions: null });
    } else if (previous.kind === 'gitlink' && entry.kind === 'gitlink') {
      out.push({ path, status: 'modified', oldOid: null, newOid: null, additions: null, deletions: null });
    } else if (previous.kind === 'gitlink' && entry.kind === 'blob') {
      // As git's raw diff says it: one entry, the file added.
      await added(readTree, entry, path, out);
    } else if (previous.kind === 'blob' && entry.kind === 'gitlink') {
      await deleted(readTree, previous, path, out);
    } else {
      await deleted(readTree, previous, path, out);
      await added(readTree, entry, path, out);
    }
  }
  for (const entry of old.values()) await deleted(readTree, entry, prefix + entry.name, out);
}

async function added(readTree: ReadTree, entry: TreeEntry, path: string, out: FileChange[]): Promise<void> {
  if (entry.kind === 'tree') await diffInto(readTree, null, entry.oid, `${path}/`, out);
  else if (entry.kind === 'blob') out.push({ path, status: 'added', oldOid: null, newOid: entry.oid, additions: null, deletions: null });
  else out.push({ path, status: 'added', oldOid: null, newOid: null, additions: null, deletions: null });
}

async function deleted(readTree: ReadTree, entry: TreeEntry, path: string, out: FileChange[]): Promise<void> {
  if (entry.kind === 'tree') await diffInto(readTree, entry.oid, null, `${path}/`, out);
  else if (entry.kind === 'blob') out.push({ path, status: 'deleted', oldOid: entry.oid, newOid: null, additions: null, deletions: null });
  else out.push({ path, status: 'deleted', oldOid: null, newOid: null, additions: null, deletions: null });
}
