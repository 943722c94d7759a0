import { findGit } from '../git/git-binary.js';
import { runGit } from '../git/git-process.js';
import { locateRepository } from '../git/layout.js';
import type { DiffReadWorkItem, WorkItem } from '../sources/model.js';
import { summarizeDiff } from '../sources/diff-work.js';
import { classifyWork, readsDiff } from '../sources/work-kind.js';

/**
 * The later items with `diffWork` read where the diff decides their kind: an item a title that states no work
 * ("Minor tweaks", "Fix typos", "Fix CI"; src/sources/work-kind.ts `readsDiff`) would count apart as a chore gets
 * `diffWork` from its first-parent patch in the clone (src/sources/diff-work.ts). Every other item, and every item
 * when the clone, git or the commit is missing, is returned as it was (a chore by its title, as before).
 */
export async function markDiffWork(repoPath: string | null, items: readonly WorkItem[]): Promise<DiffReadWorkItem[]> {
  const wanted = items.filter((i) => i.sha !== '' && readsDiff(i.title) && classifyWork(i).kind === 'chore');
  if (repoPath === null || wanted.length === 0 || !(await findGit())?.usable) return [...items];
  let gitdir: string;
  try {
    gitdir = (await locateRepository(repoPath)).commondir;
  } catch {
    return [...items];
  }
  const marks = new Map<string, boolean>();
  for (const item of wanted) {
    try {
      const patch = await runGit(gitdir, ['show', '--format=', '--no-color', '--no-ext-diff', '--no-renames', '-m', '--first-parent', item.sha, '--']);
      marks.set(item.key, summarizeDiff(patch.toString('utf8')).doesWork);
    } catch {
      // A commit the clone lacks: judged by its title, as before.
    }
  }
  return items.map((i) => (marks.has(i.key) ? { ...i, diffWork: marks.get(i.key)! } : i));
}
