import { clusteredRateInterval } from '../stats/clustered-rate.js';
import { round, wilsonInterval } from './estimators.js';
import type { BandCounts, GroupCalibration, Interval, TaskCalibration } from './model.js';

/** A group's tasks summed: attempts, pooled pass rate, bands, frontier share and mean difficulty signals. */
export function summarizeGroup(tasks: readonly TaskCalibration[]): GroupCalibration {
  const bands: BandCounts = { never: 0, frontier: 0, always: 0, undetermined: 0, untested: 0 };
  for (const t of tasks) bands[t.band]++;
  const attempts = tasks.reduce((a, t) => a + t.attempts, 0);
  const resolved = tasks.reduce((a, t) => a + t.resolved, 0);
  const banded = bands.never + bands.frontier + bands.always;
  const mean = (key: keyof TaskCalibration['signals']) => {
    const values = tasks.map((t) => t.signals[key]).filter((v): v is number => v !== null);
    return values.length > 0 ? round(values.reduce((a, b) => a + b, 0) / values.length, 2) : null;
  };
  return {
    tasks: tasks.length,
    attempts,
    resolved,
    passRate: attempts > 0 ? round(resolved / attempts) : null,
    passRateInterval: pooledPassRateInterval(tasks),
    bands,
    frontierShare: banded > 0 ? round(bands.frontier / banded) : null,
    frontierShareInterval: rounded(wilsonInterval(bands.frontier, banded)),
    signals: { goldLines: mean('goldLines'), filesTouched: mean('filesTouched'), failToPass: mean('failToPass') },
  };
}

/** Tasks counted per band. */
export function countBands(tasks: readonly TaskCalibration[]): BandCounts {
  return summarizeGroup(tasks).bands;
}

/**
 * The 95% interval of a pooled pass rate (resolved over attempts, summed over tasks). Attempts at one task are not
 * independent of each other across tasks: a hard task fails every attempt. So the interval resamples the tested
 * tasks, each with all its attempts (src/stats/clustered-rate.ts: a bootstrap over tasks, Wilson over the tasks at a
 * rate of 0 or 1). With one tested task it is that task's Wilson interval over its attempts; null without attempts.
 */
export function pooledPassRateInterval(tasks: readonly Pick<TaskCalibration, 'attempts' | 'resolved'>[]): Interval | null {
  const tested = tasks.filter((t) => t.attempts > 0);
  if (tested.length === 1) return rounded(wilsonInterval(tested[0]!.resolved, tested[0]!.attempts));
  const interval = clusteredRateInterval(tested.map((t) => Array.from({ length: t.attempts }, (_, i) => i < t.resolved)));
  return interval === null ? null : { low: interval.low, high: interval.high };
}

function rounded(interval: Interval | null): Interval | null {
  return interval === null ? null : { low: round(interval.low), high: round(interval.high) };
}
