import { spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';

/**
 * Runs a repository's own command (its test suite): THIS EXECUTES THE
 * REPOSITORY'S CODE with the user's rights. It is not a security sandbox; run
 * untrusted repositories in a container or VM. What it does bound:
 *
 * - time: the whole process group is killed (SIGKILL) after `timeoutMs`;
 * - memory: every process gets RLIMIT_DATA = `memoryMb` (`ulimit -d`), and on
 *   Linux a watchdog sums the resident memory of the process group every
 *   250 ms and kills the group when it goes over `memoryMb`;
 * - environment: variables that look like secrets (…KEY, …TOKEN, …SECRET,
 *   …PASSWORD, …CREDENTIALS) and swe-future's own are removed; CI=1, NO_COLOR=1.
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

export async function runLimited(command: string, cwd: string, limits: RunLimits = DEFAULT_LIMITS): Promise<CommandRun> {
  const started = performance.now();
  const kb = Math.max(1, Math.floor(limits.memoryMb * 1024));
  const child = spawn('/bin/sh', ['-c', `ulimit -d ${kb} 2>/dev/null; ${command}`], {
    cwd,
    env: commandEnv(),
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
    void groupRssMb(child.pid).then((mb) => {
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

const SECRET = /(KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL)/i;

export function commandEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (SECRET.test(name) || name.startsWith('SWE_FUTURE_') || name.startsWith('GIT_') || name === 'NODE_OPTIONS') continue;
    env[name] = value;
  }
  return { ...env, CI: '1', NO_COLOR: '1', FORCE_COLOR: '0' };
}

/** Resident memory of every process in a process group, in MiB (Linux /proc). */
async function groupRssMb(pgid: number): Promise<number> {
  let pages = 0;
  const entries = await readdir('/proc').catch(() => [] as string[]);
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => null);
    if (!stat) continue;
    // Fields after the command name (which may hold spaces): state ppid pgrp ... rss is field 24.
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(rest[2]) !== pgid) continue;
    pages += Number(rest[21]) || 0;
  }
  return (pages * 4096) / (1024 * 1024);
}
