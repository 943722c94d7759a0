import { parseArgs, type ParseArgsConfig } from 'node:util';

/**
 * How a script ends when it cannot go on, the way the CLI ends (src/cli/main.ts): one line on stderr saying what is
 * wrong and what to do, then exit 2 for bad input (the default) or 1 for a failure that is not the caller's (a child
 * run that failed, repositories that failed). The scripts' one exit: each calls this rather than writing its own.
 * Only a script's top level calls it; a helper a test imports throws instead (scripts/packet-keys.ts PacketKeyError,
 * turned into this exit by orExit there).
 */
export function fail(line: string, code: 1 | 2 = 2): never {
  process.stderr.write(`${line}\n`);
  process.exit(code);
}

/**
 * A script's flags, parsed as node:util's parseArgs parses them (strict: an unknown flag, a flag without its value
 * or a stray positional is refused). A refusal is bad input: parseArgs' one line and the script's usage line, exit 2
 * (`fail`), rather than parseArgs' TypeError and its stack. Any other error is a bug and is thrown as it is.
 */
export function parseFlags<T extends ParseArgsConfig>(config: T, usage: string): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (err) {
    if (!String((err as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS_')) throw err;
    fail(`${(err as Error).message}; ${usage}`);
  }
}
