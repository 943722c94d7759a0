import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { GIT_CONFIG_ARGS } from './git-process.js';

/**
 * Clones of repositories named by URL, kept in a cache folder and reused: a
 * study's repository that is not a folder on the machine doing the work is
 * cloned here once (bare, partial where the remote allows: blobs over 1 MiB
 * stay behind, which the snapshot counts and skips) and fetched on each
 * later use. The only place swe-future reaches the network for git; every
 * other git process runs offline (src/git/git-process.ts).
 */

/** Where clones go unless told: $SWE_FUTURE_CACHE, else $XDG_CACHE_HOME/swe-future/clones, else ~/.cache/swe-future/clones. */
export function defaultCacheDir(): string {
  if (process.env.SWE_FUTURE_CACHE) return process.env.SWE_FUTURE_CACHE;
  const base = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(base, 'swe-future', 'clones');
}

/** A lock older than this is left over by a killed process. */
const STALE_LOCK_MS = 30 * 60_000;

/**
 * The cache's clone of `url`, cloned now or brought up to date (its
 * branches and tags as the remote has them). Safe when several processes ask
 * for the same URL at once: they take turns. Throws a plain Error (a failure
 * worth retrying: the network, the remote) whose message never holds the
 * URL's credentials.
 */
export async function cloneIntoCache(url: string, cacheDir: string): Promise<string> {
  mkdirSync(cacheDir, { recursive: true });
  const dir = join(cacheDir, cacheName(url));
  const lock = `${dir}.lock`;
  await takeLock(lock);
  try {
    if (existsSync(join(dir, 'HEAD'))) {
      await git(['--git-dir', dir, 'fetch', '--quiet', '--prune', '--tags', '--force', url, '+refs/heads/*:refs/heads/*'], url);
      return dir;
    }
    const tmp = `${dir}.tmp-${process.pid}`;
    rmSync(tmp, { recursive: true, force: true });
    try {
      await git(['clone', '--quiet', '--bare', '--filter=blob:limit=1m', url, tmp], url);
      renameSync(tmp, dir);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
    return dir;
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** `<sha256 of the URL without credentials, 16 hex>-<name>.git`: one folder per remote, readable in a listing. */
export function cacheName(url: string): string {
  const bare = withoutCredentials(url);
  const name = basename(bare.replace(/[/:]+$/, '')).replace(/\.git$/, '').replace(/[^\w.-]+/g, '_') || 'repo';
  return `${createHash('sha256').update(bare).digest('hex').slice(0, 16)}-${name}.git`;
}

/** The URL with any `user:password@` removed, for messages and names. */
export function withoutCredentials(url: string): string {
  return url.replace(/^([a-z][\w+.-]*:\/\/)[^/@]*@/i, '$1');
}

async function takeLock(lock: string): Promise<void> {
  for (;;) {
    try {
      mkdirSync(lock);
      return;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      try {
        if (Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS) rmSync(lock, { recursive: true, force: true });
      } catch {
        // Gone meanwhile: try again.
      }
      await sleep(200);
    }
  }
}

function git(args: readonly string[], url: string): Promise<void> {
  const env: NodeJS.ProcessEnv = { ...process.env, LC_ALL: 'C', GIT_TERMINAL_PROMPT: '0' };
  for (const name of ['GIT_DIR', 'GIT_WORK_TREE', 'GIT_INDEX_FILE', 'GIT_OBJECT_DIRECTORY', 'GIT_CONFIG_PARAMETERS']) delete env[name];
  return new Promise((resolve, reject) => {
    const child = spawn('git', [...GIT_CONFIG_ARGS, ...args], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (t: string) => (stderr = (stderr + t).slice(-4000)));
    child.once('error', reject);
    child.once('close', (code) => {
      if (code === 0) return resolve();
      const said = stderr.split(url).join(withoutCredentials(url)).trim().split('\n').pop() ?? '';
      reject(new Error(`git ${args.includes('clone') ? 'clone' : 'fetch'} of ${withoutCredentials(url)} failed (exit ${code}): ${said}`));
    });
  });
}
