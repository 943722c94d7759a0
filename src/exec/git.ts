import { spawn } from 'node:child_process';
import { GIT_CONFIG_ARGS, gitEnv } from '../git/git-process.js';

/**
 * git in a directory of our own (a scratch repository, a task's work tree):
 * explicit config, no prompts, no network. Resolves with stdout; rejects with
 * git's stderr unless `allowFail`.
 */
export async function git(
  cwd: string,
  args: readonly string[],
  options: { input?: string; allowFail?: boolean; env?: NodeJS.ProcessEnv } = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn('git', [...GIT_CONFIG_ARGS, '-c', 'core.autocrlf=false', '-c', 'advice.detachedHead=false', ...args], {
    cwd,
    env: { ...gitEnv(), ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout.on('data', (c: Buffer) => out.push(c));
  child.stderr.on('data', (c: Buffer) => err.push(c));
  child.stdin.on('error', () => {});
  child.stdin.end(options.input ?? '');
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  const result = { code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') };
  if (code !== 0 && !options.allowFail) throw new Error(`git ${args.join(' ')} failed (exit ${code}): ${result.stderr.trim()}`);
  return result;
}
