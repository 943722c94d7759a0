import { spawn } from 'node:child_process';
import { gitEnv } from './git-process.js';
import { locateRepository } from './layout.js';

/** The oldest git the native backend runs on (`--diff-merges=first-parent`). */
export const MIN_GIT_VERSION = [2, 31] as const;

export interface GitBinary {
  version: string;
  /** False when the binary is older than MIN_GIT_VERSION. */
  usable: boolean;
}

const probes = new Map<string, Promise<GitBinary | null>>();

/**
 * The `git` on PATH and whether the native backend can use it; null when
 * there is none. Asked once per PATH value (`git --version`).
 */
export function findGit(): Promise<GitBinary | null> {
  const key = process.env.PATH ?? '';
  let probe = probes.get(key);
  if (!probe) {
    probe = probeGit();
    probes.set(key, probe);
  }
  return probe;
}

function probeGit(): Promise<GitBinary | null> {
  return new Promise((resolve) => {
    let out = '';
    const child = spawn('git', ['--version'], { env: gitEnv(), stdio: ['ignore', 'pipe', 'ignore'] });
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (text: string) => (out += text));
    child.once('error', () => resolve(null));
    child.once('close', (code) => {
      const match = /git version (\d+)\.(\d+)/.exec(out);
      if (code !== 0 || !match) return resolve(null);
      const [major, minor] = [Number(match[1]), Number(match[2])];
      const usable = major > MIN_GIT_VERSION[0] || (major === MIN_GIT_VERSION[0] && minor >= MIN_GIT_VERSION[1]);
      resolve({ version: `${major}.${minor}`, usable });
    });
  });
}

/**
 * The git directory a native git reads for `repoPath`, or null when there is
 * no usable git on PATH or no repository there: the readers that are an
 * optional extra over the isomorphic backend (diff marks, added identifiers)
 * then read nothing.
 */
export async function nativeGitdir(repoPath: string): Promise<string | null> {
  if (!(await findGit())?.usable) return null;
  try {
    return (await locateRepository(repoPath)).commondir;
  } catch {
    return null;
  }
}
