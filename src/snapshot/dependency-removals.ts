import type { Commit, TreeFile } from '../git/model.js';
import type { WorkItem } from '../sources/model.js';
import { workKind } from '../sources/work-kind.js';
import { isManifestPath, removedRuntimeDependencies, manifestDependencies } from '../text/manifest-dependencies.js';
import { compareText } from '../text/order.js';
import { DAY_MS } from '../time.js';
import { fileVersions } from './line-history.js';
import type { Evidence } from './model.js';
import { decodeText, type SnapshotReader } from './reader.js';

/**
 * Runtime dependencies the project removed before T0, read from its main manifests' history (issue 15: replacing or
 * dropping dependencies is a line of work the snapshot saw only as housekeeping). For each manifest at the snapshot
 * commit (MAX_MANIFESTS of them, shallowest first; none under examples, fixtures, tests, docs or benchmarks) its
 * versions along the first-parent history of the LOOKBACK_DAYS before T0 are read (at most MAX_READS each) and each
 * consecutive pair compared (src/text/manifest-dependencies.ts): a runtime dependency one version has and the next
 * lacks, not moved to the development dependencies, and not back in the manifest at the snapshot commit, is a
 * removal, dated by the commit that made it (so <= T0). Not removals: a commit that is bot, release or branch-merge
 * work (src/sources/work-kind.ts); one whose title renames or migrates and that adds a runtime dependency to the
 * manifest ("Migrate from request and request-promise to got"; "Migrate to the built-in fetch" adds none and removes), or
 * that adds as many runtime dependencies to the manifest as it removes (a package swapped for another); a name re-added later (only its last
 * removal counts, and only when it is absent at T0); a name the same commit adds to another manifest read (moved
 * between workspace members). Development dependencies are upkeep and never read as removals.
 * Tests: tests/snapshot/dependency-removals.test.ts.
 */

export const MAX_MANIFESTS = 6;
export const MAX_READS = 200;
/** Long enough that the backtest's earliest replay (T0 - 18 months) sees its own year of removals. */
export const LOOKBACK_DAYS = 913;

const SKIPPED_DIR = /(^|\/)(examples?|fixtures?|tests?|__tests__|testdata|test-?fixtures|docs?|website|site|benches|benchmarks?|fuzz|playground|templates?|e2e|scripts|node_modules|vendor)\//i;
const RENAME_TITLE = /\brenam\w*\b|\bmigrat\w*\s+(?:to|from)\b/i;

type Removal = Extract<Evidence, { kind: 'dependency_removal' }>;

/** The manifests whose history is read: shallowest, then shortest path first. */
export function manifestPaths(files: readonly TreeFile[]): string[] {
  return files
    .map((f) => f.path)
    .filter((p) => isManifestPath(p) && !SKIPPED_DIR.test(p) && p.split('/').length <= 3)
    .sort((a, b) => a.split('/').length - b.split('/').length || a.length - b.length || compareText(a, b))
    .slice(0, MAX_MANIFESTS);
}

export async function dependencyRemovals(
  reader: SnapshotReader,
  history: readonly Commit[],
  files: readonly TreeFile[],
  items: readonly WorkItem[],
  t0: string,
  counts: Record<string, number>,
): Promise<Evidence[]> {
  const head = history[0];
  if (!head) return [];
  const since = Date.parse(t0) - LOOKBACK_DAYS * DAY_MS;
  const bySha = new Map(items.map((i) => [i.sha, i]));
  const titleOf = new Map(history.map((c) => [c.sha, c.message.split('\n', 1)[0]!.trim()]));
  const out: Removal[] = [];
  // Names each commit adds to a manifest read: a dependency it moves from one workspace member to another is no removal.
  const addedBy = new Map<string, Set<string>>();
  let reads = 0;
  for (const path of manifestPaths(files)) {
    // Newest first; the oldest version before the lookback is read too, as the base of the first change in it.
    const all = fileVersions(history, path);
    const inside = all.filter((v) => Date.parse(v.time) >= since).length;
    const versions = all.slice(0, Math.min(all.length, inside + 1, MAX_READS));
    const texts = await Promise.all(versions.map(async (v) => {
      const bytes = await reader.readFileAt(v.commit, v.path);
      return bytes ? decodeText(bytes) : null;
    }));
    reads += versions.length;
    const now = texts[0] ? manifestDependencies(path, texts[0]) : null;
    if (!now) continue;
    const seen = new Set<string>();
    // Newest change first: a name's last removal is the one kept.
    for (let i = 0; i + 1 < versions.length; i++) {
      const after = texts[i];
      const before = texts[i + 1];
      const v = versions[i]!;
      if (after == null || before == null || Date.parse(v.time) < since) continue;
      const { removed, added } = removedRuntimeDependencies(path, before, after);
      if (added.length > 0) addedBy.set(v.commit, new Set([...(addedBy.get(v.commit) ?? []), ...added]));
      if (removed.length === 0) continue;
      const item = bySha.get(v.commit);
      const title = item?.title ?? titleOf.get(v.commit) ?? '';
      if (item) {
        const kind = workKind(item);
        if (kind === 'bot' || kind === 'release' || kind === 'branch_merge') continue;
      }
      if (RENAME_TITLE.test(title) && added.length > 0) continue;
      for (const name of removed) {
        if (seen.has(name) || now.runtime.has(name) || now.dev.has(name)) continue;
        seen.add(name);
        out.push({
          kind: 'dependency_removal',
          ref: `dependency-removal:${path}:${name}`,
          date: v.time,
          text: `${name} removed from ${path} by "${title}"`,
          path,
          name,
          commit: v.commit,
          title,
          item: item?.key ?? null,
        });
      }
    }
  }
  const kept = out.filter((r) => !addedBy.get(r.commit)?.has(r.name));
  counts.dependencyRemovals = kept.length;
  counts.manifestReads = reads;
  return kept.sort((a, b) => compareText(a.date, b.date) || compareText(a.ref, b.ref));
}
