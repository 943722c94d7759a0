import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CommanderError } from 'commander';
import { exitStatusOf } from '../error-codes.js';
import { environmentError, ExitError, isUserError, UserError } from '../errors.js';
import { redactCredentials } from '../study/credentials.js';
import { processIO, terminalText, type CliIO } from './io.js';
import { buildProgram, COMMANDS } from './program.js';
import { removeLeftovers } from './leftovers.js';

/**
 * Runs the CLI and returns its exit code: 0 ok, 2 user error (one line on
 * stderr: what is wrong and how to fix it), 1 internal error (stack trace and
 * a request to report it). The only place errors become exit codes; each
 * code's status comes from the registry (src/error-codes.ts), so a UserError
 * that reports a bug (EVIDENCE_AFTER_T0) exits 1. A failure of the machine
 * (a read-only store, a path under a file or too long, a full disk) or of the
 * network is a user error with its own code (environmentError). With --json,
 * a non-zero exit also prints `{"error": {"code", "message", "fix"}}` on stdout.
 */
export async function main(argv: readonly string[], io: CliIO = processIO): Promise<number> {
  const program = buildProgram(io);
  // Help shown for an error (no command given) would break the one-line rule: the line below says where help is.
  program.configureOutput({ ...program.configureOutput(), writeErr: () => {} });
  const debug = argv.includes('--debug');
  const json = argv.includes('--json');
  const fail = (err: UserError, status: number, extra = ''): number => {
    io.stderr(`swe-future: ${terminalText(redactCredentials(err.line)).replace(/\s*\n\s*/g, ' ')}\n${extra}`);
    if (json) io.stdout(`${JSON.stringify({ error: { code: err.code, message: redactCredentials(err.message), fix: redactCredentials(err.fix) } })}\n`);
    return status;
  };
  try {
    removeLeftovers();
    await program.parseAsync([...argv], { from: 'user' });
    return 0;
  } catch (err) {
    if (err instanceof CommanderError) {
      if (err.exitCode === 0) return 0; // --help, --version
      const what = err.code === 'commander.help' ? 'No command given' : err.message.replace(/^error:\s*/, '').replace(/\n[\s\S]*$/, '');
      const name = commandNamed(argv);
      return fail(new UserError('BAD_USAGE', what, `Run swe-future ${name ? `${name} ` : ''}--help for usage.`), 2);
    }
    if (err instanceof ExitError) return err.exitCode;
    const stack = err instanceof Error ? (err.stack ?? err.message) : String(err);
    if (isUserError(err)) {
      const status = exitStatusOf(err.code);
      if (status === 1) return fail(err, 1, `This is a bug: please report it with the command you ran.\n${debug ? `${stack}\n` : ''}`);
      return fail(err, 2, debug ? `${stack}\n` : '');
    }
    const environment = environmentError(err);
    if (environment) return fail(environment, 2, debug ? `${stack}\n` : '');
    const bug = new UserError('INTERNAL', 'internal error', 'This is a bug: please report it with the command you ran.');
    io.stderr(`swe-future: internal error. This is a bug: please report it with the command you ran.\n${redactCredentials(stack)}\n`);
    if (json) io.stdout(`${JSON.stringify({ error: { code: bug.code, message: redactCredentials(err instanceof Error ? err.message : String(err)), fix: bug.fix } })}\n`);
    return 1;
  }
}

/**
 * The command argv names (its first word that is not an option nor the value of --db), when it is one of ours:
 * a usage error of `swe-future forecast ...` points at `swe-future forecast --help`, which lists that command's
 * options, rather than at the root help, which does not.
 */
function commandNamed(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    if (word === '--db') i++;
    else if (!word.startsWith('-')) return COMMANDS.some((c) => c.name === word) ? word : undefined;
  }
  return undefined;
}

function isEntryPoint(): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return realpathSync(script) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isEntryPoint()) {
  process.exitCode = await main(process.argv.slice(2));
}
