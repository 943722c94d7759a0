import { z } from 'zod';

/**
 * The forecast stage's nouns. `TaskFamily` is the single source of truth for
 * the family JSON of ../shared/cli-contract.md (snake_case keys, as printed by
 * `forecast --json` and stored in SQLite); `familyJsonSchema()` exports it as
 * JSON Schema for other tools.
 */

export const Category = z.enum(['feature', 'bugfix', 'refactor']);
export type Category = z.infer<typeof Category>;

export const FamilyEvidence = z.object({
  /** The evidence row's kind in the snapshot (work_item, todo, changelog, roadmap, tag, hotspot). */
  kind: z.string(),
  /** The evidence row's ref in the snapshot (`pr#123`, `todo:src/a.ts:12`); every ref resolves. */
  ref: z.string(),
  /** The row's date, <= T0. */
  date: z.string(),
  text: z.string(),
  /** Why this row supports the family. */
  reason: z.string(),
});
export type FamilyEvidence = z.infer<typeof FamilyEvidence>;

export const TaskFamily = z.object({
  /** Stable within a forecast: `F1`, `F2`, ... in rank order. */
  id: z.string(),
  category: Category,
  title: z.string().min(1),
  /** The code area: a name a person recognises and the paths (directories or files) it covers. */
  anchor: z.object({ name: z.string().min(1), paths: z.array(z.string()) }),
  expected_behavior: z.string().min(1),
  evidence: z.array(FamilyEvidence),
  target_hints: z.object({ paths: z.array(z.string()), symbols: z.array(z.string()) }),
  acceptance_criteria: z.array(z.string()),
  score: z.number().min(0).max(1),
  /** The parts the score is made of, each in 0..1, named by the forecaster. */
  score_components: z.record(z.string(), z.number()),
  /** One paragraph a person can check against the evidence. */
  rationale: z.string(),
});
export type TaskFamily = z.infer<typeof TaskFamily>;

export const FORECASTERS = ['heuristic', 'llm', 'hotspot', 'recency', 'random-anchor'] as const;
export const ForecasterName = z.enum(FORECASTERS);
export type ForecasterName = z.infer<typeof ForecasterName>;

/** What a forecaster returns; the store freezes it into a Forecast. */
export const ForecastDraft = z.object({
  forecaster: ForecasterName,
  /** Settings that shaped the result (seed, limits, model and cutoff for the LLM). */
  config: z.record(z.string(), z.unknown()),
  families: z.array(TaskFamily),
  abstained: z.boolean(),
  /** Why no family was emitted; null when families were emitted. */
  abstainReason: z.string().nullable(),
});
export type ForecastDraft = z.infer<typeof ForecastDraft>;

/** A frozen forecast: written once, never changed, verified by hash before validation. */
export const Forecast = ForecastDraft.extend({
  snapshotId: z.number().int().positive(),
  snapshotHash: z.string(),
  /** sha256 over forecaster, config, families, abstention and the snapshot hash. */
  hash: z.string(),
  frozenAt: z.string(),
});
export type Forecast = z.infer<typeof Forecast>;

export function familyJsonSchema(): unknown {
  return z.toJSONSchema(TaskFamily);
}
