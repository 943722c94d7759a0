import type { Command } from 'commander';
import { z } from 'zod';
import { runDemo, type DemoResult } from '../../api/demo.js';
import { heldBackLine } from '../../forecast/held-back.js';
import type { StudyTableRow } from '../../study/model.js';
import { signedPoints, withInterval, wholePercent } from '../interval-text.js';
import { formatTable, printResult, type CliIO } from '../io.js';
import { parseOptions } from '../options.js';
import { stderrProgress } from '../progress.js';
import { calibrationJson } from './calibrate.js';
import { studyJson } from './study.js';

const Options = z.object({
  out: z.string().optional(),
  json: z.boolean().optional(),
  quiet: z.boolean().optional(),
});

export function register(program: Command, io: CliIO): void {
  program
    .command('demo')
    .description('Build the demo repository (two and a half years of history, planted work streams) and run every stage on it')
    .option('--out <dir>', 'keep everything in DIR: repo/, swe-future.db, snapshots/, study.json, report/, export/, agent-results/ (default: a new temp folder)')
    .action(async (_opts, command: Command) => {
      const o = parseOptions(Options, command);
      const result = await runDemo({ out: o.out, progress: stderrProgress(io, o.quiet) });
      const s = result.snapshot;
      printResult(
        io,
        o,
        {
          out: result.out,
          repo: result.repo,
          db: result.db,
          report: result.report,
          snapshot: { id: s.id, repo: s.repo.name, t0: s.t0, commit: s.commit, hash: s.hash, counts: s.counts },
          forecast: { id: result.forecast.id, forecaster: result.forecast.forecaster, hash: result.forecast.hash, families: result.forecast.families },
          ...studyJson(result.study),
          synthesis: { id: result.synthesis.id, backend: result.synthesis.synthesis.backend, tgen_commit: result.synthesis.synthesis.tgen.commit, counts: result.synthesis.synthesis.counts },
          tasks: result.synthesis.synthesis.tasks.map((t) => ({ instance_id: t.instanceId, status: t.status, family: t.familyId, category: t.category, title: t.title })),
          export: { out: result.export.out, format: result.export.format, exported: result.export.exported, files: result.export.files },
          calibration: calibrationJson(result.calibration),
          next_round: { id: result.nextRound.id, calibration: result.calibration.id, counts: result.nextRound.synthesis.counts, tasks: result.nextRound.synthesis.tasks.map((t) => ({ instance_id: t.instanceId, family: t.familyId, category: t.category, steer: t.allocation.steer ?? null })) },
        },
        () => summary(result),
      );
    });
}

function summary(result: DemoResult): string {
  const s = result.snapshot;
  const c = s.counts;
  const f = result.forecast;
  const heldBack = heldBackLine(f.config);
  return [
    `swe-future demo: everything is in ${result.out}`,
    '',
    `Snapshot ${s.id} of the demo repository at T0 ${s.t0.slice(0, 10)}`,
    `  commit ${s.commit.slice(0, 12)} (${s.commitTime.slice(0, 10)}), ${c.commits} first-parent commits before T0`,
    `  work items   ${c.workItems} (${c.pullRequests} pull requests, ${c.botWorkItems} dependency/bot)`,
    `  TODO/FIXME   ${c.todos} in ${c.todoFilesScanned} files scanned; changelog ${c.changelogEntries} entries; roadmap ${c.roadmapItems} items; ${c.tags} release tags`,
    '',
    `Forecast ${f.id} (heuristic), frozen ${f.hash.slice(0, 19)}…: ${f.families.length} families${heldBack ? `; ${heldBack}` : ''}`,
    ...f.families.map((x) => `  ${x.id} ${x.score.toFixed(2)} [${x.category}] ${x.title} (${x.evidence.length} evidence)`),
    '',
    ...tableLines(result.study.table),
    '',
    `Report: ${result.report}`,
    `Why a family was forecast: swe-future forecast --snapshot ${s.id} --db ${result.db}`,
    `Why it matched: swe-future query --db ${result.db} --named matches`,
    '',
    ...synthesisLines(result),
    '',
    ...calibrationLines(result),
  ].join('\n');
}

function tableLines(table: readonly StudyTableRow[]): string[] {
  const rows = table.filter((r) => r.category === 'all');
  const first = rows[0];
  const judges = [...new Set(rows.map((r) => r.judge))];
  const pct = (x: number | null) => (x === null ? '-' : percent(x));
  const rate = (x: number | null, low: number | null, high: number | null) => (x === null ? '-' : withInterval(pct(x), low, high, wholePercent));
  const by = [...rows].sort((x, y) => judges.indexOf(x.judge) - judges.indexOf(y.judge));
  return [
    `Validation (${judges[0] ?? 'semantic'} judge${judges.length > 1 ? `; ${judges.slice(1).join(', ')} beside it` : ''}) against ${first?.later_work ?? 0} later work items in the 6 months after T0 (bot work counted apart; 95% Wilson intervals):`,
    formatTable(
      by.map((r) => ({
        judge: r.judge,
        forecaster: r.baseline ? `${r.forecaster} (baseline)` : r.forecaster,
        families: r.families,
        strong: r.strong,
        related: r.related,
        rejected: r.rejected,
        relevance: rate(r.relevance, r.relevance_low, r.relevance_high),
        strong_rate: rate(r.strong_rate, r.strong_rate_low, r.strong_rate_high),
        coverage: r.coverage === null ? '-' : `${rate(r.coverage, r.coverage_low, r.coverage_high)} (${r.covered}/${r.later_work})`,
      })),
    ),
    ...judges.map((judge) => liftLine(rows.filter((r) => r.judge === judge), judge)),
  ];
}

const percent = (x: number) => `${(x * 100).toFixed(1)}%`;
const shortPercent = (x: number | null) => (x === null ? '-' : `${Math.round(x * 100)}%`);

/**
 * The heuristic against the best baseline of one judge, in relevance (the
 * study table's lift) and in strong rate (the best baseline by strong rate):
 * relevance alone reads "+0.0" when both reach 100% on a handful of families.
 */
function liftLine(rows: readonly StudyTableRow[], judge: string): string {
  const heuristic = rows.find((r) => r.forecaster === 'heuristic');
  const baselines = rows.filter((r) => r.baseline && r.strong_rate !== null);
  if (!heuristic || heuristic.relevance === null || heuristic.strong_rate === null || baselines.length === 0) return `Heuristic against the baselines (${judge} judge): -`;
  const points = (d: number) => `${signedPoints(d)} points`;
  // The study table's lift is relevance over its best baseline; strong rate's best baseline is found here.
  const byRelevance = baselines.find((r) => r.forecaster === heuristic.best_baseline);
  const byStrong = baselines.reduce((best, r) => (r.strong_rate! > best.strong_rate! ? r : best));
  const relevance = byRelevance && heuristic.lift !== null
    ? `relevance ${withInterval(points(heuristic.lift), heuristic.lift_low, heuristic.lift_high, signedPoints)} over ${byRelevance.forecaster} (${percent(heuristic.relevance)} of ${heuristic.families} vs ${percent(byRelevance.relevance!)} of ${byRelevance.families})`
    : 'relevance -';
  const strong = `strong rate ${points(heuristic.strong_rate - byStrong.strong_rate!)} over ${byStrong.forecaster} (${percent(heuristic.strong_rate)} vs ${percent(byStrong.strong_rate!)})`;
  // A difference's interval is a bootstrap over repositories (docs/study.md): one repository gives none, and the line says so.
  const noInterval = heuristic.lift_low === null ? ' (no interval: it resamples repositories, and there is one)' : '';
  return `Heuristic against the best baseline (${judge} judge, ${heuristic.repos} ${heuristic.repos === 1 ? 'repository' : 'repositories'}): ${relevance}; ${strong}${heuristic.repos === 1 ? noInterval : ''}`;
}

function synthesisLines(result: DemoResult): string[] {
  const s = result.synthesis.synthesis;
  const e = result.export;
  return [
    `Synthesis ${result.synthesis.id} (template backend) at Tgen ${s.tgen.commit.slice(0, 12)} (${s.tgen.time.slice(0, 10)}), from the heuristic forecast's validated families: ` +
      `${s.counts.spec} task specs, ${s.counts.rejected} rejected`,
    ...s.tasks.map((t) => `  ${t.instanceId}  ${t.status.padEnd(8)} ${t.familyId} [${t.category}] ${t.title}${t.rejection ? ` (${t.rejection.code})` : ''}`),
    '  (specifications, not executable: --backend llm writes tests and a gold patch and keeps only execution-verified tasks)',
    `Export (SWE-bench JSONL and the repository bundle at Tgen): ${e.out}`,
    ...e.files.map((f) => `  ${f}`),
  ];
}

function calibrationLines(result: DemoResult): string[] {
  const c = result.calibration.calibration;
  const b = c.counts.bands;
  const next = new Map(c.nextAllocation.map((n) => [n.familyId, n]));
  const nextTasks = (family: string) => result.nextRound.synthesis.tasks.filter((t) => t.familyId === family).length;
  return [
    `Calibration ${result.calibration.id}: a synthetic agent (seeded; no model runs) made ${c.counts.attempts / Math.max(1, c.counts.tasks)} attempts at each exported task, written as SWE-bench run reports in ${result.out}/agent-results/:`,
    ...c.tasks.map((t) => `  ${t.instanceId}  ${t.resolved}/${t.attempts} solved ${withInterval(shortPercent(t.passRate), t.interval?.low, t.interval?.high, wholePercent).padEnd(14)} ${t.band.padEnd(8)} ${t.familyId} [${t.category}]`),
    `  bands: ${b.never} never, ${b.frontier} frontier, ${b.always} always (a task's [low, high]: 95% Wilson interval of its pass rate over its attempts)`,
    `Next round (synthesis ${result.nextRound.id}, template backend, ${result.nextRound.synthesis.tasks.length} tasks, under calibration ${result.calibration.id}): tasks per category from the frontier blended with the window's category mix, then within a category by each family's weight (learnability × score × label; docs/calibrate.md):`,
    ...c.families.map((f) => `  ${f.familyId} [${f.category}] ${next.get(f.familyId)?.previous ?? 0} -> ${nextTasks(f.familyId)}  (frontier share ${f.frontierShare === null ? '-' : `${withInterval(shortPercent(f.frontierShare), f.frontierShareInterval?.low, f.frontierShareInterval?.high, wholePercent)} of ${f.bands.never + f.bands.frontier + f.bands.always}`}, weight ${(next.get(f.familyId)?.weight ?? 0).toFixed(2)} in ${f.category}, llm backend asked for: ${f.steer === 'keep' ? 'the same' : `${f.steer} variants`})`),
    `Why: swe-future query --db ${result.db} --named calibration_families`,
  ];
}
