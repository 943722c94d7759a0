import { nativeGitdir } from './git-binary.js';
import { runGit, runGitWithInput } from './git-process.js';

/**
 * The unified patch of each named commit against its first parent (a merge's
 * too: what it brought to the branch), by sha, read from the clone with one
 * `git log --no-walk --stdin -p --diff-merges=first-parent`. For the few
 * commits whose title leaves their kind to their diff (src/api/diff-work-marks.ts).
 *
 * Tolerant, as src/git/added-identifiers.ts is: without a usable git binary,
 * or for a path that is no repository, nothing is read; a commit the clone
 * lacks gets no entry (the batch is then read one commit at a time). Native
 * git only: the isomorphic backend makes no diffs, so a clone read without a
 * git binary leaves every item to its title.
 */
export async function readFirstParentPatches(repoPath: string, shas: readonly string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const wanted = [...new Set(shas.filter((s) => /^[0-9a-f]{40,64}$/i.test(s)))];
  const gitdir = wanted.length === 0 ? null : await nativeGitdir(repoPath);
  if (gitdir === null) return out;
  try {
    const text = (await runGitWithInput(gitdir, ['log', ...PATCH_ARGS, '--no-walk=unsorted', '--stdin'], `${wanted.join('\n')}\n`)).toString('utf8');
    for (const part of text.split(MARK).slice(1)) {
      const newline = part.indexOf('\n');
      const sha = (newline < 0 ? part : part.slice(0, newline)).trim();
      out.set(sha, newline < 0 ? '' : part.slice(newline + 1));
    }
    return out;
  } catch {
    // One commit the clone lacks fails the batch: read each alone, and skip the missing.
  }
  for (const sha of wanted) {
    try {
      out.set(sha, (await runGit(gitdir, ['show', ...PATCH_ARGS.filter((a) => !a.startsWith('--format')), '--format=', sha, '--'])).toString('utf8'));
    } catch {
      // Not in the clone: judged by its title, as before.
    }
  }
  return out;
}

/** Starts each commit's output; a NUL never appears in a text patch's header lines. */
const MARK = '\u0000commit ';
const PATCH_ARGS = ['--format=%x00commit %H', '-p', '--diff-merges=first-parent', '--no-color', '--no-ext-diff', '--no-renames', '--no-textconv', '--encoding=UTF-8'];
