import { readFileSync } from 'node:fs';
import { Command, Help, Option } from 'commander';
import type { CliIO } from './io.js';
import { DEFAULT_DB } from './db-flag.js';

/** A command module: one file per command in ./commands, each exporting `register`. */
interface CommandModule {
  register(program: Command, io: CliIO): void;
}

/**
 * Every command, in the order `--help` lists them: its name, its line in the
 * root `--help` (term and description, exactly as its module declares them;
 * tests/cli/start-up.test.ts holds the two equal), and its module, imported
 * only when the command runs or shows its own help. So `swe-future --help`
 * loads commander and nothing else, and `swe-future snapshot` never loads
 * the queue (bullmq, ioredis), octokit, openai or the word tables.
 *
 * Adding a command: write src/cli/commands/<name>.ts exporting `register`,
 * then add its entry here.
 */
export const COMMANDS: readonly { name: string; term: string; description: string; load: () => Promise<CommandModule> }[] = [
  {
    name: 'snapshot',
    term: 'snapshot [options]',
    description: "Mine a repository's history and freeze what was visible at T0 (commits, PRs, TODOs, changelog, roadmap, tags, hotspots)",
    load: () => import('./commands/snapshot.js'),
  },
  {
    name: 'fetch-github',
    term: 'fetch-github [options]',
    description:
      "Archive a GitHub repository's issues and pull requests (timelines, comments, changed files, edit history) for snapshots, " +
      'which show each as it stood at their T0. Token from GITHUB_TOKEN (never stored or printed); GITHUB_API_URL for an Enterprise server. ' +
      'A second run asks only for what changed; a stopped run resumes. docs/github.md has the rules.',
    load: () => import('./commands/fetch-github.js'),
  },
  {
    name: 'import-issues',
    term: 'import-issues [options] <file>',
    description:
      "Import a dump of GitHub's REST API (JSON or JSONL, as `gh api --paginate` writes it: issues, pull requests, issue events, comments) " +
      'into the tracker archive; snapshots apply the same as-of-T0 rules as to fetched ones. Records that cannot be read are reported by line and skipped.',
    load: () => import('./commands/import-issues.js'),
  },
  {
    name: 'forecast',
    term: 'forecast [options]',
    description: 'Forecast task families of future work from a frozen snapshot, and freeze the forecast',
    load: () => import('./commands/forecast.js'),
  },
  {
    name: 'validate',
    term: 'validate [options]',
    description: 'Judge a frozen forecast against the work merged in (T0, T0 + window]',
    load: () => import('./commands/validate.js'),
  },
  {
    name: 'judge-eval',
    term: 'judge-eval [options]',
    description: 'Score judges against labelled (family, later work) pairs: AUC (strong vs rest), accuracy and kappa with 95% intervals on the held-back half, and speed',
    load: () => import('./commands/judge-eval.js'),
  },
  {
    name: 'study',
    term: 'study [options]',
    description:
      'Snapshot, forecast (every forecaster of the config) and validate (every judge) each repository of a study config, then print the pooled table; resumable',
    load: () => import('./commands/study.js'),
  },
  {
    name: 'worker',
    term: 'worker [options]',
    description:
      'Take repositories of studies from a queue and run them (snapshot, forecasts, validations), each in a child process; run it on any number of machines',
    load: () => import('./commands/worker.js'),
  },
  {
    name: 'query',
    term: 'query [options] [sql]',
    description: 'Run read-only SQL against the store (docs/schema.md lists the tables, docs/queries.md the named queries)',
    load: () => import('./commands/query.js'),
  },
  {
    name: 'report',
    term: 'report [options]',
    description: 'Write a static HTML report (tables beside the baselines, charts, one card per family) of a study, or of the stand-alone validations when the store holds no study, to DIR/index.html; it needs no network to view',
    load: () => import('./commands/report.js'),
  },
  {
    name: 'synthesize',
    term: 'synthesize [options]',
    description: 'Synthesize coding tasks at Tgen from the families a validation judged strong or related (docs/synthesis.md)',
    load: () => import('./commands/synthesize.js'),
  },
  {
    name: 'export',
    term: 'export [options]',
    description: "Write a synthesis's tasks as SWE-bench JSONL (public and hidden files, repository bundles) or Harbor task folders",
    load: () => import('./commands/export.js'),
  },
  {
    name: 'calibrate',
    term: 'calibrate [options]',
    description: "Read an agent's results on exported tasks into pass rates, frontier bands and the next round's allocation (docs/calibrate.md)",
    load: () => import('./commands/calibrate.js'),
  },
  {
    name: 'demo',
    term: 'demo [options]',
    description: 'Build the demo repository (two and a half years of history, planted work streams) and run every stage on it',
    load: () => import('./commands/demo.js'),
  },
];

/**
 * The swe-future program. Options shared by every command (--db, --json,
 * --quiet, --debug) are declared here and accepted before or after the
 * command name.
 *
 * Each command is first a stand-in that knows only its name and help line.
 * When it is invoked (to run, or for its own `--help`), its module is
 * imported, registered on a fresh program, and that program parses the same
 * arguments: every option, check and message is the module's own.
 */
export function buildProgram(io: CliIO): Command {
  const program = rootProgram(io);
  const terms = new Map(COMMANDS.map((c) => [c.name, c.term]));
  const help = new Help();
  program.configureHelp({ showGlobalOptions: true, sortSubcommands: false, subcommandTerm: (cmd) => terms.get(cmd.name()) ?? help.subcommandTerm(cmd) });
  // The arguments as given: every stand-in hands them on whole (commander keeps them as rawArgs, untyped).
  const argv = () => (program as unknown as { rawArgs: string[] }).rawArgs;
  for (const entry of COMMANDS) {
    program
      .command(entry.name)
      .description(entry.description)
      .helpOption(false)
      .allowUnknownOption()
      .allowExcessArguments()
      .action(async () => {
        await (await programWith(io, [entry])).parseAsync(argv(), { from: 'user' });
      });
  }
  // `help NAME` shows the command's own help, so it loads that command too (an unknown NAME: all of them, for the same error).
  program.helpCommand(false);
  program
    .command('help')
    .argument('[command]')
    .description('display help for command')
    .action(async (name: string | undefined) => {
      if (name === undefined) program.help();
      const entry = COMMANDS.find((c) => c.name === name);
      await (await programWith(io, entry ? [entry] : COMMANDS)).parseAsync(argv(), { from: 'user' });
    });
  return program;
}

async function programWith(io: CliIO, entries: readonly (typeof COMMANDS)[number][]): Promise<Command> {
  const program = rootProgram(io);
  for (const entry of entries) (await entry.load()).register(program, io);
  return program;
}

/** The program with every command module registered up front: what the stand-ins stand for (tests compare the two). */
export function buildEagerProgram(io: CliIO): Promise<Command> {
  return programWith(io, COMMANDS);
}

function rootProgram(io: CliIO): Command {
  return new Command('swe-future')
    .description('Forecast future work in a git repository from what was visible at a cutoff T0, validate it against what came later, and synthesize leakage-resistant coding tasks.')
    .addOption(new Option('--db <file>', 'SQLite store').env('SWE_FUTURE_DB').default(DEFAULT_DB))
    .option('--json', 'print one JSON document on stdout')
    .option('--quiet', 'no progress or log lines on stderr')
    .option('--debug', 'show stack traces for every error')
    .version(packageVersion(), '-V, --version', 'print the version')
    .configureHelp({ showGlobalOptions: true, sortSubcommands: false })
    .configureOutput({ writeOut: (s) => io.stdout(s), writeErr: (s) => io.stderr(s), outputError: () => {} })
    .exitOverride()
    .showHelpAfterError(false);
}

/** The package's version, read from its package.json (two levels up from src/cli or dist/cli). */
function packageVersion(): string {
  const file = new URL('../../package.json', import.meta.url);
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}
