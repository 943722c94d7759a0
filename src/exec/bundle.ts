import { mkdtemp, realpath, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UserError } from '../errors.js';
import { git } from './git.js';

/**
 * A task's repository as a git bundle holding the Tgen commit and its
 * ancestors only: one branch (the default branch's name) and HEAD pointing at
 * Tgen; no other branches, no tags, no reflogs, no notes, nothing after Tgen.
 * Made through a scratch bare repository that borrows the objects of the
 * source (alternates), so the source repository is only read.
 */
export async function writeTgenBundle(args: { gitdir: string; commit: string; branch: string; file: string }): Promise<void> {
  const scratch = await mkdtemp(join(tmpdir(), 'swe-future-bundle-'));
  const branch = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(args.branch) && !args.branch.includes('..') ? args.branch : 'main';
  const partial = `${args.file}.partial`;
  try {
    await git(scratch, ['init', '-q', '--bare', '.']);
    await writeFile(join(scratch, 'objects', 'info', 'alternates'), `${await realpath(join(args.gitdir, 'objects'))}\n`);
    const exists = await git(scratch, ['--git-dir=.', 'cat-file', '-e', `${args.commit}^{commit}`], { allowFail: true });
    if (exists.code !== 0) {
      throw new UserError('TGEN_COMMIT_MISSING', `The repository at ${args.gitdir} has no commit ${args.commit.slice(0, 12)}`, 'Fetch the repository again, or choose another --tgen.');
    }
    await git(scratch, ['--git-dir=.', 'update-ref', `refs/heads/${branch}`, args.commit]);
    await git(scratch, ['--git-dir=.', 'symbolic-ref', 'HEAD', `refs/heads/${branch}`]);
    const made = await git(scratch, ['--git-dir=.', 'bundle', 'create', partial, 'HEAD', `refs/heads/${branch}`], { allowFail: true });
    if (made.code !== 0) {
      throw new UserError(
        'BUNDLE_FAILED',
        `Cannot bundle the history up to ${args.commit.slice(0, 12)}: ${made.stderr.trim().split('\n').pop() ?? 'git bundle failed'}`,
        'The clone lacks objects of that history (a partial clone or a mirror without large files); fetch them (git fetch --refetch) or use a full clone.',
      );
    }
    await rename(partial, args.file);
  } finally {
    await rm(partial, { force: true });
    await rm(scratch, { recursive: true, force: true });
  }
}
