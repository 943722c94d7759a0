import { readDefinedIdentifiers, type AddedIdentifiersMemo } from '../git/added-identifiers.js';
import type { WorkItem } from '../sources/model.js';
import { reconstructWorkItems } from '../sources/reconstruct.js';
import { readCloneChain, type CloneChains } from './quoted-files.js';

/**
 * What the later items' diffs did (JudgeRequest.added: the names each defines, `removed:`, `dropped:` and `runtime:`
 * entries; src/git/added-identifiers.ts definedIdentifiers), by item key, read from a clone as `validate` reads them
 * from the store's clone. Eval files carry no commit ids (their items' `sha` is empty), so an item is found by its
 * key among the work items of the clone's first-parent history (src/sources/reconstruct.ts); an item the clone
 * lacks gets no entry and is judged by its title, body and paths as before.
 */
export async function readLaterDiffs(repoPath: string, items: readonly WorkItem[], memo?: AddedIdentifiersMemo, chains?: CloneChains): Promise<Record<string, readonly string[]>> {
  const shaOf = items.every((i) => i.sha !== '') ? new Map<string, string>() : new Map(reconstructWorkItems(await readCloneChain(repoPath, chains)).map((i) => [i.key, i.sha]));
  const byKey = new Map(items.flatMap((i) => {
    const sha = i.sha !== '' ? i.sha : shaOf.get(i.key);
    return sha === undefined ? [] : [[i.key, sha] as const];
  }));
  const bySha = await readDefinedIdentifiers(repoPath, [...byKey.values()], memo);
  return Object.fromEntries([...byKey].flatMap(([key, sha]) => (bySha.has(sha) ? [[key, bySha.get(sha)!]] : [])));
}
