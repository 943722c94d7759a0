import { spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { bwrapArgs, commandEnv, DEFAULT_ISOLATION, requireBwrap, type Isolation } from './sandbox.js';

export { commandEnv } from './sandbox.js';

/**
 * Runs a repository's own command (its tests, or its dependency install):
 * THIS EXECUTES THE REPOSITORY'S CODE. By default under bubblewrap
 * (src/exec/sandbox.ts): read-only file system but the work tree, no network,
 * own pid namespace, killed with its parent. `isolation.sandbox: false`
 * (`--no-sandbox`) runs it with the user's rights. Either way:
 *
 * - time: the whole process group is killed (SIGKILL) after `timeoutMs`
 *   (in the sandbox that ends its pid namespace, so nothing outlives it);
 * - memory: every process gets RLIMIT_DATA = `memoryMb` (`ulimit -d`), and on
 *   Linux a watchdog sums the resident memory of the command and everything
 *   it started every 250 ms and kills it all when it goes over `memoryMb`;
 * - environment: secrets-looking variables (unless allowed by name) and
 *   swe-future's own are removed; CI=1, NO_COLOR=1, FORCE_COLOR=0 are set.
 *
 * Output (stdout and stderr, interleaved) is kept up to its last 4 MiB.
 */
export interface RunLimits {
  timeoutMs: number;
  memoryMb: number;
}

export const DEFAULT_LIMITS: RunLimits = { timeoutMs: 10 * 60_000, memoryMb: 4096 };

export interface CommandRun {
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  memoryExceeded: boolean;
  output: string;
  durationMs: number;
}

const OUTPUT_LIMIT = 4 * 1024 * 1024;
const WATCH_MS = 250;

export async function runLimited(command: string, cwd: string, limits: RunLimits = DEFAULT_LIMITS, isolation: Isolation = DEFAULT_ISOLATION): Promise<CommandRun> {
  const started = performance.now();
  const kb = Math.max(1, Math.floor(limits.memoryMb * 1024));
  const shell = ['/bin/sh', '-c', `ulimit -d ${kb} 2>/dev/null; ${command}`];
  const env = commandEnv(isolation.allowEnv);
  // In the sandbox only the work tree (and a private /tmp) can be written: caches go to /tmp.
  if (isolation.sandbox) Object.assign(env, { TMPDIR: '/tmp', XDG_CACHE_HOME: '/tmp/.cache', GOCACHE: '/tmp/go-build' });
  Object.assign(env, isolation.env);
  const [file, ...args] = isolation.sandbox ? [requireBwrap(), ...bwrapArgs(cwd, isolation), '--', ...shell] : shell;
  const child = spawn(file!, args, {
    cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const take = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    if (output.length > OUTPUT_LIMIT) output = output.slice(-OUTPUT_LIMIT);
  };
  child.stdout.on('data', take);
  child.stderr.on('data', take);

  let timedOut = false;
  let memoryExceeded = false;
  const killGroup = () => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  const timer = setTimeout(() => {
    timedOut = true;
    killGroup();
  }, limits.timeoutMs);
  let watching = false;
  const watchdog = setInterval(() => {
    if (watching || child.pid === undefined || process.platform !== 'linux') return;
    watching = true;
    void treeRssMb(child.pid).then((mb) => {
      watching = false;
      if (mb > limits.memoryMb) {
        memoryExceeded = true;
        killGroup();
      }
    });
  }, WATCH_MS);

  const { code, signal } = await new Promise<{ code: number | null; signal: string | null }>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (c, s) => resolve({ code: c, signal: s }));
  }).finally(() => {
    clearTimeout(timer);
    clearInterval(watchdog);
    // Children the command left behind (servers, watchers) go with it.
    killGroup();
  });
  return { exitCode: code, signal, timedOut, memoryExceeded, output, durationMs: Math.round(performance.now() - started) };
}

/** Resident memory of a process and all its descendants, in MiB (Linux /proc). */
async function treeRssMb(root: number): Promise<number> {
  const parent = new Map<number, number>();
  const rss = new Map<number, number>();
  const entries = await readdir('/proc').catch(() => [] as string[]);
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => null);
    if (!stat) continue;
    // Fields after the command name (which may hold spaces): state ppid pgrp ... rss is field 24.
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    parent.set(Number(entry), Number(rest[1]));
    rss.set(Number(entry), Number(rest[21]) || 0);
  }
  let pages = 0;
  for (const [pid, pagesOf] of rss) {
    for (let at: number | undefined = pid, hops = 0; at !== undefined && at > 1 && hops < 64; at = parent.get(at), hops++) {
      if (at === root) {
        pages += pagesOf;
        break;
      }
    }
  }
  return (pages * 4096) / (1024 * 1024);
}
