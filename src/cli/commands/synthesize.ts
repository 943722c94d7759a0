import { Option, type Command } from 'commander';
import { z } from 'zod';
import { synthesizeTasks, type SynthesizeResult } from '../../api/synthesize.js';
import { UserError } from '../../errors.js';
import { addModelCallOptions, endpointLimits, ModelCallFlags } from '../network-judges.js';
import { BACKENDS } from '../../synthesize/model.js';
import { formatTable, printResult, type CliIO } from '../io.js';
import { parseOptions } from '../options.js';
import { stderrProgress } from '../progress.js';

const positiveInt = z.coerce.number().int().positive();

const Options = ModelCallFlags.extend({
  db: z.string(),
  validation: positiveInt,
  tgen: z.string().min(1),
  total: positiveInt.optional(),
  calibration: positiveInt.optional(),
  backend: z.enum(BACKENDS),
  testCmd: z.string().min(1).optional(),
  runs: z.coerce.number().int().min(1).max(10),
  timeout: positiveInt,
  memory: positiveInt,
  maxSteps: positiveInt,
  seed: z.coerce.number().int().nonnegative().optional(),
  llmBaseUrl: z.string().optional(),
  llmModel: z.string().optional(),
  gitBackend: z.enum(['auto', 'native', 'isomorphic']),
  sandbox: z.boolean(),
  install: z.boolean(),
  installCmd: z.string().min(1).optional(),
  installNetwork: z.boolean().optional(),
  installTimeout: positiveInt,
  allowEnv: z.array(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'a variable name (letters, digits, _)')),
  json: z.boolean().optional(),
  quiet: z.boolean().optional(),
});

export function register(program: Command, io: CliIO): void {
  const command = program
    .command('synthesize')
    .description('Synthesize coding tasks at Tgen from the families a validation judged strong or related (docs/synthesis.md)')
    .requiredOption('--validation <id>', 'a stored validation id')
    .requiredOption('--tgen <date|HEAD>', 'the task-generation snapshot: HEAD, or the newest commit at or before a date (not before T0)')
    .option('--total <n>', 'tasks in all, spread over families by score and the forecast\'s category mix (default: one per family)')
    .option('--calibration <id>', "allocate by a calibration of an earlier round (swe-future calibrate): toward families whose tasks sat at the agent's frontier, blended with the window's category mix; --total defaults to that round's")
    .addOption(new Option('--backend <name>', 'template (offline specs, not executable) or llm (agent writes tests and a gold patch; execution-gated)').choices([...BACKENDS]).default('template'))
    .option('--test-cmd <cmd>', 'the repository\'s test command (default: detected at Tgen). It RUNS THE REPOSITORY\'S CODE, in a bubblewrap sandbox under the limits below')
    .option('--no-sandbox', 'run test commands without bubblewrap, with your user\'s rights and network (limits and environment filter still apply)')
    .option('--allow-env <NAME>', 'pass this secrets-looking environment variable to test commands (repeatable; by default *_TOKEN, *_KEY, *_SECRET, *PASSWORD*, DATABASE_URL... are withheld)', (v: string, acc: string[]) => [...acc, ...v.split(',').map((x) => x.trim()).filter(Boolean)], [] as string[])
    .option('--install-cmd <cmd>', 'llm backend: the dependency install run in each task\'s work tree before its tests (default: detected at Tgen, lock file aware: npm ci, npm install --no-package-lock, pip install -e . into a .venv, go mod download, cargo fetch)')
    .option('--no-install', 'llm backend: install no dependencies (the tests must run without)')
    .option('--install-network', 'llm backend: let the install reach the network (by default it runs offline, from the package caches); the tests never get network')
    .option('--install-timeout <seconds>', 'time limit of one dependency install', '900')
    .option('--runs <n>', 'execution gate: runs per state, to drop flaky tests', '3')
    .option('--timeout <seconds>', 'time limit of one test run', '600')
    .option('--memory <MB>', 'memory limit of one test run', '4096')
    .option('--max-steps <n>', 'llm backend: model turns per task', '40')
    .option('--seed <n>', 'llm backend: seed sent with every request')
    .option('--llm-base-url <url>', 'OpenAI-compatible endpoint with tool calling, for --backend llm (key from OPENAI_API_KEY)')
    .option('--llm-model <name>', 'chat model for --backend llm');
  addModelCallOptions(command)
    .addOption(new Option('--git-backend <name>', 'git reader').choices(['auto', 'native', 'isomorphic']).default('auto'))
    .action(async (_opts, command: Command) => {
      const o = parseOptions(Options, command);
      let chat;
      if (o.backend === 'llm') {
        if (!o.llmBaseUrl || !o.llmModel) {
          throw new UserError('LLM_NOT_CONFIGURED', 'The llm backend needs a chat model endpoint with tool calling', 'Pass --llm-base-url URL and --llm-model NAME (key from OPENAI_API_KEY), or use --backend template.');
        }
        const { createOpenAIToolChat } = await import('../../llm/tools.js');
        chat = createOpenAIToolChat({ baseURL: o.llmBaseUrl, model: o.llmModel, ...endpointLimits(o) });
        if (!o.quiet) {
          io.stderr(o.sandbox
            ? `swe-future: note: the execution gate runs the repository's tests (its own code) in a bubblewrap sandbox (no network, only the work tree writable) with a ${o.timeout} s and ${o.memory} MB limit per run\n`
            : `swe-future: note: --no-sandbox: the execution gate runs the repository's tests (its own code) with your rights and network, only under a ${o.timeout} s and ${o.memory} MB limit per run\n`);
          io.stderr(o.install
            ? `swe-future: note: each task's work tree first gets its dependencies installed (${o.installCmd ? `\`${o.installCmd}\`` : 'detected at Tgen'}; ${o.installNetwork ? 'with network' : 'offline, from the package caches'}; ${o.installTimeout} s limit)\n`
            : 'swe-future: note: --no-install: no dependencies are installed; the tests must run without\n');
        }
      }
      const result = await synthesizeTasks({
        db: o.db,
        validation: o.validation,
        tgen: o.tgen,
        total: o.total,
        calibration: o.calibration,
        backend: o.backend,
        testCommand: o.testCmd,
        chat,
        runs: o.runs,
        limits: { timeoutMs: o.timeout * 1000, memoryMb: o.memory },
        isolation: { sandbox: o.sandbox, network: false, allowEnv: o.allowEnv },
        install: { enabled: o.install, command: o.installCmd, network: o.installNetwork ?? false, timeoutMs: o.installTimeout * 1000 },
        maxSteps: o.maxSteps,
        seed: o.seed,
        gitBackend: o.gitBackend,
        progress: stderrProgress(io, o.quiet),
        onWarning: (w) => io.stderr(`swe-future: warning: ${w}\n`),
      });
      printResult(io, o, synthesisJson(result), () => formatSynthesis(result));
    });
}

export function synthesisJson(result: SynthesizeResult): unknown {
  const s = result.synthesis;
  return {
    synthesis: {
      id: result.id,
      validation: s.validationId,
      forecast: s.forecastId,
      repo: s.repo.name,
      backend: s.backend,
      tgen: s.tgen.given,
      tgen_commit: s.tgen.commit,
      tgen_time: s.tgen.time,
      total: s.total,
      test_command: s.testCommand,
      reused: result.reused,
      counts: s.counts,
    },
    tasks: s.tasks,
  };
}

export function formatSynthesis(result: SynthesizeResult): string {
  const s = result.synthesis;
  const c = s.counts;
  return [
    `synthesis ${result.id} from validation ${s.validationId} (${s.backend}) at Tgen ${s.tgen.commit.slice(0, 12)} (${s.tgen.time.slice(0, 10)}): ` +
      `${c.tasks} tasks: ${c.spec} spec, ${c.verified} verified, ${c.rejected} rejected${result.reused ? ' (reused)' : ''}`,
    '',
    formatTable(
      s.tasks.map((t) => ({
        task: t.instanceId,
        status: t.status,
        family: t.familyId,
        category: t.category,
        title: t.title,
        text_leak: t.leakage ? `${t.leakage.text.score.toFixed(2)} ${t.leakage.text.key ?? ''}`.trim() : '',
        why: t.rejection ? `${t.rejection.code}: ${t.rejection.reason}` : t.status === 'verified' ? `${t.failToPass.length} fail-to-pass, ${t.passToPass.length} pass-to-pass` : '',
      })),
    ),
    ...(Object.keys(c.rejections).length > 0 ? ['', `rejected: ${Object.entries(c.rejections).map(([code, n]) => `${code} ${n}`).join(', ')}`] : []),
    '',
    `Export: swe-future export --format swebench --out DIR --synthesis ${result.id}`,
  ].join('\n');
}
