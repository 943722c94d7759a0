import Database from 'better-sqlite3';
import { closeSync, existsSync, mkdirSync, openSync, readSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { UserError } from '../errors.js';
import { type Migration, migrations } from './migrations.js';

/**
 * An open swe-future store: one SQLite file in WAL mode with foreign keys on.
 * Writers wait up to BUSY_TIMEOUT_MS for each other instead of failing, so two
 * processes can share one file. `db` is for the functions in src/store only.
 */
export interface Store {
  /** Absolute path of the database file (or `:memory:`). */
  readonly file: string;
  readonly readonly: boolean;
  readonly db: Database.Database;
  close(): void;
}

export interface OpenStoreOptions {
  /** Open read-only (`readonly: true` plus `PRAGMA query_only`); the file must exist and is never changed. */
  readonly?: boolean;
}

export const DEFAULT_STORE_FILE = './swe-future.db';

/** How long a connection waits for another writer's lock before giving up. */
export const BUSY_TIMEOUT_MS = 10_000;

const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');

/**
 * Opens (creating it and its parent directory if needed) the store at `file`
 * and brings its schema up to date. A read-only open never writes: it refuses
 * a store whose schema is older or newer than this swe-future's.
 */
export function openStore(file: string, options: OpenStoreOptions = {}): Store {
  return openWithMigrations(file, options, migrations);
}

/** `openStore` with a given migration list (tests use it to play a later release). */
export function openWithMigrations(file: string, options: OpenStoreOptions, list: readonly Migration[]): Store {
  assertOrdered(list);
  const readonly = options.readonly === true;
  const path = file === ':memory:' ? file : resolve(file);
  if (path !== ':memory:') checkFile(path, readonly);
  let db: Database.Database;
  try {
    db = new Database(path, { readonly, fileMustExist: readonly, timeout: BUSY_TIMEOUT_MS });
  } catch (err) {
    throw openError(err, path);
  }
  try {
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    db.pragma('foreign_keys = ON');
    // Up to 64 MiB of pages held (the default is 2 MiB): a snapshot's one transaction writes ~20 MiB of rows and
    // index pages, which would otherwise spill to the WAL and be read back mid-transaction.
    db.pragma('cache_size = -65536');
    if (readonly) {
      db.pragma('query_only = ON');
      checkReadable(db, path, list);
    } else {
      migrate(db, path, list);
    }
  } catch (err) {
    db.close();
    throw openError(err, path);
  }
  return { file: path, readonly, db, close: () => db.close() };
}

/** Looks at the file before SQLite does, so a file that is not a database is never touched. */
function checkFile(path: string, readonly: boolean): void {
  if (!existsSync(path)) {
    if (readonly) {
      throw new UserError('DB_NOT_FOUND', `No swe-future store at ${path}`, 'Run `swe-future snapshot` first, or pass --db with an existing store.');
    }
    mkdirSync(dirname(path), { recursive: true });
    return;
  }
  const stat = statSync(path);
  if (!stat.isFile()) {
    throw new UserError('DB_CANNOT_OPEN', `Cannot open ${path} as a store: it is not a file`, 'Pass --db with a file path.');
  }
  if (stat.size === 0) return; // SQLite reads an empty file as an empty database.
  const head = Buffer.alloc(SQLITE_HEADER.length);
  const fd = openSync(path, 'r');
  try {
    readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  if (!head.equals(SQLITE_HEADER)) throw notSqlite(path);
}

interface SchemaState {
  version: number;
  /** Tables that are not swe-future's, when there is no schema_migrations table. */
  foreignTables: string[];
}

function readSchemaState(db: Database.Database): SchemaState {
  const tables = db
    .prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .pluck()
    .all();
  if (!tables.includes('schema_migrations')) return { version: 0, foreignTables: tables };
  const version = db.prepare<[], number | null>('SELECT max(version) FROM schema_migrations').pluck().get() ?? 0;
  return { version, foreignTables: [] };
}

function migrate(db: Database.Database, path: string, list: readonly Migration[]): void {
  const latest = latestVersion(list);
  const before = readSchemaState(db);
  // Refuse someone else's database before the first write (journal_mode changes the file's header).
  assertOurs(before, path, latest);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  if (before.version === latest) return;
  // IMMEDIATE: take the write lock first, then look again, so two processes
  // opening a new store at once apply each migration exactly once.
  db.transaction(() => {
    const state = readSchemaState(db);
    assertOurs(state, path, latest);
    db.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, description TEXT NOT NULL, applied_at TEXT NOT NULL)',
    );
    const record = db.prepare('INSERT INTO schema_migrations (version, description, applied_at) VALUES (?, ?, ?)');
    for (const migration of list) {
      if (migration.version <= state.version) continue;
      db.exec(migration.sql);
      record.run(migration.version, migration.description, new Date().toISOString());
    }
  }).immediate();
}

function checkReadable(db: Database.Database, path: string, list: readonly Migration[]): void {
  const latest = latestVersion(list);
  const state = readSchemaState(db);
  assertOurs(state, path, latest);
  if (state.version === 0) {
    throw new UserError('DB_NOT_FOUND', `${path} holds no swe-future store yet`, 'Run `swe-future snapshot` first, or pass --db with an existing store.');
  }
  if (state.version < latest) {
    throw new UserError(
      'SCHEMA_TOO_OLD',
      `${path} has schema version ${state.version}, older than this swe-future's ${latest}, and a read-only open does not upgrade it`,
      'Run one writing command on it first (e.g. `swe-future snapshot --db <file> ...`), which upgrades it, or pass another --db.',
    );
  }
}

function assertOurs(state: SchemaState, path: string, latest: number): void {
  if (state.version > latest) {
    throw new UserError(
      'SCHEMA_TOO_NEW',
      `${path} has schema version ${state.version}, newer than this swe-future knows (${latest})`,
      'Upgrade swe-future, or pass another --db.',
    );
  }
  if (state.version === 0 && state.foreignTables.length > 0) {
    throw new UserError(
      'NOT_A_STORE',
      `${path} is an SQLite database but not a swe-future store (it has tables ${state.foreignTables.join(', ')})`,
      'Pass another --db; swe-future does not write into other databases.',
    );
  }
}

function latestVersion(list: readonly Migration[]): number {
  return list.at(-1)?.version ?? 0;
}

function assertOrdered(list: readonly Migration[]): void {
  list.forEach((m, i) => {
    const previous = i === 0 ? 0 : list[i - 1]!.version;
    if (!Number.isInteger(m.version) || m.version <= previous) {
      throw new Error(`Migration versions must be increasing positive integers; got ${m.version} after ${previous}`);
    }
  });
}

function notSqlite(path: string): UserError {
  return new UserError('NOT_SQLITE', `${path} exists but is not an SQLite database`, 'Pass another --db, or move that file away.');
}

/** Maps SQLite's failures at open time to what the user can act on; anything else stays a bug. */
function openError(err: unknown, path: string): unknown {
  if (err instanceof UserError) return err;
  const code = err instanceof Database.SqliteError ? err.code : '';
  const message = err instanceof Error ? err.message : String(err);
  if (code === 'SQLITE_NOTADB') return notSqlite(path);
  if (code.startsWith('SQLITE_CORRUPT')) {
    return new UserError('DB_CORRUPT', `${path} is damaged (${message})`, 'Restore it from a copy, or pass another --db.');
  }
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return busyError(path);
  if (/^SQLITE_(CANTOPEN|READONLY|PERM|AUTH|IOERR)/.test(code)) {
    return new UserError(
      'DB_CANNOT_OPEN',
      `Cannot open ${path} (${message})`,
      'Check that it is a file you may read and write in a directory that exists, or pass another --db.',
    );
  }
  return err;
}

export function busyError(path: string): UserError {
  return new UserError(
    'DB_BUSY',
    `${path} stayed locked by another writer for more than ${BUSY_TIMEOUT_MS / 1000} s`,
    'Wait for the other swe-future process to finish, or pass another --db.',
  );
}
