import { z } from 'zod';

/** The rows of the report's calibration section (src/report/calibration-section.ts), as the named queries return them. */

const num = z.number();
const rateOrNull = z.number().nullable();

export const CalibrationRow = z.object({
  calibration: num,
  synthesis: num,
  repo: z.string(),
  agent: z.string(),
  format: z.string(),
  attempts: num,
  resolved: num,
  pass_rate: rateOrNull,
  never: num,
  frontier: num,
  always: num,
  undetermined: num,
  untested: num,
  frontier_share: rateOrNull,
  min_attempts: num,
  never_at: num,
  always_at: num,
  prevalence_weight: num,
});
export const CalibrationBin = z.object({ calibration: num, bin: num, low: num, high: num, tasks: num });
export const CalibrationFamilyRow = z.object({
  calibration: num,
  family: z.string(),
  category: z.string(),
  tasks: num,
  pass_rate: rateOrNull,
  never: num,
  frontier: num,
  always: num,
  frontier_share: rateOrNull,
  steer: z.string(),
  previous_tasks: num,
  next_tasks: num,
  change: num,
  next_synthesis: num.nullable(),
  next_made: num.nullable(),
});
/** A task's attempts (named query `calibration_tasks`): a pooled pass rate's interval resamples them by task. */
export const CalibrationTaskRow = z.object({ calibration: num, family: z.string(), attempts: num, resolved: num });
export const CalibrationReport = z.object({
  calibrations: z.array(CalibrationRow),
  histogram: z.array(CalibrationBin),
  families: z.array(CalibrationFamilyRow),
  tasks: z.array(CalibrationTaskRow).default([]),
});
export type CalibrationReport = z.infer<typeof CalibrationReport>;
