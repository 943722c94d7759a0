import type { GitBackend } from '../git/backend.js';
import type { Commit } from '../git/model.js';
import { cutAtT0 } from '../snapshot/cutoff.js';
import { reconstructWorkItems } from '../sources/reconstruct.js';
import { knownCommits, loadFirstParentChain } from '../store/commits.js';
import type { Store } from '../store/open.js';
import { loadWorkItems } from '../store/work-items.js';
import { addedLinesBetween, type LeakageItem } from '../synthesize/leakage.js';
import { collapse } from '../synthesize/validating-work.js';

/**
 * What synthesis reads from the repository and the store besides the family:
 * the first-parent chain (to resolve Tgen), and, for the leakage checks only,
 * the work items before Tgen and in the validation window with the lines
 * they added. None of this reaches a backend.
 */

/** The default branch's first-parent chain, newest first: cached commits from the store, new ones from git. */
export async function firstParentChain(git: GitBackend, store: Store, repoId: number): Promise<{ chain: Commit[]; fresh: Commit[] }> {
  const known = knownCommits(store, repoId);
  const fresh: Commit[] = [];
  for await (const commit of git.log(git.facts.tip, { stopAt: known, lineCounts: false })) fresh.push(commit);
  const last = fresh[fresh.length - 1];
  const from = last ? last.parents[0] : git.facts.tip;
  const cached = from !== undefined ? loadFirstParentChain(store, repoId, from) : [];
  return { chain: [...fresh, ...cached], fresh };
}

/** The Tgen commit: the tip for HEAD, else the newest first-parent commit at or before the date. */
export function resolveTgen(chain: readonly Commit[], tgen: 'HEAD' | string): Commit | null {
  if (tgen === 'HEAD') return chain[0] ?? null;
  return cutAtT0(chain, tgen).commit;
}

/**
 * Work items before Tgen and in (T0, window end], each once, with its scope.
 * From the store (which holds tracker items too), plus items of commits mined
 * now and not stored yet.
 */
export function leakageItems(store: Store, repoId: number, bounds: { t0: string; windowEnd: string; tgenTime: string }, fresh: readonly Commit[]): LeakageItem[] {
  const before = loadWorkItems(store, repoId, { until: bounds.tgenTime });
  const window = loadWorkItems(store, repoId, { after: bounds.t0, until: bounds.windowEnd });
  const byKey = new Map<string, LeakageItem>();
  const add = (i: { key: string; title: string; body: string; paths: readonly string[]; sha: string; mergedAt: string }, scope: 'before-tgen' | 'window') => {
    const seen = byKey.get(i.key);
    if (seen) {
      if (seen.scope !== scope) seen.scope = 'both';
      return;
    }
    byKey.set(i.key, { key: i.key, title: i.title, body: i.body, scope, paths: i.paths, sha: i.sha });
  };
  for (const i of before) add(i, 'before-tgen');
  for (const i of window) add(i, 'window');
  if (fresh.length > 0) {
    const t = Date.parse(bounds.tgenTime);
    const [t0, end] = [Date.parse(bounds.t0), Date.parse(bounds.windowEnd)];
    for (const i of reconstructWorkItems(fresh)) {
      const at = Date.parse(i.mergedAt);
      if (at <= t) add(i, 'before-tgen');
      if (at > t0 && at <= end) add(i, 'window');
    }
  }
  return [...byKey.values()];
}

/**
 * The lines each candidate item added to the files a gold patch touches,
 * read from git (the item's commit against its first parent). Only items
 * that touch one of those files are read.
 */
export async function patchCandidates(
  git: GitBackend,
  chain: readonly Commit[],
  items: readonly LeakageItem[],
  goldPaths: readonly string[],
  cache: Map<string, string[]>,
): Promise<{ item: LeakageItem; added: string[] }[]> {
  return (await addedLinesOfItems(git, chain, items, goldPaths, cache)).map(({ item, added }) => ({ item, added: [...added.values()].flatMap((a) => a.lines) }));
}

/** Per item touching one of the paths: the lines it added to each, and whether it created the file. */
async function addedLinesOfItems(
  git: GitBackend,
  chain: readonly Commit[],
  items: readonly LeakageItem[],
  paths: readonly string[],
  cache: Map<string, string[]>,
): Promise<{ item: LeakageItem; added: Map<string, { lines: string[]; created: boolean }> }[]> {
  const commits = new Map(chain.map((c) => [c.sha, c]));
  const wanted = new Set(paths);
  const out: { item: LeakageItem; added: Map<string, { lines: string[]; created: boolean }> }[] = [];
  const decoder = new TextDecoder();
  for (const item of items) {
    const commit = item.sha ? commits.get(item.sha) : undefined;
    if (!commit || !item.paths.some((p) => wanted.has(p))) continue;
    const added = new Map<string, { lines: string[]; created: boolean }>();
    for (const file of commit.files) {
      if (!wanted.has(file.path)) continue;
      const key = `${commit.sha}:${file.path}`;
      let lines = cache.get(key);
      if (!lines) {
        const parent = commit.parents[0];
        const before = parent && file.status !== 'added' ? await git.readFileAt(parent, file.oldPath ?? file.path) : null;
        const after = file.status === 'deleted' ? null : await git.readFileAt(commit.sha, file.path);
        lines = addedLinesBetween(before ? decoder.decode(before) : null, after ? decoder.decode(after) : null);
        cache.set(key, lines);
      }
      const seen = added.get(file.path);
      added.set(file.path, { lines: [...(seen?.lines ?? []), ...lines], created: (seen?.created ?? false) || file.status === 'added' });
    }
    out.push({ item, added });
  }
  return out;
}

/**
 * What the validating work (items of the validation window) added to the
 * given paths: per item and path, the lines it added and whether it created
 * the file. Read from git like patchCandidates, sharing its cache.
 */
export async function validatingAdditions(
  git: GitBackend,
  chain: readonly Commit[],
  items: readonly LeakageItem[],
  paths: readonly string[],
  cache: Map<string, string[]>,
): Promise<{ key: string; path: string; lines: string[]; created: boolean }[]> {
  const window = items.filter((i) => i.scope !== 'before-tgen');
  const out: { key: string; path: string; lines: string[]; created: boolean }[] = [];
  for (const { item, added } of await addedLinesOfItems(git, chain, window, paths, cache)) {
    for (const [path, { lines, created }] of added) out.push({ key: item.key, path, lines, created });
  }
  return out;
}

/** Every line (whitespace collapsed) the given files held at the T0 commit: what the validating work cannot be credited with. */
export async function linesAtT0(git: GitBackend, t0Commit: string | null, paths: readonly string[]): Promise<Set<string>> {
  const out = new Set<string>();
  if (t0Commit === null) return out;
  const decoder = new TextDecoder();
  for (const path of paths) {
    const bytes = await git.readFileAt(t0Commit, path).catch(() => null);
    if (!bytes) continue;
    for (const line of decoder.decode(bytes).split('\n')) {
      const l = collapse(line);
      if (l !== '') out.add(l);
    }
  }
  return out;
}
