import { z } from 'zod';
import { CalibrationReport } from './calibration-model.js';
import { TaskFamily } from '../forecast/model.js';

/**
 * The report stage's nouns. Rows keep the column names of the named queries
 * they come from (docs/queries.md), so every figure on the page maps to one
 * column of one query.
 */

const count = z.number().int().nonnegative();
const ratio = z.number().nullable();
/** SQLite booleans arrive as 0/1. */
const flag = z.union([z.literal(0), z.literal(1)]).transform((v) => v === 1);
/** A rate and its 95% interval, as the named queries name them (src/queries/intervals.ts): `name`, `name_low`, `name_high`. */
type Bounded<N extends string> = { [K in N | `${N}_low` | `${N}_high`]: typeof ratio };
const bounded = <N extends string>(name: N): Bounded<N> => ({ [name]: ratio, [`${name}_low`]: ratio, [`${name}_high`]: ratio }) as Bounded<N>;

/** One row of the `relevance` named query. */
export const RelevanceRow = z.object({
  study: z.number().int(),
  forecaster: z.string(),
  baseline: flag,
  judge: z.string(),
  category: z.enum(['all', 'bugfix', 'feature', 'refactor']),
  repos: count,
  abstentions: count,
  families: count,
  strong: count,
  related: count,
  rejected: count,
  ...bounded('relevance'),
  ...bounded('strong_rate'),
  relevant_repos: count,
});
export type RelevanceRow = z.infer<typeof RelevanceRow>;

/** One row of the `lift` named query. */
export const LiftRow = z.object({
  study: z.number().int(),
  judge: z.string(),
  category: z.string(),
  forecaster: z.string(),
  families: count,
  relevance: ratio,
  best_baseline: z.string().nullable(),
  baseline_relevance: ratio,
  ...bounded('lift'),
  /** Repositories the lift bootstrap resampled; null without a baseline. */
  lift_repos: count.nullable(),
});
export type LiftRow = z.infer<typeof LiftRow>;

/** One row of the `coverage` named query. */
export const CoverageRow = z.object({
  study: z.number().int(),
  forecaster: z.string(),
  judge: z.string(),
  repos: count,
  later_work: count.nullable(),
  later_bot_work: count.nullable(),
  covered: count.nullable(),
  ...bounded('coverage'),
});
export type CoverageRow = z.infer<typeof CoverageRow>;

/** One row of the `repos` named query (forecaster and judge are null for a repository without results). */
export const RepoRow = z.object({
  study: z.number().int(),
  repo_ord: z.number().int(),
  repo: z.string(),
  t0: z.string(),
  status: z.string(),
  error: z.string().nullable(),
  forecaster: z.string().nullable(),
  judge: z.string().nullable(),
  abstained: flag.nullable(),
  abstain_reason: z.string().nullable(),
  families: count,
  strong: count,
  related: count,
  rejected: count,
  ...bounded('relevance'),
  later_work: count.nullable(),
  covered: count.nullable(),
  ...bounded('coverage'),
});
export type RepoRow = z.infer<typeof RepoRow>;

/** One row of the `at_k` named query: the top k families of every forecast, pooled. */
export const AtKRow = z.object({
  study: z.number().int(),
  forecaster: z.string(),
  baseline: flag,
  judge: z.string(),
  k: z.number().int().positive(),
  repos: count,
  families: count,
  strong: count,
  relevant: count,
  ...bounded('precision_strong'),
  ...bounded('precision_relevant'),
  covered: count,
  later_work: count.nullable(),
  ...bounded('coverage'),
});
export type AtKRow = z.infer<typeof AtKRow>;

/** One row of the `reliability` named query: a score bin of one forecaster and judge. */
export const ReliabilityRow = z.object({
  study: z.number().int(),
  forecaster: z.string(),
  baseline: flag,
  judge: z.string(),
  score_from: z.number(),
  score_to: z.number(),
  families: count,
  mean_score: z.number(),
  strong: count,
  strong_rate: z.number(),
  strong_rate_low: ratio,
  strong_rate_high: ratio,
});
export type ReliabilityRow = z.infer<typeof ReliabilityRow>;

/** One row of the `agreement` named query. */
export const AgreementRow = z.object({
  study: z.number().int(),
  forecaster: z.string(),
  judge_a: z.string(),
  judge_b: z.string(),
  families: count,
  agree: count,
  ...bounded('agreement'),
  both_relevant: count,
  both_rejected: count,
  only_a: count,
  only_b: count,
  same_label: count,
});
export type AgreementRow = z.infer<typeof AgreementRow>;

/** One row of the `families` named query: a family and one judge's verdict on it. */
export const FamilyRow = z.object({
  study: z.number().int(),
  forecaster: z.string(),
  repo_ord: z.number().int(),
  repo: z.string(),
  forecast: z.number().int(),
  ord: z.number().int(),
  family: z.string(),
  category: z.string(),
  title: z.string(),
  anchor: z.string(),
  score: z.number(),
  judge: z.string(),
  validation: z.number().int(),
  label: z.enum(['strong', 'related', 'rejected']).nullable(),
  verdict_score: z.number().nullable(),
  reason: z.string().nullable(),
});
export type FamilyRow = z.infer<typeof FamilyRow>;

/** One row of the `matches` named query. */
export const MatchRow = z.object({
  study: z.number().int(),
  forecaster: z.string(),
  repo: z.string(),
  family: z.string(),
  judge: z.string(),
  verdict: z.string(),
  ord: z.number().int(),
  work_item: z.string(),
  title: z.string(),
  merged_at: z.string().nullable(),
  label: z.enum(['strong', 'related', 'rejected']),
  score: z.number(),
  reason: z.string(),
});
export type MatchRow = z.infer<typeof MatchRow>;

export const StudyRepo = z.object({
  ord: z.number().int(),
  name: z.string(),
  path: z.string(),
  t0: z.string(),
  status: z.string(),
  error: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type StudyRepo = z.infer<typeof StudyRepo>;

/** The study as the page header shows it; times are the stored ones (the page never reads the clock). */
export const StudyHeader = z.object({
  /** 0: no study in the store, the stand-alone validations (docs/queries.md). */
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  /** When the last repository finished, or null while none has. */
  finishedAt: z.string().nullable(),
  /** The window as configured (`6m`), and the earliest start and latest end over the study's validations. */
  window: z.string().nullable(),
  windowStart: z.string().nullable(),
  windowEnd: z.string().nullable(),
  /** In report order: the heuristic, the llm, then the baselines; judges in the config's order. */
  forecasters: z.array(z.string()),
  judges: z.array(z.string()),
  repos: z.array(StudyRepo),
});
export type StudyHeader = z.infer<typeof StudyHeader>;

export const CardVerdict = z.object({
  judge: z.string(),
  label: z.enum(['strong', 'related', 'rejected']).nullable(),
  score: z.number().nullable(),
  reason: z.string().nullable(),
  matches: z.array(MatchRow),
});
export type CardVerdict = z.infer<typeof CardVerdict>;

/** One family as its card shows it: the frozen TaskFamily, where it came from, and every judge's verdict. */
export const FamilyCard = z.object({
  forecast: z.number().int(),
  forecaster: z.string(),
  repo: z.string(),
  repoOrd: z.number().int(),
  family: TaskFamily,
  verdicts: z.array(CardVerdict),
});
export type FamilyCard = z.infer<typeof FamilyCard>;

export const Abstention = z.object({
  forecaster: z.string(),
  repo: z.string(),
  reason: z.string().nullable(),
});
export type Abstention = z.infer<typeof Abstention>;

export const ReportData = z.object({
  /** Calibrations of the study's syntheses (src/report/calibration-section.ts); absent in reports built without them. */
  calibration: CalibrationReport.optional(),
  study: StudyHeader,
  relevance: z.array(RelevanceRow),
  lift: z.array(LiftRow),
  coverage: z.array(CoverageRow),
  repos: z.array(RepoRow),
  agreement: z.array(AgreementRow),
  atK: z.array(AtKRow),
  reliability: z.array(ReliabilityRow),
  cards: z.array(FamilyCard),
  abstentions: z.array(Abstention),
});
export type ReportData = z.infer<typeof ReportData>;
