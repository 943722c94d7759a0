import type { Database, RunResult, Statement } from 'better-sqlite3';

/**
 * Every table's columns, declared once. The migrations (src/store/migrations.ts)
 * make the tables; this is the one list the code derives column lists from:
 * writers build their INSERTs with `insertSql`, the shard merge
 * (src/store/shards.ts) copies every declared column, and test fixtures
 * write rows through the same helpers. tests/store/tables.test.ts holds this
 * list equal to what the migrations leave (same tables, same columns, same
 * order), so a migration that adds a column fails there until the column is
 * declared here; once declared, the merge carries it with no other change.
 *
 * `id`: the table's own row id, which every store numbers anew (a merge lets
 * the main store number it). `refs`: columns holding another table's row id,
 * which a merge maps to the main store's ids. docs/schema.md says how to add
 * a table or a column.
 */
export interface TableDeclaration {
  readonly columns: readonly string[];
  readonly id?: string;
  readonly refs?: Readonly<Record<string, string>>;
}

export const TABLES = {
  schema_migrations: { columns: ['version', 'description', 'applied_at'] },
  repos: { columns: ['id', 'path', 'name', 'default_branch', 'root_commit', 'created_at'], id: 'id' },
  commits: {
    columns: ['repo_id', 'sha', 'parents', 'author_name', 'author_email', 'author_time', 'committer_name', 'committer_email', 'committer_time', 'message'],
    refs: { repo_id: 'repos' },
  },
  commit_files: { columns: ['repo_id', 'sha', 'ord', 'path', 'old_path', 'status', 'additions', 'deletions'], refs: { repo_id: 'repos' } },
  work_items: {
    columns: ['id', 'repo_id', 'key', 'number', 'sha', 'title', 'body', 'merged_at', 'author', 'kind', 'labels', 'bot', 'bot_reason', 'paths', 'integration', 'diff_work'],
    id: 'id',
    refs: { repo_id: 'repos' },
  },
  snapshots: {
    columns: ['id', 'repo_id', 't0', 'commit_sha', 'commit_time', 'config', 'counts', 'hash', 'data', 'created_at', 'tree_scan'],
    id: 'id',
    refs: { repo_id: 'repos' },
  },
  forecasts: {
    columns: ['id', 'snapshot_id', 'forecaster', 'config', 'abstained', 'abstain_reason', 'snapshot_hash', 'hash', 'frozen_at'],
    id: 'id',
    refs: { snapshot_id: 'snapshots' },
  },
  families: { columns: ['id', 'forecast_id', 'ord', 'family_id', 'category', 'title', 'anchor', 'score', 'data'], id: 'id', refs: { forecast_id: 'forecasts' } },
  family_evidence: { columns: ['family_row', 'ref', 'kind', 'date', 'reason'], refs: { family_row: 'families' } },
  model_calls: {
    columns: [
      'id', 'forecast_id', 'purpose', 'model', 'base_url', 'request', 'response', 'error', 'prompt_tokens', 'completion_tokens', 'started_at', 'duration_ms',
      'validation_id', 'synthesis_id', 'task_id',
    ],
    id: 'id',
    refs: { forecast_id: 'forecasts', validation_id: 'validations', synthesis_id: 'syntheses', task_id: 'tasks' },
  },
  validations: {
    columns: ['id', 'forecast_id', 'forecast_hash', 'judge', 'judge_config', 'window_length', 'window_start', 'window_end', 'exclude_bots', 'metrics', 'hash', 'created_at'],
    id: 'id',
    refs: { forecast_id: 'forecasts' },
  },
  verdicts: { columns: ['id', 'validation_id', 'ord', 'family_id', 'category', 'label', 'score', 'reason'], id: 'id', refs: { validation_id: 'validations' } },
  matches: { columns: ['verdict_id', 'ord', 'work_item_key', 'title', 'label', 'score', 'reason'], refs: { verdict_id: 'verdicts' } },
  embeddings: { columns: ['model', 'base_url', 'text_hash', 'vector', 'created_at'] },
  studies: { columns: ['id', 'name', 'config', 'config_hash', 'created_at'], id: 'id' },
  study_repos: {
    columns: ['study_id', 'ord', 'path', 'name', 't0', 'status', 'error', 'snapshot_id', 'seconds', 'finished_at'],
    refs: { study_id: 'studies', snapshot_id: 'snapshots' },
  },
  study_results: {
    columns: ['study_id', 'repo_ord', 'forecaster', 'judge', 'forecast_id', 'validation_id'],
    refs: { study_id: 'studies', forecast_id: 'forecasts', validation_id: 'validations' },
  },
  evidence: { columns: ['id', 'snapshot_id', 'ord', 'kind', 'ref', 'date', 'text', 'path', 'data'], id: 'id', refs: { snapshot_id: 'snapshots' } },
  github_repos: { columns: ['id', 'repo_id', 'full_name', 'fetched_at', 'fetched_until', 'created_at'], id: 'id', refs: { repo_id: 'repos' } },
  github_responses: {
    columns: ['github_repo_id', 'key', 'kind', 'number', 'etag', 'body', 'next_key', 'fetched_at'],
    refs: { github_repo_id: 'github_repos' },
  },
  github_sync: { columns: ['github_repo_id', 'number', 'updated_at'], refs: { github_repo_id: 'github_repos' } },
  github_items: {
    columns: ['github_repo_id', 'number', 'kind', 'title', 'state', 'labels', 'created_at', 'updated_at', 'closed_at', 'merged_at', 'source', 'data'],
    refs: { github_repo_id: 'github_repos' },
  },
  syntheses: {
    columns: [
      'id', 'validation_id', 'forecast_id', 'repo_name', 'repo_path', 'backend', 't0', 'window_end', 'tgen', 'tgen_commit', 'tgen_time', 'total', 'test_command',
      'config', 'counts', 'hash', 'created_at', 'state', 'error',
    ],
    id: 'id',
    refs: { validation_id: 'validations', forecast_id: 'forecasts' },
  },
  tasks: {
    columns: [
      'id', 'synthesis_id', 'ord', 'instance_id', 'family_id', 'category', 'label', 'status', 'rejection_code', 'rejection_reason', 'title', 'problem_statement',
      'text_leakage', 'text_leakage_key', 'patch_leakage', 'patch_leakage_key', 'data',
    ],
    id: 'id',
    refs: { synthesis_id: 'syntheses' },
  },
  calibration_agents: { columns: ['id', 'name', 'created_at'], id: 'id' },
  calibrations: {
    columns: ['id', 'synthesis_id', 'agent_id', 'format', 'files', 'config', 'tasks', 'attempts', 'resolved', 'pass_at_k', 'correlations', 'plan', 'hash', 'created_at'],
    id: 'id',
    refs: { synthesis_id: 'syntheses', agent_id: 'calibration_agents' },
  },
  calibration_tasks: {
    columns: [
      'calibration_id', 'task_id', 'instance_id', 'family_id', 'category', 'attempts', 'resolved', 'pass_rate', 'ci_low', 'ci_high', 'pass_at_k', 'mean_reward', 'band',
      'gold_lines', 'files_touched', 'fail_to_pass',
    ],
    refs: { calibration_id: 'calibrations', task_id: 'tasks' },
  },
  calibration_attempts: { columns: ['calibration_id', 'task_id', 'attempt', 'solved', 'reward', 'source'], refs: { calibration_id: 'calibrations', task_id: 'tasks' } },
  calibration_families: {
    columns: [
      'calibration_id', 'ord', 'family_id', 'category', 'label', 'tasks', 'attempts', 'resolved', 'pass_rate', 'never', 'frontier', 'always', 'undetermined', 'untested',
      'frontier_share', 'learnability', 'steer', 'previous_tasks', 'next_tasks', 'weight', 'data',
    ],
    refs: { calibration_id: 'calibrations' },
  },
  calibration_categories: {
    columns: ['calibration_id', 'category', 'tasks', 'attempts', 'resolved', 'pass_rate', 'frontier_share', 'learnability', 'prevalence', 'share', 'data'],
    refs: { calibration_id: 'calibrations' },
  },
} as const satisfies Record<string, TableDeclaration>;

export type TableName = keyof typeof TABLES;
export type ColumnOf<T extends TableName> = (typeof TABLES)[T]['columns'][number];
/** A row as a writer gives it: every declared column but the row id, by name. Declaring a column makes every writer name it. */
export type RowOf<T extends TableName> = { [C in Exclude<ColumnOf<T>, IdOf<T>>]: unknown };
type IdOf<T extends TableName> = (typeof TABLES)[T] extends { id: infer I } ? I : never;

/** The columns a new row is written with: all but the row id, which the store numbers. */
export function writtenColumns(table: TableName): string[] {
  const t: TableDeclaration = TABLES[table];
  return t.columns.filter((c) => c !== t.id);
}

/**
 * `INSERT [OR IGNORE] INTO table (every column but the id) VALUES (@column, …)`:
 * run it with a `RowOf<table>`. `returning` adds `RETURNING id`.
 */
export function insertSql(table: TableName, options: { orIgnore?: boolean; returning?: boolean; prefix?: string } = {}): string {
  const columns = writtenColumns(table);
  const into = `${options.prefix ? `${options.prefix}.` : ''}${table}`;
  return (
    `INSERT${options.orIgnore ? ' OR IGNORE' : ''} INTO ${into} (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})` +
    (options.returning ? ` RETURNING ${(TABLES[table] as TableDeclaration).id ?? 'rowid'}` : '')
  );
}

export interface InsertOptions {
  orIgnore?: boolean;
  /** An `ON CONFLICT …` clause (an upsert), appended as given. */
  onConflict?: string;
}

/**
 * A prepared INSERT of every declared column of `table` but its id, bound
 * positionally from a row named by column (`RowOf<table>`): a writer built
 * on it names every declared column (the compiler says which one it lacks),
 * so a column declared here reaches the writers, the shard merge and the
 * fixtures from this one list. `run` inserts; `insert` inserts and returns
 * the row id the store gave (tables with an id only).
 */
export class RowWriter<T extends TableName> {
  private readonly columns: readonly string[];
  private readonly statement: Statement<unknown[]>;
  private returning: Statement<unknown[], number> | null = null;

  constructor(
    private readonly db: Database,
    readonly table: T,
    private readonly options: InsertOptions = {},
  ) {
    this.columns = writtenColumns(table);
    this.statement = db.prepare(this.sql(false));
  }

  run(row: RowOf<T>): RunResult {
    return this.statement.run(this.values(row));
  }

  insert(row: RowOf<T>): number {
    this.returning ??= this.db.prepare<unknown[], number>(this.sql(true)).pluck();
    const id = this.returning.get(this.values(row));
    if (id === undefined) throw new Error(`INSERT INTO ${this.table} returned no id`);
    return id;
  }

  private values(row: RowOf<T>): unknown[] {
    const named = row as Record<string, unknown>;
    return this.columns.map((c) => {
      const value = named[c];
      // SQLite would store a missing value as NULL without a word: a column the writer forgot is an error instead (null is a value).
      if (value === undefined) throw new Error(`${this.table}.${c} was not given: every declared column is written (src/store/tables.ts)`);
      return value;
    });
  }

  private sql(returning: boolean): string {
    const { orIgnore, onConflict } = this.options;
    return (
      `INSERT${orIgnore ? ' OR IGNORE' : ''} INTO ${this.table} (${this.columns.join(', ')}) VALUES (${this.columns.map(() => '?').join(', ')})` +
      (onConflict ? ` ${onConflict}` : '') +
      (returning ? ` RETURNING ${(TABLES[this.table] as TableDeclaration).id ?? 'rowid'}` : '')
    );
  }
}
