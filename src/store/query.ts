import Database from 'better-sqlite3';
import { UserError } from '../errors.js';
import type { Store } from './open.js';

export type QueryParams = readonly unknown[] | Readonly<Record<string, unknown>>;

/**
 * Runs one read-only SQL statement and returns its rows as objects. Anything
 * that would write is refused (READ_ONLY_QUERY), whatever the connection;
 * open the store with `{ readonly: true }` for a second wall. SQL that
 * SQLite cannot run is BAD_SQL, with SQLite's own message.
 */
export function runQuery(store: Store, sql: string, params: QueryParams = []): Record<string, unknown>[] {
  let statement: Database.Statement;
  try {
    statement = store.db.prepare(sql);
  } catch (err) {
    throw queryError(err, sql);
  }
  if (!statement.readonly) throw readOnly(sql);
  if (!statement.reader) {
    throw new UserError(
      'NOT_A_QUERY',
      `"${excerpt(sql)}" returns no rows`,
      'Pass one statement that returns rows: SELECT, WITH ... SELECT, EXPLAIN or a reading PRAGMA.',
    );
  }
  try {
    const rows = Array.isArray(params) ? statement.all(...params) : statement.all(params);
    return rows as Record<string, unknown>[];
  } catch (err) {
    throw queryError(err, sql);
  }
}

function queryError(err: unknown, sql: string): unknown {
  if (err instanceof Database.SqliteError) {
    if (err.code.startsWith('SQLITE_READONLY')) return readOnly(sql);
    return new UserError('BAD_SQL', `SQLite cannot run "${excerpt(sql)}": ${err.message}`, 'Fix the SQL; docs/schema.md lists the tables and columns.');
  }
  // better-sqlite3 reports several statements, or missing or extra parameters, as RangeError.
  if (err instanceof RangeError) {
    return new UserError('BAD_SQL', `Cannot run "${excerpt(sql)}": ${err.message}`, 'Pass exactly one statement, with one value for each parameter.');
  }
  return err;
}

function readOnly(sql: string): UserError {
  return new UserError(
    'READ_ONLY_QUERY',
    `"${excerpt(sql)}" would change the store, and queries are read-only`,
    'Query with SELECT; the store changes only through swe-future commands.',
  );
}

function excerpt(sql: string): string {
  const line = sql.replace(/\s+/g, ' ').trim();
  return line.length > 80 ? `${line.slice(0, 77)}...` : line;
}
