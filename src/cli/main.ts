import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CommanderError } from 'commander';
import { ExitError, isUserError } from '../errors.js';
import { processIO, type CliIO } from './io.js';
import { buildProgram } from './program.js';

/**
 * Runs the CLI and returns its exit code: 0 ok, 2 user error (one line on
 * stderr: what is wrong and how to fix it), 1 internal error (stack trace and
 * a request to report it). The only place errors become exit codes.
 */
export async function main(argv: readonly string[], io: CliIO = processIO): Promise<number> {
  const program = buildProgram(io);
  const debug = argv.includes('--debug');
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return 0;
  } catch (err) {
    if (err instanceof CommanderError) {
      if (err.exitCode === 0) return 0; // --help, --version
      io.stderr(`swe-future: ${err.message.replace(/^error:\s*/, '').replace(/\n[\s\S]*$/, '')}. Run swe-future --help for usage.\n`);
      return 2;
    }
    if (err instanceof ExitError) return err.exitCode;
    if (isUserError(err)) {
      io.stderr(`swe-future: ${err.line}\n`);
      if (debug && err.stack) io.stderr(`${err.stack}\n`);
      return 2;
    }
    const stack = err instanceof Error ? (err.stack ?? err.message) : String(err);
    io.stderr(`swe-future: internal error. This is a bug: please report it with the command you ran.\n${stack}\n`);
    return 1;
  }
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
