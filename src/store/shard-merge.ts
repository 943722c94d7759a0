import { UserError } from '../errors.js';
import { copySql, statements, updateFromExcluded, type MappedTables } from './copy-rows.js';
import type { Store } from './open.js';

/**
 * The merge of an attached shard (schema `shard`) into the main store, inside
 * the caller's transaction (src/store/shards.ts has the rules). Every row is
 * copied with every column src/store/tables.ts declares; only the columns
 * naming another row (ids, which each store numbers itself) are mapped here.
 */

export interface MergeResult {
  /** False when every repository of the shard was already done in the main store (nothing changed). */
  merged: boolean;
  /** The study (main store id) and the repositories merged now, with their snapshot ids in the main store. */
  studyId: number;
  repos: { ord: number; snapshotId: number | null }[];
}

type Row = Record<string, unknown>;

/** Tables whose rows a shard numbers itself: every reference to one is mapped to the main store's id. */
const MAPPED: MappedTables = ['repos', 'work_items', 'snapshots', 'evidence', 'forecasts', 'families', 'validations', 'verdicts', 'model_calls', 'studies'];

export function mergeAttached(main: Store): MergeResult {
  const sql = statements(main);
  const all = (text: string, ...params: unknown[]) => sql(text).all(...params) as Row[];
  const one = (text: string, ...params: unknown[]) => sql(text).pluck().get(...params) as number | undefined;

  const studies = all('SELECT id, config_hash FROM shard.studies');
  if (studies.length !== 1) throw new Error(`A shard must hold exactly one study, this one holds ${studies.length}`);
  const hash = studies[0]!.config_hash as string;
  const studyId = one('SELECT id FROM main.studies WHERE config_hash = ?', hash);
  if (studyId === undefined) {
    throw new UserError('SHARD_UNKNOWN_STUDY', `A repository's results belong to a study (${hash.slice(0, 19)}…) that this store does not have`, 'Run the study with the --db it was started with.');
  }
  const pending = all("SELECT ord, path, t0, seconds, finished_at FROM shard.study_repos WHERE status = 'done' ORDER BY ord").filter((r) => {
    const row = sql('SELECT path, t0, status FROM main.study_repos WHERE study_id = ? AND ord = ?').get(studyId, r.ord) as Row | undefined;
    if (!row || row.path !== r.path || row.t0 !== r.t0) {
      throw new UserError('SHARD_MISMATCH', `A repository's results name repos[${String(r.ord)}] as ${String(r.path)} at ${String(r.t0)}, which is not that entry of the study`, 'Rerun the study; its jobs are made from its config again.');
    }
    return row.status !== 'done';
  });
  if (pending.length === 0) return { merged: false, studyId, repos: [] };

  const ctx: Ctx = { main, sql };
  const repoIds = mergeRepos(ctx);
  const snapshotIds = mergeSnapshots(ctx, repoIds);
  const forecastIds = mergeStageOutputs(ctx, snapshotIds, FORECAST_TABLES);
  const validationIds = mergeStageOutputs(ctx, forecastIds, VALIDATION_TABLES);
  sql(copySql('embeddings', { from: 'shard', where: 'true', orIgnore: true, mapped: MAPPED })).run();

  // The ids of the repository's forecasts and validations, shard → main, as JSON the copy looks them up in.
  const insertResult = sql(
    copySql('study_results', {
      from: 'shard',
      set: { study_id: '@studyId', forecast_id: `json_extract(@ids, '$.f."' || forecast_id || '"')`, validation_id: `json_extract(@ids, '$.v."' || validation_id || '"')` },
      where: 'repo_ord = @ord',
      orderBy: 'forecaster, judge',
      mapped: MAPPED,
    }),
  );
  const ids = JSON.stringify({ f: Object.fromEntries(forecastIds), v: Object.fromEntries(validationIds) });
  const repos: MergeResult['repos'] = [];
  for (const r of pending) {
    const snapshot = one('SELECT snapshot_id FROM shard.study_repos WHERE ord = ?', r.ord) ?? null;
    const snapshotId = snapshot === null ? null : (snapshotIds.get(snapshot) ?? null);
    sql('DELETE FROM main.study_results WHERE study_id = ? AND repo_ord = ?').run(studyId, r.ord);
    insertResult.run({ studyId, ord: r.ord, ids });
    sql(`UPDATE main.study_repos SET status = 'done', error = NULL, snapshot_id = ?, seconds = ?, finished_at = ? WHERE study_id = ? AND ord = ?`)
      .run(snapshotId, r.seconds, r.finished_at, studyId, r.ord);
    repos.push({ ord: r.ord as number, snapshotId });
  }
  return { merged: true, studyId, repos };
}

interface Ctx {
  main: Store;
  sql: ReturnType<typeof statements>;
}

/** Shard repository id → main id; a repository is its path. Its commits, files and work items come along. */
function mergeRepos({ sql }: Ctx): Map<number, number> {
  const ids = new Map<number, number>();
  // A repository already stored keeps its root commit when the shard has none; its other columns are the shard's.
  const upsert = sql(
    copySql('repos', {
      from: 'shard',
      where: 'id = @from',
      onConflict: 'ON CONFLICT (path) DO UPDATE SET name = excluded.name, default_branch = excluded.default_branch, root_commit = coalesce(excluded.root_commit, repos.root_commit)',
      returning: true,
      mapped: MAPPED,
    }),
  );
  const copies = [
    sql(copySql('commits', { from: 'shard', set: { repo_id: '@to' }, where: 'repo_id = @from', orIgnore: true, mapped: MAPPED })),
    sql(copySql('commit_files', { from: 'shard', set: { repo_id: '@to' }, where: 'repo_id = @from', orIgnore: true, mapped: MAPPED })),
    sql(
      copySql('work_items', {
        from: 'shard',
        set: { repo_id: '@to' },
        where: 'repo_id = @from',
        onConflict: `ON CONFLICT (repo_id, key) DO UPDATE SET ${updateFromExcluded('work_items', ['repo_id', 'key'])}`,
        mapped: MAPPED,
      }),
    ),
  ];
  for (const from of sql('SELECT id FROM shard.repos ORDER BY id').pluck().all() as number[]) {
    const to = upsert.pluck().get({ from }) as number;
    ids.set(from, to);
    for (const copy of copies) copy.run({ to, from });
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

/** Copies one row by id with its parent mapped, and returns its new id. */
function copyOne({ sql }: Ctx, table: 'snapshots' | 'forecasts' | 'families' | 'validations' | 'verdicts', parent: string, set: Record<string, string> = {}) {
  const statement = sql(copySql(table, { from: 'shard', set: { [parent]: '@to', ...set }, where: 'id = @from', returning: true, mapped: MAPPED })).pluck();
  return (from: number, to: number, params: Record<string, unknown> = {}) => statement.get({ from, to, ...params }) as number;
}

/** Copies the rows hanging from one parent row, with the parent mapped. */
function copyChildren({ sql }: Ctx, table: 'evidence' | 'family_evidence' | 'matches', parent: string, orderBy?: string) {
  const statement = sql(copySql(table, { from: 'shard', set: { [parent]: '@to' }, where: `${parent} = @from`, ...(orderBy ? { orderBy } : {}), mapped: MAPPED }));
  return (from: number, to: number) => statement.run({ from, to });
}

/** Shard snapshot id → main id. A snapshot's stored JSON names its repository by the path the main store keys it by. */
function mergeSnapshots(ctx: Ctx, repoIds: Map<number, number>): Map<number, number> {
  const { sql } = ctx;
  const snapshot = copyOne(ctx, 'snapshots', 'repo_id', { data: "json_set(data, '$.repo.path', @repoPath)" });
  const evidence = copyChildren(ctx, 'evidence', 'snapshot_id', 'ord');
  return mergeByNaturalKey(sql('SELECT s.id, s.repo_id, s.t0, s.hash, r.path AS repo_path FROM shard.snapshots s JOIN shard.repos r ON r.id = s.repo_id ORDER BY s.id').all() as Row[], {
    parent: 'repo_id',
    parentIds: repoIds,
    find: (s, repoId) => sql('SELECT id FROM main.snapshots WHERE repo_id = ? AND t0 = ? AND hash = ?').pluck().get(repoId, s.t0, s.hash) as number | undefined,
    insert: (s, repoId) => {
      const id = snapshot(s.id as number, repoId, { repoPath: s.repo_path });
      evidence(s.id as number, id);
      return id;
    },
  });
}

/**
 * The tables of a forecast or a validation, a stage's frozen output: its row, matched on (parent, maker, hash); its
 * rows in order (families, verdicts), each with what hangs from it (citations, matches); and its model calls.
 */
interface StageOutputTables {
  table: 'forecasts' | 'validations';
  /** The column naming the row it was made from (merged before it). */
  parent: 'snapshot_id' | 'forecast_id';
  /** The column naming what made it. */
  maker: 'forecaster' | 'judge';
  rows: 'families' | 'verdicts';
  /** The column of its rows and of its model calls that names it. */
  owner: 'forecast_id' | 'validation_id';
  children: 'family_evidence' | 'matches';
  /** The column of the children that names their row. */
  childParent: 'family_row' | 'verdict_id';
}

/** A forecast, with families, their citations and model calls. */
const FORECAST_TABLES: StageOutputTables = { table: 'forecasts', parent: 'snapshot_id', maker: 'forecaster', rows: 'families', owner: 'forecast_id', children: 'family_evidence', childParent: 'family_row' };
/** A validation, with verdicts, matches and model calls. */
const VALIDATION_TABLES: StageOutputTables = { table: 'validations', parent: 'forecast_id', maker: 'judge', rows: 'verdicts', owner: 'validation_id', children: 'matches', childParent: 'verdict_id' };

/** Shard id → main id of the forecasts (FORECAST_TABLES) or the validations (VALIDATION_TABLES), with what hangs from them. */
function mergeStageOutputs(ctx: Ctx, parentIds: Map<number, number>, t: StageOutputTables): Map<number, number> {
  const { sql } = ctx;
  const output = copyOne(ctx, t.table, t.parent);
  const row = copyOne(ctx, t.rows, t.owner);
  const children = copyChildren(ctx, t.children, t.childParent);
  return mergeByNaturalKey(sql(`SELECT id, ${t.parent}, ${t.maker}, hash FROM shard.${t.table} ORDER BY id`).all() as Row[], {
    parent: t.parent,
    parentIds,
    find: (o, parentId) => sql(`SELECT id FROM main.${t.table} WHERE ${t.parent} = ? AND ${t.maker} = ? AND hash = ?`).pluck().get(parentId, o[t.maker], o.hash) as number | undefined,
    insert: (o, parentId) => {
      const id = output(o.id as number, parentId);
      for (const from of sql(`SELECT id FROM shard.${t.rows} WHERE ${t.owner} = ? ORDER BY ord`).pluck().all(o.id) as number[]) children(from, row(from, id));
      copyModelCalls(ctx, t.owner, o.id as number, id);
      return id;
    },
  });
}

/** A forecast's or a validation's model calls; a shard's calls belong to one of the two (never to a synthesis). */
function copyModelCalls({ sql }: Ctx, owner: 'forecast_id' | 'validation_id', from: number, to: number): void {
  const other = owner === 'forecast_id' ? 'validation_id' : 'forecast_id';
  sql(copySql('model_calls', { from: 'shard', set: { [owner]: '@to', [other]: 'NULL' }, where: `${owner} = @from`, orderBy: 'id', mapped: MAPPED })).run({ from, to });
}
