import { z } from 'zod';
import { Category, ForecasterName } from '../forecast/model.js';
import { JudgeName, Metrics, Verdict } from '../validate/model.js';

/**
 * The study stage's nouns. A study runs snapshot → forecast (every
 * forecaster) → validate (every judge) over a list of repositories, and pools
 * the verdicts into one table. `StudyConfig` is the config file after
 * checking (src/study/config.ts): paths absolute, T0s canonical, defaults
 * filled in; its hash identifies the study, so rerunning the same config
 * resumes it.
 */

/** The offline forecasters a study runs when its config names none. */
export const DEFAULT_FORECASTERS = ['heuristic', 'hotspot', 'recency', 'random-anchor'] as const satisfies readonly ForecasterName[];


export const StudyRepo = z.object({
  /**
   * Identifies the repository: absolute (resolved against the config file's
   * folder); a config entry with only a clone URL has the URL here.
   */
  path: z.string().min(1),
  /**
   * A clone URL, when given: used where `path` is not a folder on the machine
   * doing the work (cloned into a local cache, docs/scale-out.md). Absent,
   * not null, when not given, so configs without one keep their hash.
   */
  url: z.string().min(1).optional(),
  /** Canonical UTC (`2025-01-01T00:00:00.000Z`). */
  t0: z.string(),
  /** `owner/name`, for the issue tracker source when archived; null when not given. */
  github: z.string().nullable(),
  /** The name shown in tables; null: derived from the path. */
  name: z.string().nullable(),
});
export type StudyRepo = z.infer<typeof StudyRepo>;

/**
 * How every repository of a study is forecast and judged: the last keys of StudyConfig and of RepoTask (a job carries
 * them, not the config). Keys in this order: a config's hash is of its keys as parsed.
 */
const StudyRunSettings = {
  forecasters: z.array(ForecasterName).min(1),
  judges: z.array(JudgeName).min(1),
  seed: z.number().int().nonnegative(),
  maxFamilies: z.number().int().positive(),
  /**
   * The heuristic's loose-family cap (`forecast --max-loose`). Absent means 0, the default: a config without it keeps
   * the hash (and so the stored study) it had before the key existed.
   */
  maxLoose: z.number().int().positive().optional(),
  /** The heuristic's score floor (`forecast --score-floor`). Absent means 0, the default, as for maxLoose. */
  scoreFloor: z.number().positive().max(1).optional(),
};

export const StudyConfig = z.object({
  name: z.string().min(1),
  /** As given (`6m`); every repository is validated over (T0, T0 + window]. */
  window: z.string(),
  repos: z.array(StudyRepo).min(1),
  ...StudyRunSettings,
});
export type StudyConfig = z.infer<typeof StudyConfig>;

export const RepoStatus = z.enum(['pending', 'done', 'failed']);
export type RepoStatus = z.infer<typeof RepoStatus>;

/** One validated forecast of a study: what the table pools. */
export const StudyRun = z.object({
  /** The repository's position in the config. */
  repoOrd: z.number().int().nonnegative(),
  forecaster: ForecasterName,
  judge: JudgeName,
  forecastId: z.number().int().positive(),
  abstained: z.boolean(),
  verdicts: z.array(Verdict),
  metrics: Metrics,
  /** The forecast's families in its own order (rank 1 first) with their scores: what @k and reliability read. Absent: verdict order, no scores. */
  ranking: z.array(z.object({ familyId: z.string(), score: z.number() })).optional(),
});
export type StudyRun = z.infer<typeof StudyRun>;

export const TableCategory = z.enum([...Category.options, 'all']);
export type TableCategory = z.infer<typeof TableCategory>;

/**
 * One row of the study table: a forecaster's verdicts by one judge in one
 * category, pooled over the repositories (docs/study.md defines each column).
 * Keys are snake_case, as printed by `--json` and by `swe-future query`.
 */
export const StudyTableRow = z.object({
  forecaster: ForecasterName,
  baseline: z.boolean(),
  judge: JudgeName,
  category: TableCategory,
  /** Repositories with a validated forecast from this forecaster and judge. */
  repos: z.number().int().nonnegative(),
  /** Of those, repositories where the forecaster abstained (emitted no family). */
  abstentions: z.number().int().nonnegative(),
  families: z.number().int().nonnegative(),
  strong: z.number().int().nonnegative(),
  related: z.number().int().nonnegative(),
  rejected: z.number().int().nonnegative(),
  /** (strong + related) / families, pooled; null with no family. */
  relevance: z.number().nullable(),
  /** strong / families, pooled; null with no family. */
  strong_rate: z.number().nullable(),
  /** Later work items matched strong by some family, summed over repositories; null in the per-category rows. */
  covered: z.number().int().nonnegative().nullable(),
  /** Non-bot later work items, summed over repositories; null in the per-category rows. */
  later_work: z.number().int().nonnegative().nullable(),
  /** covered / later_work (pooled); null in the per-category rows or with no later work. */
  coverage: z.number().nullable(),
  /** The baseline with the highest relevance for this judge and category; null for baselines. */
  best_baseline: ForecasterName.nullable(),
  /** relevance − best_baseline's relevance; null for baselines, or when either is null. */
  lift: z.number().nullable(),
  /** 95% Wilson interval of relevance (strong + related of families); null with no family. */
  relevance_low: z.number().nullable(),
  relevance_high: z.number().nullable(),
  /** 95% Wilson interval of strong_rate; null with no family. */
  strong_rate_low: z.number().nullable(),
  strong_rate_high: z.number().nullable(),
  /** 95% Wilson interval of coverage (covered of later_work); null where coverage is. */
  coverage_low: z.number().nullable(),
  coverage_high: z.number().nullable(),
  /**
   * 95% paired bootstrap interval of lift over the repositories both forecasters ran on (src/stats/bootstrap.ts);
   * null where lift is, or with fewer than 2 such repositories.
   */
  lift_low: z.number().nullable(),
  lift_high: z.number().nullable(),
});
export type StudyTableRow = z.infer<typeof StudyTableRow>;

const rate = z.number().nullable();

/** Ranked output at one cut k, pooled over repositories (as the `at_k` named query; docs/queries.md). */
export const AtKRow = z.object({
  forecaster: ForecasterName,
  baseline: z.boolean(),
  judge: JudgeName,
  k: z.number().int().positive(),
  repos: z.number().int().nonnegative(),
  /** Families at rank <= k, summed (a forecast with fewer gives all it has). */
  families: z.number().int().nonnegative(),
  strong: z.number().int().nonnegative(),
  /** Strong or related. */
  relevant: z.number().int().nonnegative(),
  precision_strong: rate,
  precision_strong_low: rate,
  precision_strong_high: rate,
  precision_relevant: rate,
  precision_relevant_low: rate,
  precision_relevant_high: rate,
  /** Later non-bot work items some top-k family matched strong. */
  covered: z.number().int().nonnegative(),
  later_work: z.number().int().nonnegative(),
  coverage: rate,
  coverage_low: rate,
  coverage_high: rate,
});
export type AtKRow = z.infer<typeof AtKRow>;

/** Families of one forecaster and judge whose score falls in [score_from, score_to), against their strong rate. */
export const ReliabilityRow = z.object({
  forecaster: ForecasterName,
  baseline: z.boolean(),
  judge: JudgeName,
  score_from: z.number(),
  score_to: z.number(),
  families: z.number().int().positive(),
  mean_score: z.number(),
  strong: z.number().int().nonnegative(),
  strong_rate: z.number(),
  strong_rate_low: rate,
  strong_rate_high: rate,
});
export type ReliabilityRow = z.infer<typeof ReliabilityRow>;

/** How far two judges agree on the same frozen families of one forecaster (or `all` of them), pooled over repositories. */
export const AgreementRow = z.object({
  forecaster: z.union([ForecasterName, z.literal('all')]),
  judge_a: JudgeName,
  judge_b: JudgeName,
  /** Repositories where both judges validated this forecaster's forecast. */
  repos: z.number().int().nonnegative(),
  /** Families both judges labelled. */
  families: z.number().int().nonnegative(),
  /** 0..100; null with no family in common. */
  percent: z.number().nullable(),
  kappa: z.number().nullable(),
  relevant_percent: z.number().nullable(),
  relevant_kappa: z.number().nullable(),
  /**
   * 95% intervals over the families (agreement.ts): Wilson for the percentages (0..100, as they are), a bootstrap over
   * the families for each kappa; null with no family, or where kappa is undefined in every replicate.
   */
  percent_low: z.number().nullable(),
  percent_high: z.number().nullable(),
  kappa_low: z.number().nullable(),
  kappa_high: z.number().nullable(),
  relevant_percent_low: z.number().nullable(),
  relevant_percent_high: z.number().nullable(),
  relevant_kappa_low: z.number().nullable(),
  relevant_kappa_high: z.number().nullable(),
});
export type AgreementRow = z.infer<typeof AgreementRow>;

/**
 * One repository's work in a study, all it needs and nothing else: the
 * local runner hands it to the per-repository unit, the queue carries it as
 * a job's data (so it stays small: the study by its hash, not its config).
 */
export const RepoTask = z.object({
  /** The study's config hash and name: a shard is merged into the study with this hash. */
  study: z.object({ hash: z.string().min(1), name: z.string().min(1) }),
  ord: z.number().int().nonnegative(),
  /** The name shown in tables. */
  name: z.string().min(1),
  /** As in StudyRepo: the folder (or the URL, for a URL-only entry) that identifies the repository. */
  path: z.string().min(1),
  url: z.string().min(1).optional(),
  t0: z.string(),
  window: z.string(),
  ...StudyRunSettings,
});
export type RepoTask = z.infer<typeof RepoTask>;
