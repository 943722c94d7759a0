import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { fetchGithub } from '../../src/api/fetch-github.js';
import { snapshotRepository, type SnapshotResult } from '../../src/api/snapshot.js';
import { openRepository } from '../../src/git/open.js';
import type { Progress } from '../../src/progress.js';
import { cutAtT0 } from '../../src/snapshot/cutoff.js';
import { takeSnapshot } from '../../src/snapshot/take-snapshot.js';
import { storedTreeScan, TREE_SCAN_VERSION, type TreeScanKey } from '../../src/snapshot/tree-scan.js';
import type { SnapshotReader } from '../../src/snapshot/reader.js';
import { openStore } from '../../src/store/open.js';
import { findRepo } from '../../src/store/repos.js';
import { findTreeScan, loadSnapshot } from '../../src/store/snapshots.js';
import { startGithubServer, type GithubServer } from '../fixtures/github-server.js';
import { makeRepo, tempDir, type CommitSpec } from '../fixtures/repo.js';
import { queryRows } from '../github/tracker-rows.js';
import { commits as worldCommits, T0, TOKEN, trackerItems } from '../github/world.js';

/**
 * A re-run of a snapshot on a store that already holds one of the same
 * commit lends the earlier tree scan (changelog, roadmap and TODO rows) to
 * the new snapshot instead of reading the tree again. Whatever the tracker
 * archive gained in between, the result must be the snapshot a cold run into
 * a fresh store gives: same hash, same rows, same counts.
 */

/** The tracker world of tests/github, with TODOs, a changelog and a roadmap in its files (same commits, same dates). */
const commits: CommitSpec[] = worldCommits.map((c, i) => {
  if (i === 0) {
    return {
      ...c,
      files: {
        ...c.files,
        'src/parser/index.js': '// TODO: nested quotes\nexport const parse = (s) => s;\n',
        'CHANGELOG.md': '# Changelog\n\n## [Unreleased]\n- parser skeleton\n',
        'ROADMAP.md': '# Roadmap\n- [ ] retries\n- [ ] streaming\n',
      },
    };
  }
  if (i === 4) {
    return {
      ...c,
      files: {
        ...c.files,
        'src/http/client.js': '// FIXME: no timeout\nexport const get = () => 1;\n',
        'CHANGELOG.md': '# Changelog\n\n## [Unreleased]\n- token stream\n- parser skeleton\n',
        'ROADMAP.md': '# Roadmap\n- [x] retries\n- [ ] streaming\n',
      },
    };
  }
  if (i === 5) return { ...c, files: { ...c.files, 'src/parser/late.js': '// TODO: CANARY_LATE_TODO\n' } };
  return c;
});

/** The same commit as T0 (its next commit is 2024-06-15), ten days later. */
const LATER_T0 = '2024-06-10';
const NOW = new Date('2025-01-01T00:00:00Z');

let server: GithubServer;
let repo: { dir: string; shas: string[] };
let work: string;
let n = 0;

beforeAll(async () => {
  repo = await makeRepo(commits);
  server = await startGithubServer({ items: trackerItems(repo.shas), token: TOKEN });
  work = await tempDir();
});

afterAll(() => server.close());

function freshDb(): string {
  n += 1;
  return join(work, `store-${n}.db`);
}

/** The archive holds exactly the items numbered `numbers` (all when omitted). */
async function archive(db: string, numbers?: number[]): Promise<void> {
  const all = trackerItems(repo.shas);
  server.setItems(numbers ? all.filter((i) => numbers.includes(i.number)) : all);
  await fetchGithub({ repo: repo.dir, github: 'acme/widgets', db, apiUrl: server.url, token: TOKEN, waitScale: 1 });
}

/** Counts the files read for TODOs through the progress ticks of the tree-scan stage. */
function scanProgress(): Progress & { ticks: number } {
  let stage = '';
  const progress = {
    ticks: 0,
    stage(name: string) {
      stage = name;
    },
    tick() {
      if (stage.startsWith('scanning')) progress.ticks++;
    },
    done() {},
  };
  return progress;
}

async function snapshot(db: string, t0 = T0, gitBackend: 'native' | 'isomorphic' = 'native', progress = scanProgress()) {
  const result = await snapshotRepository({ repo: repo.dir, t0, db, gitBackend, now: NOW, manifestDir: work, progress });
  return { result, ticks: progress.ticks };
}

/** Everything stored of one snapshot: its columns (but id and creation time) and every evidence row. */
function stored(db: string, id: number) {
  const [row] = queryRows(db, `SELECT t0, commit_sha, commit_time, config, counts, hash, data FROM snapshots WHERE id = ${id}`);
  const evidence = queryRows(db, `SELECT ord, kind, ref, date, text, path, data FROM evidence WHERE snapshot_id = ${id} ORDER BY ord`);
  return { row, evidence };
}

function expectSameSnapshot(db: string, a: SnapshotResult, freshDbPath: string, b: SnapshotResult): void {
  expect(a.snapshot.hash).toBe(b.snapshot.hash);
  expect(a.snapshot).toEqual(b.snapshot);
  // Byte for byte in the store, counts in the same order.
  expect(stored(db, a.id)).toEqual(stored(freshDbPath, b.id));
  const store = openStore(db, { readonly: true });
  try {
    expect(loadSnapshot(store, a.id)).toEqual(b.snapshot);
  } finally {
    store.close();
  }
}

test('a re-run at the same T0 reuses the stored snapshot and does not read the tree again', async () => {
  const db = freshDb();
  await archive(db, [2, 4, 11]);
  const cold = await snapshot(db);
  const again = await snapshot(db);
  expect(cold.result.reused).toBe(false);
  expect(cold.ticks).toBeGreaterThan(5);
  expect(again.ticks).toBe(1);
  expect(again.result).toMatchObject({ id: cold.result.id, reused: true });
  expect(again.result.snapshot).toEqual(cold.result.snapshot);
  expect(cold.result.snapshot.counts).toMatchObject({ todos: 2, changelogEntries: 2, roadmapItems: 2, missingBlobs: 0 });
});

test.each(['native', 'isomorphic'] as const)(
  'after the archive gained items, a cached re-run (%s git) gives the snapshot a cold run into a fresh store gives',
  async (backend) => {
    const db = freshDb();
    await archive(db, [2, 4, 11]);
    const first = await snapshot(db);
    await archive(db);
    const cached = await snapshot(db, T0, backend);
    expect(cached.ticks).toBe(1);
    expect(cached.result.reused).toBe(false);
    expect(cached.result.snapshot.hash).not.toBe(first.result.snapshot.hash);

    const coldDb = freshDb();
    await archive(coldDb);
    const cold = await snapshot(coldDb);
    expect(cold.ticks).toBeGreaterThan(5);
    expectSameSnapshot(db, cached.result, coldDb, cold.result);
    // The tracker's rows came from the new archive, not the earlier snapshot.
    expect(cached.result.snapshot.counts).toMatchObject({ issues: 6, workItemsFromTracker: 3 });
    expect(JSON.stringify(stored(db, cached.result.id))).not.toMatch(/CANARY/);
  },
);

test('a snapshot at another T0 on the same commit reuses the scan and equals a cold one', async () => {
  const db = freshDb();
  await archive(db);
  const first = await snapshot(db);
  const later = await snapshot(db, LATER_T0);
  expect(later.ticks).toBe(1);
  expect(later.result.snapshot.commit).toBe(first.result.snapshot.commit);
  expect(later.result.snapshot.t0).not.toBe(first.result.snapshot.t0);

  const coldDb = freshDb();
  await archive(coldDb);
  const cold = await snapshot(coldDb, LATER_T0);
  expectSameSnapshot(db, later.result, coldDb, cold.result);
});

test('a snapshot of another commit scans its own tree', async () => {
  const db = freshDb();
  await archive(db);
  await snapshot(db);
  const next = await snapshot(db, '2024-06-20');
  expect(next.ticks).toBeGreaterThan(5);
  const coldDb = freshDb();
  await archive(coldDb);
  expectSameSnapshot(db, next.result, coldDb, (await snapshot(coldDb, '2024-06-20')).result);
});

/** The pre-T0 history and a reader that counts what it reads. */
async function scanInput() {
  const git = await openRepository(repo.dir, { backend: 'native' });
  const history = cutAtT0([...(await collect(git.log(git.facts.tip, {})))], `${T0}T00:00:00.000Z`).history;
  const reads = { blobs: 0, files: 0 };
  const reader: SnapshotReader = {
    listFiles: (c) => git.listFiles(c),
    listTags: () => git.listTags(),
    readBlob: (oid) => (reads.blobs++, git.readBlob(oid)),
    readFileAt: (c, p) => (reads.files++, git.readFileAt(c, p)),
  };
  return { git, history, reads, input: { repo: { name: 'w', path: repo.dir, defaultBranch: 'main' }, t0: `${T0}T00:00:00.000Z`, history, truncated: false, reader } };
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

test('takeSnapshot with a stored scan reads no blob and gives the same snapshot', async () => {
  const { git, reads, input } = await scanInput();
  try {
    const cold = await takeSnapshot(input);
    expect(reads.blobs).toBeGreaterThan(0);
    let asked: TreeScanKey | null = null;
    reads.blobs = 0;
    reads.files = 0;
    const warm = await takeSnapshot({
      ...input,
      reuseScan: (key) => {
        asked = key;
        const { evidence, ...header } = cold;
        return storedTreeScan(key, header, () => evidence);
      },
    });
    expect(reads).toEqual({ blobs: 0, files: 0 });
    expect(warm).toEqual(cold);
    expect(asked).toMatchObject({ commit: cold.commit, config: cold.config, commits: cold.counts.commits, truncated: false, tree: cold.tree });
  } finally {
    await git.close();
  }
});

test('a stored scan is lent only for the same commit, history, config and tree, and never when a blob was missing', async () => {
  const { git, input } = await scanInput();
  try {
    const cold = await takeSnapshot(input);
    const { evidence, ...header } = cold;
    const key: TreeScanKey = { commit: cold.commit, config: cold.config, commits: cold.counts.commits!, truncated: false, tree: cold.tree };
    const rows = () => evidence;
    expect(storedTreeScan(key, header, rows)?.evidence).toEqual(evidence.filter((e) => ['changelog', 'roadmap', 'todo'].includes(e.kind)));
    expect(storedTreeScan({ ...key, commit: 'f'.repeat(40) }, header, rows)).toBeNull();
    expect(storedTreeScan({ ...key, commits: key.commits + 1 }, header, rows)).toBeNull();
    expect(storedTreeScan({ ...key, truncated: true }, header, rows)).toBeNull();
    expect(storedTreeScan({ ...key, config: { ...key.config, todoMaxLines: 1 } }, header, rows)).toBeNull();
    expect(storedTreeScan({ ...key, tree: [...key.tree, { dir: 'new', files: 1 }] }, header, rows)).toBeNull();
    expect(storedTreeScan(key, { ...header, counts: { ...header.counts, missingBlobs: 1 } }, rows)).toBeNull();
    expect(storedTreeScan(key, header, () => evidence.filter((e) => e.kind !== 'todo'))).toBeNull();
  } finally {
    await git.close();
  }
});

test('the store lends the scan of a stored snapshot of the same commit, and none for another commit', async () => {
  const db = freshDb();
  await archive(db);
  const { result } = await snapshot(db);
  const store = openStore(db, { readonly: true });
  try {
    const repoId = findRepo(store, result.snapshot.repo.path)!.id;
    const key: TreeScanKey = { commit: result.snapshot.commit, config: result.snapshot.config, commits: result.snapshot.counts.commits!, truncated: false, tree: result.snapshot.tree };
    expect(findTreeScan(store, repoId, key)?.counts).toMatchObject({ todos: 2, missingBlobs: 0 });
    expect(findTreeScan(store, repoId, { ...key, commit: repo.shas[0]! })).toBeNull();
  } finally {
    store.close();
  }
});

test('a scan stored under other tree-scan rules is never lent: a release that changes what a scan finds rescans', async () => {
  const db = freshDb();
  await archive(db);
  const { result } = await snapshot(db);
  const key: TreeScanKey = { commit: result.snapshot.commit, config: result.snapshot.config, commits: result.snapshot.counts.commits!, truncated: false, tree: result.snapshot.tree };
  const store = openStore(db);
  try {
    const repoId = findRepo(store, result.snapshot.repo.path)!.id;
    expect(store.db.prepare('SELECT tree_scan FROM snapshots').pluck().all()).toEqual([TREE_SCAN_VERSION]);
    // As if an older release had stored it (snapshots are frozen: lift the trigger for the test only).
    store.db.exec('DROP TRIGGER snapshots_frozen');
    store.db.prepare("UPDATE snapshots SET tree_scan = 'tree-scan-v0'").run();
    expect(findTreeScan(store, repoId, key)).toBeNull();
    store.db.prepare('UPDATE snapshots SET tree_scan = NULL').run();
    expect(findTreeScan(store, repoId, key)).toBeNull();
  } finally {
    store.close();
  }
});
