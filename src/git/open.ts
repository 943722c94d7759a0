import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { UserError } from '../errors.js';
import type { GitBackend } from './backend.js';
import { MIN_GIT_VERSION, findGit } from './git-binary.js';
import { type RepoLayout, locateRepository } from './layout.js';
import { RepoFacts } from './model.js';
import { createNativeBackend } from './native.js';
import { type Head, RefTable, readHead } from './refs.js';

export const OpenOptions = z.object({
  /** `auto`: native when a usable git is on PATH, else isomorphic. */
  backend: z.enum(['auto', 'native', 'isomorphic']).default('auto'),
  /** A branch to mine instead of the default one: `dev`, `origin/dev` or a full ref name. */
  branch: z.string().min(1).optional(),
});
export type OpenOptions = z.input<typeof OpenOptions>;

/**
 * Opens a work-tree clone or a bare repository for reading: finds its git
 * directory, the default branch and its tip, the shallow boundary, and picks
 * a backend. Everything that can be wrong with the path or its branches fails
 * here, before any commit is read, as a UserError: PATH_NOT_FOUND,
 * NOT_A_REPOSITORY, EMPTY_REPOSITORY, DETACHED_HEAD, NO_DEFAULT_BRANCH,
 * GIT_NOT_FOUND. Call `close()` on the result when done.
 */
export async function openRepository(path: string, options: OpenOptions = {}): Promise<GitBackend> {
  const { backend, branch } = OpenOptions.parse(options);
  const layout = await locateRepository(path);
  const refs = await RefTable.load(layout.commondir);
  const head = await readHead(layout.gitdir);
  const chosen = branch === undefined ? defaultBranch(layout, refs, head) : namedBranch(layout, refs, branch);
  const facts = RepoFacts.parse({
    path: layout.path,
    gitdir: layout.commondir,
    bare: layout.bare,
    defaultBranch: chosen.name,
    tip: chosen.tip,
    shallow: await readShallow(layout.commondir),
  });
  if (backend === 'isomorphic') return isomorphicBackend(facts);
  const git = await findGit();
  if (git?.usable) return createNativeBackend(facts);
  if (backend === 'auto') return isomorphicBackend(facts);
  const need = `${MIN_GIT_VERSION[0]}.${MIN_GIT_VERSION[1]}`;
  throw new UserError(
    'GIT_NOT_FOUND',
    git ? `The native git backend needs git ${need} or newer; PATH has git ${git.version}` : 'The native git backend needs a git binary, and there is none on PATH',
    `Install git ${need}+ and put it on PATH, or use the isomorphic backend (--git-backend isomorphic).`,
  );
}

/** Loaded only when used: isomorphic-git is a large library a native run never needs. */
async function isomorphicBackend(facts: RepoFacts): Promise<GitBackend> {
  const { createIsomorphicBackend } = await import('./isomorphic.js');
  return createIsomorphicBackend(facts);
}

interface Branch {
  name: string;
  tip: string;
}

function defaultBranch(layout: RepoLayout, refs: RefTable, head: Head): Branch {
  const branches = refs.names('refs/heads/');
  if ('ref' in head) {
    const tip = refs.resolve(head.ref);
    if (tip) return { name: head.ref.replace(/^refs\/heads\//, ''), tip };
    if (branches.length === 0 && refs.names('refs/').length === 0) {
      throw new UserError('EMPTY_REPOSITORY', `${layout.path} has no commits`, 'Commit something first, or pass a clone that has history.');
    }
    throw new UserError(
      'NO_DEFAULT_BRANCH',
      `HEAD of ${layout.path} names branch "${short(head.ref)}", which does not exist`,
      `Pass --branch with one of: ${listed(refs)}.`,
    );
  }
  const originHead = refs.target('refs/remotes/origin/HEAD');
  const tip = originHead ? refs.resolve(originHead) : null;
  if (originHead && tip) return { name: originHead.replace(/^refs\/remotes\/origin\//, ''), tip };
  throw new UserError(
    'DETACHED_HEAD',
    `HEAD of ${layout.path} is detached at ${head.detached.slice(0, 12)} and there is no origin/HEAD to name the default branch`,
    'Check out the default branch (git checkout <branch>) or pass --branch NAME.',
  );
}

function namedBranch(layout: RepoLayout, refs: RefTable, branch: string): Branch {
  for (const ref of [`refs/heads/${branch}`, `refs/remotes/${branch}`, branch]) {
    const tip = ref.startsWith('refs/') ? refs.resolve(ref) : null;
    if (tip) return { name: branch, tip };
  }
  if (refs.names('refs/').length === 0) {
    throw new UserError('EMPTY_REPOSITORY', `${layout.path} has no commits`, 'Commit something first, or pass a clone that has history.');
  }
  throw new UserError('NO_DEFAULT_BRANCH', `${layout.path} has no branch "${branch}"`, `Pass --branch with one of: ${listed(refs)}.`);
}

/** Branch names for a fix message: local ones, then remote-tracking ones, at most ten. */
function listed(refs: RefTable): string {
  const names = [...refs.names('refs/heads/'), ...refs.names('refs/remotes/').filter((n) => !n.endsWith('/HEAD'))].map(short);
  if (names.length === 0) return '(no branches exist)';
  return names.length > 10 ? `${names.slice(0, 10).join(', ')} (and ${names.length - 10} more)` : names.join(', ');
}

function short(ref: string): string {
  return ref.replace(/^refs\/(heads|remotes)\//, '');
}

async function readShallow(commondir: string): Promise<string[]> {
  const text = await readFile(join(commondir, 'shallow'), 'utf8').catch(() => '');
  return text.split('\n').map((line) => line.trim()).filter((line) => line !== '');
}
