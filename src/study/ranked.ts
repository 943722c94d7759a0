import { isBaseline, type ForecasterName } from '../forecast/model.js';
import { round, wilsonInterval } from '../stats/wilson.js';
import type { JudgeName, Verdict } from '../validate/model.js';
import type { AtKRow, ReliabilityRow, StudyRun } from './model.js';

/**
 * Ranked output of a study (pure), the same definitions as the `at_k` and
 * `reliability` named queries (src/queries/ranked-sql.ts; a test holds them
 * equal): a forecast's families are ranked by the forecast's own order, the
 * top k of every forecast pooled over repositories. Coverage@k counts the
 * later work items that a top-k family matched strong; a study judges with
 * bot work left out, so no match is a bot item and coverage at the largest k
 * is the table's `covered`.
 */

export interface RankedInput {
  forecasters: readonly ForecasterName[];
  judges: readonly JudgeName[];
  runs: readonly StudyRun[];
}

/** Each run's verdicts in rank order, with the family's score (0 when the run carries no ranking). */
function ranked(run: StudyRun): { verdict: Verdict; score: number }[] {
  if (!run.ranking) return run.verdicts.map((verdict) => ({ verdict, score: 0 }));
  const byId = new Map(run.verdicts.map((v) => [v.familyId, v]));
  return run.ranking.flatMap((f) => {
    const verdict = byId.get(f.familyId);
    return verdict ? [{ verdict, score: f.score }] : [];
  });
}

/** Precision@k (strong, relevant) and coverage@k for k = 1..N, N the longest forecast of the study. */
export function buildAtK(input: RankedInput): AtKRow[] {
  const longest = Math.max(0, ...input.runs.map((r) => ranked(r).length));
  const rows: AtKRow[] = [];
  for (const forecaster of input.forecasters) {
    for (const judge of input.judges) {
      const runs = input.runs.filter((r) => r.forecaster === forecaster && r.judge === judge);
      if (runs.length === 0) continue;
      const laterWork = runs.reduce((n, r) => n + r.metrics.laterWork, 0);
      for (let k = 1; k <= longest; k++) {
        let families = 0;
        let strong = 0;
        let relevant = 0;
        let covered = 0;
        for (const run of runs) {
          const top = ranked(run).slice(0, k);
          families += top.length;
          strong += top.filter((t) => t.verdict.label === 'strong').length;
          relevant += top.filter((t) => t.verdict.label !== 'rejected').length;
          covered += new Set(top.flatMap((t) => t.verdict.matches.filter((m) => m.label === 'strong').map((m) => m.key))).size;
        }
        const ps = wilsonInterval(strong, families);
        const pr = wilsonInterval(relevant, families);
        const cv = wilsonInterval(covered, laterWork);
        rows.push({
          forecaster, baseline: isBaseline(forecaster), judge, k, repos: runs.length, families, strong, relevant,
          precision_strong: families ? round(strong / families) : null, precision_strong_low: ps?.low ?? null, precision_strong_high: ps?.high ?? null,
          precision_relevant: families ? round(relevant / families) : null, precision_relevant_low: pr?.low ?? null, precision_relevant_high: pr?.high ?? null,
          covered, later_work: laterWork,
          coverage: laterWork ? round(covered / laterWork) : null, coverage_low: cv?.low ?? null, coverage_high: cv?.high ?? null,
        });
      }
    }
  }
  return rows;
}

/** Families in score bins 0.1 wide ([0, 0.1) … [0.9, 1.0]) against their strong rate; only bins that hold a family. */
export function buildReliability(input: RankedInput): ReliabilityRow[] {
  const rows: ReliabilityRow[] = [];
  for (const forecaster of input.forecasters) {
    for (const judge of input.judges) {
      const bins = new Map<number, { scores: number[]; strong: number }>();
      for (const run of input.runs.filter((r) => r.forecaster === forecaster && r.judge === judge && r.ranking)) {
        for (const { verdict, score } of ranked(run)) {
          const bin = Math.min(9, Math.floor(score * 10));
          const entry = bins.get(bin) ?? { scores: [], strong: 0 };
          entry.scores.push(score);
          if (verdict.label === 'strong') entry.strong++;
          bins.set(bin, entry);
        }
      }
      for (const [bin, { scores, strong }] of [...bins].sort((a, b) => a[0] - b[0])) {
        const interval = wilsonInterval(strong, scores.length);
        rows.push({
          forecaster, baseline: isBaseline(forecaster), judge,
          score_from: bin / 10, score_to: (bin + 1) / 10, families: scores.length,
          mean_score: round(scores.reduce((a, b) => a + b, 0) / scores.length),
          strong, strong_rate: round(strong / scores.length), strong_rate_low: interval?.low ?? null, strong_rate_high: interval?.high ?? null,
        });
      }
    }
  }
  return rows;
}
