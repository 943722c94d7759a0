import { z } from 'zod';

/**
 * A unit of landed work: a pull request (reconstructed from a squash or merge
 * commit, or later read from GitHub) or a plain commit on the default branch.
 * Work items before T0 are snapshot evidence; those after T0 are "later work",
 * read by validation only.
 */
export const WorkItemKind = z.enum(['squash', 'merge', 'commit']);
export type WorkItemKind = z.infer<typeof WorkItemKind>;

export const WorkItem = z.object({
  /** Stable key within a repository: `pr#123`, or `commit:<sha>` for direct commits. */
  key: z.string(),
  /** Pull-request number, null for direct commits. */
  number: z.number().int().positive().nullable(),
  /** The first-parent commit of the default branch that landed the work (for work a branch merge brought, the merged branch's commit; src/sources/merged-branches.ts). */
  sha: z.string(),
  title: z.string(),
  body: z.string(),
  /** When it landed on the default branch: the committer time of `sha` (of the branch merge, for work it brought). */
  mergedAt: z.string(),
  author: z.string(),
  /** Paths changed against the first parent, sorted. */
  paths: z.array(z.string()),
  kind: WorkItemKind,
  /** Labels, where a tracker gave them (empty for work reconstructed from git). */
  labels: z.array(z.string()),
  /** Dependency or bot work (dependabot, renovate, "Bump x from a to b", chore(deps)): stored, but marked. */
  bot: z.boolean(),
  /** Why it was marked as bot work, or null. */
  botReason: z.string().nullable(),
  /**
   * A merge that integrated a branch whose own commits are read as work items of
   * their own (src/sources/merged-branches.ts): a branch merge, counted apart.
   * Absent (false) otherwise.
   */
  integration: z.boolean().optional(),
  /**
   * Its title states no work ("Minor tweaks", a bare "Fix typos", "Fix CI", 💚/👷) and would count it apart as a
   * chore, but its first-parent diff changes source or test lines beyond formatting, comments and respelt words
   * (src/sources/diff-work.ts): a change that does work (src/sources/work-kind.ts). Read from the clone when the
   * snapshot command saves the item (src/api/diff-work-marks.ts) and stored (work_items.diff_work, migration 13), so a
   * re-parsed item (a queued worker's shard, `study --jobs N`) reads as an in-process one. Absent (false) otherwise.
   */
  diffWork: z.boolean().optional(),
});
export type WorkItem = z.infer<typeof WorkItem>;

/**
 * What a work item is, as later work (src/sources/work-kind.ts): a pull
 * request or a direct change that does work, or work counted apart: a
 * release or version bump, a branch merge (one branch integrated into
 * another), a translation, a chore (formatting, CI, contributor lists), bot
 * or dependency work. Read from the item on demand, never stored, so every
 * stored item has one.
 */
export const WorkKind = z.enum(['pull_request', 'direct', 'release', 'branch_merge', 'translation', 'chore', 'bot']);
export type WorkKind = z.infer<typeof WorkKind>;

/** The kinds that do work: validation, coverage and the judges read these; the rest are counted apart. */
export const WORKING_KINDS: readonly WorkKind[] = ['pull_request', 'direct'];
