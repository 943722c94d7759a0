import { createHash } from 'node:crypto';

/**
 * Git trees kept in memory as persistent (copy-on-write) nodes: a commit that
 * changes one file makes new nodes along that file's path only, every other
 * subtree is shared with the parent commit's tree and keeps its object id, so
 * only changed subtrees are ever written.
 */

export type BlobMode = '100644' | '100755';

export interface BlobEntry {
  readonly type: 'blob';
  readonly oid: string;
  readonly mode: BlobMode;
}

export interface TreeNode {
  readonly type: 'tree';
  readonly entries: ReadonlyMap<string, Entry>;
  /** The tree object's id once written; null until then. */
  oid: string | null;
}

export type Entry = BlobEntry | TreeNode;

/** Path to new entry, or null to delete whatever is at the path. */
export type TreeChanges = Map<string, BlobEntry | null>;

export const EMPTY_TREE_OID = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';

export function emptyTree(): TreeNode {
  return { type: 'tree', entries: new Map(), oid: EMPTY_TREE_OID };
}

/** The object id git gives these bytes as a blob. */
export function blobOid(bytes: Uint8Array): string {
  return createHash('sha1').update(`blob ${bytes.byteLength}\0`).update(bytes).digest('hex');
}

/** A new tree with the changes applied; `root` is left as it was. Folders left empty disappear. */
export function applyChanges(root: TreeNode, changes: TreeChanges): TreeNode {
  const split: [string[], BlobEntry | null][] = [];
  for (const [path, entry] of changes) split.push([path.split('/'), entry]);
  return applyAt(root, split);
}

function applyAt(node: TreeNode, changes: [string[], BlobEntry | null][]): TreeNode {
  const leaves = new Map<string, BlobEntry | null>();
  const deeper = new Map<string, [string[], BlobEntry | null][]>();
  for (const [parts, entry] of changes) {
    const [name, ...rest] = parts as [string, ...string[]];
    if (rest.length === 0) leaves.set(name, entry);
    else {
      const list = deeper.get(name) ?? [];
      list.push([rest, entry]);
      deeper.set(name, list);
    }
  }
  // Leaves first, so that a file replaced by a folder (or the reverse) ends up as the folder.
  let entries: Map<string, Entry> | null = null;
  const current = (name: string) => (entries ?? node.entries).get(name);
  const set = (name: string, value: Entry | undefined) => {
    if (current(name) === value) return;
    entries ??= new Map(node.entries);
    if (value === undefined) entries.delete(name);
    else entries.set(name, value);
  };
  for (const [name, entry] of leaves) {
    const here = current(name);
    if (entry === null) set(name, undefined);
    else if (!(here?.type === 'blob' && here.oid === entry.oid && here.mode === entry.mode)) set(name, entry);
  }
  for (const [name, sub] of deeper) {
    const here = current(name);
    const next = applyAt(here?.type === 'tree' ? here : emptyTree(), sub);
    set(name, next.entries.size === 0 ? (here?.type === 'blob' ? here : undefined) : next);
  }
  return entries ? { type: 'tree', entries, oid: null } : node;
}

/** The blob-level changes that turn `from` into `to`. */
export function diffTrees(from: TreeNode, to: TreeNode, prefix = '', out: TreeChanges = new Map()): TreeChanges {
  if (from === to || (from.oid !== null && from.oid === to.oid)) return out;
  const names = new Set([...from.entries.keys(), ...to.entries.keys()]);
  for (const name of [...names].sort()) {
    const a = from.entries.get(name);
    const b = to.entries.get(name);
    const path = prefix + name;
    if (a === b) continue;
    if (b === undefined) out.set(path, null);
    else if (b.type === 'blob') {
      if (!(a?.type === 'blob' && a.oid === b.oid && a.mode === b.mode)) out.set(path, b);
    } else if (a?.type === 'tree') diffTrees(a, b, `${path}/`, out);
    else {
      if (a !== undefined) out.set(path, null);
      diffTrees(emptyTree(), b, `${path}/`, out);
    }
  }
  return out;
}

export interface TreeObjectEntry {
  mode: string;
  path: string;
  oid: string;
  type: 'blob' | 'tree';
}

/** Writes every tree node that has no id yet (children first) and returns the root's id. */
export async function writeTrees(
  node: TreeNode,
  write: (entries: TreeObjectEntry[]) => Promise<string>,
): Promise<string> {
  if (node.oid !== null) return node.oid;
  const entries: TreeObjectEntry[] = [];
  for (const [name, entry] of node.entries) {
    if (entry.type === 'blob') entries.push({ mode: entry.mode, path: name, oid: entry.oid, type: 'blob' });
    else entries.push({ mode: '040000', path: name, oid: await writeTrees(entry, write), type: 'tree' });
  }
  node.oid = entries.length === 0 ? EMPTY_TREE_OID : await write(entries);
  return node.oid;
}
