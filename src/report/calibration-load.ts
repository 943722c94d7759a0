import type { z } from 'zod';
import { runNamedQuery } from '../queries/run.js';
import type { Store } from '../store/open.js';
import { CalibrationBin, CalibrationFamilyRow, CalibrationRow, CalibrationTaskRow, type CalibrationReport } from './calibration-model.js';

/** The calibration section's rows for one study, through the named queries. */
export function loadCalibrationReport(store: Store, study: number): CalibrationReport {
  const rows = <T extends z.ZodType>(name: string, schema: T): z.infer<T>[] => runNamedQuery(store, name, { study }).map((r) => schema.parse(r) as z.infer<T>);
  return {
    calibrations: rows('calibrations', CalibrationRow),
    histogram: rows('calibration_histogram', CalibrationBin),
    families: rows('calibration_families', CalibrationFamilyRow),
    tasks: rows('calibration_tasks', CalibrationTaskRow),
  };
}
