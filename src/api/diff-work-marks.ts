import { readFirstParentPatches } from '../git/first-parent-patches.js';
import type { WorkItem } from '../sources/model.js';
import { summarizeDiff } from '../sources/diff-work.js';
import { classifyWork, readsDiff } from '../sources/work-kind.js';

/**
 * The work items with `diffWork` set where the diff decides their kind: an item a title that states no work
 * ("Minor tweaks", "Fix typos", "Fix CI"; src/sources/work-kind.ts `readsDiff`) would count apart as a chore gets
 * `diffWork: true` when its first-parent patch in the clone changes source or test lines beyond formatting
 * (src/sources/diff-work.ts). Every other item, and every item when the clone, git or the commit is missing, is
 * returned as it was (a chore by its title). The snapshot command marks every item it saves (src/api/snapshot.ts),
 * so the mark is stored (work_items.diff_work, migration 13) and every reader of the store sees it.
 */
export async function markDiffWork(repoPath: string | null, items: readonly WorkItem[]): Promise<WorkItem[]> {
  const wanted = items.filter((i) => i.sha !== '' && readsDiff(i.title) && classifyWork(i).kind === 'chore');
  if (repoPath === null || wanted.length === 0) return [...items];
  const patches = await readFirstParentPatches(repoPath, wanted.map((i) => i.sha));
  const working = new Set(wanted.filter((i) => patches.has(i.sha) && summarizeDiff(patches.get(i.sha)!).doesWork).map((i) => i.key));
  return items.map((i) => (working.has(i.key) ? { ...i, diffWork: true } : i));
}
