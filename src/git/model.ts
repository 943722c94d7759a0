import { z } from 'zod';

/**
 * The git layer's nouns, after PyDriller's Commit and ModifiedFile: plain JSON
 * records, times as ISO strings in UTC (`Date.prototype.toISOString` form, so
 * they compare as strings). Both backends (native git, isomorphic-git) must
 * produce identical records; tests/git/backends-agree.test.ts holds them to it.
 */

export const FileStatus = z.enum(['added', 'modified', 'deleted', 'renamed']);
export type FileStatus = z.infer<typeof FileStatus>;

/** A file changed by a commit, compared with the commit's first parent. */
export const ModifiedFile = z.object({
  path: z.string(),
  /** Previous path for renames (exact renames only: same blob, new path), else null. */
  oldPath: z.string().nullable(),
  status: FileStatus,
  /** Lines added/deleted; null for binary files or where the backend cannot count cheaply. */
  additions: z.number().int().nonnegative().nullable(),
  deletions: z.number().int().nonnegative().nullable(),
});
export type ModifiedFile = z.infer<typeof ModifiedFile>;

export const Commit = z.object({
  sha: z.string(),
  parents: z.array(z.string()),
  authorName: z.string(),
  authorEmail: z.string(),
  authorTime: z.string(),
  committerName: z.string(),
  committerEmail: z.string(),
  committerTime: z.string(),
  /** Full message, decoded as UTF-8 (or in the encoding its `encoding` header names; invalid bytes become U+FFFD), one trailing newline removed. */
  message: z.string(),
  files: z.array(ModifiedFile),
});
export type Commit = z.infer<typeof Commit>;

/** A tag and the commit it points at (annotated tags are peeled). */
export const Tag = z.object({
  name: z.string(),
  commit: z.string(),
  /** Tagger time for annotated tags, else null (then the commit's time is what dates it). */
  taggerTime: z.string().nullable(),
  message: z.string().nullable(),
});
export type Tag = z.infer<typeof Tag>;

/** A file in a tree at some commit. Submodules (gitlinks) are not listed. */
export const TreeFile = z.object({
  path: z.string(),
  oid: z.string(),
  mode: z.string(),
});
export type TreeFile = z.infer<typeof TreeFile>;

/** What a repository is, read once when it is opened. */
export const RepoFacts = z.object({
  /** Canonical absolute path of the repository as given (work tree or bare dir). */
  path: z.string(),
  gitdir: z.string(),
  bare: z.boolean(),
  /** The default branch: HEAD's branch, or origin/HEAD's for a detached checkout. */
  defaultBranch: z.string(),
  /** The tip commit of the default branch. */
  tip: z.string(),
  /** Commits listed in .git/shallow (their parents are missing); empty for a full clone. */
  shallow: z.array(z.string()),
});
export type RepoFacts = z.infer<typeof RepoFacts>;

/**
 * What a backend could not read and went on without, counted since it was
 * opened. All zero for a complete repository; partial clones and mirrors
 * without large files are normal and only show up here.
 */
export const HistoryGaps = z.object({
  /** Commits yielded with null line counts because a blob git needed for them was missing. */
  linesUnavailable: z.number().int().nonnegative(),
  /** Distinct trees that were missing and read as empty (isomorphic backend). */
  missingTrees: z.number().int().nonnegative(),
  /** `readBlob` calls that found no blob. */
  missingBlobs: z.number().int().nonnegative(),
});
export type HistoryGaps = z.infer<typeof HistoryGaps>;
