import { z } from 'zod';

/**
 * The demo's nouns: a CommitSpec says what one commit of a generated
 * repository holds; writeRepo turns a list of them into a real git repository
 * (src/demo/write-repo.ts), and the demo scenario is such a list plus the plan
 * that tests hold forecasts to (src/demo/scenario.ts).
 */

export const Person = z.object({ name: z.string().min(1), email: z.string() });
export type Person = z.infer<typeof Person>;

/** A file's new content: text (UTF-8), bytes, null to delete, or either with the executable bit. */
const Bytes = z.custom<Uint8Array>((value) => value instanceof Uint8Array, 'expected a Uint8Array');

export const FileContent = z.union([
  z.string(),
  Bytes,
  z.null(),
  z.object({ content: z.union([z.string(), Bytes]), executable: z.boolean() }),
]);
export type FileContent = z.infer<typeof FileContent>;

/** A lightweight tag (just a name) or an annotated tag (a tag object with a message and a tagger time). */
export const TagSpec = z.union([
  z.string().min(1),
  z.object({ name: z.string().min(1), message: z.string(), at: z.string().optional() }),
]);
export type TagSpec = z.infer<typeof TagSpec>;

export const CommitSpec = z.object({
  /** ISO date or date-time (with zone): the committer time, and the author time unless `authoredAt` is set. */
  at: z.string(),
  /** Author time when it differs from `at` (a squash merge is authored before it lands). */
  authoredAt: z.string().optional(),
  msg: z.string(),
  /** Paths relative to the repository root; null deletes the path (a file or a whole folder). */
  files: z.record(z.string(), FileContent).optional(),
  author: Person.optional(),
  /** Defaults to the author. */
  committer: Person.optional(),
  /** Default: the default branch. A new branch starts at the tip of `from` (default: the default branch). */
  branch: z.string().min(1).optional(),
  /** Only when `branch` is first used: the branch to fork from. */
  from: z.string().min(1).optional(),
  /**
   * A branch to merge: this commit gets that branch's tip as second parent, and
   * its tree adds that branch's changes since it forked (or was last merged).
   */
  merge: z.string().min(1).optional(),
  tag: TagSpec.optional(),
});
export type CommitSpec = z.infer<typeof CommitSpec>;

export const WriteRepoOptions = z.object({
  bare: z.boolean().optional(),
  /** Default 'main'. */
  defaultBranch: z.string().min(1).optional(),
  /** Check the work tree out at the end; default true for a non-bare repository. */
  checkout: z.boolean().optional(),
  /** Leave HEAD detached at a commit: a spec index, a branch or tag name, or a commit sha. */
  detach: z.union([z.number().int().nonnegative(), z.string().min(1)]).optional(),
  /** Write refs for the default branch only, as a fresh clone would have them; default false (every branch). */
  onlyDefaultBranch: z.boolean().optional(),
});
export type WriteRepoOptions = z.infer<typeof WriteRepoOptions>;

export const WrittenRepo = z.object({
  /** The work tree, or the repository itself when bare. */
  dir: z.string(),
  gitdir: z.string(),
  /** One commit sha per spec, in order. */
  shas: z.array(z.string()),
  /** The commit HEAD points at; '' when the repository has no commits on HEAD's branch. */
  head: z.string(),
  /** Branch name to tip sha, for every branch written. */
  branches: z.record(z.string(), z.string()),
});
export type WrittenRepo = z.infer<typeof WrittenRepo>;

export const StreamCategory = z.enum(['feature', 'bugfix', 'refactor']);
export type StreamCategory = z.infer<typeof StreamCategory>;

/** A planted line of work in the demo: what a good forecast at T0 should find (or, if it stopped, not find). */
export const DemoStream = z.object({
  id: z.string(),
  category: StreamCategory,
  /** The directory the work happens in, e.g. 'src/parser'. */
  anchor: z.string(),
  continuesAfterT0: z.boolean(),
  keywords: z.array(z.string()),
  /** Pull requests of this stream, oldest first. */
  prs: z.array(z.number().int().positive()),
});
export type DemoStream = z.infer<typeof DemoStream>;

/** A pull request of the demo history, as the scenario planned it. */
export const DemoPullRequest = z.object({
  number: z.number().int().positive(),
  title: z.string(),
  at: z.string(),
  kind: z.enum(['squash', 'merge']),
  /** As history shows it: the author's name for a squash merge, the branch owner's login for a merge commit. */
  author: z.string(),
  /** The stream it belongs to, or null for background work. */
  stream: z.string().nullable(),
  bot: z.boolean(),
});
export type DemoPullRequest = z.infer<typeof DemoPullRequest>;

export const DemoScenario = z.object({
  name: z.string(),
  start: z.string(),
  t0: z.string(),
  /** End of the validation window (exclusive): t0 + 6 months. */
  windowEnd: z.string(),
  defaultBranch: z.string(),
  streams: z.array(DemoStream),
  pullRequests: z.array(DemoPullRequest),
  /** Release tags with the time of the commit they tag. */
  releases: z.array(z.object({ tag: z.string(), at: z.string(), annotated: z.boolean() })),
  /** The whole history, oldest first; buildDemoRepo writes it (or its prefix up to `until`). */
  commits: z.array(CommitSpec),
});
export type DemoScenario = z.infer<typeof DemoScenario>;

export const DemoRepoOptions = z.object({
  /** ISO date: leave out every commit after it. The commits kept are byte-identical to the full history's. */
  until: z.string().optional(),
  bare: z.boolean().optional(),
});
export type DemoRepoOptions = z.infer<typeof DemoRepoOptions>;

export const DemoRepo = WrittenRepo.extend({ scenario: DemoScenario });
export type DemoRepo = z.infer<typeof DemoRepo>;
