import { main } from '../../src/cli/main.js';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI in-process, as `swe-future <args>`, capturing what it prints. */
export async function runCli(args: readonly string[]): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    stderrIsTTY: false,
  });
  return { code, stdout, stderr };
}

/** Runs with --json and parses stdout; fails loudly with stderr when the command failed. */
export async function runCliJson<T = any>(args: readonly string[]): Promise<T> {
  const run = await runCli([...args, '--json', '--quiet']);
  if (run.code !== 0) throw new Error(`swe-future ${args.join(' ')} exited ${run.code}: ${run.stderr}`);
  return JSON.parse(run.stdout) as T;
}

export interface CliRefusal {
  /** The exit status. */
  status: number;
  /** `error.code` of the JSON document on stdout (undefined when there is none). */
  code: string | undefined;
  /** The lines on stderr. */
  lines: string[];
}

/** Runs with --json and reads the refusal: exit status, the error document's code, the stderr lines. */
export async function runCliRefused(args: readonly string[]): Promise<CliRefusal> {
  const run = await runCli([...args, '--json']);
  let code: string | undefined;
  try {
    code = (JSON.parse(run.stdout) as { error?: { code?: string } }).error?.code;
  } catch {
    code = undefined;
  }
  return { status: run.code, code, lines: run.stderr.trimEnd().split('\n') };
}
