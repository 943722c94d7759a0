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
