import { type ChildProcessByStdio, spawn } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';

/**
 * How every git process is started: explicit config so a user's settings
 * cannot change what we read, never a prompt, never a network fetch.
 */

/** `-c` settings put before every git command. */
export const GIT_CONFIG_ARGS = [
  '-c', 'core.quotepath=off',
  '-c', 'log.showSignature=false',
  '-c', 'i18n.logOutputEncoding=UTF-8',
  '-c', 'core.fsmonitor=false',
];

/** Environment variables that would point git at another repository or rewrite history. */
const INHERITED_GIT_VARS = [
  'GIT_DIR', 'GIT_WORK_TREE', 'GIT_INDEX_FILE', 'GIT_OBJECT_DIRECTORY', 'GIT_ALTERNATE_OBJECT_DIRECTORIES',
  'GIT_COMMON_DIR', 'GIT_NAMESPACE', 'GIT_REPLACE_REF_BASE', 'GIT_SHALLOW_FILE', 'GIT_GRAFT_FILE',
  'GIT_CONFIG_PARAMETERS', 'GIT_CONFIG_COUNT', 'GIT_CEILING_DIRECTORIES', 'GIT_DISCOVERY_ACROSS_FILESYSTEM',
];

/** The environment git runs in: C locale, no prompts, no lazy fetches, no replace refs. */
export function gitEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of INHERITED_GIT_VARS) delete env[name];
  return {
    ...env,
    LC_ALL: 'C',
    GIT_TERMINAL_PROMPT: '0',
    GIT_NO_LAZY_FETCH: '1',
    // Older git has no GIT_NO_LAZY_FETCH; allowing no transport makes a lazy fetch fail at once.
    GIT_ALLOW_PROTOCOL: 'swe-future-offline',
    GIT_NO_REPLACE_OBJECTS: '1',
    GIT_OPTIONAL_LOCKS: '0',
  };
}

export type GitChild = ChildProcessByStdio<Writable | null, Readable, Readable>;

/** Starts `git --git-dir=<gitdir> <args>` with stdout and stderr piped. */
export function spawnGit(gitdir: string, args: readonly string[], stdin: 'pipe' | 'ignore' = 'ignore'): GitChild {
  return spawn('git', [...GIT_CONFIG_ARGS, `--git-dir=${gitdir}`, ...args], {
    cwd: gitdir,
    env: gitEnv(),
    stdio: [stdin, 'pipe', 'pipe'],
  }) as GitChild;
}

/** How a git process ended, with the tail of its stderr. */
export interface GitExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

const STDERR_LIMIT = 16_384;

/**
 * Resolves when the process has exited and its pipes are closed; keeps the
 * last 16 KiB of stderr. Rejects only if git could not be started.
 */
export function exitOf(child: GitChild): Promise<GitExit> {
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (text: string) => {
    stderr = (stderr + text).slice(-STDERR_LIMIT);
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => resolve({ code, signal, stderr }));
  });
}

/** Runs git to completion and returns its stdout; throws with git's stderr when it fails. */
export async function runGit(gitdir: string, args: readonly string[]): Promise<Buffer> {
  return completed(spawnGit(gitdir, args), args);
}

/** Runs git to completion with `input` on its stdin and returns its stdout; throws with git's stderr when it fails. */
export async function runGitWithInput(gitdir: string, args: readonly string[], input: string): Promise<Buffer> {
  return completed(spawnGit(gitdir, args, 'pipe'), args, input);
}

/** A started git's whole stdout once it exits 0 (`input` written to its stdin first); throws with its stderr otherwise. */
async function completed(child: GitChild, args: readonly string[], input?: string): Promise<Buffer> {
  const exit = exitOf(child);
  if (input !== undefined) {
    child.stdin?.on('error', () => undefined); // a git that died early is reported by its exit
    child.stdin?.end(input);
  }
  const chunks: Buffer[] = [];
  for await (const chunk of child.stdout) chunks.push(chunk as Buffer);
  const { code, stderr } = await exit;
  if (code !== 0) throw new Error(`git ${args[0] ?? ''} failed (exit ${code}): ${stderr.trim()}`);
  return Buffer.concat(chunks);
}
