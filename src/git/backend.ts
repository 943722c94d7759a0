import type { Commit, HistoryGaps, RepoFacts, Tag, TreeFile } from './model.js';

export type BackendName = 'native' | 'isomorphic';

/** A commit of a first-parent walk that the commit it is compared with does not reach (GitBackend.unreachedFirstParents). */
export interface UnreachedCommit {
  parents: readonly string[];
  committerTime: string;
}

export interface LogOptions {
  /** Stop (exclusive) when the walk reaches one of these commits: they are already known. */
  stopAt?: ReadonlySet<string>;
  /**
   * Count added/deleted lines per file (default true). Only the native backend
   * counts (git's --numstat), and it is the costly part of a walk: git must
   * inflate and diff both blobs of every changed file, about 9x the time of
   * `git log --name-status`. Pass false to get null counts at name-status speed.
   */
  lineCounts?: boolean;
  /** Called once per commit yielded, for progress bars. */
  onCommit?: (commit: Commit) => void;
}

/**
 * One interface over a git repository, two implementations that produce
 * identical records: `native` streams `git log` from a git binary, `isomorphic`
 * reads objects with isomorphic-git and needs nothing installed.
 *
 * The backend reads whatever it is asked to; it knows nothing of T0. Keeping
 * post-T0 work out of a snapshot is the snapshot stage's job (src/snapshot/guard.ts).
 */
export interface GitBackend {
  readonly name: BackendName;
  readonly facts: RepoFacts;

  /**
   * Walks first parents from `tip`, newest first, with each commit's changed
   * files against its first parent (the empty tree for a root commit). Renames
   * are exact renames only (same blob, new path), so both backends agree.
   * Stops before a commit in `stopAt`, or where a shallow clone's history ends.
   */
  log(tip: string, options?: LogOptions): AsyncIterable<Commit>;

  /**
   * Optional batch reads, for walks of many short branches (src/git/merged-branches.ts; readCommits also for
   * src/snapshot/branch-walks.ts):
   * every commit on the first-parent chains from `tips` with its parents (none past a shallow
   * boundary), and the named commits as `log(..., { lineCounts: false })`
   * yields them, in the order named. A backend without them is walked with `log`.
   */
  parentGraph?(tips: readonly string[]): Promise<Map<string, string[]>>;
  readCommits?(shas: readonly string[]): AsyncIterable<Commit>;
  /** Optional: the full messages of the named commits, by sha, read without their changed files. */
  readMessages?(shas: readonly string[]): Promise<Map<string, string>>;

  /** Every file in the tree of `commit`, sorted by path. */
  listFiles(commit: string): Promise<TreeFile[]>;

  /** A blob's bytes by object id; null when the blob is missing (partial clones, mirrors without large files). */
  readBlob(oid: string): Promise<Uint8Array | null>;

  /**
   * A file's bytes at a commit (`<commit>:<path>`; `git cat-file --batch` takes
   * that form, isomorphic-git's readBlob takes oid + filepath); null when the
   * path does not exist there or its blob is missing.
   */
  readFileAt(commit: string, path: string): Promise<Uint8Array | null>;

  /**
   * Whether `ancestor` is `descendant` or reachable from it by any parents (git merge-base
   * --is-ancestor); false when either is missing or a shallow boundary hides the path.
   */
  isAncestor(ancestor: string, descendant: string): Promise<boolean>;

  /**
   * Optional: the first-parent chains from `tips` as far as `head` does not reach them by any parents, in one read
   * (`git rev-list --first-parent --parents --timestamp tips ^head`): each such commit's parents as git walks them
   * (none past a shallow boundary) and its committer time. null when git cannot read one of the commits. Without
   * it, callers walk each tip with `log` and bisect with isAncestor.
   */
  unreachedFirstParents?(tips: readonly string[], head: string): Promise<ReadonlyMap<string, UnreachedCommit> | null>;

  /** All tags, peeled to commits; tags that point at non-commits are left out. */
  listTags(): Promise<Tag[]>;

  /** What could not be read so far (missing blobs and trees); a fresh copy on each read. */
  readonly gaps: HistoryGaps;

  /** Releases processes and handles (the native backend keeps a `git cat-file --batch` open). */
  close(): Promise<void>;
}
