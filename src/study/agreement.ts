import type { ForecasterName } from '../forecast/model.js';
import { judgeAgreement } from '../validate/agreement.js';
import type { JudgeName, Verdict } from '../validate/model.js';
import type { AgreementRow, StudyRun } from './model.js';

export interface AgreementInput {
  forecasters: readonly ForecasterName[];
  /** In config order: each pair (a, b) has a before b. */
  judges: readonly JudgeName[];
  runs: readonly StudyRun[];
}

/**
 * Judge agreement pooled over a study (pure): for each pair of judges, the
 * families both labelled, paired within the same frozen forecast (same
 * repository and forecaster, same forecast id), per forecaster and for all
 * forecasters together. Percent and Cohen's kappa come from
 * `judgeAgreement` over the pooled pairs, not averaged per repository.
 * Empty with fewer than two judges.
 */
export function poolAgreement(input: AgreementInput): AgreementRow[] {
  const rows: AgreementRow[] = [];
  for (let i = 0; i < input.judges.length; i++) {
    for (let j = i + 1; j < input.judges.length; j++) {
      const [a, b] = [input.judges[i]!, input.judges[j]!];
      const perForecaster = input.forecasters.map((f) => ({ forecaster: f, ...pairUp(input.runs.filter((r) => r.forecaster === f), a, b) }));
      const all = pairUp(input.runs, a, b);
      for (const p of [...perForecaster, { forecaster: 'all' as const, ...all }]) {
        const m = judgeAgreement(p.left, p.right);
        rows.push({
          forecaster: p.forecaster,
          judge_a: a,
          judge_b: b,
          repos: p.repos,
          families: m.families,
          percent: m.percent,
          kappa: m.kappa,
          relevant_percent: m.relevantPercent,
          relevant_kappa: m.relevantKappa,
        });
      }
    }
  }
  return rows;
}

/**
 * The verdicts of judges a and b on the same forecasts, with family ids made
 * unique across the study (`<repo>/<forecaster>/F1`) so that `judgeAgreement`
 * pairs each family only with itself.
 */
function pairUp(runs: readonly StudyRun[], a: JudgeName, b: JudgeName): { left: Verdict[]; right: Verdict[]; repos: number } {
  const left: Verdict[] = [];
  const right: Verdict[] = [];
  const repos = new Set<number>();
  for (const ra of runs.filter((r) => r.judge === a)) {
    const rb = runs.find((r) => r.judge === b && r.repoOrd === ra.repoOrd && r.forecaster === ra.forecaster && r.forecastId === ra.forecastId);
    if (!rb) continue;
    repos.add(ra.repoOrd);
    const scope = (v: Verdict): Verdict => ({ ...v, familyId: `${ra.repoOrd}/${ra.forecaster}/${v.familyId}` });
    left.push(...ra.verdicts.map(scope));
    right.push(...rb.verdicts.map(scope));
  }
  return { left, right, repos: repos.size };
}
