import type cliProgress from 'cli-progress';
import { type Command, Option } from 'commander';
import { z } from 'zod';
import { runStudy, type StudyRunResult } from '../../api/study.js';
import { ExitError, UserError } from '../../errors.js';
import type { Progress } from '../../progress.js';
import { formatTable, printResult, type CliIO } from '../io.js';
import { MAX_JUDGE_CONCURRENCY } from '../../llm/limits.js';
import { addModelCallOptions, endpointLimits, loadNetworkJudgeBuilder, NetworkJudgeFlags } from '../network-judges.js';
import { signedPoints, withInterval } from '../interval-text.js';
import { parseOptions } from '../options.js';
import { loadCliProgress } from '../progress-bars.js';

const Options = NetworkJudgeFlags.extend({
  db: z.string(),
  config: z.string().min(1),
  jobs: z.coerce.number().int().positive(),
  queue: z.string().min(1).optional(),
  retryFailed: z.boolean().optional(),
  cache: z.string().optional(),
  llmCutoff: z.string().optional(),
  allowModelAfterT0: z.boolean().optional(),
  json: z.boolean().optional(),
  quiet: z.boolean().optional(),
  debug: z.boolean().optional(),
});
type Options = z.infer<typeof Options>;

/** The exit code after Ctrl-C, as a shell reports a process ended by SIGINT. */
const INTERRUPTED_EXIT = 130;

export function register(program: Command, io: CliIO): void {
  const command = program
    .command('study')
    .description('Snapshot, forecast (every forecaster of the config) and validate (every judge) each repository of a study config, then print the pooled table; resumable')
    .requiredOption('--config <file>', 'the study config (JSON; repository paths are relative to it; see docs/study.md)')
    .option('--jobs <n>', 'repositories worked on at once (in this process; with --queue, workers set their own --concurrency)', '2')
    .addOption(new Option('--queue <url>', 'run the repositories as jobs on this Redis queue (redis://[:PASSWORD@]HOST:PORT[/DB]), done by `swe-future worker` processes; never printed').env('SWE_FUTURE_QUEUE'))
    .option('--retry-failed', 'with --queue: put repositories whose jobs failed back on the queue (a local run always retries them)')
    .addOption(new Option('--cache <dir>', 'where repositories named by a clone "url" are cloned and reused (default ~/.cache/swe-future/clones)').env('SWE_FUTURE_CACHE'))
    .option('--llm-base-url <url>', 'OpenAI-compatible endpoint for the llm forecaster or judge (key from OPENAI_API_KEY)')
    .option('--llm-model <name>', 'chat model for the llm forecaster or judge')
    .option('--llm-concurrency <n>', `families the llm judge judges at once, 1 to ${MAX_JUDGE_CONCURRENCY} requests in flight (default 1); verdicts are the same whatever n`)
    .option('--llm-cutoff <date>', "the model's knowledge cutoff; must be before every T0");
  addModelCallOptions(command)
    .option('--allow-model-after-t0', 'run the llm forecaster even if the model may know what came after T0')
    .option('--embedding-base-url <url>', 'OpenAI-compatible endpoint for the embedding judge')
    .option('--embedding-model <name>', 'embedding model for the embedding judge')
    .addHelpText(
      'after',
      [
        '',
        'Rerunning the same command resumes the study: repositories already done are skipped, failed and',
        'unfinished ones are run again. Exit codes: 0 the study ran to its end (failed repositories are',
        'listed, and counted in --json as study.failed); 2 a bad config or option; 130 interrupted (Ctrl-C:',
        'running repositories finish first; press it again to abandon them).',
        'With --queue (docs/scale-out.md) the repositories are jobs on a queue and `swe-future worker` runs them; this',
        'command enqueues them, shows the queue\'s progress and merges each result as it arrives. Ctrl-C stops it',
        'watching (the workers go on); the same command resumes. --retry-failed re-queues repositories that failed.',
      ].join('\n'),
    )
    .action(async (_opts, command: Command) => {
      const o = parseOptions(Options, command);
      // Model clients load only when an endpoint is given (without one, the llm forecaster and judges refuse to run).
      const [buildNetworkJudge, llm] = await Promise.all([
        loadNetworkJudgeBuilder(o),
        o.llmBaseUrl && o.llmModel ? Promise.all([import('../../forecast/llm/index.js'), import('../../llm/openai-chat.js')]) : null,
      ]);
      const progress = studyProgress(io, o.quiet);
      const controller = new AbortController();
      let interrupts = 0;
      const onSigint = () => {
        interrupts += 1;
        if (interrupts === 1) {
          progress.log('swe-future: interrupted: no new repository starts; the running ones finish (Ctrl-C again abandons them; nothing half-written is kept)');
          controller.abort();
          return;
        }
        progress.done();
        io.stderr(`swe-future: abandoned the running repositories. Resume with: ${resumeCommand(o)}\n`);
        process.exit(INTERRUPTED_EXIT);
      };
      process.on('SIGINT', onSigint);
      let result: StudyRunResult;
      try {
        result = await runStudy({
          db: o.db,
          config: o.config,
          jobs: o.jobs,
          progress,
          signal: controller.signal,
          onWarning: (w) => progress.log(`swe-future: warning: ${w}`),
          networkJudge: (name, deps) => buildNetworkJudge(name, deps.embeddingCache),
          llmForecaster: () => llmForecaster(o, llm),
          ...(o.queue ? { queue: o.queue, retryFailed: o.retryFailed ?? false, models: modelSettings(o) } : {}),
          ...(o.cache ? { cacheDir: o.cache } : {}),
        });
      } finally {
        process.off('SIGINT', onSigint);
        progress.done();
      }
      if (o.debug) for (const r of result.repos) if (r.stack) io.stderr(`swe-future: ${r.name}: ${r.stack}\n`);
      printResult(io, o, studyJson(result), () => formatStudy(result, Boolean(o.queue)));
      const failed = result.repos.filter((r) => r.status === 'failed').length;
      if (failed && !o.quiet) {
        io.stderr(`swe-future: warning: ${failed} of ${result.repos.length} repositories failed (listed in the output); fix them and run the same command again${o.queue ? ' with --retry-failed' : ''} to retry just those\n`);
      }
      if (result.interrupted) {
        const done = result.repos.filter((r) => r.status === 'done').length;
        io.stderr(`swe-future: interrupted with ${done} of ${result.repos.length} repositories done. Resume with: ${resumeCommand(o)}\n`);
        throw new ExitError(INTERRUPTED_EXIT);
      }
    });
}

/** The endpoint settings queue workers need (the key stays in each worker's OPENAI_API_KEY). */
function modelSettings(o: Options) {
  const s = { llmBaseUrl: o.llmBaseUrl, llmModel: o.llmModel, llmCutoff: o.llmCutoff, allowModelAfterT0: o.allowModelAfterT0, embeddingBaseUrl: o.embeddingBaseUrl, embeddingModel: o.embeddingModel, llmTimeout: o.llmTimeout, llmRetries: o.llmRetries, llmConcurrency: o.llmConcurrency };
  return Object.fromEntries(Object.entries(s).filter(([, v]) => v !== undefined));
}

function llmForecaster(o: Options, llm: [typeof import('../../forecast/llm/index.js'), typeof import('../../llm/openai-chat.js')] | null) {
  if (!llm || !o.llmBaseUrl || !o.llmModel) {
    throw new UserError('LLM_NOT_CONFIGURED', 'The study config names the llm forecaster, which needs a model endpoint', 'Pass --llm-base-url URL and --llm-model NAME (key from OPENAI_API_KEY).');
  }
  const [{ createLlmForecaster }, { createOpenAIChat }] = llm;
  return createLlmForecaster({
    chat: createOpenAIChat({ baseURL: o.llmBaseUrl, model: o.llmModel, ...endpointLimits(o) }),
    cutoff: o.llmCutoff ?? null,
    allowModelAfterT0: o.allowModelAfterT0 ?? false,
  });
}

/** The headline cut of the ranked output (issue 15): the top 5 families of each forecast. */
const HEADLINE_K = 5;

/** The command that resumes this study: the same config and store, the same settings. */
function resumeCommand(o: Options): string {
  const quote = (s: string) => (/^[\w./:=@+-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);
  const parts = ['swe-future', 'study', '--config', quote(o.config), '--db', quote(o.db)];
  if (o.jobs !== 2) parts.push('--jobs', String(o.jobs));
  // The queue URL may hold a password: never printed. From SWE_FUTURE_QUEUE it needs no flag.
  if (o.queue && process.env.SWE_FUTURE_QUEUE !== o.queue) parts.push('--queue', 'URL');
  for (const [flag, value] of [['--llm-base-url', o.llmBaseUrl], ['--llm-model', o.llmModel], ['--llm-cutoff', o.llmCutoff], ['--embedding-base-url', o.embeddingBaseUrl], ['--embedding-model', o.embeddingModel]] as const) {
    if (value) parts.push(flag, quote(value));
  }
  if (o.allowModelAfterT0) parts.push('--allow-model-after-t0');
  if (o.llmTimeout !== undefined) parts.push('--llm-timeout', String(o.llmTimeout));
  if (o.llmRetries !== undefined) parts.push('--llm-retries', String(o.llmRetries));
  if (o.llmConcurrency !== undefined) parts.push('--llm-concurrency', String(o.llmConcurrency));
  return parts.join(' ');
}

/** The `--json` document: the study, its pooled table, judge agreement, failed repositories, and every repository's status. */
export function studyJson(r: StudyRunResult) {
  const count = (status: string) => r.repos.filter((x) => x.status === status).length;
  return {
    study: {
      id: r.id,
      name: r.name,
      config: r.configFile,
      repos: r.repos.length,
      done: count('done'),
      failed: count('failed'),
      pending: count('pending'),
      resumed: r.resumed,
      interrupted: r.interrupted,
      seconds: round(r.repos.reduce((s, x) => s + (x.seconds ?? 0), 0)),
      wall_seconds: r.wallSeconds,
    },
    table: r.table,
    agreement: r.agreement,
    at_k: r.atK,
    reliability: r.reliability,
    failures: r.repos.filter((x) => x.status === 'failed').map((x) => ({ ord: x.ord, repo: x.name, path: x.path, t0: x.t0, error: x.error })),
    repositories: r.repos.map((x) => ({ ord: x.ord, repo: x.name, path: x.path, t0: x.t0, status: x.status, snapshot: x.snapshotId, seconds: x.seconds, ran_now: x.ranNow, error: x.error })),
  };
}

function formatStudy(r: StudyRunResult, queued = false): string {
  const j = studyJson(r).study;
  const skipped = r.repos.filter((x) => x.status === 'done' && !x.ranNow).length;
  const head = [
    `study ${r.id} "${r.name}": ${j.repos} repositories, ${j.done} done, ${j.failed} failed${j.pending ? `, ${j.pending} not run` : ''}` +
      `; ${j.seconds.toFixed(1)} s of repository time (this run ${r.wallSeconds.toFixed(1)} s${skipped ? `, ${skipped} done before and skipped` : ''})`,
    `window ${r.config.window} after each T0; forecasters ${r.config.forecasters.join(', ')}; judges ${r.config.judges.join(', ')}`,
  ];
  const table = r.table.map((t) => ({
    forecaster: t.baseline ? `${t.forecaster} (b)` : t.forecaster,
    judge: t.judge,
    category: t.category,
    repos: t.repos,
    abstained: t.abstentions,
    families: t.families,
    strong: t.strong,
    related: t.related,
    rejected: t.rejected,
    relevance: withInterval(pct(t.relevance), t.relevance_low, t.relevance_high, pctBound),
    strong_rate: withInterval(pct(t.strong_rate), t.strong_rate_low, t.strong_rate_high, pctBound),
    coverage: t.category === 'all' ? `${withInterval(pct(t.coverage), t.coverage_low, t.coverage_high, pctBound)} ${t.covered}/${t.later_work}` : '',
    lift: t.lift === null ? '' : `${withInterval(pts(t.lift), t.lift_low, t.lift_high, signedPoints)} vs ${t.best_baseline}`,
  }));
  const failed = r.repos.filter((x) => x.status === 'failed');
  const failedLines = failed.length
    ? ['', `Failed repositories (${failed.length}; the same command${queued ? ' with --retry-failed' : ''} tries them again):`, ...failed.map((x) => `  ${x.name} (repos[${x.ord}], t0 ${x.t0.slice(0, 10)}): ${x.error}`)]
    : [];
  // With no repository done, every row of the tables would be zeros and dashes: say so once instead (--json keeps them).
  if (j.done === 0) {
    const next = failed.length ? 'fix what is listed below and run the same command again' : 'run the same command again to go on';
    return [...head, '', `No repository is done yet, so there are no figures: ${next}.`, ...failedLines].join('\n');
  }
  const lines = [
    ...head,
    '',
    'Future-work relevance, families pooled over repositories ((b) = baseline; lift = relevance − the best baseline\'s, same judge and category):',
    formatTable(table),
    '[low, high]: 95% intervals, Wilson for rates (n = families, or later work for coverage), a paired bootstrap over the repositories for lift (docs/study.md).',
  ];
  const k = Math.min(HEADLINE_K, Math.max(0, ...r.atK.map((x) => x.k)));
  if (k > 0) {
    lines.push(
      '',
      `Ranked output, the top ${k} families of every forecast pooled (all k in --json as at_k, score bins as reliability; docs/queries.md):`,
      formatTable(r.atK.filter((x) => x.k === k).map((x) => ({
        forecaster: x.baseline ? `${x.forecaster} (b)` : x.forecaster,
        judge: x.judge,
        families: x.families,
        [`strong@${k}`]: withInterval(pct(x.precision_strong), x.precision_strong_low, x.precision_strong_high, pctBound),
        [`relevant@${k}`]: withInterval(pct(x.precision_relevant), x.precision_relevant_low, x.precision_relevant_high, pctBound),
        [`coverage@${k}`]: `${withInterval(pct(x.coverage), x.coverage_low, x.coverage_high, pctBound)} ${x.covered}/${x.later_work}`,
      }))),
    );
  }
  if (r.agreement.length) {
    lines.push(
      '',
      'Judge agreement on the same families (percent alike; Cohen\'s kappa; [low, high]: 95% intervals over the families, Wilson for percent, a bootstrap for kappa):',
      formatTable(r.agreement.map((a) => ({
        forecaster: a.forecaster, judges: `${a.judge_a} / ${a.judge_b}`, repos: a.repos, families: a.families,
        labels: a.percent === null ? '-' : withInterval(`${a.percent.toFixed(1)}%`, a.percent_low, a.percent_high, (b) => b.toFixed(1)),
        kappa: a.kappa === null ? fixed(a.kappa) : withInterval(fixed(a.kappa), a.kappa_low, a.kappa_high, (b) => b.toFixed(2)),
        relevant: a.relevant_percent === null ? '-' : withInterval(`${a.relevant_percent.toFixed(1)}%`, a.relevant_percent_low, a.relevant_percent_high, (b) => b.toFixed(1)),
        relevant_kappa: a.relevant_kappa === null ? fixed(a.relevant_kappa) : withInterval(fixed(a.relevant_kappa), a.relevant_kappa_low, a.relevant_kappa_high, (b) => b.toFixed(2)),
      }))),
    );
  }
  lines.push(...failedLines);
  return lines.join('\n');
}

function pct(x: number | null): string {
  return x === null ? '-' : `${(x * 100).toFixed(1)}%`;
}

function pts(x: number | null): string {
  return x === null ? '-' : `${signedPoints(x)} pts`;
}

/** A rate's bound as pct writes it, without the % (`52.0`). */
const pctBound = (x: number): string => (x * 100).toFixed(1);

function fixed(x: number | null): string {
  return x === null ? '-' : x.toFixed(3);
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}

/**
 * Progress for a study on stderr: one bar of repositories finished out of
 * all, with the ETA and what a repository is doing now, on a terminal only;
 * `log` prints a line above the bar (or alone, off a terminal); nothing with --quiet.
 */
function studyProgress(io: CliIO, quiet: boolean | undefined): Progress & { log(line: string): void } {
  if (quiet) return { stage() {}, tick() {}, done() {}, log() {} };
  if (!io.stderrIsTTY) return { stage() {}, tick() {}, done() {}, log: (line) => io.stderr(`${line}\n`) };
  let bars: cliProgress.MultiBar | null = null;
  let bar: cliProgress.SingleBar | null = null;
  let now = '';
  return {
    stage(name) {
      now = name;
      bar?.update({ now });
    },
    tick(done, total) {
      if (!bars) {
        const cliProgress = loadCliProgress();
        bars = new cliProgress.MultiBar(
          { format: 'study [{bar}] {value}/{total} repositories | ETA {eta_formatted} | {now}', stream: process.stderr, hideCursor: true, clearOnComplete: true, etaBuffer: 20 },
          cliProgress.Presets.shades_classic,
        );
        bar = bars.create(total, done, { now });
        return;
      }
      bar?.setTotal(total);
      bar?.update(done, { now });
    },
    log(line) {
      if (bars) bars.log(`${line}\n`);
      else io.stderr(`${line}\n`);
    },
    done() {
      bars?.stop();
      bars = null;
      bar = null;
    },
  };
}
