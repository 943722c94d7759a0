import type { TaskFamily } from '../family/model.js';
import type { DeclaredRuntimesMemo } from '../git/runtime-declarations.js';
import type { NoteLinesMemo } from '../git/note-lines.js';
import { cutAtT0 } from '../snapshot/cutoff.js';
import type { WindowItem } from '../validate/pairs.js';
import { cloneOf, readCloneChain, type CloneChains } from './quoted-files.js';
import { readStandingAt } from './standing-notes.js';

/**
 * judge-eval's reading of standing notes and runtime declarations (JudgeRequest.standing, as `validate` reads them:
 * src/api/standing-notes.ts), by repository: each repository's families (every context's, by id) read at the clone's
 * commit at the pairs' T0 and at its commit as of the window's last item (eval files carry no commit ids, so both are
 * the clone's first-parent commits at those times: src/snapshot/cutoff.ts). A repository without a clone, a window or
 * its T0 in the clone reads nothing, and its families are judged as before.
 */
export async function standingByRepo(
  contexts: readonly { repo: string; families: readonly TaskFamily[] }[],
  windows: readonly WindowItem[],
  clones: string | undefined,
  chains: CloneChains,
): Promise<Map<string, Readonly<Record<string, string>>>> {
  const out = new Map<string, Readonly<Record<string, string>>>();
  const notesMemo: NoteLinesMemo = new Map();
  const runtimesMemo: DeclaredRuntimesMemo = new Map();
  for (const repo of new Set(contexts.map((c) => c.repo))) {
    const path = cloneOf(clones, repo);
    const window = windows.filter((w) => w.repo === repo);
    if (path === null || window.length === 0) continue;
    const families = [...new Map(contexts.filter((c) => c.repo === repo).flatMap((c) => c.families.map((f) => [f.id, f] as const))).values()];
    const chain = await readCloneChain(path, chains);
    const t0 = cutAtT0(chain, window[0]!.t0).commit;
    const lastAt = window.map((w) => w.item.mergedAt).sort().at(-1)!;
    const last = cutAtT0(chain, lastAt).commit;
    if (t0 === null || last === null) continue;
    out.set(repo, await readStandingAt(path, families, t0.sha, last.sha, notesMemo, runtimesMemo));
  }
  return out;
}
