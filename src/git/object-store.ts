import git from 'isomorphic-git';
import { createObjectFs } from './object-fs.js';
import { EMPTY_TREE, type TreeEntry, parseTreeObject } from './objects.js';

export type ObjectType = 'blob' | 'tree' | 'commit' | 'tag';

/** Parsed trees kept in memory; a walk revisits a parent's trees once, then moves on. */
const TREE_CACHE_SIZE = 20_000;

/**
 * Raw object reads through isomorphic-git (loose and packed objects, with its
 * pack-index cache) and a bounded cache of parsed trees. A missing object is
 * null, never an exception; a missing tree reads as empty and is counted.
 */
export class ObjectStore {
  /** isomorphic-git's own cache (pack indexes); must be the same object on every call. */
  private readonly cache: object = {};
  private readonly trees = new Map<string, TreeEntry[]>();
  readonly missingTrees = new Set<string>();
  readonly fs: ReturnType<typeof createObjectFs>;

  constructor(readonly gitdir: string) {
    this.fs = createObjectFs(gitdir);
  }

  /** An object's content and type; null when the repository does not have it. */
  async read(oid: string): Promise<{ type: ObjectType; bytes: Uint8Array } | null> {
    try {
      const result = await git.readObject({ fs: this.fs, gitdir: this.gitdir, oid, format: 'content', cache: this.cache });
      if (result.format !== 'content') return null;
      return { type: result.type, bytes: result.object };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  /** A tree's entries; empty (and counted in `missingTrees`) when the tree is missing. */
  async readTree(oid: string): Promise<TreeEntry[]> {
    if (oid === EMPTY_TREE) return [];
    const cached = this.trees.get(oid);
    if (cached) {
      // Least recently used goes first: move this one to the end.
      this.trees.delete(oid);
      this.trees.set(oid, cached);
      return cached;
    }
    const object = await this.read(oid);
    let entries: TreeEntry[] = [];
    if (object?.type === 'tree') entries = parseTreeObject(object.bytes);
    else this.missingTrees.add(oid);
    if (this.trees.size >= TREE_CACHE_SIZE) {
      const oldest = this.trees.keys().next();
      if (!oldest.done) this.trees.delete(oldest.value);
    }
    this.trees.set(oid, entries);
    return entries;
  }
}

function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'NotFoundError';
}
