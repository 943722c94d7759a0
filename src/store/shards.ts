import { existsSync, rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import { UserError } from '../errors.js';
import { SCHEMA_VERSION } from './migrations.js';
import { openStore, type Store } from './open.js';
import { transact } from './transaction.js';

/**
 * Shards: one repository's work in a store file of its own, with the main
 * schema. The per-repository unit (src/api/study-repo.ts) writes only into a
 * fresh shard; the coordinator (the local runner, or the queue coordinator)
 * is the only writer of the main store, and merges each shard into it in ONE
 * transaction. The merge is keyed by study (config hash) and repository
 * (ord): a repository already done in the main store is left as it is, so a
 * shard merged twice changes nothing.
 *
 * Objects are matched on their natural keys, never on ids (a shard numbers
 * its rows from 1): repositories by path, commits by sha, work items by key,
 * snapshots by (repository, T0, hash), forecasts by (snapshot, forecaster,
 * hash), validations by (forecast, judge, hash). An identical object already
 * in the main store is reused, exactly as a local run reuses it.
 */

/** Tables a shard fills; a shard whose other tables hold rows is refused (written by something else). */
const TABLES = [
  'github_repos', 'github_items', 'repos', 'commits', 'commit_files', 'work_items', 'snapshots', 'evidence', 'forecasts', 'families', 'family_evidence',
  'model_calls', 'validations', 'verdicts', 'matches', 'embeddings', 'studies', 'study_repos', 'study_results',
] as const;

export interface ShardSeed {
  /** The main store to copy from (read only; it may be written meanwhile). */
  from: string;
  /** The repository's path as the store keys it (its canonical folder). */
  repoPath: string;
}

/**
 * Creates a fresh shard at `file` (replacing any file there) with the main
 * schema. With `seed`, the repository's mined-history cache (commits and
 * their files) is copied in from the main store, so a repository the store
 * has mined before is not mined again, and so is its tracker archive
 * (github_repos, github_items), which its snapshot replays to T0 exactly
 * as a snapshot into the main store would.
 */
export function createShard(file: string, seed?: ShardSeed): void {
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
  const shard = openStore(file);
  try {
    if (seed && existsSync(seed.from)) copyMinedHistory(shard, seed);
  } finally {
    shard.close();
  }
}

function copyMinedHistory(shard: Store, seed: ShardSeed): void {
  const db = shard.db;
  db.prepare('ATTACH DATABASE ? AS seed').run(seed.from);
  try {
    // A seed on an older schema is brought up to date by its next writer; until then it seeds nothing.
    const version = db.prepare<[], number | null>("SELECT max(version) FROM seed.schema_migrations").pluck().get() ?? 0;
    if (version !== SCHEMA_VERSION) return;
    const from = db
      .prepare<[string], { id: number; name: string; default_branch: string; root_commit: string | null; created_at: string }>('SELECT * FROM seed.repos WHERE path = ?')
      .get(seed.repoPath);
    if (!from) return;
    transact(shard, () => {
      const id = db
        .prepare<unknown[], number>('INSERT INTO main.repos (path, name, default_branch, root_commit, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id')
        .pluck()
        .get(seed.repoPath, from.name, from.default_branch, from.root_commit, from.created_at)!;
      db.prepare(
        `INSERT INTO main.commits SELECT ?, sha, parents, author_name, author_email, author_time, committer_name, committer_email, committer_time, message
         FROM seed.commits WHERE repo_id = ?`,
      ).run(id, from.id);
      db.prepare('INSERT INTO main.commit_files SELECT ?, sha, ord, path, old_path, status, additions, deletions FROM seed.commit_files WHERE repo_id = ?').run(id, from.id);
      // The tracker archive's items, which the snapshot replays to T0 (the raw responses stay behind).
      const tracker = db.prepare<[number], { id: number; full_name: string; fetched_at: string | null; fetched_until: string | null; created_at: string }>('SELECT * FROM seed.github_repos WHERE repo_id = ?').get(from.id);
      if (tracker) {
        const gid = db
          .prepare<unknown[], number>('INSERT INTO main.github_repos (repo_id, full_name, fetched_at, fetched_until, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id')
          .pluck()
          .get(id, tracker.full_name, tracker.fetched_at, tracker.fetched_until, tracker.created_at)!;
        db.prepare(
          `INSERT INTO main.github_items (github_repo_id, number, kind, title, state, labels, created_at, updated_at, closed_at, merged_at, source, data)
           SELECT ?, number, kind, title, state, labels, created_at, updated_at, closed_at, merged_at, source, data FROM seed.github_items WHERE github_repo_id = ?`,
        ).run(gid, tracker.id);
      }
    });
  } finally {
    db.exec('DETACH DATABASE seed');
  }
}

/**
 * Makes the shard one self-contained, compact file at `out` (no WAL beside
 * it), for moving it to another machine; returns `out`.
 */
export function compactShard(file: string, out: string): string {
  rmSync(out, { force: true });
  const db = new Database(file, { readonly: true });
  try {
    db.prepare('VACUUM INTO ?').run(out);
  } finally {
    db.close();
  }
  return out;
}

export interface MergeResult {
  /** False when every repository of the shard was already done in the main store (nothing changed). */
  merged: boolean;
  /** The study (main store id) and the repositories merged now, with their snapshot ids in the main store. */
  studyId: number;
  repos: { ord: number; snapshotId: number | null }[];
}

/**
 * Merges a shard into the main store in one transaction (see the file's
 * comment). Throws SHARD_* UserErrors for a shard that does not belong here:
 * another schema version (a worker running another swe-future), a study the
 * main store does not have, or a repository row that does not match.
 */
export function mergeShard(main: Store, shardFile: string): MergeResult {
  const db = main.db;
  assertShardFile(shardFile);
  db.prepare('ATTACH DATABASE ? AS shard').run(shardFile);
  try {
    return transact(main, () => mergeAttached(main));
  } finally {
    db.exec('DETACH DATABASE shard');
  }
}

function assertShardFile(file: string): void {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const version = db.prepare<[], number | null>('SELECT max(version) FROM schema_migrations').pluck().get() ?? 0;
    if (version !== SCHEMA_VERSION) {
      throw new UserError(
        'SHARD_SCHEMA',
        `A repository's results were written with store schema ${version}, but this swe-future writes schema ${SCHEMA_VERSION}`,
        'Run the same swe-future version on every worker and on the coordinator, then rerun the study with --retry-failed.',
      );
    }
    const names = db.prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all();
    for (const table of names) {
      if ((TABLES as readonly string[]).includes(table) || table === 'schema_migrations' || table.startsWith('sqlite_')) continue;
      const rows = db.prepare<[], number>(`SELECT count(*) FROM "${table}"`).pluck().get();
      if (rows) throw new Error(`A shard has rows in ${table}, which shards never fill`);
    }
  } finally {
    db.close();
  }
}

type Row = Record<string, unknown>;

function mergeAttached(main: Store): MergeResult {
  const db = main.db;
  const all = (sql: string, ...params: unknown[]) => db.prepare(sql).all(...params) as Row[];
  const one = (sql: string, ...params: unknown[]) => db.prepare(sql).pluck().get(...params) as number | undefined;

  const studies = all('SELECT id, config_hash FROM shard.studies');
  if (studies.length !== 1) throw new Error(`A shard must hold exactly one study, this one holds ${studies.length}`);
  const hash = studies[0]!.config_hash as string;
  const studyId = one('SELECT id FROM main.studies WHERE config_hash = ?', hash);
  if (studyId === undefined) {
    throw new UserError('SHARD_UNKNOWN_STUDY', `A repository's results belong to a study (${hash.slice(0, 19)}…) that this store does not have`, 'Run the study with the --db it was started with.');
  }
  const pending = all("SELECT ord, path, t0, seconds, finished_at FROM shard.study_repos WHERE status = 'done' ORDER BY ord").filter((r) => {
    const row = db.prepare('SELECT path, t0, status FROM main.study_repos WHERE study_id = ? AND ord = ?').get(studyId, r.ord) as Row | undefined;
    if (!row || row.path !== r.path || row.t0 !== r.t0) {
      throw new UserError('SHARD_MISMATCH', `A repository's results name repos[${String(r.ord)}] as ${String(r.path)} at ${String(r.t0)}, which is not that entry of the study`, 'Rerun the study; its jobs are made from its config again.');
    }
    return row.status !== 'done';
  });
  if (pending.length === 0) return { merged: false, studyId, repos: [] };

  const repoIds = mergeRepos(main);
  const snapshotIds = mergeSnapshots(main, repoIds);
  const forecastIds = mergeForecasts(main, snapshotIds);
  const validationIds = mergeValidations(main, forecastIds);
  db.prepare('INSERT OR IGNORE INTO main.embeddings SELECT * FROM shard.embeddings').run();

  const insertResult = db.prepare('INSERT INTO main.study_results (study_id, repo_ord, forecaster, judge, forecast_id, validation_id) VALUES (?, ?, ?, ?, ?, ?)');
  const repos: MergeResult['repos'] = [];
  for (const r of pending) {
    const snapshot = one('SELECT snapshot_id FROM shard.study_repos WHERE ord = ?', r.ord) ?? null;
    const snapshotId = snapshot === null ? null : (snapshotIds.get(snapshot) ?? null);
    db.prepare('DELETE FROM main.study_results WHERE study_id = ? AND repo_ord = ?').run(studyId, r.ord);
    for (const x of all('SELECT forecaster, judge, forecast_id, validation_id FROM shard.study_results WHERE repo_ord = ? ORDER BY forecaster, judge', r.ord)) {
      insertResult.run(studyId, r.ord, x.forecaster, x.judge, forecastIds.get(x.forecast_id as number), validationIds.get(x.validation_id as number));
    }
    db.prepare(`UPDATE main.study_repos SET status = 'done', error = NULL, snapshot_id = ?, seconds = ?, finished_at = ? WHERE study_id = ? AND ord = ?`)
      .run(snapshotId, r.seconds, r.finished_at, studyId, r.ord);
    repos.push({ ord: r.ord as number, snapshotId });
  }
  return { merged: true, studyId, repos };
}

/** Shard repository id → main id; a repository is its path. */
function mergeRepos(main: Store): Map<number, number> {
  const db = main.db;
  const ids = new Map<number, number>();
  const upsert = db.prepare<unknown[], number>(
    `INSERT INTO main.repos (path, name, default_branch, root_commit, created_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (path) DO UPDATE SET name = excluded.name, default_branch = excluded.default_branch,
       root_commit = coalesce(excluded.root_commit, repos.root_commit)
     RETURNING id`,
  );
  for (const r of db.prepare('SELECT * FROM shard.repos').all() as Row[]) {
    const id = upsert.pluck().get(r.path, r.name, r.default_branch, r.root_commit, r.created_at)!;
    ids.set(r.id as number, id);
    db.prepare(
      `INSERT OR IGNORE INTO main.commits SELECT ?, sha, parents, author_name, author_email, author_time, committer_name, committer_email, committer_time, message
       FROM shard.commits WHERE repo_id = ?`,
    ).run(id, r.id);
    db.prepare('INSERT OR IGNORE INTO main.commit_files SELECT ?, sha, ord, path, old_path, status, additions, deletions FROM shard.commit_files WHERE repo_id = ?').run(id, r.id);
    db.prepare(
      `INSERT INTO main.work_items (repo_id, key, number, sha, title, body, merged_at, author, kind, labels, bot, bot_reason, paths)
       SELECT ?, key, number, sha, title, body, merged_at, author, kind, labels, bot, bot_reason, paths FROM shard.work_items WHERE repo_id = ? AND true
       ON CONFLICT (repo_id, key) DO UPDATE SET
         number = excluded.number, sha = excluded.sha, title = excluded.title, body = excluded.body,
         merged_at = excluded.merged_at, author = excluded.author, kind = excluded.kind, labels = excluded.labels,
         bot = excluded.bot, bot_reason = excluded.bot_reason, paths = excluded.paths`,
    ).run(id, r.id);
  }
  return ids;
}

interface NaturalKeyMerge {
  /** The column naming the row's parent (merged before it), and the parent's shard id → main id. */
  parent: 'repo_id' | 'snapshot_id' | 'forecast_id';
  parentIds: Map<number, number>;
  /** The main id of the same object (same natural key) when the main store holds it already. */
  find: (row: Row, parentId: number) => number | undefined;
  /** Writes the row, and what hangs from it, into the main store; returns its new main id. */
  insert: (row: Row, parentId: number) => number;
}

/**
 * Shard id → main id for the rows of one table: each row is matched on its
 * natural key, under its parent's main id; an object the main store holds
 * already is reused as it is (with what hangs from it), any other is inserted.
 */
function mergeByNaturalKey(rows: Row[], { parent, parentIds, find, insert }: NaturalKeyMerge): Map<number, number> {
  const ids = new Map<number, number>();
  for (const row of rows) {
    const parentId = parentIds.get(row[parent] as number)!;
    ids.set(row.id as number, find(row, parentId) ?? insert(row, parentId));
  }
  return ids;
}

/** Shard snapshot id → main id. A snapshot's stored JSON names its repository by the path the main store keys it by. */
function mergeSnapshots(main: Store, repoIds: Map<number, number>): Map<number, number> {
  const db = main.db;
  return mergeByNaturalKey(db.prepare('SELECT s.*, r.path AS repo_path FROM shard.snapshots s JOIN shard.repos r ON r.id = s.repo_id ORDER BY s.id').all() as Row[], {
    parent: 'repo_id',
    parentIds: repoIds,
    find: (s, repoId) => db.prepare('SELECT id FROM main.snapshots WHERE repo_id = ? AND t0 = ? AND hash = ?').pluck().get(repoId, s.t0, s.hash) as number | undefined,
    insert: (s, repoId) => {
      const id = db
        .prepare<unknown[], number>(
          `INSERT INTO main.snapshots (repo_id, t0, commit_sha, commit_time, config, counts, hash, data, created_at, tree_scan)
           VALUES (?, ?, ?, ?, ?, ?, ?, json_set(?, '$.repo.path', ?), ?, ?) RETURNING id`,
        )
        .pluck()
        .get(repoId, s.t0, s.commit_sha, s.commit_time, s.config, s.counts, s.hash, s.data, s.repo_path, s.created_at, s.tree_scan)!;
      db.prepare('INSERT INTO main.evidence (snapshot_id, ord, kind, ref, date, text, path, data) SELECT ?, ord, kind, ref, date, text, path, data FROM shard.evidence WHERE snapshot_id = ? ORDER BY ord').run(id, s.id);
      return id;
    },
  });
}

/** Shard forecast id → main id, with families, their citations and model calls. */
function mergeForecasts(main: Store, snapshotIds: Map<number, number>): Map<number, number> {
  const db = main.db;
  return mergeByNaturalKey(db.prepare('SELECT * FROM shard.forecasts ORDER BY id').all() as Row[], {
    parent: 'snapshot_id',
    parentIds: snapshotIds,
    find: (f, snapshotId) => db.prepare('SELECT id FROM main.forecasts WHERE snapshot_id = ? AND forecaster = ? AND hash = ?').pluck().get(snapshotId, f.forecaster, f.hash) as number | undefined,
    insert: (f, snapshotId) => {
      const id = db
        .prepare<unknown[], number>(
          `INSERT INTO main.forecasts (snapshot_id, forecaster, config, abstained, abstain_reason, snapshot_hash, hash, frozen_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
        )
        .pluck()
        .get(snapshotId, f.forecaster, f.config, f.abstained, f.abstain_reason, f.snapshot_hash, f.hash, f.frozen_at)!;
      for (const fam of db.prepare('SELECT * FROM shard.families WHERE forecast_id = ? ORDER BY ord').all(f.id) as Row[]) {
        const row = db
          .prepare<unknown[], number>('INSERT INTO main.families (forecast_id, ord, family_id, category, title, anchor, score, data) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id')
          .pluck()
          .get(id, fam.ord, fam.family_id, fam.category, fam.title, fam.anchor, fam.score, fam.data)!;
        db.prepare('INSERT INTO main.family_evidence (family_row, ref, kind, date, reason) SELECT ?, ref, kind, date, reason FROM shard.family_evidence WHERE family_row = ?').run(row, fam.id);
      }
      copyModelCalls(main, 'forecast_id', f.id as number, id);
      return id;
    },
  });
}

/** Shard validation id → main id, with verdicts, matches and model calls. */
function mergeValidations(main: Store, forecastIds: Map<number, number>): Map<number, number> {
  const db = main.db;
  return mergeByNaturalKey(db.prepare('SELECT * FROM shard.validations ORDER BY id').all() as Row[], {
    parent: 'forecast_id',
    parentIds: forecastIds,
    find: (v, forecastId) => db.prepare('SELECT id FROM main.validations WHERE forecast_id = ? AND judge = ? AND hash = ?').pluck().get(forecastId, v.judge, v.hash) as number | undefined,
    insert: (v, forecastId) => {
      const id = db
        .prepare<unknown[], number>(
          `INSERT INTO main.validations (forecast_id, forecast_hash, judge, judge_config, window_length, window_start, window_end, exclude_bots, metrics, hash, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
        )
        .pluck()
        .get(forecastId, v.forecast_hash, v.judge, v.judge_config, v.window_length, v.window_start, v.window_end, v.exclude_bots, v.metrics, v.hash, v.created_at)!;
      for (const verdict of db.prepare('SELECT * FROM shard.verdicts WHERE validation_id = ? ORDER BY ord').all(v.id) as Row[]) {
        const row = db
          .prepare<unknown[], number>('INSERT INTO main.verdicts (validation_id, ord, family_id, category, label, score, reason) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id')
          .pluck()
          .get(id, verdict.ord, verdict.family_id, verdict.category, verdict.label, verdict.score, verdict.reason)!;
        db.prepare('INSERT INTO main.matches (verdict_id, ord, work_item_key, title, label, score, reason) SELECT ?, ord, work_item_key, title, label, score, reason FROM shard.matches WHERE verdict_id = ?').run(row, verdict.id);
      }
      copyModelCalls(main, 'validation_id', v.id as number, id);
      return id;
    },
  });
}

function copyModelCalls(main: Store, owner: 'forecast_id' | 'validation_id', from: number, to: number): void {
  main.db
    .prepare(
      `INSERT INTO main.model_calls (${owner}, purpose, model, base_url, request, response, error, prompt_tokens, completion_tokens, started_at, duration_ms)
       SELECT ?, purpose, model, base_url, request, response, error, prompt_tokens, completion_tokens, started_at, duration_ms
       FROM shard.model_calls WHERE ${owner} = ? ORDER BY id`,
    )
    .run(to, from);
}
