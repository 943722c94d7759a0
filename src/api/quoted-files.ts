import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TaskFamily } from '../family/model.js';
import { readDefinedIdentifiers, type AddedIdentifiersMemo } from '../git/added-identifiers.js';
import { openRepository } from '../git/open.js';
import type { Commit } from '../git/model.js';
import { cutAtT0 } from '../snapshot/cutoff.js';
import type { WorkItem } from '../sources/model.js';
import { reconstructWorkItems } from '../sources/reconstruct.js';

/**
 * The pre-T0 work items the families quote (their `work_item` evidence refs: `pr#6081`, `commit:<sha>`), by ref.
 * Judges read a quoted item's changed paths (JudgeRequest.quoted), never git.
 */
export function quotedRefs(families: readonly TaskFamily[]): Set<string> {
  return new Set(families.flatMap((f) => f.evidence.filter((e) => e.kind === 'work_item').map((e) => e.ref)));
}

/**
 * Clones' first-parent chains from their tips, by path: judge-eval reads each clone's history once, for the quoted
 * work's items (readQuotedItems) and for the later items' diffs (src/api/later-diffs.ts), for both halves and every judge.
 */
export type CloneChains = Map<string, Promise<readonly Commit[]>>;

/** A clone's first-parent chain from its tip, newest first; read once per path when `chains` is given. */
export function readCloneChain(repoPath: string, chains?: CloneChains): Promise<readonly Commit[]> {
  let chain = chains?.get(repoPath);
  if (chain === undefined) {
    chain = readChain(repoPath);
    chains?.set(repoPath, chain);
  }
  return chain;
}

async function readChain(repoPath: string): Promise<readonly Commit[]> {
  const git = await openRepository(repoPath);
  try {
    const chain: Commit[] = [];
    for await (const commit of git.log(git.facts.tip, { lineCounts: false })) chain.push(commit);
    return chain;
  } finally {
    await git.close();
  }
}

/**
 * The named pre-T0 work items of a clone, as the snapshot keyed them: its first-parent history up to T0
 * (src/snapshot/cutoff.ts), read as work items (src/sources/reconstruct.ts). Refs it does not have are left out.
 */
export async function readQuotedItems(repoPath: string, t0: string, refs: ReadonlySet<string>, chains?: CloneChains): Promise<WorkItem[]> {
  if (refs.size === 0) return [];
  const { history } = cutAtT0(await readCloneChain(repoPath, chains), t0);
  return reconstructWorkItems(history).filter((i) => refs.has(i.key));
}

/** Quoted work items' changed paths, by ref (JudgeRequest.quoted). */
export function quotedPathsOf(items: readonly WorkItem[]): Record<string, readonly string[]> {
  return Object.fromEntries(items.map((i) => [i.key, i.paths]));
}

/**
 * The names quoted work items define (src/git/added-identifiers.ts definedIdentifiers, plain names only: no
 * `removed:`, `edited:` or other entries), by ref, read from the clone at `repoPath`; an item without a sha, or one the
 * clone cannot read, has none.
 */
export async function quotedDefinesOf(repoPath: string, items: readonly WorkItem[], memo?: AddedIdentifiersMemo): Promise<Record<string, readonly string[]>> {
  const shaByRef = new Map(items.filter((i) => i.sha !== '').map((i) => [i.key, i.sha] as const));
  if (shaByRef.size === 0) return {};
  const bySha = await readDefinedIdentifiers(repoPath, [...shaByRef.values()], memo);
  return Object.fromEntries([...shaByRef].flatMap(([ref, sha]) => {
    const names = bySha.get(sha)?.filter((n) => !n.includes(':'));
    return names === undefined || names.length === 0 ? [] : [[ref, names]];
  }));
}

/** Where the clone of `owner/name` belongs in `clonesDir`: `<clonesDir>/<name>`. */
export function clonePath(clonesDir: string, repo: string): string {
  return join(clonesDir, repo.slice(repo.lastIndexOf('/') + 1));
}

/** The clone of `owner/name` in `clonesDir` (`clonePath`), or null when there is none. */
export function cloneOf(clonesDir: string | undefined, repo: string): string | null {
  if (clonesDir === undefined) return null;
  const path = clonePath(clonesDir, repo);
  return existsSync(path) ? path : null;
}
