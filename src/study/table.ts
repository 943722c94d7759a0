import type { ForecasterName } from '../forecast/model.js';
import { countLabels } from '../validate/metrics.js';
import type { JudgeName } from '../validate/model.js';
import { BASELINES, type StudyRun, type StudyTableRow, type TableCategory } from './model.js';
import { compareText } from '../text/order.js';

/** Row order within a forecaster and judge. */
export const TABLE_CATEGORIES: readonly TableCategory[] = ['feature', 'bugfix', 'refactor', 'all'];

export interface TableInput {
  /** In config order: rows come out in this order, then by judge, then by category. */
  forecasters: readonly ForecasterName[];
  judges: readonly JudgeName[];
  runs: readonly StudyRun[];
}

const isBaseline = (f: ForecasterName) => (BASELINES as readonly string[]).includes(f);

/**
 * The study table (pure): for each forecaster × judge × category, the
 * verdicts of every repository pooled, i.e. relevance is the share of all
 * families (not the mean of per-repository shares), so a repository with
 * more families weighs more. Then each non-baseline row's lift over the best
 * baseline of the same judge and category. Every forecaster × judge of the
 * config has its rows, with zero repositories if none was validated.
 */
export function buildStudyTable(input: TableInput): StudyTableRow[] {
  const rows: StudyTableRow[] = [];
  for (const forecaster of input.forecasters) {
    for (const judge of input.judges) {
      const runs = input.runs.filter((r) => r.forecaster === forecaster && r.judge === judge);
      const covered = runs.reduce((n, r) => n + r.metrics.covered, 0);
      const laterWork = runs.reduce((n, r) => n + r.metrics.laterWork, 0);
      for (const category of TABLE_CATEGORIES) {
        const verdicts = runs.flatMap((r) => (category === 'all' ? r.verdicts : r.verdicts.filter((v) => v.category === category)));
        const counts = countLabels(verdicts);
        const all = category === 'all';
        rows.push({
          forecaster,
          baseline: isBaseline(forecaster),
          judge,
          category,
          repos: runs.length,
          abstentions: runs.filter((r) => r.abstained).length,
          families: counts.families,
          strong: counts.strong,
          related: counts.related,
          rejected: counts.rejected,
          relevance: counts.relevance,
          strong_rate: counts.strongRate,
          covered: all ? covered : null,
          later_work: all ? laterWork : null,
          coverage: all && laterWork > 0 ? ratio(covered, laterWork) : null,
          best_baseline: null,
          lift: null,
        });
      }
    }
  }
  return addLift(rows);
}

/**
 * Per judge and category: the baseline with the highest relevance (ties go
 * to the first in name order, as `swe-future query --named lift` does), and
 * each other forecaster's relevance minus it.
 */
function addLift(rows: StudyTableRow[]): StudyTableRow[] {
  return rows.map((row) => {
    if (row.baseline) return row;
    const best = rows
      .filter((b) => b.baseline && b.judge === row.judge && b.category === row.category && b.relevance !== null)
      .sort((a, b) => b.relevance! - a.relevance! || compareText(a.forecaster, b.forecaster))[0];
    if (!best) return row;
    return { ...row, best_baseline: best.forecaster, lift: row.relevance === null ? null : round(row.relevance - best.relevance!) };
  });
}

/** The precision of every rate in a validation's metrics (src/validate/metrics.ts). */
function round(x: number): number {
  return Math.round(x * 10000) / 10000;
}

function ratio(a: number, b: number): number {
  return round(a / b);
}
