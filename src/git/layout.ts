import { readFile, realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, resolve } from 'node:path';
import { UserError } from '../errors.js';

/** Where a repository's parts are on disk. */
export interface RepoLayout {
  /** Canonical path of what was given: the work tree, or the bare repository. */
  path: string;
  /** This checkout's git directory (its HEAD); for a linked worktree, `.git/worktrees/<name>`. */
  gitdir: string;
  /** Where objects, refs and `shallow` live; equals `gitdir` except in linked worktrees. */
  commondir: string;
  bare: boolean;
}

async function kind(path: string): Promise<'dir' | 'file' | null> {
  try {
    const info = await stat(path);
    return info.isDirectory() ? 'dir' : 'file';
  } catch {
    return null;
  }
}

async function looksLikeGitdir(dir: string): Promise<boolean> {
  const [head, objects, refs] = await Promise.all([kind(join(dir, 'HEAD')), kind(join(dir, 'objects')), kind(join(dir, 'refs'))]);
  return head === 'file' && objects === 'dir' && refs === 'dir';
}

/**
 * Finds the git directory of a work tree (`.git` directory, or a `.git` file
 * pointing elsewhere, as worktrees and submodules have) or recognises a bare
 * repository (HEAD, objects/, refs/). Does not search parent directories.
 * Throws PATH_NOT_FOUND or NOT_A_REPOSITORY.
 */
export async function locateRepository(input: string): Promise<RepoLayout> {
  let path: string;
  try {
    path = await realpath(resolve(input));
  } catch {
    throw new UserError('PATH_NOT_FOUND', `No such directory: ${input}`, 'Check the --repo path; it must be a clone on this machine.');
  }
  const notRepo = new UserError(
    'NOT_A_REPOSITORY',
    `${path} is not a git repository`,
    'Pass the top-level directory of a clone (the one holding .git) or a bare repository (git clone --bare).',
  );
  if ((await kind(path)) !== 'dir') throw notRepo;

  const dotGit = join(path, '.git');
  let gitdir: string;
  let bare = false;
  const dotGitKind = await kind(dotGit);
  if (dotGitKind === 'dir') {
    gitdir = dotGit;
  } else if (dotGitKind === 'file') {
    const match = /^gitdir:\s*(.+?)\s*$/m.exec(await readFile(dotGit, 'utf8'));
    if (!match) throw notRepo;
    const target = match[1] as string;
    gitdir = await realpath(isAbsolute(target) ? target : join(path, target)).catch(() => {
      throw notRepo;
    });
  } else {
    gitdir = path;
    bare = true;
  }
  let commondir = gitdir;
  const common = await readFile(join(gitdir, 'commondir'), 'utf8').catch(() => null);
  if (common !== null) commondir = await realpath(resolve(gitdir, common.trim())).catch(() => gitdir);
  if (!(await kind(join(gitdir, 'HEAD'))) || !(await looksLikeGitdir(commondir))) throw notRepo;
  return { path, gitdir, commondir, bare };
}
