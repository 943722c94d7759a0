import { z } from 'zod';
import { Category, TaskFamily } from '../forecast/model.js';

/**
 * The synthesis stage's nouns. A family judged strong or related conditions
 * new coding tasks at a task-generation snapshot Tgen: its inputs are the
 * family (frozen at T0) and the code at Tgen, never the later work that
 * validated it (docs/synthesis.md).
 */

export const BACKENDS = ['template', 'llm'] as const;
export const SynthesisBackend = z.enum(BACKENDS);
export type SynthesisBackend = z.infer<typeof SynthesisBackend>;

/** `spec`: a specification, not executable. `verified`: passed the execution gate. `rejected`: see `rejection`. */
export const TaskStatus = z.enum(['spec', 'verified', 'rejected']);
export type TaskStatus = z.infer<typeof TaskStatus>;

/** The verdict labels a family must have to condition tasks. */
export const ValidatedLabel = z.enum(['strong', 'related']);
export type ValidatedLabel = z.infer<typeof ValidatedLabel>;

export const REJECTION_CODES = [
  /** The problem statement reads like a work item before Tgen or in the validation window. */
  'LEAKAGE_TEXT',
  /** The gold patch adds the lines some such work item added. */
  'LEAKAGE_PATCH',
  /** The behaviour asked for is already there at Tgen (new tests pass without the gold patch; every note resolved). */
  'BEHAVIOUR_EXISTS',
  /** No test fails before the gold patch and passes after it (other than "the behaviour exists"). */
  'NO_FAIL_TO_PASS',
  /** A new test fails (or flips) with the gold patch in some run: the gold does not implement the statement. */
  'NEW_TEST_FAILS_WITH_GOLD',
  /** The verified task does not belong to its family (the strict judge's text rule). */
  'OFF_FAMILY',
  /** The gold patch makes previously passing tests fail. */
  'BREAKS_TESTS',
  /** The empty patch already resolves the task. */
  'EMPTY_PATCH_RESOLVES',
  /** The test command's output gave no per-test results. */
  'NO_TEST_RESULTS',
  /** A test run hit the time or memory limit. */
  'TEST_LIMIT',
  'PATCH_DOES_NOT_APPLY',
  /** The agent loop ended (step budget, no tool call) without submitting. */
  'AGENT_GAVE_UP',
  /** None of the family's anchor paths exists at Tgen. */
  'ANCHOR_MISSING',
] as const;
export const RejectionCode = z.enum(REJECTION_CODES);
export type RejectionCode = z.infer<typeof RejectionCode>;

export const Rejection = z.object({ code: RejectionCode, reason: z.string() });
export type Rejection = z.infer<typeof Rejection>;

/** A note (TODO, FIXME, HACK, XXX) in a file at Tgen. */
export const CodeNote = z.object({ line: z.number().int().positive(), text: z.string() });
export type CodeNote = z.infer<typeof CodeNote>;

/** One file of the anchor as it is at Tgen. */
export const GroundedFile = z.object({
  path: z.string(),
  /** Top-level functions, classes, types and exported names, in file order (at most 30). */
  symbols: z.array(z.string()),
  notes: z.array(CodeNote),
  lines: z.number().int().nonnegative(),
});
export type GroundedFile = z.infer<typeof GroundedFile>;

/** What the code at Tgen says about a family's anchor. Read from the tree at the Tgen commit only, never history. */
export const Grounding = z.object({
  commit: z.string(),
  time: z.string(),
  /** The family's anchor and target-hint paths that exist at Tgen. */
  presentPaths: z.array(z.string()),
  /** Those that do not (moved, deleted): the code has changed since T0. */
  missingPaths: z.array(z.string()),
  /** Source files of the anchor, most relevant first (at most 12). */
  files: z.array(GroundedFile),
  /** Test files that cover the anchor (at most 5). */
  testFiles: z.array(z.string()),
  /** Family notes (its TODO evidence) that are gone at Tgen: that part of the work is done. */
  resolvedNotes: z.array(z.string()),
  /** The repository's test command at Tgen, when one was given or detected. */
  testCommand: z.string().nullable(),
});
export type Grounding = z.infer<typeof Grounding>;

/**
 * Everything a backend may see. Strict: a verdict, its matches, later work
 * items or patches cannot ride along (docs/synthesis.md, "Conditioning").
 */
export const ConditioningInput = z.strictObject({
  repo: z.strictObject({ name: z.string() }),
  t0: z.string(),
  family: TaskFamily.strict(),
  label: ValidatedLabel,
  grounding: Grounding.strict(),
});
export type ConditioningInput = z.infer<typeof ConditioningInput>;

/** Where a calibration (docs/calibrate.md) steers a family's next tasks: harder or easier variants, or as they were. */
export const Steer = z.enum(['harder', 'easier', 'keep']);
export type Steer = z.infer<typeof Steer>;

/** Why a task exists: its family's share of `--total`. */
export const Allocation = z.object({
  familyId: z.string(),
  /** 1-based position among the family's tasks. */
  ordinal: z.number().int().positive(),
  /** Tasks given to the family. */
  familyTasks: z.number().int().positive(),
  /** The family's category's share of the forecast's families (renormalised over categories with validated families). */
  categoryShare: z.number(),
  /** Tasks given to the category. */
  categoryTasks: z.number().int().nonnegative(),
  /** score x label weight (strong 1, related 0.5): the family's claim within its category (x learnability under a calibration). */
  weight: z.number(),
  /** Under `synthesize --calibration`: the calibration, and where it steers this family's tasks. */
  calibrationId: z.number().int().positive().optional(),
  steer: Steer.optional(),
});
export type Allocation = z.infer<typeof Allocation>;

/** What a backend produced for one allocated slot, before any check. */
export const TaskDraft = z.object({
  title: z.string().min(1),
  problemStatement: z.string().min(1),
  hints: z.string(),
  acceptanceCriteria: z.array(z.string()),
  /** Unified diffs against Tgen; empty for specifications. */
  testPatch: z.string(),
  goldPatch: z.string(),
  /** The files and symbols the task is about. */
  focus: z.object({ paths: z.array(z.string()), symbols: z.array(z.string()) }),
  /** Family acceptance criteria left out because they are already met at Tgen. */
  droppedCriteria: z.array(z.string()),
});
export type TaskDraft = z.infer<typeof TaskDraft>;

/** The most similar work item for one measure. */
export const Similarity = z.object({
  score: z.number(),
  /** Work item key (`pr#12`), null when nothing was compared. */
  key: z.string().nullable(),
  /** Always null now: the item's title is later work, and a stored synthesis names it by key only. */
  title: z.string().nullable(),
  /** Where it sits: before Tgen, or in the validation window (T0, window end]. */
  scope: z.enum(['before-tgen', 'window', 'both']).nullable(),
});
export type Similarity = z.infer<typeof Similarity>;

export const LeakageReport = z.object({
  /** TF-IDF cosine of title, problem statement and hints against work items' title + body. */
  text: Similarity,
  /** Share of the gold patch's added lines that a work item also added; null without a gold patch. */
  patch: Similarity.nullable(),
  thresholds: z.object({ text: z.number(), patch: z.number() }),
  /** Work items compared: by text, and by lines (those touching a file the gold patch touches). */
  compared: z.object({ text: z.number().int().nonnegative(), patch: z.number().int().nonnegative() }),
});
export type LeakageReport = z.infer<typeof LeakageReport>;

export const TestOutcome = z.enum(['pass', 'fail', 'skip']);
export type TestOutcome = z.infer<typeof TestOutcome>;

/** One run of the test command, read into per-test results. */
export const TestRun = z.object({
  /** Which reader understood the output: tap, pytest, go, cargo; null when none. */
  format: z.string().nullable(),
  results: z.record(z.string(), TestOutcome),
  exitCode: z.number().int().nullable(),
  timedOut: z.boolean(),
  memoryExceeded: z.boolean(),
  durationMs: z.number().nonnegative(),
  /** The end of the output, for the log. */
  tail: z.string(),
  /** The same output as SWE-bench's own log parser keys it (src/synthesize/swebench-parsers.ts). */
  swebench: z.object({ parser: z.string(), results: z.record(z.string(), TestOutcome) }).nullable().optional(),
});
export type TestRun = z.infer<typeof TestRun>;

export const RunSummary = z.object({
  passed: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  exitCode: z.number().int().nullable(),
  timedOut: z.boolean(),
  memoryExceeded: z.boolean(),
  durationMs: z.number().nonnegative(),
});
export type RunSummary = z.infer<typeof RunSummary>;

/** What the dependency install did in a task's work tree (docs/synthesis.md, "Dependency install"). */
export const InstallRecord = z.object({
  command: z.string(),
  network: z.boolean(),
  sandbox: z.boolean(),
  exitCode: z.number().int().nullable(),
  durationMs: z.number().nonnegative(),
  /** What it created, excluded from git in the work tree (node_modules, .venv). */
  excluded: z.array(z.string()),
  /** Tracked files it changed, checked out again. */
  restored: z.array(z.string()),
  /** The end of its output. */
  logTail: z.string(),
});
export type InstallRecord = z.infer<typeof InstallRecord>;

/** The execution gate's record (docs/synthesis.md, "Execution gate"). */
export const Execution = z.object({
  testCommand: z.string(),
  runsPerState: z.number().int().positive(),
  format: z.string().nullable(),
  failToPass: z.array(z.string()),
  passToPass: z.array(z.string()),
  /** Tests whose outcome changed between runs of one state: left out of both lists. */
  flaky: z.array(z.string()),
  /** Tests that passed with the new tests alone and fail with the gold patch. */
  broken: z.array(z.string()),
  /** New tests (absent at Tgen) that do not pass in every gold run: the task is rejected (NEW_TEST_FAILS_WITH_GOLD). */
  newFailing: z.array(z.string()).default([]),
  goldResolves: z.boolean(),
  emptyPatchResolves: z.boolean(),
  runs: z.object({ gold: z.array(RunSummary), testsOnly: z.array(RunSummary), base: z.array(RunSummary) }),
  /** Output tails of the last run of each state (the hidden execution log). */
  log: z.object({ gold: z.string(), testsOnly: z.string(), base: z.string() }),
  /**
   * The same runs classified by the keys SWE-bench's own log parser gives them
   * (`parser` is its registry name): what an exported instance lists. Absent
   * for tasks gated before it was recorded, null when the format has no parser.
   */
  swebench: z.object({
    parser: z.string(),
    failToPass: z.array(z.string()),
    passToPass: z.array(z.string()),
    goldResolves: z.boolean(),
    emptyPatchResolves: z.boolean(),
  }).nullable().optional(),
  /** The dependency install run in the task's work tree before its tests (src/exec/install.ts); absent when none ran. */
  install: InstallRecord.optional(),
});
export type Execution = z.infer<typeof Execution>;

export const SynthesizedTask = z.object({
  /** Position in the synthesis, 0-based. */
  ord: z.number().int().nonnegative(),
  familyId: z.string(),
  familyTitle: z.string(),
  category: Category,
  label: ValidatedLabel,
  familyScore: z.number(),
  backend: SynthesisBackend,
  status: TaskStatus,
  rejection: Rejection.nullable(),
  title: z.string(),
  problemStatement: z.string(),
  hints: z.string(),
  acceptanceCriteria: z.array(z.string()),
  droppedCriteria: z.array(z.string()),
  testPatch: z.string(),
  goldPatch: z.string(),
  failToPass: z.array(z.string()),
  passToPass: z.array(z.string()),
  focus: z.object({ paths: z.array(z.string()), symbols: z.array(z.string()) }),
  allocation: Allocation,
  leakage: LeakageReport.nullable(),
  execution: Execution.nullable(),
});
export type SynthesizedTask = z.infer<typeof SynthesizedTask>;

export const SynthesisCounts = z.object({
  tasks: z.number().int().nonnegative(),
  spec: z.number().int().nonnegative(),
  verified: z.number().int().nonnegative(),
  rejected: z.number().int().nonnegative(),
  /** Tasks per family: `{F1: {tasks, spec, verified, rejected}}`. */
  perFamily: z.record(z.string(), z.object({ tasks: z.number(), spec: z.number(), verified: z.number(), rejected: z.number() })),
  /** Rejected tasks per rejection code. */
  rejections: z.record(z.string(), z.number()),
});
export type SynthesisCounts = z.infer<typeof SynthesisCounts>;

export const Synthesis = z.object({
  validationId: z.number().int().positive(),
  forecastId: z.number().int().positive(),
  repo: z.object({ name: z.string(), path: z.string() }),
  t0: z.string(),
  windowEnd: z.string(),
  /** `--tgen` as given (`HEAD` or a date), the commit it resolved to and that commit's time. */
  tgen: z.object({ given: z.string(), commit: z.string(), time: z.string() }),
  backend: SynthesisBackend,
  /** `--total`, or null for one task per validated family. */
  total: z.number().int().positive().nullable(),
  testCommand: z.string().nullable(),
  /** Settings that shaped the tasks (thresholds, runs, limits, model). */
  config: z.record(z.string(), z.unknown()),
  counts: SynthesisCounts,
  tasks: z.array(SynthesizedTask),
});
export type Synthesis = z.infer<typeof Synthesis>;
