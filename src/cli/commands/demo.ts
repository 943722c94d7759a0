import type { Command } from 'commander';
import { z } from 'zod';
import { runDemo, type DemoResult } from '../../api/demo.js';
import { formatTable, printResult, type CliIO } from '../io.js';
import { parseOptions } from '../options.js';
import { stderrProgress } from '../progress.js';

const Options = z.object({
  out: z.string().optional(),
  json: z.boolean().optional(),
  quiet: z.boolean().optional(),
});

export function register(program: Command, io: CliIO): void {
  program
    .command('demo')
    .description('Build the demo repository (two years of history, planted work streams) and run every stage on it')
    .option('--out <dir>', 'keep everything in DIR: repo/, swe-future.db, snapshots/ (default: a new temp folder)')
    .action(async (_opts, command: Command) => {
      const o = parseOptions(Options, command);
      const result = await runDemo({ out: o.out, progress: stderrProgress(io, o.quiet) });
      const s = result.snapshot.snapshot;
      const c = s.counts;
      printResult(
        io,
        o,
        {
          out: result.out,
          repo: result.repo,
          db: result.db,
          snapshot: { id: result.snapshot.id, repo: s.repo.name, t0: s.t0, commit: s.commit, hash: s.hash, counts: c },
          forecasts: result.forecasts.map((f) => ({ id: f.id, forecaster: f.forecast.forecaster, hash: f.forecast.hash, abstained: f.forecast.abstained, families: f.forecast.families })),
          validations: result.validations.map((v) => ({ id: v.id, forecast: v.validation.forecastId, judge: v.validation.judge, metrics: v.validation.metrics })),
        },
        () => [
          `swe-future demo: everything is in ${result.out}`,
          '',
          `Snapshot ${result.snapshot.id} of the demo repository at T0 ${s.t0.slice(0, 10)}`,
          `  commit ${s.commit.slice(0, 12)} (${s.commitTime.slice(0, 10)}), ${c.commits} first-parent commits before T0`,
          `  work items   ${c.workItems} (${c.pullRequests} pull requests, ${c.botWorkItems} dependency/bot)`,
          `  TODO/FIXME   ${c.todos} in ${c.todoFilesScanned} files scanned`,
          `  changelog    ${c.changelogEntries} entries in the top section`,
          `  roadmap      ${c.roadmapItems} items`,
          `  tags         ${c.tags} release tags before T0`,
          `  hotspots     ${hotspotLine(s.evidence)}`,
          `  hash         ${s.hash}`,
          '',
          ...forecastLines(result.forecasts),
          '',
          ...validationLines(result),
          '',
          `See why a family was forecast: swe-future forecast --snapshot ${result.snapshot.id} --db ${result.db}`,
          `Query it: swe-future query --db ${result.db} "SELECT f.forecaster, fa.category, fa.title FROM families fa JOIN forecasts f ON f.id = fa.forecast_id"`,
        ].join('\n'),
      );
    });
}

function forecastLines(forecasts: DemoResult['forecasts']): string[] {
  const lines: string[] = [];
  for (const { id, forecast } of forecasts) {
    const baseline = forecast.forecaster === 'heuristic' ? '' : ' (baseline)';
    lines.push(`Forecast ${id}: ${forecast.forecaster}${baseline}, ${forecast.families.length} families${forecast.abstainReason ? `, abstained: ${forecast.abstainReason}` : ''}`);
    const shown = forecast.forecaster === 'heuristic' ? forecast.families : forecast.families.slice(0, 3);
    for (const f of shown) lines.push(`  ${f.id} ${f.score.toFixed(2)} [${f.category}] ${f.title} (${f.evidence.length} evidence)`);
    if (shown.length < forecast.families.length) lines.push(`  … ${forecast.families.length - shown.length} more`);
  }
  return lines;
}

function pct(x: number | null): string {
  return x === null ? '-' : `${(x * 100).toFixed(1)}%`;
}

function validationLines(result: DemoResult): string[] {
  const window = result.validations[0]?.validation;
  const rows = result.forecasts.map((f, i) => {
    const m = result.validations[i]!.validation.metrics;
    return { forecaster: f.forecast.forecaster, families: m.families, strong: m.strong, related: m.related, rejected: m.rejected, relevance: m.relevance, strong_rate: m.strongRate, coverage: m.coverage };
  });
  const baselines = rows.filter((r) => r.forecaster !== 'heuristic');
  const heuristic = rows.find((r) => r.forecaster === 'heuristic');
  const lift = (key: 'relevance' | 'strong_rate') => {
    const own = heuristic?.[key];
    if (own === null || own === undefined) return '-';
    const points = (own - Math.max(...baselines.map((r) => r[key] ?? 0))) * 100;
    return `${points >= 0 ? '+' : ''}${points.toFixed(1)} points`;
  };
  return [
    `Validation (lexical judge) against ${window?.metrics.laterWork ?? 0} work items merged ${window?.windowStart.slice(0, 10)} .. ${window?.windowEnd.slice(0, 10)} (+${window?.metrics.laterBotWork ?? 0} bot, not scored)`,
    formatTable(rows.map((r) => ({ ...r, relevance: pct(r.relevance), strong_rate: pct(r.strong_rate), coverage: pct(r.coverage) }))),
    `Lift of heuristic over the best baseline: ${lift('relevance')} of relevance, ${lift('strong_rate')} of strong rate`,
  ];
}

function hotspotLine(evidence: readonly { kind: string; ref: string }[]): string {
  const dirs = evidence.filter((e) => e.kind === 'hotspot').slice(0, 4).map((e) => e.ref.replace(/^hotspot:/, ''));
  return dirs.length ? dirs.join(', ') : 'none';
}
