import { isBaseline, type ForecasterName } from '../forecast/model.js';
import { countLabels } from '../validate/metrics.js';
import type { JudgeName } from '../validate/model.js';
import type { StudyRun, StudyTableRow, TableCategory } from './model.js';
import { compareText } from '../text/order.js';
import { pairedBootstrapDifference, type PairedUnit } from '../stats/bootstrap.js';
import { wilsonInterval } from '../stats/wilson.js';

/** Row order within a forecaster and judge. */
export const TABLE_CATEGORIES: readonly TableCategory[] = ['feature', 'bugfix', 'refactor', 'all'];

export interface TableInput {
  /** In config order: rows come out in this order, then by judge, then by category. */
  forecasters: readonly ForecasterName[];
  judges: readonly JudgeName[];
  runs: readonly StudyRun[];
}

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
          ...bounds('relevance', wilsonInterval(counts.strong + counts.related, counts.families)),
          strong_rate: counts.strongRate,
          ...bounds('strong_rate', wilsonInterval(counts.strong, counts.families)),
          covered: all ? covered : null,
          later_work: all ? laterWork : null,
          coverage: all && laterWork > 0 ? ratio(covered, laterWork) : null,
          ...bounds('coverage', all ? wilsonInterval(covered, laterWork) : null),
          best_baseline: null,
          lift: null,
          lift_low: null,
          lift_high: null,
        });
      }
    }
  }
  return addLift(rows, input.runs);
}

/** `{name}_low`, `{name}_high` from an interval, or both null. */
function bounds<N extends string>(name: N, interval: { low: number; high: number } | null): Record<`${N}_low` | `${N}_high`, number | null> {
  return { [`${name}_low`]: interval?.low ?? null, [`${name}_high`]: interval?.high ?? null } as Record<`${N}_low` | `${N}_high`, number | null>;
}

/**
 * Per judge and category: the baseline with the highest relevance (ties go
 * to the first in name order, as `swe-future query --named lift` does), and
 * each other forecaster's relevance minus it.
 */
function addLift(rows: StudyTableRow[], runs: readonly StudyRun[]): StudyTableRow[] {
  return rows.map((row) => {
    if (row.baseline) return row;
    const best = rows
      .filter((b) => b.baseline && b.judge === row.judge && b.category === row.category && b.relevance !== null)
      .sort((a, b) => b.relevance! - a.relevance! || compareText(a.forecaster, b.forecaster))[0];
    if (!best) return row;
    if (row.relevance === null) return { ...row, best_baseline: best.forecaster };
    const interval = pairedBootstrapDifference(liftUnits(runs, row, best.forecaster));
    return { ...row, best_baseline: best.forecaster, lift: round(row.relevance - best.relevance!), lift_low: interval?.low ?? null, lift_high: interval?.high ?? null };
  });
}

/**
 * Per repository where both the forecaster and the baseline have a result
 * with this judge, in repository order: each side's relevant families and
 * families in the row's category. What the lift bootstrap resamples.
 */
export function liftUnits(runs: readonly StudyRun[], row: Pick<StudyTableRow, 'forecaster' | 'judge' | 'category'>, baseline: ForecasterName): PairedUnit[] {
  const side = (r: StudyRun) => {
    const counts = countLabels(row.category === 'all' ? r.verdicts : r.verdicts.filter((v) => v.category === row.category));
    return { hits: counts.strong + counts.related, n: counts.families };
  };
  const mine = runs.filter((r) => r.forecaster === row.forecaster && r.judge === row.judge);
  return mine
    .map((a) => ({ a, b: runs.find((r) => r.forecaster === baseline && r.judge === row.judge && r.repoOrd === a.repoOrd) }))
    .filter((p): p is { a: StudyRun; b: StudyRun } => p.b !== undefined)
    .sort((x, y) => x.a.repoOrd - y.a.repoOrd)
    .map((p) => ({ a: side(p.a), b: side(p.b) }));
}

/** The precision of every rate in a validation's metrics (src/validate/metrics.ts). */
function round(x: number): number {
  return Math.round(x * 10000) / 10000;
}

function ratio(a: number, b: number): number {
  return round(a / b);
}
