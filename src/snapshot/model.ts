import { z } from 'zod';
import { WorkItem } from '../sources/model.js';

/**
 * A Snapshot is everything that was visible in a repository at T0, and nothing
 * else. Every evidence row carries the time it became visible (`date`), which
 * is <= T0; src/snapshot/guard.ts refuses any row that is not.
 *
 * Evidence is a discriminated union on `kind`. Every kind shares `ref` (stable
 * within the snapshot, what a TaskFamily cites), `date` and `text` (one line a
 * person can read).
 */
const base = {
  ref: z.string(),
  date: z.string(),
  text: z.string(),
};

export const WorkItemEvidence = z.object({ kind: z.literal('work_item'), ...base, item: WorkItem });

export const TodoEvidence = z.object({
  kind: z.literal('todo'),
  ...base,
  path: z.string(),
  line: z.number().int().positive(),
  /** TODO, FIXME, HACK or XXX. */
  marker: z.string(),
  /** When the line first appeared, where found within the lookup budget; else null. */
  firstSeen: z.string().nullable(),
  /**
   * The declaration a note that says "this", "it" or "me" is about, where the scan can tell: the one right below
   * the note, or the one whose body the note opens ("GitignoreBuilder.case_insensitive"). Absent otherwise.
   */
  subject: z.string().optional(),
});

export const ChangelogEvidence = z.object({
  kind: z.literal('changelog'),
  ...base,
  path: z.string(),
  line: z.number().int().positive(),
  /** The section heading the line sits under ("Unreleased", "1.4.0 - 2024-11-02"). */
  section: z.string(),
});

export const RoadmapEvidence = z.object({
  kind: z.literal('roadmap'),
  ...base,
  path: z.string(),
  line: z.number().int().positive(),
  /** A checked box (`- [x]`) is done work; unchecked or plain items are planned. */
  done: z.boolean(),
});

/**
 * Pending work the repository announces at the snapshot commit: a deprecation
 * notice with its stated target, or a declared supported runtime
 * (src/snapshot/pending.ts); a test skipped or expected to fail with a reason,
 * or a pending test (src/snapshot/known-failures.ts); a statement that
 * something is not supported or implemented yet (src/snapshot/missing-support.ts).
 * Dated by the snapshot commit.
 */
export const PendingEvidence = z.object({
  kind: z.literal('pending'),
  ...base,
  path: z.string(),
  line: z.number().int().positive(),
  signal: z.enum(['deprecation', 'runtime', 'skipped_test', 'expected_failure', 'pending_test', 'not_supported', 'not_implemented', 'planned', 'new_trait', 'needs_work']),
  /**
   * The deprecated name (or '' when the notice names none); the runtime: python, node, go, rust; the
   * test's name (skipped_test, expected_failure, pending_test); what is not supported or implemented yet, or planned;
   * the trait (new_trait: a public trait first seen in the year before T0 that two or more of the project's types
   * implement at T0, src/snapshot/trait-impls.ts; dated by its declaration's first appearance).
   */
  subject: z.string(),
  /**
   * Removal version or date of a deprecation; the lowest declared version of a runtime; the stated reason
   * of a skipped test or expected failure (null when none is given); null for a statement of missing support.
   */
  target: z.string().nullable(),
  /** Versions a runtime declaration or CI matrix lists, lowest first. */
  versions: z.array(z.string()),
  /**
   * A Cargo.toml's `rust-version`: each value it took along the first-parent
   * history up to the snapshot commit, oldest first, dated by the commit that
   * set it (src/snapshot/msrv-history.ts). Absent elsewhere.
   */
  history: z.array(z.object({ date: z.string(), version: z.string() })).optional(),
  /**
   * A runtime row of a CI test matrix: a `matrix:` block, a tox envlist, or the versions a job hands a reusable
   * workflow that runs its matrix (`node-versions: '18,20,22,24'`); absent for a manifest, a pin or a CI job's single
   * setup version. Only a matrix is where a release is added (src/forecast/pending/runtimes.ts).
   */
  matrix: z.literal(true).optional(),
  /** new_trait: the types that implement the trait at T0, in path and line order, each with where (`path:line`). */
  implementors: z.array(z.object({ type: z.string(), at: z.string() })).optional(),
  /**
   * new_trait: for a trait declared beside an implemented one and itself implemented by fewer than two types, the
   * implemented trait's name (`OptionalFromRequest` beside `OptionalFromRequestParts`); absent otherwise.
   */
  sibling: z.string().optional(),
});

/**
 * A runtime dependency the project removed from one of its main manifests before T0 (src/snapshot/dependency-removals.ts):
 * present in one version of the manifest, absent from the next and still absent at the snapshot commit. Dated by the
 * first-parent commit that removed it.
 */
export const DependencyRemovalEvidence = z.object({
  kind: z.literal('dependency_removal'),
  ...base,
  /** The manifest (package.json, Cargo.toml, pyproject.toml, setup.cfg, go.mod). */
  path: z.string(),
  /** The dependency's name, as the ecosystem compares it (lower-cased). */
  name: z.string(),
  commit: z.string(),
  /** The removing change's title (its work item's, else the commit's subject). */
  title: z.string(),
  /** The work item that landed the commit (`pr#12`, `commit:<sha>`), null when the snapshot has none. */
  item: z.string().nullable(),
});

/**
 * A branch present in the clone at T0 whose commits are not on the default branch at T0
 * (src/snapshot/branches.ts): the branch cut at its newest first-parent commit dated <= T0,
 * its own first-parent commits from there back to where it left the default branch's history.
 * Dated by its newest commit. `longLived` is read by the forecaster, not stored: see branchIsLongLived.
 */
export const BranchEvidence = z.object({
  kind: z.literal('branch'),
  ...base,
  /** The branch's name without refs/heads/ or refs/remotes/<remote>/. */
  name: z.string(),
  /** The commit the branch was cut at (its newest first-parent commit dated <= T0). */
  tip: z.string(),
  /** The newest commit of the branch's first parents that the default branch at T0 also has; null when none was reached. */
  forkPoint: z.string().nullable(),
  forkDate: z.string().nullable(),
  /** How many first-parent commits the branch has at T0 (all of them, also past the `commits` kept). */
  commitCount: z.number().int().positive(),
  firstDate: z.string(),
  lastDate: z.string(),
  /** Its first-parent commits at T0, newest first, at most MAX_BRANCH_COMMITS: sha, committer date and title. */
  commits: z.array(z.object({ sha: z.string(), date: z.string(), title: z.string() })),
  /** Files its commits changed, with how many commits changed each, most first (at most 50). */
  paths: z.array(z.object({ path: z.string(), commits: z.number().int().positive() })),
});

export type BranchEvidence = z.infer<typeof BranchEvidence>;

export const TagEvidence = z.object({ kind: z.literal('tag'), ...base, name: z.string(), commit: z.string() });

export const HotspotEvidence = z.object({
  kind: z.literal('hotspot'),
  ...base,
  /** A directory ('' for the repository root), as a path prefix without trailing slash. */
  dir: z.string(),
  /** First-parent commits touching the directory in the 90 / 365 days up to T0. */
  commits90: z.number().int().nonnegative(),
  commits365: z.number().int().nonnegative(),
  /** File changes (one per file per commit) in those windows. */
  changes90: z.number().int().nonnegative(),
  changes365: z.number().int().nonnegative(),
});

/**
 * An issue or pull request from the tracker archive, as it stood at T0 (see
 * src/github/as-of-t0.ts): open at T0, or closed in the year before it. A
 * pull request merged by T0 is a work item instead. `date` is when it was
 * opened; everything in it is dated at or before T0.
 */
export const IssueEvidence = z.object({
  kind: z.literal('issue'),
  ...base,
  number: z.number().int().positive(),
  pullRequest: z.boolean(),
  state: z.enum(['open', 'closed', 'merged']),
  labels: z.array(z.string()),
  author: z.string(),
  closedAt: z.string().nullable(),
  /** The latest time at or before T0 anything visible happened to it (comment, label, close...). */
  lastActivityAt: z.string(),
  /** The body at T0, cut to 2000 characters; empty when withheld. */
  body: z.string(),
  /** Edited after T0 with no recoverable earlier text: not shown. */
  bodyWithheld: z.boolean(),
  commentCount: z.number().int().nonnegative(),
  /** The latest comments at T0 (at most 10, each cut to 500 characters). */
  comments: z.array(z.object({ author: z.string(), date: z.string(), body: z.string(), bodyWithheld: z.boolean() })),
  /** A pull request's changed files, where known to be those at T0. */
  paths: z.array(z.string()),
  pathsWithheld: z.boolean(),
});

export const Evidence = z.discriminatedUnion('kind', [
  WorkItemEvidence,
  TodoEvidence,
  ChangelogEvidence,
  RoadmapEvidence,
  TagEvidence,
  HotspotEvidence,
  IssueEvidence,
  PendingEvidence,
  DependencyRemovalEvidence,
  BranchEvidence,
]);
export type Evidence = z.infer<typeof Evidence>;
export type EvidenceKind = Evidence['kind'];

/** Settings that change a snapshot's content, so they are part of its hash. */
export const SnapshotConfig = z.object({
  todoMaxFileBytes: z.number().int().positive(),
  todoMaxLines: z.number().int().positive(),
  todoFirstSeenBudget: z.number().int().nonnegative(),
  hotspotTop: z.number().int().positive(),
});
export type SnapshotConfig = z.infer<typeof SnapshotConfig>;

export const Snapshot = z.object({
  repo: z.object({ name: z.string(), path: z.string(), defaultBranch: z.string() }),
  t0: z.string(),
  /** The newest first-parent commit of the default branch at or before T0. */
  commit: z.string(),
  commitTime: z.string(),
  config: SnapshotConfig,
  /**
   * Directories in the tree at the snapshot commit (to depth 3; '' is the root)
   * with the number of files directly in each, sorted by path: the code areas
   * that existed at T0.
   */
  tree: z.array(z.object({ dir: z.string(), files: z.number().int().nonnegative() })),
  /** How much of each thing was seen, skipped or missing. */
  counts: z.record(z.string(), z.number()),
  /** sha256 over t0, commit, config, tree and evidence (not the repo's path or anything after T0). */
  hash: z.string(),
  evidence: z.array(Evidence),
});
export type Snapshot = z.infer<typeof Snapshot>;
