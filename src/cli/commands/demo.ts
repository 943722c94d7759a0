import type { Command } from 'commander';
import { z } from 'zod';
import { runDemo, type DemoResult } from '../../api/demo.js';
import { printResult, type CliIO } from '../io.js';
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

function hotspotLine(evidence: readonly { kind: string; ref: string }[]): string {
  const dirs = evidence.filter((e) => e.kind === 'hotspot').slice(0, 4).map((e) => e.ref.replace(/^hotspot:/, ''));
  return dirs.length ? dirs.join(', ') : 'none';
}
