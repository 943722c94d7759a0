import { expect, test } from 'vitest';
import type { Category } from '../../src/forecast/model.js';
import { poolAgreement } from '../../src/study/agreement.js';
import type { StudyRun } from '../../src/study/model.js';
import { buildStudyTable } from '../../src/study/table.js';
import { computeMetrics } from '../../src/validate/metrics.js';
import type { JudgeName, Label, Verdict } from '../../src/validate/model.js';

type Planned = [id: string, category: Category, label: Label];

/** A validated forecast as the store would give it back; `covered` of `laterWork` later items matched strong. */
function run(repoOrd: number, forecaster: StudyRun['forecaster'], judge: JudgeName, forecastId: number, planned: Planned[], laterWork: number, covered: number): StudyRun {
  const verdicts: Verdict[] = planned.map(([familyId, category, label]) => ({ familyId, category, label, score: 0.5, reason: 'by hand', matches: [] }));
  const metrics = { ...computeMetrics({ verdicts, abstained: planned.length === 0, judged: [], bots: [] }), laterWork, covered, coverage: laterWork ? covered / laterWork : null };
  return { repoOrd, forecaster, judge, forecastId, abstained: planned.length === 0, verdicts, metrics };
}

/**
 * Two repositories, three forecasters (recency abstains on repo 0, hotspot on
 * repo 1), two judges; family ids repeat across repositories (F1, F2) as they do.
 */
const RUNS: StudyRun[] = [
  run(0, 'heuristic', 'lexical', 1, [['F1', 'bugfix', 'strong'], ['F2', 'feature', 'related'], ['F3', 'refactor', 'rejected']], 10, 2),
  run(0, 'heuristic', 'embedding', 1, [['F1', 'bugfix', 'strong'], ['F2', 'feature', 'rejected'], ['F3', 'refactor', 'rejected']], 10, 1),
  run(0, 'hotspot', 'lexical', 2, [['F1', 'feature', 'related'], ['F2', 'refactor', 'rejected']], 10, 0),
  run(0, 'hotspot', 'embedding', 2, [['F1', 'feature', 'related'], ['F2', 'refactor', 'rejected']], 10, 0),
  run(0, 'recency', 'lexical', 3, [], 10, 0),
  run(0, 'recency', 'embedding', 3, [], 10, 0),
  run(1, 'heuristic', 'lexical', 4, [['F1', 'bugfix', 'strong'], ['F2', 'feature', 'strong']], 4, 3),
  run(1, 'heuristic', 'embedding', 4, [['F1', 'bugfix', 'strong'], ['F2', 'feature', 'related']], 4, 1),
  run(1, 'hotspot', 'lexical', 5, [], 4, 0),
  run(1, 'hotspot', 'embedding', 5, [], 4, 0),
  run(1, 'recency', 'lexical', 6, [['F1', 'bugfix', 'related']], 4, 0),
  run(1, 'recency', 'embedding', 6, [['F1', 'bugfix', 'rejected']], 4, 0),
];

const table = buildStudyTable({ forecasters: ['heuristic', 'hotspot', 'recency', 'random-anchor'], judges: ['lexical', 'embedding'], runs: RUNS });
const row = (forecaster: string, judge: string, category: string) => table.find((r) => r.forecaster === forecaster && r.judge === judge && r.category === category)!;

test('rows come per forecaster, then judge, then feature, bugfix, refactor, all, for every forecaster and judge of the config', () => {
  expect(table).toHaveLength(4 * 2 * 4);
  expect(table.slice(0, 5).map((r) => `${r.forecaster}/${r.judge}/${r.category}`)).toEqual([
    'heuristic/lexical/feature', 'heuristic/lexical/bugfix', 'heuristic/lexical/refactor', 'heuristic/lexical/all', 'heuristic/embedding/feature',
  ]);
});

test('families are pooled over repositories: relevance is the share of all families, not a mean of shares', () => {
  expect(row('heuristic', 'lexical', 'all')).toMatchObject({
    baseline: false, repos: 2, abstentions: 0, families: 5, strong: 3, related: 1, rejected: 1, relevance: 0.8, strong_rate: 0.6,
  });
  expect(row('heuristic', 'embedding', 'all')).toMatchObject({ families: 5, strong: 2, related: 1, rejected: 2, relevance: 0.6, strong_rate: 0.4 });
  expect(row('heuristic', 'lexical', 'feature')).toMatchObject({ families: 2, strong: 1, related: 1, relevance: 1 });
});

test('abstentions count the repositories where the forecaster emitted nothing; its families come from the others', () => {
  expect(row('hotspot', 'lexical', 'all')).toMatchObject({ baseline: true, repos: 2, abstentions: 1, families: 2, related: 1, relevance: 0.5 });
  expect(row('recency', 'lexical', 'bugfix')).toMatchObject({ repos: 2, abstentions: 1, families: 1, relevance: 1 });
});

test('coverage pools covered and later work over repositories, on the all rows only', () => {
  expect(row('heuristic', 'lexical', 'all')).toMatchObject({ covered: 5, later_work: 14, coverage: 0.3571 });
  expect(row('heuristic', 'lexical', 'bugfix')).toMatchObject({ covered: null, later_work: null, coverage: null });
});

test('lift is relevance minus the best baseline of the same judge and category; baselines have none', () => {
  expect(row('heuristic', 'lexical', 'all')).toMatchObject({ best_baseline: 'recency', lift: -0.2 });
  expect(row('heuristic', 'embedding', 'all')).toMatchObject({ best_baseline: 'hotspot', lift: 0.1 });
  expect(row('heuristic', 'lexical', 'feature')).toMatchObject({ best_baseline: 'hotspot', lift: 0 });
  // Ties go to the first baseline by name.
  expect(row('heuristic', 'lexical', 'refactor')).toMatchObject({ relevance: 0, best_baseline: 'hotspot', lift: 0 });
  expect(table.filter((r) => r.baseline).every((r) => r.lift === null && r.best_baseline === null)).toBe(true);
});

test('a forecaster of the config with no validated repository has rows with no families and null rates', () => {
  expect(row('random-anchor', 'lexical', 'all')).toMatchObject({ repos: 0, abstentions: 0, families: 0, relevance: null, strong_rate: null, covered: 0, later_work: 0, coverage: null });
});

test('with no baseline in the study there is no lift', () => {
  const only = buildStudyTable({ forecasters: ['heuristic'], judges: ['lexical'], runs: RUNS });
  expect(only.every((r) => r.lift === null && r.best_baseline === null)).toBe(true);
});

test('judge agreement pairs each family with itself across repositories, and pools before computing kappa', () => {
  const rows = poolAgreement({ forecasters: ['heuristic', 'hotspot', 'recency'], judges: ['lexical', 'embedding'], runs: RUNS });
  expect(rows.map((r) => r.forecaster)).toEqual(['heuristic', 'hotspot', 'recency', 'all']);
  const heuristic = rows[0]!;
  // Labels (lexical, embedding): strong/strong, related/rejected, rejected/rejected, strong/strong, strong/related.
  expect(heuristic).toMatchObject({ judge_a: 'lexical', judge_b: 'embedding', repos: 2, families: 5, percent: 60, relevant_percent: 80 });
  // pe = (3·2 + 1·1 + 1·2) / 25; kappa = (3·5 − 9) / (25 − 9). Relevant: (4·5 − 14) / (25 − 14).
  expect(heuristic.kappa).toBeCloseTo(6 / 16, 10);
  expect(heuristic.relevant_kappa).toBeCloseTo(6 / 11, 10);
  expect(rows[3]).toMatchObject({ forecaster: 'all', repos: 2, families: 8, percent: 62.5 });
});

test('one judge gives no agreement rows', () => {
  expect(poolAgreement({ forecasters: ['heuristic'], judges: ['lexical'], runs: RUNS })).toEqual([]);
});
