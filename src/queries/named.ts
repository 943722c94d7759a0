/**
 * Named queries: the SQL behind each figure swe-future prints, so any number
 * can be regenerated from the database alone (docs/queries.md). Plain data
 * with no driver import, so notebooks and other runtimes can use it.
 *
 * A query that lists `study` in `parameters` takes it as the named parameter
 * `:study`: a study id, or NULL for the latest study (the highest id). Bind it
 * as `{ study: null }` (better-sqlite3), `{ ":study": null }` (node:sqlite,
 * Deno's sqlite) or `{"study": None}` (Python's sqlite3).
 */
export interface NamedQuery {
  name: string;
  description: string;
  /** Named parameters the SQL reads (`:study`); bind NULL for the default. */
  parameters: readonly 'study'[];
  sql: string;
}

/** Forecasters that are baselines; every other forecaster's relevance is compared with the best of them. */
export const BASELINES = ['hotspot', 'recency', 'random-anchor'] as const;

const baselineList = BASELINES.map((b) => `'${b}'`).join(', ');

/** Forecasters in report order: the heuristic first, then the llm, then the baselines. */
const forecasterOrder = (column: string) =>
  `CASE ${column} WHEN 'heuristic' THEN 0 WHEN 'llm' THEN 1 WHEN 'hotspot' THEN 2 WHEN 'recency' THEN 3 WHEN 'random-anchor' THEN 4 ELSE 5 END, ${column}`;

const categoryOrder = (column: string) =>
  `CASE ${column} WHEN 'all' THEN 0 WHEN 'bugfix' THEN 1 WHEN 'feature' THEN 2 WHEN 'refactor' THEN 3 ELSE 4 END`;

/** The study a query reads: `:study`, or the latest one. */
const studyCte = `study AS (SELECT COALESCE(:study, (SELECT max(id) FROM studies)) AS id)`;

/** Relevance per (forecaster, judge, category): shared by `relevance` and `lift`. */
const relevanceCtes = `${studyCte},
runs AS (
  SELECT r.study_id, r.repo_ord, r.forecaster, r.judge, r.validation_id, f.abstained
  FROM study_results r
  JOIN study ON r.study_id = study.id
  JOIN forecasts f ON f.id = r.forecast_id
),
groups AS (
  SELECT study_id, forecaster, judge, count(*) AS repos, sum(abstained) AS abstentions
  FROM runs
  GROUP BY study_id, forecaster, judge
),
categories(category) AS (VALUES ('all'), ('bugfix'), ('feature'), ('refactor')),
labelled AS (
  SELECT r.study_id, r.forecaster, r.judge, r.repo_ord, v.category, v.label
  FROM runs r JOIN verdicts v ON v.validation_id = r.validation_id
)`;

const relevanceSelect = `SELECT g.study_id AS study, g.forecaster,
  g.forecaster IN (${baselineList}) AS baseline,
  g.judge, c.category, g.repos, g.abstentions,
  count(l.label) AS families,
  count(CASE WHEN l.label = 'strong' THEN 1 END) AS strong,
  count(CASE WHEN l.label = 'related' THEN 1 END) AS related,
  count(CASE WHEN l.label = 'rejected' THEN 1 END) AS rejected,
  CAST(count(CASE WHEN l.label IN ('strong', 'related') THEN 1 END) AS REAL) / nullif(count(l.label), 0) AS relevance,
  CAST(count(CASE WHEN l.label = 'strong' THEN 1 END) AS REAL) / nullif(count(l.label), 0) AS strong_rate,
  count(DISTINCT CASE WHEN l.label IN ('strong', 'related') THEN l.repo_ord END) AS relevant_repos
FROM groups g
CROSS JOIN categories c
LEFT JOIN labelled l ON l.study_id = g.study_id AND l.forecaster = g.forecaster AND l.judge = g.judge
  AND (c.category = 'all' OR l.category = c.category)
GROUP BY g.study_id, g.forecaster, g.judge, c.category`;

const relevance = `WITH ${relevanceCtes}
${relevanceSelect}
ORDER BY ${forecasterOrder('g.forecaster')}, g.judge, ${categoryOrder('c.category')}`;

const lift = `WITH ${relevanceCtes},
relevance AS (
${relevanceSelect}
),
best AS (
  SELECT study, judge, category, forecaster, relevance,
    row_number() OVER (PARTITION BY study, judge, category ORDER BY relevance DESC, forecaster) AS rank
  FROM relevance
  WHERE baseline = 1 AND relevance IS NOT NULL
)
SELECT r.study, r.judge, r.category, r.forecaster, r.families, r.relevance,
  b.forecaster AS best_baseline, b.relevance AS baseline_relevance,
  r.relevance - b.relevance AS lift
FROM relevance r
LEFT JOIN best b ON b.study = r.study AND b.judge = r.judge AND b.category = r.category AND b.rank = 1
WHERE r.baseline = 0
ORDER BY r.judge, ${categoryOrder('r.category')}, ${forecasterOrder('r.forecaster')}`;

const families = `WITH ${studyCte}
SELECT r.study_id AS study, r.forecaster, p.ord AS repo_ord, p.name AS repo, r.forecast_id AS forecast,
  fa.ord, fa.family_id AS family, fa.category, fa.title, fa.anchor, fa.score,
  r.judge, r.validation_id AS validation, v.label, v.score AS verdict_score, v.reason
FROM study_results r
JOIN study ON r.study_id = study.id
JOIN study_repos p ON p.study_id = r.study_id AND p.ord = r.repo_ord
JOIN families fa ON fa.forecast_id = r.forecast_id
LEFT JOIN verdicts v ON v.validation_id = r.validation_id AND v.family_id = fa.family_id
ORDER BY ${forecasterOrder('r.forecaster')}, p.ord, fa.ord, r.judge`;

const matches = `WITH ${studyCte}
SELECT r.study_id AS study, r.forecaster, p.name AS repo, v.family_id AS family, r.judge, v.label AS verdict,
  m.ord, m.work_item_key AS work_item, m.title, w.merged_at, m.label, m.score, m.reason
FROM study_results r
JOIN study ON r.study_id = study.id
JOIN study_repos p ON p.study_id = r.study_id AND p.ord = r.repo_ord
JOIN verdicts v ON v.validation_id = r.validation_id
JOIN matches m ON m.verdict_id = v.id
JOIN forecasts f ON f.id = r.forecast_id
JOIN snapshots s ON s.id = f.snapshot_id
LEFT JOIN work_items w ON w.repo_id = s.repo_id AND w.key = m.work_item_key
ORDER BY ${forecasterOrder('r.forecaster')}, p.ord, v.ord, r.judge, m.ord`;

const coverage = `WITH ${studyCte}
SELECT r.study_id AS study, r.forecaster, r.judge, count(*) AS repos,
  sum(json_extract(va.metrics, '$.laterWork')) AS later_work,
  sum(json_extract(va.metrics, '$.laterBotWork')) AS later_bot_work,
  sum(json_extract(va.metrics, '$.covered')) AS covered,
  CAST(sum(json_extract(va.metrics, '$.covered')) AS REAL) / nullif(sum(json_extract(va.metrics, '$.laterWork')), 0) AS coverage
FROM study_results r
JOIN study ON r.study_id = study.id
JOIN validations va ON va.id = r.validation_id
GROUP BY r.study_id, r.forecaster, r.judge
ORDER BY ${forecasterOrder('r.forecaster')}, r.judge`;

const repos = `WITH ${studyCte},
counted AS (
  SELECT validation_id, count(*) AS families,
    count(CASE WHEN label = 'strong' THEN 1 END) AS strong,
    count(CASE WHEN label = 'related' THEN 1 END) AS related,
    count(CASE WHEN label = 'rejected' THEN 1 END) AS rejected
  FROM verdicts
  GROUP BY validation_id
)
SELECT p.study_id AS study, p.ord AS repo_ord, p.name AS repo, p.t0, p.status, p.error,
  r.forecaster, r.judge, f.abstained, f.abstain_reason,
  coalesce(c.families, 0) AS families, coalesce(c.strong, 0) AS strong,
  coalesce(c.related, 0) AS related, coalesce(c.rejected, 0) AS rejected,
  CAST(c.strong + c.related AS REAL) / nullif(c.families, 0) AS relevance,
  json_extract(va.metrics, '$.laterWork') AS later_work,
  json_extract(va.metrics, '$.covered') AS covered,
  json_extract(va.metrics, '$.coverage') AS coverage
FROM study_repos p
JOIN study ON p.study_id = study.id
LEFT JOIN study_results r ON r.study_id = p.study_id AND r.repo_ord = p.ord
LEFT JOIN forecasts f ON f.id = r.forecast_id
LEFT JOIN validations va ON va.id = r.validation_id
LEFT JOIN counted c ON c.validation_id = r.validation_id
ORDER BY p.ord, ${forecasterOrder('r.forecaster')}, r.judge`;

const agreement = `WITH ${studyCte},
pairs AS (
  SELECT a.study_id, a.forecaster, a.judge AS judge_a, b.judge AS judge_b,
    va.label <> 'rejected' AS relevant_a, vb.label <> 'rejected' AS relevant_b, va.label = vb.label AS same_label
  FROM study_results a
  JOIN study ON a.study_id = study.id
  JOIN study_results b ON b.study_id = a.study_id AND b.repo_ord = a.repo_ord AND b.forecaster = a.forecaster
    AND b.forecast_id = a.forecast_id AND a.judge < b.judge
  JOIN verdicts va ON va.validation_id = a.validation_id
  JOIN verdicts vb ON vb.validation_id = b.validation_id AND vb.family_id = va.family_id
)
SELECT study_id AS study, forecaster, judge_a, judge_b, count(*) AS families,
  count(CASE WHEN relevant_a = relevant_b THEN 1 END) AS agree,
  CAST(count(CASE WHEN relevant_a = relevant_b THEN 1 END) AS REAL) / count(*) AS agreement,
  count(CASE WHEN relevant_a AND relevant_b THEN 1 END) AS both_relevant,
  count(CASE WHEN NOT relevant_a AND NOT relevant_b THEN 1 END) AS both_rejected,
  count(CASE WHEN relevant_a AND NOT relevant_b THEN 1 END) AS only_a,
  count(CASE WHEN NOT relevant_a AND relevant_b THEN 1 END) AS only_b,
  count(CASE WHEN same_label THEN 1 END) AS same_label
FROM pairs
GROUP BY study_id, forecaster, judge_a, judge_b
ORDER BY ${forecasterOrder('forecaster')}, judge_a, judge_b`;

/** The syntheses made from a study's validations, with the repository, forecaster and judge of each. */
const synthesisCtes = `${studyCte},
runs AS (
  SELECT r.study_id, r.repo_ord, r.forecaster, r.judge, r.validation_id
  FROM study_results r JOIN study ON r.study_id = study.id
),
made AS (
  SELECT runs.study_id AS study, s.id AS synthesis, p.name AS repo, runs.forecaster, runs.judge, s.backend, s.tgen,
    s.forecast_id, s.validation_id
  FROM syntheses s
  JOIN runs ON runs.validation_id = s.validation_id
  JOIN study_repos p ON p.study_id = runs.study_id AND p.ord = runs.repo_ord
)`;

const tasks = `WITH ${synthesisCtes}
SELECT m.study, m.synthesis, m.repo, m.forecaster, m.judge, m.backend, m.tgen, t.ord, t.instance_id,
  t.family_id AS family, t.category, t.label, t.status, t.rejection_code, t.title,
  t.text_leakage, t.text_leakage_key, t.patch_leakage, t.patch_leakage_key,
  json_extract(s.config, '$.thresholds.text') AS text_threshold,
  json_extract(s.config, '$.thresholds.patch') AS patch_threshold
FROM made m
JOIN syntheses s ON s.id = m.synthesis
JOIN tasks t ON t.synthesis_id = m.synthesis
ORDER BY m.synthesis, t.ord`;

const taskFamilies = `WITH ${synthesisCtes}
SELECT m.study, m.synthesis, m.repo, m.forecaster, m.judge, v.family_id AS family, v.category, v.label,
  count(t.id) AS tasks,
  count(CASE WHEN t.status = 'spec' THEN 1 END) AS spec,
  count(CASE WHEN t.status = 'verified' THEN 1 END) AS verified,
  count(CASE WHEN t.status = 'rejected' THEN 1 END) AS rejected
FROM made m
JOIN verdicts v ON v.validation_id = m.validation_id AND v.label IN ('strong', 'related')
LEFT JOIN tasks t ON t.synthesis_id = m.synthesis AND t.family_id = v.family_id
GROUP BY m.synthesis, v.family_id
ORDER BY m.synthesis, min(v.ord)`;

const taskAllocation = `WITH ${synthesisCtes},
categories(category) AS (VALUES ('bugfix'), ('feature'), ('refactor')),
counted AS (
  SELECT m.study, m.synthesis, m.repo, m.forecaster, m.judge, c.category,
    (SELECT count(*) FROM families fa WHERE fa.forecast_id = m.forecast_id AND fa.category = c.category) AS families,
    (SELECT count(*) FROM families fa WHERE fa.forecast_id = m.forecast_id) AS all_families,
    (SELECT count(*) FROM verdicts v WHERE v.validation_id = m.validation_id AND v.category = c.category AND v.label IN ('strong', 'related')) AS validated,
    (SELECT count(*) FROM tasks t WHERE t.synthesis_id = m.synthesis AND t.category = c.category) AS tasks,
    (SELECT count(*) FROM tasks t WHERE t.synthesis_id = m.synthesis) AS all_tasks,
    (SELECT max(json_extract(t.data, '$.allocation.categoryShare')) FROM tasks t WHERE t.synthesis_id = m.synthesis AND t.category = c.category) AS allocated_share
  FROM made m CROSS JOIN categories c
)
SELECT study, synthesis, repo, forecaster, judge, category, families,
  CAST(families AS REAL) / nullif(all_families, 0) AS forecast_share,
  validated, allocated_share, tasks,
  CAST(tasks AS REAL) / nullif(all_tasks, 0) AS task_share
FROM counted
ORDER BY synthesis, ${categoryOrder('category')}`;

const taskRejections = `WITH ${synthesisCtes}
SELECT m.study, m.synthesis, m.repo, m.forecaster, m.judge, t.rejection_code AS code, count(*) AS tasks,
  min(t.rejection_reason) AS example
FROM made m
JOIN tasks t ON t.synthesis_id = m.synthesis AND t.status = 'rejected'
GROUP BY m.synthesis, t.rejection_code
ORDER BY m.synthesis, count(*) DESC, t.rejection_code`;

export const NAMED_QUERIES: readonly NamedQuery[] = [
  {
    name: 'snapshots',
    description: 'every snapshot with its repository, T0, commit and evidence counts',
    parameters: [],
    sql: `SELECT s.id, r.name AS repo, s.t0, s.commit_sha, s.hash, s.counts, s.created_at
FROM snapshots s JOIN repos r ON r.id = s.repo_id
ORDER BY s.id`,
  },
  {
    name: 'evidence',
    description: 'evidence rows per snapshot and kind, with the date range they span',
    parameters: [],
    sql: `SELECT e.snapshot_id, e.kind, COUNT(*) AS rows, MIN(e.date) AS first, MAX(e.date) AS last
FROM evidence e
GROUP BY e.snapshot_id, e.kind
ORDER BY e.snapshot_id, e.kind`,
  },
  {
    name: 'relevance',
    description: "a study's future-work relevance per forecaster, judge and category (and pooled 'all'), families pooled over repositories",
    parameters: ['study'],
    sql: relevance,
  },
  {
    name: 'lift',
    description: "each non-baseline forecaster's relevance minus the best baseline's, per judge and category",
    parameters: ['study'],
    sql: lift,
  },
  {
    name: 'coverage',
    description: 'share of later (non-bot) work that some family matched strong, per forecaster and judge',
    parameters: ['study'],
    sql: coverage,
  },
  {
    name: 'repos',
    description: "each repository of a study: status, and per forecaster and judge its families, labels, relevance and coverage",
    parameters: ['study'],
    sql: repos,
  },
  {
    name: 'families',
    description: "a study's families with forecaster, repository, category, title, anchor, score and each judge's verdict",
    parameters: ['study'],
    sql: families,
  },
  {
    name: 'matches',
    description: 'the later work items each verdict matched, with their own label, score and reason',
    parameters: ['study'],
    sql: matches,
  },
  {
    name: 'agreement',
    description: 'how often two judges agree on relevant vs rejected for the same families, with the 2x2 counts',
    parameters: ['study'],
    sql: agreement,
  },
  {
    name: 'tasks',
    description: "every task synthesized from a study's validations: family, category, status, rejection and leakage scores",
    parameters: ['study'],
    sql: tasks,
  },
  {
    name: 'task_families',
    description: 'per synthesis, each validated (strong or related) family and its tasks by status, zero when it got none',
    parameters: ['study'],
    sql: taskFamilies,
  },
  {
    name: 'task_allocation',
    description: "per synthesis and category: the forecast's families and share, the validated families, the allocated share and the tasks",
    parameters: ['study'],
    sql: taskAllocation,
  },
  {
    name: 'task_rejections',
    description: 'per synthesis, rejected tasks counted by rejection code, with one example reason',
    parameters: ['study'],
    sql: taskRejections,
  },
];

export function findNamedQuery(name: string): NamedQuery | undefined {
  return NAMED_QUERIES.find((q) => q.name === name);
}
