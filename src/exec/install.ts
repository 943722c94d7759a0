import { appendFile, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UserError } from '../errors.js';
import type { InstallPlan } from '../synthesize/install-command.js';
import { git } from './git.js';
import { runLimited, type RunLimits } from './run.js';
import { DEFAULT_ISOLATION, packageCaches, type Isolation } from './sandbox.js';

/** What one install did (kept in a task's `$.execution.install`; the whole log on failure, in a file). */
export interface InstallResult {
  command: string;
  network: boolean;
  sandbox: boolean;
  exitCode: number | null;
  timedOut: boolean;
  memoryExceeded: boolean;
  durationMs: number;
  /** Paths the install created (node_modules, .venv, …): listed in .git/info/exclude, so no patch and no tool sees them. */
  excluded: string[];
  /** Tracked files the install changed, put back to Tgen (a lock file an install rewrote). */
  restored: string[];
  /** The output's last 4,000 characters. */
  logTail: string;
}

export const INSTALL_DEFAULTS = { timeoutMs: 15 * 60_000, memoryMb: 4096 } as const;
const LOG_TAIL = 4_000;

/**
 * Runs a dependency install in a work tree (docs/synthesis.md, "Dependency install"): under bubblewrap like the
 * tests (read-only system, the work tree writable), plus the package caches that exist (~/.npm, ~/.cache/pip, Go's
 * module cache, cargo's registry) so an offline install can be served from them; network only when the plan asks
 * for it (`--install-network`). Its own time and memory limits. What it creates is excluded from git in the work
 * tree, and tracked files it changed are restored. A failure throws INSTALL_FAILED, naming the last error line and a
 * file holding the whole log.
 */
export async function runInstall(root: string, plan: InstallPlan, options: { limits?: Partial<RunLimits>; isolation?: Partial<Isolation> } = {}): Promise<InstallResult> {
  const limits: RunLimits = { ...INSTALL_DEFAULTS, ...options.limits };
  const base: Isolation = { ...DEFAULT_ISOLATION, ...options.isolation };
  const caches = packageCaches();
  const pipCache = caches.find((c) => c.endsWith(join('.cache', 'pip')));
  const isolation: Isolation = {
    ...base,
    network: plan.network,
    writable: [...(base.writable ?? []), ...caches],
    // A cache that does not exist on the host lives in the sandbox's private /tmp (the read-only home cannot hold it).
    env: {
      ...base.env,
      ...(base.sandbox && !caches.some((c) => c.endsWith('.npm')) ? { npm_config_cache: '/tmp/.npm' } : {}),
      // The sandbox points XDG_CACHE_HOME at its private /tmp; pip's own cache, when there is one, serves offline installs.
      ...(pipCache ? { PIP_CACHE_DIR: pipCache } : {}),
      PIP_DISABLE_PIP_VERSION_CHECK: '1',
    },
  };
  const run = await runLimited(plan.command, root, limits, isolation);
  const ok = run.exitCode === 0 && !run.timedOut && !run.memoryExceeded;
  const { excluded, restored } = ok ? await settle(root) : { excluded: [], restored: [] };
  const result: InstallResult = {
    command: plan.command,
    network: plan.network,
    sandbox: base.sandbox,
    exitCode: run.exitCode,
    timedOut: run.timedOut,
    memoryExceeded: run.memoryExceeded,
    durationMs: run.durationMs,
    excluded,
    restored,
    logTail: run.output.slice(-LOG_TAIL).split(root).join('.'),
  };
  if (!ok) {
    const file = join(await mkdtemp(join(tmpdir(), 'swe-future-install-')), 'install.log');
    await writeFile(file, `$ ${plan.command}\n# ${plan.reason}; network ${plan.network ? 'on' : 'off'}; sandbox ${base.sandbox ? 'bubblewrap' : 'none'}\n${run.output}`);
    const how = run.timedOut ? `ran out of its ${Math.round(limits.timeoutMs / 1000)} s` : run.memoryExceeded ? `went over its ${limits.memoryMb} MB` : `failed (exit ${run.exitCode ?? run.signal})`;
    throw new UserError(
      'INSTALL_FAILED',
      `The dependency install \`${plan.command}\` ${how}${lastErrorLine(run.output) ? `: ${lastErrorLine(run.output)}` : ''} (whole log: ${file})`,
      plan.network
        ? 'Read the log; pass --install-cmd CMD for a command that works here, a longer --install-timeout, or --no-install to run the tests without it.'
        : 'It ran offline, from the package caches only: pass --install-network to let it reach the registry, --install-cmd CMD for another command, or --no-install.',
    );
  }
  return result;
}

/**
 * After a successful install: what it created is listed in .git/info/exclude (so `git add -A` for the gold patch,
 * `git clean` between gate runs and the agent's file list all leave it alone), and tracked files it changed are
 * checked out again.
 */
async function settle(root: string): Promise<{ excluded: string[]; restored: string[] }> {
  const { stdout } = await git(root, ['status', '--porcelain=v1', '-z', '--untracked-files=normal', '--ignored=no']);
  const excluded: string[] = [];
  const restored: string[] = [];
  for (const entry of stdout.split('\0').filter(Boolean)) {
    const status = entry.slice(0, 2);
    const path = entry.slice(3);
    if (status === '??') excluded.push(path.replace(/\/$/, ''));
    else restored.push(path);
  }
  if (excluded.length > 0) {
    const lines = excluded.map((p) => `/${p.replace(/([*?[\\!#])/g, '\\$1')}`);
    await appendFile(join(root, '.git', 'info', 'exclude'), `\n# swe-future: made by the dependency install\n${lines.join('\n')}\n`);
  }
  if (restored.length > 0) await git(root, ['checkout', '-q', 'HEAD', '--', ...restored]);
  return { excluded: excluded.sort(), restored: restored.sort() };
}

/** The last line that reads like an error (npm ERR!, pip's ERROR:, …), else the last non-empty line. */
function lastErrorLine(output: string): string {
  const lines = output.split('\n').map((l) => l.trim()).filter(Boolean);
  const error = [...lines].reverse().find((l) => /\b(ERR!|ERROR|error|Error|fatal|not found|ENOTCACHED|E404)\b/.test(l));
  return (error ?? lines.at(-1) ?? '').slice(0, 300);
}
