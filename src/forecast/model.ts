import { z } from 'zod';
import { TaskFamily } from '../family/model.js';

export { Category, FamilyEvidence, TaskFamily } from '../family/model.js';

/**
 * The forecast stage's nouns. `TaskFamily` (and its `Category`) live in
 * src/family/model.ts, below the forecast and validate stages, and are
 * re-exported here; `familyJsonSchema()` exports it as JSON Schema for other
 * tools.
 */

export const FORECASTERS = ['heuristic', 'llm', 'hotspot', 'recency', 'random-anchor'] as const;
export const ForecasterName = z.enum(FORECASTERS);
export type ForecasterName = z.infer<typeof ForecasterName>;

/** Forecasters that are baselines: every other forecaster's lift and relevance are measured against the best of them. */
export const BASELINES = ['hotspot', 'recency', 'random-anchor'] as const satisfies readonly ForecasterName[];

export function isBaseline(forecaster: string): boolean {
  return (BASELINES as readonly string[]).includes(forecaster);
}

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
