import { execFileSync, spawnSync } from 'node:child_process';
import { lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../fixtures/repo.js';

/**
 * Harbor's container, made with bubblewrap: the host's system read-only, the
 * repository cloned from the task's bundle at /app, /logs writable, the
 * task's tests/ and solution/ read-only, no network, its own pids. `env`
 * holds what the runtime's official image sets (e.g. RUSTUP_HOME, PYENV_ROOT
 * for this machine's toolchains, which the images have at fixed places).
 */
export function sandboxed(task: string, app: string, logs: string, script: string, env: Record<string, string> = {}): { code: number | null; output: string } {
  const args: string[] = [];
  for (const entry of readdirSync('/')) {
    if (['proc', 'dev', 'tmp', 'sys', 'app', 'logs', 'tests', 'solution'].includes(entry)) continue;
    const path = `/${entry}`;
    const info = lstatSync(path);
    if (info.isSymbolicLink()) args.push('--symlink', readlinkSync(path), path);
    else if (info.isDirectory()) args.push('--ro-bind', path, path);
  }
  args.push('--dev', '/dev', '--proc', '/proc', '--tmpfs', '/tmp', '--bind', app, '/app', '--bind', logs, '/logs');
  args.push('--ro-bind', join(task, 'tests'), '/tests', '--ro-bind', join(task, 'solution'), '/solution');
  args.push('--unshare-all', '--die-with-parent', '--new-session', '--chdir', '/app', '--setenv', 'HOME', '/tmp');
  for (const [name, value] of Object.entries(env)) args.push('--setenv', name, value);
  args.push('--', 'bash', script);
  const run = spawnSync('bwrap', args, { encoding: 'utf8', timeout: 300_000 });
  return { code: run.status, output: run.stdout + run.stderr };
}

/**
 * Runs the exported verifier of `task` (a Harbor task folder) against the
 * repository at Tgen after `prepare` (the agent's work: the gold patch, nothing,
 * a decoy); the reward it wrote and what it printed.
 */
export async function harborReward(task: string, prepare: (app: string, logs: string) => void, env: Record<string, string> = {}): Promise<{ reward: string; output: string }> {
  const root = await tempDir();
  const app = join(root, 'app');
  const logs = join(root, 'logs');
  mkdirSync(logs);
  execFileSync('git', ['clone', '-q', join(task, 'environment/repo.bundle'), app]);
  prepare(app, logs);
  const run = sandboxed(task, app, logs, '/tests/test.sh', env);
  return { reward: readFileSync(join(logs, 'verifier/reward.txt'), 'utf8').trim(), output: run.output };
}

/** The gold patch applied by the task's own solution/solve.sh, in the sandbox. */
export function solve(task: string, env: Record<string, string> = {}) {
  return (app: string, logs: string) => {
    const solved = sandboxed(task, app, logs, '/solution/solve.sh', env);
    if (solved.code !== 0) throw new Error(`solve.sh failed: ${solved.output}`);
  };
}
