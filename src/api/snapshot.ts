import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { UserError } from '../errors.js';
import type { BackendName, GitBackend } from '../git/backend.js';
import type { Commit } from '../git/model.js';
import { openRepository } from '../git/open.js';
import { listBranchRefs } from '../git/branches.js';
import { silentProgress, type Progress } from '../progress.js';
import { walkMergedBranches } from '../git/merged-branches.js';
import { bringsPullRequests, isBranchMergeCommit } from '../sources/merged-branches.js';
import { reconstructWorkItems } from '../sources/reconstruct.js';
import { cutAtT0 } from '../snapshot/cutoff.js';
import type { Snapshot } from '../snapshot/model.js';
import { takeSnapshot } from '../snapshot/take-snapshot.js';
import { knownCommits, loadFirstParentChain, saveCommits } from '../store/commits.js';
import { openStore, type Store } from '../store/open.js';
import { findRepo, upsertRepo } from '../store/repos.js';
import { transact } from '../store/transaction.js';
import { findTreeScan, saveSnapshot } from '../store/snapshots.js';
import { loadGithubItems, saveTracked } from '../store/github-items.js';
import { trackedWorkItems } from '../sources/github-work-items.js';
import { markDiffWork } from './diff-work-marks.js';
import { parseDate } from '../time.js';

export interface SnapshotOptions {
  repo: string;
  t0: string;
  db: string;
  gitBackend?: BackendName | 'auto';
  branch?: string;
  /** Name for the repository in the store and manifest; default from its path. */
  name?: string;
  /**
   * Count added/deleted lines per file while mining (git --numstat): 6-20x slower
   * than mining without them, and nothing in a snapshot depends on them. Default false.
   */
  lineCounts?: boolean;
  /** Folder for the JSON manifest; default `snapshots/` beside the DB. */
  manifestDir?: string;
  progress?: Progress;
  /** The present, for refusing a T0 in the future (tests pin it). */
  now?: Date;
}

export interface SnapshotResult {
  id: number;
  /** True when an identical snapshot (same repository, T0 and hash) was already stored. */
  reused: boolean;
  snapshot: Snapshot;
  manifestPath: string;
  mining: { backend: BackendName; newCommits: number; cachedCommits: number };
}

/**
 * Mines the default branch's first-parent history (new commits only: the rest
 * comes from the store's cache), cuts it at T0, takes the snapshot and stores
 * it with its evidence, and writes a small JSON manifest.
 */
export async function snapshotRepository(options: SnapshotOptions): Promise<SnapshotResult> {
  const progress = options.progress ?? silentProgress;
  const t0 = parseDate(options.t0, '--t0');
  if (Date.parse(t0) > (options.now ?? new Date()).getTime()) {
    throw new UserError('T0_IN_FUTURE', `T0 ${options.t0} is in the future`, 'Pass a --t0 that has passed: a snapshot freezes what was visible then.');
  }
  const git = await openRepository(options.repo, { backend: options.gitBackend ?? 'auto', branch: options.branch });
  let store: Store | null = null;
  try {
    // A new database file is created only once there is something to write.
    store = existsSync(options.db) ? openStore(options.db) : null;
    const name = options.name ?? repoName(git.facts.path);
    const known = store ? findRepo(store, git.facts.path) : null;
    // The tracker archive (fetch-github, import-issues), replayed to T0 by the snapshot.
    const tracker = store && known ? loadGithubItems(store, known.id) : [];

    // Read and compute everything first; write only when all of it succeeded, in one transaction.
    // The tags do not depend on the history: git lists them while the history is mined.
    const tags = git.listTags();
    tags.catch(() => undefined); // a failure is thrown where the snapshot reads them
    progress.stage(`mining ${name} (${git.name} git)`);
    const { chain, fresh } = await mineHistory(git, store, known?.id ?? null, options.lineCounts ?? false, progress);
    const truncated = isTruncated(chain);
    const cut = cutAtT0(chain, t0);
    if (!cut.commit) throw noCommitAtT0(chain, options.t0, truncated);

    progress.stage('scanning the tree at T0');
    const cache = store;
    const snapshot = await takeSnapshot({
      repo: { name, path: git.facts.path, defaultBranch: git.facts.defaultBranch },
      t0,
      history: cut.history,
      truncated,
      reader: { listFiles: (c) => git.listFiles(c), readBlob: (oid) => git.readBlob(oid), readFileAt: (c, path) => git.readFileAt(c, path), listTags: () => tags },
      branches: {
        listBranches: () => listBranchRefs(git.facts.gitdir),
        log: (tip, o) => git.log(tip, o),
        isAncestor: (a, d) => git.isAncestor(a, d),
        unreachedFirstParents: git.unreachedFirstParents?.bind(git),
        readCommits: git.readCommits?.bind(git),
      },
      tracker: tracker.length > 0 ? tracker : undefined,
      onProgress: (done, total) => progress.tick(done, total),
      // An earlier snapshot of the same commit, history and config already scanned this tree.
      reuseScan: cache && known ? (key) => findTreeScan(cache, known.id, key) : undefined,
    });

    // Work a develop/main flow landed on another branch reaches this one only through branch merges: read it there.
    // So does the work a long-lived branch gathered from other pull requests before one pull request merged it.
    const merged = await walkMergedBranches(git, chain, isBranchMergeCommit, bringsPullRequests);

    // All work items, before and after T0 (validation reads the later ones, with explicit bounds), with the tracker's
    // titles; a title that states no work ("Minor tweaks") is a chore only when its diff does none: read here, stored.
    const tracked = trackedWorkItems(reconstructWorkItems(chain, merged), tracker);
    const items = await markDiffWork(git.facts.path, tracked.items);

    store ??= openStore(options.db);
    const root = truncated ? null : (chain[chain.length - 1]?.sha ?? null);
    const writer = store;
    const saved = transact(writer, () => {
      const repoId = upsertRepo(writer, { path: git.facts.path, name, defaultBranch: git.facts.defaultBranch, rootCommit: root });
      saveCommits(writer, repoId, fresh);
      saveTracked(writer, repoId, { ...tracked, items });
      return saveSnapshot(writer, repoId, snapshot);
    });
    const manifestPath = writeManifest(options.manifestDir ?? join(dirname(options.db), 'snapshots'), saved.id, snapshot);
    return {
      ...saved,
      snapshot,
      manifestPath,
      mining: { backend: git.name, newCommits: fresh.length, cachedCommits: chain.length - fresh.length },
    };
  } finally {
    progress.done();
    store?.close();
    await git.close();
  }
}

/**
 * The default branch's first-parent chain, newest first: commits the store
 * does not have yet are read from git (`fresh`, not saved here), the rest
 * comes from the store's cache.
 */
async function mineHistory(git: GitBackend, store: Store | null, repoId: number | null, lineCounts: boolean, progress: Progress) {
  const known = store && repoId !== null ? knownCommits(store, repoId) : new Set<string>();
  const fresh: Commit[] = [];
  for await (const commit of git.log(git.facts.tip, { stopAt: known, lineCounts })) {
    fresh.push(commit);
    if (fresh.length % 500 === 0) progress.tick(fresh.length, fresh.length + 500);
  }
  const last = fresh[fresh.length - 1];
  const from = last ? last.parents[0] : git.facts.tip;
  const cached = store && repoId !== null && from !== undefined ? loadFirstParentChain(store, repoId, from) : [];
  return { chain: [...fresh, ...cached], fresh };
}

/** The chain ends without reaching a root commit: a shallow clone or missing objects. */
function isTruncated(chain: readonly Commit[]): boolean {
  const last = chain[chain.length - 1];
  return last !== undefined && last.parents.length > 0;
}

function noCommitAtT0(chain: readonly Commit[], t0: string, truncated: boolean): UserError {
  const oldest = chain[chain.length - 1];
  const oldestDate = oldest?.committerTime.slice(0, 10) ?? 'unknown';
  if (truncated) {
    return new UserError(
      'SHALLOW_HISTORY',
      `The history of this clone is shallow and ends at ${oldestDate}, after T0 ${t0}`,
      `Deepen it to reach T0: git fetch --shallow-since=${t0.slice(0, 10)} (or git fetch --unshallow).`,
    );
  }
  return new UserError(
    'T0_BEFORE_FIRST_COMMIT',
    `T0 ${t0} is before the repository's first commit (${oldestDate})`,
    `Pass a --t0 on or after ${oldestDate}.`,
  );
}

/** `/x/click` -> click, `/x/click.git` -> click, `/x/pallets+click/repo` -> pallets+click. */
export function repoName(path: string): string {
  const base = basename(path).replace(/\.git$/, '');
  return base === '' || base === 'repo' || base === 'repository' ? basename(dirname(path)) : base;
}

/** Writes `<dir>/<repo>@<t0 date>.json`: the snapshot's id in the store it was saved to, and its header. */
export function writeManifest(dir: string, id: number, snapshot: Omit<Snapshot, 'evidence'>): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${snapshot.repo.name.replace(/[^\w.+-]+/g, '_')}@${snapshot.t0.slice(0, 10)}.json`);
  const manifest = {
    id,
    repo: snapshot.repo.name,
    t0: snapshot.t0,
    commit: snapshot.commit,
    commitTime: snapshot.commitTime,
    hash: snapshot.hash,
    counts: snapshot.counts,
  };
  writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
  return file;
}
