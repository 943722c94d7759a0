import type { Commit, TreeFile } from '../git/model.js';
import type { GithubItem } from '../github/model.js';
import { contentHash } from '../hash.js';
import { reconstructWorkItems } from '../sources/reconstruct.js';
import { assertVisibleAtT0 } from './guard.js';
import { dependencyRemovals } from './dependency-removals.js';
import { branchesAtT0, type BranchReader } from './branches.js';
import { findHotspots } from './hotspots.js';
import { trackerEvidence } from './issues.js';
import { Snapshot, SnapshotConfig, type Evidence } from './model.js';
import type { SnapshotReader } from './reader.js';
import { scanTree, type TreeScan, type TreeScanKey } from './tree-scan.js';
import { compareText } from '../text/order.js';
import { validate } from '../validated.js';

export const DEFAULT_SNAPSHOT_CONFIG: SnapshotConfig = {
  todoMaxFileBytes: 1024 * 1024,
  todoMaxLines: 5000,
  todoFirstSeenBudget: 600,
  hotspotTop: 25,
};

export interface SnapshotInput {
  repo: Snapshot['repo'];
  t0: string;
  /** First-parent history from the snapshot commit back, newest first (see cutAtT0). */
  history: readonly Commit[];
  /** True when the history ends at a shallow boundary or a missing commit rather than the root. */
  truncated: boolean;
  reader: SnapshotReader;
  /** The clone's branch refs, read for the branches present at T0 (src/snapshot/branches.ts); none are listed without it. */
  branches?: BranchReader;
  config?: Partial<SnapshotConfig>;
  /** Issues and pull requests archived from the tracker, in their current state: replayed to T0 in issues.ts. */
  tracker?: readonly GithubItem[];
  /** Progress through the files scanned for TODOs. */
  onProgress?: (done: number, total: number) => void;
  /**
   * A tree scan with this key taken before (an earlier snapshot of the same
   * commit, history and config; see storedTreeScan), used instead of reading
   * the tree again; null to scan.
   */
  reuseScan?: (key: TreeScanKey) => TreeScan | null;
}

/**
 * Everything visible at T0, as evidence rows. Given the same pre-T0 history
 * and files it returns the same snapshot and hash, whether or not the
 * repository has history after T0: nothing here reads past the snapshot
 * commit except tags, which are kept only when they point into the pre-T0
 * history and (when annotated) were made by T0.
 */
export async function takeSnapshot(input: SnapshotInput): Promise<Snapshot> {
  const config = SnapshotConfig.parse({ ...DEFAULT_SNAPSHOT_CONFIG, ...input.config });
  const head = input.history[0];
  if (!head) throw new Error('takeSnapshot needs at least the snapshot commit in its history');
  assertVisibleAtT0(input.history.map((c) => ({ ref: `commit:${c.sha}`, date: c.committerTime })), input.t0);

  const counts: Record<string, number> = { commits: input.history.length, historyTruncated: input.truncated ? 1 : 0 };
  const files = await input.reader.listFiles(head.sha);
  const tree = directoryTree(files);
  const tracked = trackerEvidence(input.tracker, input.t0, workItemEvidence(input.history, counts), counts);
  const tags = await tagEvidence(input, counts);
  const items = tracked.workItems.flatMap((e) => (e.kind === 'work_item' ? [e.item] : []));
  const removals = await dependencyRemovals(input.reader, input.history, files, items, input.t0, counts);
  const branches = input.branches ? await branchesAtT0(input.branches, input.history, input.t0, input.repo.defaultBranch, counts) : [];
  const scan = await treeScan(input, files, head, { commit: head.sha, config, commits: input.history.length, truncated: input.truncated, tree });
  Object.assign(counts, scan.counts);
  const evidence: Evidence[] = [
    ...tracked.workItems,
    ...tags,
    ...scan.evidence,
    ...hotspotEvidence(input.history, input.t0, head, config, counts),
    ...removals,
    ...tracked.issues,
    ...branches,
  ];
  counts.firstSeenReads = scan.firstSeenReads;
  assertVisibleAtT0(evidence, input.t0);

  const hash = contentHash({ t0: input.t0, commit: head.sha, config, tree, evidence });
  // The snapshot's one validation: the store's writer takes this object as it is (src/validated.ts).
  return validate(Snapshot, {
    repo: input.repo,
    t0: input.t0,
    commit: head.sha,
    commitTime: head.committerTime,
    config,
    tree,
    counts,
    hash,
    evidence,
  });
}

/** The tree scan lent by `input.reuseScan` for this key, else a new one. */
async function treeScan(input: SnapshotInput, files: readonly TreeFile[], head: Commit, key: TreeScanKey): Promise<TreeScan> {
  const reused = input.reuseScan?.(key);
  if (!reused) return scanTree(input, files, head, key.config);
  input.onProgress?.(files.length, files.length);
  return reused;
}

/** Directories to depth 3 with the number of files directly in each ('' is the root). */
function directoryTree(files: readonly TreeFile[]): Snapshot['tree'] {
  const counts = new Map<string, number>();
  for (const file of files) {
    const parts = file.path.split('/');
    const dir = parts.slice(0, -1).join('/');
    for (let depth = 1; depth <= Math.min(parts.length - 1, 3); depth++) {
      const ancestor = parts.slice(0, depth).join('/');
      if (!counts.has(ancestor)) counts.set(ancestor, 0);
    }
    if (parts.length - 1 <= 3) counts.set(dir, (counts.get(dir) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([dir, n]) => ({ dir, files: n }));
}

function workItemEvidence(history: readonly Commit[], counts: Record<string, number>): Evidence[] {
  const items = reconstructWorkItems(history);
  counts.workItems = items.length;
  counts.pullRequests = items.filter((i) => i.number !== null).length;
  counts.botWorkItems = items.filter((i) => i.bot).length;
  return items.map((item) => ({
    kind: 'work_item',
    ref: item.key,
    date: item.mergedAt,
    text: item.title,
    item,
  }));
}

async function tagEvidence(input: SnapshotInput, counts: Record<string, number>): Promise<Evidence[]> {
  const byCommit = new Map(input.history.map((c) => [c.sha, c]));
  const cutoff = Date.parse(input.t0);
  const tags = await input.reader.listTags();
  const kept: Evidence[] = [];
  for (const tag of tags) {
    const commit = byCommit.get(tag.commit);
    if (!commit || (tag.taggerTime && Date.parse(tag.taggerTime) > cutoff)) continue;
    const date = tag.taggerTime ?? commit.committerTime;
    kept.push({ kind: 'tag', ref: `tag:${tag.name}`, date, text: tag.name, name: tag.name, commit: tag.commit });
  }
  // How many tags were left out is not counted: that number would tell of tags made after T0.
  counts.tags = kept.length;
  return kept.sort((a, b) => compareText(a.date, b.date) || compareText(a.ref, b.ref));
}

function hotspotEvidence(
  history: readonly Commit[],
  t0: string,
  head: Commit,
  config: SnapshotConfig,
  counts: Record<string, number>,
): Evidence[] {
  const spots = findHotspots(history, t0, config.hotspotTop);
  counts.hotspots = spots.length;
  return spots.map((spot) => ({
    kind: 'hotspot',
    ref: `hotspot:${spot.dir}`,
    date: head.committerTime,
    text: `${spot.dir}: ${spot.commits90} commits in the 90 days and ${spot.commits365} in the 365 days before T0`,
    ...spot,
  }));
}
