import { z } from 'zod';
import { Category } from '../forecast/model.js';
import { Steer } from '../synthesize/model.js';

/**
 * The calibration stage's nouns (docs/calibrate.md). An agent's results on the
 * exported tasks of one synthesis become per-task pass rates and bands
 * (never / frontier / always), per-family and per-category summaries, and the
 * next round's allocation over the validation's families.
 */

/** The results files `calibrate` reads; one calibration reads one format. */
export const RESULTS_FORMATS = ['swebench-run', 'swebench-instance', 'harbor-job', 'harbor-trial', 'jsonl'] as const;
export const ResultsFormat = z.enum(RESULTS_FORMATS);
export type ResultsFormat = z.infer<typeof ResultsFormat>;

/** One attempt of the agent at one task, as a results file said it. */
export const Attempt = z.object({
  instanceId: z.string().min(1),
  /** What tells attempts of one task apart: the JSONL `attempt`, the SWE-bench run, the Harbor trial. */
  attempt: z.string().min(1),
  solved: z.boolean(),
  /** The reward in [0, 1] where the format gives one (Harbor, JSONL `reward`), else null. */
  reward: z.number().min(0).max(1).nullable(),
  /** The results file it came from, as given. */
  source: z.string(),
});
export type Attempt = z.infer<typeof Attempt>;

/** What one results file held: its attempts, the agent it names (if any), and what was skipped with why. */
export const ResultsFile = z.object({
  path: z.string(),
  format: ResultsFormat,
  sha256: z.string(),
  /** The agents the file names (Harbor's agent and model, a JSONL "agent"), when it names any. */
  agents: z.array(z.string()),
  attempts: z.array(Attempt),
  /** Entries that are not attempts of the agent (harness errors), one line each. */
  skipped: z.array(z.string()),
});
export type ResultsFile = z.infer<typeof ResultsFile>;

export const BANDS = ['never', 'frontier', 'always', 'undetermined', 'untested'] as const;
/**
 * never: pass rate <= never_at; always: >= always_at; frontier: in between.
 * undetermined: fewer attempts than min_attempts; untested: no attempt at all.
 */
export const Band = z.enum(BANDS);
export type Band = z.infer<typeof Band>;

/** Band edges: a task needs `minAttempts` attempts to be banded; then its pass rate is compared with the edges. */
export const BandEdges = z
  .object({
    minAttempts: z.number().int().min(1),
    neverAt: z.number().min(0).max(1),
    alwaysAt: z.number().min(0).max(1),
  })
  .refine((e) => e.neverAt < e.alwaysAt, { message: 'never_at must be below always_at' });
export type BandEdges = z.infer<typeof BandEdges>;

/** The default frontier: solved in some but not all attempts, with at least two attempts to say so. */
export const DEFAULT_EDGES: BandEdges = { minAttempts: 2, neverAt: 0, alwaysAt: 1 };

/** Where the next round's tasks of a family go: harder or easier variants, or as they were (src/synthesize/model.ts). */
export { Steer };

/** What a task's gold patch and tests say about its size; null for specifications (no gold patch). */
export const DifficultySignals = z.object({
  goldLines: z.number().int().nonnegative().nullable(),
  filesTouched: z.number().int().nonnegative().nullable(),
  failToPass: z.number().int().nonnegative().nullable(),
});
export type DifficultySignals = z.infer<typeof DifficultySignals>;

export const Interval = z.object({ low: z.number(), high: z.number() });
export type Interval = z.infer<typeof Interval>;

export const TaskCalibration = z.object({
  taskId: z.number().int().positive(),
  instanceId: z.string(),
  familyId: z.string(),
  category: Category,
  status: z.enum(['spec', 'verified']),
  attempts: z.number().int().nonnegative(),
  /** Attempts that solved it. */
  resolved: z.number().int().nonnegative(),
  /** resolved / attempts; null without attempts. */
  passRate: z.number().nullable(),
  /** Wilson score interval (95%) of the pass rate; null without attempts. */
  interval: Interval.nullable(),
  /** Unbiased pass@k (Chen et al. 2021) for each k in PASS_AT_K up to the attempts. */
  passAtK: z.record(z.string(), z.number()),
  /** Mean reward where rewards were given, else null. */
  meanReward: z.number().nullable(),
  band: Band,
  signals: DifficultySignals,
});
export type TaskCalibration = z.infer<typeof TaskCalibration>;

export const BandCounts = z.object({
  never: z.number().int().nonnegative(),
  frontier: z.number().int().nonnegative(),
  always: z.number().int().nonnegative(),
  undetermined: z.number().int().nonnegative(),
  untested: z.number().int().nonnegative(),
});
export type BandCounts = z.infer<typeof BandCounts>;

/** A family's or a category's tasks, summed. */
export const GroupCalibration = z.object({
  tasks: z.number().int().nonnegative(),
  attempts: z.number().int().nonnegative(),
  resolved: z.number().int().nonnegative(),
  /** Pooled: resolved / attempts over its tasks; null without attempts. */
  passRate: z.number().nullable(),
  /** Its 95% interval, a bootstrap over the tested tasks (groups.ts pooledPassRateInterval); absent in calibrations stored before stats58. */
  passRateInterval: Interval.nullable().optional(),
  bands: BandCounts,
  /** frontier / (never + frontier + always); null when no task is banded. */
  frontierShare: z.number().nullable(),
  /** Its 95% Wilson interval over the banded tasks; absent in calibrations stored before stats58. */
  frontierShareInterval: Interval.nullable().optional(),
  /** Means over its tasks that have the signal. */
  signals: z.object({ goldLines: z.number().nullable(), filesTouched: z.number().nullable(), failToPass: z.number().nullable() }),
});
export type GroupCalibration = z.infer<typeof GroupCalibration>;

export const FamilyCalibration = GroupCalibration.extend({
  familyId: z.string(),
  title: z.string(),
  category: Category,
  label: z.enum(['strong', 'related']),
  score: z.number(),
  /** Beta(1, 1) posterior mean of "a task of this family lands at the frontier": (frontier + 1) / (banded + 2). */
  learnability: z.number(),
  steer: Steer,
});
export type FamilyCalibration = z.infer<typeof FamilyCalibration>;

export const CategoryCalibration = GroupCalibration.extend({
  category: Category,
  /** (frontier + 1) / (banded + 2) over the category's tasks. */
  learnability: z.number(),
  /** Share of categorised non-bot work in the validation window (renormalised over categories with validated families). */
  prevalence: z.number(),
  /** prevalenceWeight x prevalence + (1 - prevalenceWeight) x learnability share: the next round's category share. */
  share: z.number(),
});
export type CategoryCalibration = z.infer<typeof CategoryCalibration>;

/** Difficulty signals against pass rate over the tested tasks that have the signal: Spearman's rho, null under 3 tasks or without spread. */
export const SignalCorrelation = z.object({
  signal: z.enum(['goldLines', 'filesTouched', 'failToPass']),
  tasks: z.number().int().nonnegative(),
  spearman: z.number().nullable(),
});
export type SignalCorrelation = z.infer<typeof SignalCorrelation>;

/** One validated family's tasks in the next round. */
export const NextAllocation = z.object({
  familyId: z.string(),
  category: Category,
  /** Tasks this round (the calibrated synthesis), rejected ones included. */
  previous: z.number().int().nonnegative(),
  /** Tasks next round, for the same total. */
  tasks: z.number().int().nonnegative(),
  /** learnability x score x label weight: the family's claim within its category. */
  weight: z.number(),
  steer: Steer,
});
export type NextAllocation = z.infer<typeof NextAllocation>;

/** The plan `synthesize --calibration` follows, for any total. */
export const AllocationPlan = z.object({
  /** Category shares of the next round (sum 1 over categories with validated families). */
  categoryShares: z.record(z.string(), z.number()),
  /** Per family: weight within its category, and the steer for the llm backend. */
  families: z.record(z.string(), z.object({ weight: z.number(), steer: Steer })),
  /** The total when `--total` is not given: this round's task count. */
  total: z.number().int().positive(),
});
export type AllocationPlan = z.infer<typeof AllocationPlan>;

export const CalibrationConfig = z.object({
  edges: BandEdges,
  /** A reward at or above this counts as solved. */
  solvedAt: z.number().min(0).max(1),
  /** Weight of real demand (window prevalence) against the learnability steer, in [0, 1]. */
  prevalenceWeight: z.number().min(0).max(1),
  /** Where prevalence came from: the window's work items, or the forecast's category mix when none could be categorised. */
  prevalenceSource: z.enum(['window', 'forecast-mix']),
});
export type CalibrationConfig = z.infer<typeof CalibrationConfig>;

export const Calibration = z.object({
  synthesisId: z.number().int().positive(),
  validationId: z.number().int().positive(),
  agent: z.string().min(1),
  format: ResultsFormat,
  files: z.array(z.object({ path: z.string(), sha256: z.string(), attempts: z.number().int().nonnegative(), skipped: z.number().int().nonnegative() })),
  config: CalibrationConfig,
  counts: z.object({ tasks: z.number().int().nonnegative(), attempts: z.number().int().nonnegative(), resolved: z.number().int().nonnegative(), bands: BandCounts }),
  /** Mean pass@k over tested tasks with at least k attempts. */
  passAtK: z.record(z.string(), z.number()),
  tasks: z.array(TaskCalibration),
  families: z.array(FamilyCalibration),
  categories: z.array(CategoryCalibration),
  correlations: z.array(SignalCorrelation),
  nextAllocation: z.array(NextAllocation),
  plan: AllocationPlan,
});
export type Calibration = z.infer<typeof Calibration>;

/** The k of pass@k reported (each only where a task has at least k attempts). */
export const PASS_AT_K = [1, 2, 5, 10] as const;
