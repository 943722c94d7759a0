import type { ForecasterName } from '../forecast/model.js';
import { kappaInterval } from '../stats/kappa.js';
import { wilsonInterval } from '../stats/wilson.js';
import { judgeAgreement, pairedLabels, relevantPairs } from '../validate/agreement.js';
import type { JudgeName, Label, Verdict } from '../validate/model.js';
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
          ...agreementIntervals(pairLabels(p.left, p.right)),
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

/**
 * The two judges' labels of each family both labelled, paired by family id as judgeAgreement pairs them, in family-id
 * order: the bootstrap's draws depend on the order, and the runs come in the order they finished (local and queue
 * mode differ), so sorting keeps the interval the same for the same verdicts.
 */
function pairLabels(a: readonly Verdict[], b: readonly Verdict[]): [Label, Label][] {
  return pairedLabels([...a].sort((x, y) => (x.familyId < y.familyId ? -1 : x.familyId > y.familyId ? 1 : 0)), b);
}

/**
 * The 95% intervals of the agreement figures, the family being the unit: Wilson over the families for the percent
 * alike (three labels, and relevant against rejected), and kappa's bootstrap over the families (src/stats/kappa.ts,
 * each family a group of one, the seed of every bootstrap). Families of one repository share its window, so these are
 * narrower than a bootstrap over repositories would be (docs/study.md).
 */
function agreementIntervals(pairs: readonly (readonly [Label, Label])[]) {
  const binary = relevantPairs(pairs);
  const percent = (x: number) => Math.round(x * 10000) / 100;
  const three = wilsonInterval(pairs.filter(([x, y]) => x === y).length, pairs.length);
  const rel = wilsonInterval(binary.filter(([x, y]) => x === y).length, pairs.length);
  const k3 = kappaInterval(pairs.map((p) => [p]));
  const k2 = kappaInterval(binary.map((p) => [p]));
  return {
    percent_low: three ? percent(three.low) : null,
    percent_high: three ? percent(three.high) : null,
    kappa_low: k3?.low ?? null,
    kappa_high: k3?.high ?? null,
    relevant_percent_low: rel ? percent(rel.low) : null,
    relevant_percent_high: rel ? percent(rel.high) : null,
    relevant_kappa_low: k2?.low ?? null,
    relevant_kappa_high: k2?.high ?? null,
  };
}
