import { Option, type Command } from 'commander';
import { z } from 'zod';
import { DEFAULT_JUDGE, JUDGES, type Metrics, type Verdict } from '../../validate/model.js';
import { addNetworkJudgeOptions, judgingHooks, NetworkJudgeFlags } from '../network-judges.js';
import { formatTable, printResult, type CliIO } from '../io.js';
import { withInterval, wholePercent } from '../interval-text.js';
import { parseOptions } from '../options.js';
import { isBaseline } from '../../forecast/model.js';
import { wilsonInterval } from '../../stats/wilson.js';
import { dbFlag } from '../db-flag.js';

const Options = NetworkJudgeFlags.extend({
  db: z.string(),
  forecast: z.coerce.number().int().positive(),
  window: z.string(),
  judge: z.enum(JUDGES),
  includeBots: z.boolean().optional(),
  json: z.boolean().optional(),
  quiet: z.boolean().optional(),
});

export function register(program: Command, io: CliIO): void {
  addNetworkJudgeOptions(
    program
      .command('validate')
      .description('Judge a frozen forecast against the work merged in (T0, T0 + window]')
      .requiredOption('--forecast <id>', 'a stored forecast id')
      .option('--window <duration>', 'how long after T0 to look (90d, 6m, 1y)', '6m')
      .addOption(new Option('--judge <name>', 'semantic (offline, default), lexical (offline), embedding or llm').choices([...JUDGES]).default(DEFAULT_JUDGE))
      .option('--include-bots', 'judge dependency/bot work too (default: counted apart)')
  )
    .action(async (_opts, command: Command) => {
      const o = parseOptions(Options, command);
      const [{ validateForecast }, hooks] = await Promise.all([import('../../api/validate.js'), judgingHooks(io, o)]);
      const result = await validateForecast({
        db: o.db,
        forecast: o.forecast,
        window: o.window,
        judge: o.judge,
        includeBots: o.includeBots,
        ...hooks,
      });
      const v = result.validation;
      if (!o.quiet) for (const w of result.warnings) io.stderr(`swe-future: warning: ${w}\n`);
      printResult(
        io,
        o,
        { validation: { id: result.id, forecast: v.forecastId, judge: v.judge, window: v.window, window_start: v.windowStart, window_end: v.windowEnd, reused: result.reused }, verdicts: v.verdicts, metrics: v.metrics },
        () => [formatValidation(result.id, v.judge, v.windowStart, v.windowEnd, v.verdicts, v.metrics), ...nextSteps(result.forecaster, result.snapshotId, v.window, v.judge, o.db)].join('\n'),
      );
    });
}

/** "+3 release, +2 branch_merge, +5 bot, not scored": the window's work counted apart. */
function apartText(m: Metrics): string {
  const k = m.laterWorkByKind;
  if (!k) return `+${m.laterBotWork} bot, not scored`;
  const apart = (['release', 'branch_merge', 'translation', 'chore', 'bot'] as const).filter((kind) => k[kind] > 0).map((kind) => `+${k[kind]} ${kind.replace('_', ' ')}`);
  return `${k.pull_request} pull requests, ${k.direct} direct; ${apart.length ? `${apart.join(', ')}, not scored` : 'nothing counted apart'}`;
}

function pct(x: number | null): string {
  return x === null ? '-' : `${(x * 100).toFixed(1)}%`;
}

/** "25.0% [5, 70] 1/4": a rate with its 95% Wilson interval and (unless `counts` is false) the counts it rests on; "-" when n = 0. */
export function rateText(successes: number, n: number, counts = true): string {
  const interval = wilsonInterval(successes, n);
  if (!interval) return '-';
  return `${withInterval(pct(successes / n), interval.low, interval.high, wholePercent)}${counts ? ` ${successes}/${n}` : ''}`;
}

/** The verdict's reason without the label it repeats ("rejected: nearest was ..." under the label "rejected"). */
function reasonText(v: Verdict): string {
  return v.reason.startsWith(`${v.label}: `) ? v.reason.slice(v.label.length + 2) : v.reason;
}

export function formatValidation(id: number, judge: string, start: string, end: string, verdicts: readonly Verdict[], m: Metrics): string {
  const row = (category: string, c: { families: number; strong: number; related: number; rejected: number }) => ({
    category,
    families: c.families,
    strong: c.strong,
    related: c.related,
    rejected: c.rejected,
    relevance: rateText(c.strong + c.related, c.families),
    strong_rate: rateText(c.strong, c.families),
  });
  const rows = [row('all', m), ...Object.entries(m.perCategory).map(([category, c]) => row(category, c))];
  return [
    `validation ${id} (${judge}) over ${start.slice(0, 10)} .. ${end.slice(0, 10)}: ${m.laterWork} later work items (${apartText(m)})`,
    '',
    ...verdicts.map((v) => `${v.familyId.padEnd(4)} ${v.label.padEnd(8)} ${reasonText(v)}`),
    '',
    formatTable(rows),
    '',
    `coverage ${rateText(m.covered, m.laterWork, false)}: ${m.covered} of ${m.laterWork} later work items matched strong by some family`,
    'relevance = (strong + related) / families; [low, high]: 95% Wilson interval (docs/validation.md); few families make wide intervals.',
  ].join('\n');
}

/**
 * What to run next, after a forecaster's validation: its figures mean little until read beside the naive baselines
 * on the same snapshot, and the report puts them side by side (for a baseline's own validation: nothing).
 */
function nextSteps(forecaster: string, snapshotId: number, window: string, judge: string, db: string): string[] {
  if (isBaseline(forecaster)) return [];
  const flag = dbFlag(db);
  return [
    '',
    'Read these figures beside the naive baselines on the same snapshot:',
    `  swe-future forecast --snapshot ${snapshotId} --forecaster hotspot${flag}     (then recency, random-anchor)`,
    `  swe-future validate --forecast ID --window ${window} --judge ${judge}${flag}     (ID: the id each of those forecasts printed)`,
    `  swe-future report --out DIR${flag}     (all of them side by side, with intervals and lift)`,
    'A study does all of it over many repositories: docs/study.md.',
  ];
}
