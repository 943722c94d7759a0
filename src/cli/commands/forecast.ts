import { Option, type Command } from 'commander';
import { z } from 'zod';
import { forecastSnapshot } from '../../api/forecast.js';
import { UserError } from '../../errors.js';
import { heldBackLine, maxLooseShowingAll } from '../../forecast/held-back.js';
import { FORECASTERS, type TaskFamily } from '../../forecast/model.js';
import { withoutControl } from '../../text/control.js';
import { dbFlag } from '../db-flag.js';
import { printResult, type CliIO } from '../io.js';
import { addModelCallOptions, endpointLimits, ModelCallFlags } from '../network-judges.js';
import { parseOptions } from '../options.js';
import { formatDigestShares } from '../digest-shares.js';
import { stderrProgress } from '../progress.js';

const positiveInt = z.coerce.number().int().positive();

const Options = ModelCallFlags.extend({
  db: z.string(),
  snapshot: positiveInt.optional(),
  repo: z.string().optional(),
  t0: z.string().optional(),
  gitBackend: z.enum(['auto', 'native', 'isomorphic']),
  forecaster: z.enum(FORECASTERS),
  maxFamilies: positiveInt,
  // A count, not any number: "-1", "1.5", "two" and "" are refused (BAD_OPTION), never read as 0.
  maxLoose: z.string().trim().regex(/^\d+$/, 'expected a whole number of at least 0').transform(Number),
  // A probability: "1.5", "-0.1", "half" and "" are refused (BAD_OPTION).
  scoreFloor: z.string().trim().regex(/^(0(\.\d+)?|1(\.0+)?|\.\d+)$/, 'expected a number from 0 to 1').transform(Number),
  seed: z.coerce.number().int().nonnegative(),
  llmBaseUrl: z.string().optional(),
  llmModel: z.string().optional(),
  llmCutoff: z.string().optional(),
  allowModelAfterT0: z.boolean().optional(),
  json: z.boolean().optional(),
  quiet: z.boolean().optional(),
  debug: z.boolean().optional(),
});

export function register(program: Command, io: CliIO): void {
  const command = program
    .command('forecast')
    .description('Forecast task families of future work from a frozen snapshot, and freeze the forecast')
    .option('--snapshot <id>', 'a stored snapshot id')
    .option('--repo <path>', 'snapshot this repository first (with --t0), reusing an identical snapshot')
    .option('--t0 <date>', 'the cutoff for --repo')
    .addOption(new Option('--git-backend <name>', 'git reader for --repo').choices(['auto', 'native', 'isomorphic']).default('auto'))
    .addOption(new Option('--forecaster <name>', 'heuristic (offline default), llm, or a baseline').choices([...FORECASTERS]).default('heuristic'))
    .option('--max-families <n>', 'at most this many families, ranked best first', '10')
    .option('--max-loose <n>', 'heuristic: also show up to this many loose families (titles naming no checkable work), after the specific ones', '0')
    .option('--score-floor <p>', 'heuristic: hold back families whose score (the calibrated chance of strong later work) is below p, from 0 to 1', '0')
    .option('--seed <n>', 'seed for every random choice', '0')
    .option('--llm-base-url <url>', 'OpenAI-compatible endpoint for --forecaster llm (key from OPENAI_API_KEY)')
    .option('--llm-model <name>', 'model name for --forecaster llm')
    .option('--llm-cutoff <date>', "the model's knowledge cutoff; must be before T0")
    .option('--allow-model-after-t0', 'run the llm forecaster even if the model may know what came after T0');
  addModelCallOptions(command)
    .action(async (_opts, command: Command) => {
      const o = parseOptions(Options, command);
      if (o.snapshot !== undefined && (o.repo !== undefined || o.t0 !== undefined)) {
        throw new UserError('OPTIONS_CONFLICT', `--snapshot ${o.snapshot} cannot go with ${o.repo !== undefined ? '--repo' : '--t0'}: the snapshot already fixes the repository and T0`, 'Pass --snapshot ID alone, or --repo PATH --t0 DATE alone.');
      }
      // The model client loads only when the llm forecaster runs.
      const llmModules = o.forecaster === 'llm' ? await Promise.all([import('../../forecast/llm/index.js'), import('../../llm/openai-chat.js')]) : null;
      const result = await forecastSnapshot({
        ...o,
        progress: stderrProgress(io, o.quiet),
        llm: () => {
          if (!o.llmBaseUrl || !o.llmModel) {
            throw new UserError('LLM_NOT_CONFIGURED', 'The llm forecaster needs a model endpoint', 'Pass --llm-base-url URL and --llm-model NAME (key from OPENAI_API_KEY).');
          }
          const [{ createLlmForecaster }, { createOpenAIChat }] = llmModules!;
          const forecaster = createLlmForecaster({
            chat: createOpenAIChat({ baseURL: o.llmBaseUrl, model: o.llmModel, ...endpointLimits(o) }),
            cutoff: o.llmCutoff ?? null,
            allowModelAfterT0: o.allowModelAfterT0 ?? false,
          });
          if (!o.debug) return forecaster;
          return {
            name: forecaster.name,
            forecast: (request) => {
              io.stderr(formatDigestShares(request.snapshot, request.maxFamilies));
              return forecaster.forecast(request);
            },
          };
        },
      });
      const f = result.forecast;
      if (!o.quiet) {
        for (const d of result.dropped) io.stderr(`swe-future: warning: dropped the model's family "${stripControl(d.title)}": ${stripControl(d.reason)}\n`);
      }
      printResult(
        io,
        o,
        {
          forecast: { id: result.id, forecaster: f.forecaster, hash: f.hash, abstained: f.abstained, abstain_reason: f.abstainReason, snapshot: f.snapshotId, frozen_at: f.frozenAt, reused: result.reused },
          families: f.families,
          dropped: result.dropped,
        },
        () => formatForecast(result.id, f.forecaster, f.snapshotId, f.abstainReason, f.families, heldBackLine(f.config), looseHint(f.config, f.snapshotId, o.db)),
      );
    });
}

function formatForecast(id: number, forecaster: string, snapshot: number, abstainReason: string | null, families: readonly TaskFamily[], heldBack: string | null, hint: string | null): string {
  const head = `forecast ${id} (${forecaster}) from snapshot ${snapshot}: ${families.length} ${families.length === 1 ? 'family' : 'families'}`;
  const withHint = (text: string) => (hint ? `${text}\n  ${hint}` : text);
  // An abstention's reason already says what was held back.
  if (abstainReason) return withHint(`${head}\n  abstained: ${abstainReason}`);
  return [withHint(heldBack ? `${head}\n  ${heldBack}` : head), ...blocksOf(families)].join('\n\n');
}

/** The command that shows the loose families a forecast held back, or null when it held none back. */
function looseHint(config: Record<string, unknown>, snapshot: number, db: string): string | null {
  const all = maxLooseShowingAll(config);
  return all === null ? null : `to see them: swe-future forecast --snapshot ${snapshot} --max-loose ${all}${dbFlag(db)}`;
}

function blocksOf(families: readonly TaskFamily[]): string[] {
  return families.map((f) =>
    [
      `${f.id}  [${f.category}] ${f.title}   score ${f.score.toFixed(2)}`,
      `    anchor    ${f.anchor.name}${f.anchor.paths.length > 1 ? ` (+ ${f.anchor.paths.slice(1).join(', ')})` : ''}`,
      `    expected  ${f.expected_behavior}`,
      `    evidence  ${f.evidence.slice(0, 5).map((e) => `${e.ref} (${e.date.slice(0, 10)}) ${e.text.slice(0, 70)}`).join('\n              ')}${f.evidence.length > 5 ? `\n              … ${f.evidence.length - 5} more` : ''}`,
      `    why       ${f.rationale}`,
    ].join('\n'),
  );
}

/** Model text on a terminal: escape sequences and control characters removed, one line. */
const stripControl = withoutControl;
