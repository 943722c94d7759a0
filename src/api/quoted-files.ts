import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TaskFamily } from '../family/model.js';
import { openRepository } from '../git/open.js';
import type { Commit } from '../git/model.js';
import { cutAtT0 } from '../snapshot/cutoff.js';
import { reconstructWorkItems } from '../sources/reconstruct.js';

/**
 * The pre-T0 work items the families quote (their `work_item` evidence refs: `pr#6081`, `commit:<sha>`), by ref.
 * Judges read a quoted item's changed paths (JudgeRequest.quoted), never git.
 */
export function quotedRefs(families: readonly TaskFamily[]): Set<string> {
  return new Set(families.flatMap((f) => f.evidence.filter((e) => e.kind === 'work_item').map((e) => e.ref)));
}

/** Read histories, by clone path and T0: judge-eval reads each repository's once for both halves and every judge. */
export type QuotedWorkMemo = Map<string, Promise<ReadonlyMap<string, readonly string[]>>>;

/**
 * The changed paths of the named pre-T0 work items of a clone, as the snapshot keyed them: its first-parent history up
 * to T0 (src/snapshot/cutoff.ts), read as work items (src/sources/reconstruct.ts). Refs it does not have are left out.
 */
export async function readQuotedPaths(repoPath: string, t0: string, refs: ReadonlySet<string>, memo?: QuotedWorkMemo): Promise<Record<string, readonly string[]>> {
  if (refs.size === 0) return {};
  const key = `${repoPath}\u0000${t0}`;
  let byKey = memo?.get(key);
  if (byKey === undefined) {
    byKey = readWorkItemPaths(repoPath, t0);
    memo?.set(key, byKey);
  }
  const all = await byKey;
  return Object.fromEntries([...refs].flatMap((r) => (all.has(r) ? [[r, all.get(r)!]] : [])));
}

async function readWorkItemPaths(repoPath: string, t0: string): Promise<ReadonlyMap<string, readonly string[]>> {
  const git = await openRepository(repoPath);
  try {
    const chain: Commit[] = [];
    for await (const commit of git.log(git.facts.tip, { lineCounts: false })) chain.push(commit);
    const { history } = cutAtT0(chain, t0);
    return new Map(reconstructWorkItems(history).map((i) => [i.key, i.paths]));
  } finally {
    await git.close();
  }
}

/** The clone of `owner/name` in `clonesDir` (`<clonesDir>/<name>`), or null when there is none. */
export function cloneOf(clonesDir: string | undefined, repo: string): string | null {
  if (clonesDir === undefined) return null;
  const path = join(clonesDir, repo.slice(repo.lastIndexOf('/') + 1));
  return existsSync(path) ? path : null;
}
