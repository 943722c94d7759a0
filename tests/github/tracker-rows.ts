import { readFileSync, existsSync } from 'node:fs';
import Database from 'better-sqlite3';

/** Every row a rebuild writes, as text: the tracker items and the work items. */
export function trackerRows(db: string): { items: unknown[]; workItems: unknown[] } {
  const conn = new Database(db, { readonly: true });
  try {
    return {
      items: conn.prepare('SELECT number, kind, title, state, labels, created_at, updated_at, closed_at, merged_at, source, data FROM github_items ORDER BY number').all(),
      workItems: conn.prepare('SELECT key, number, sha, title, body, merged_at, author, kind, labels, bot, bot_reason, paths FROM work_items ORDER BY key').all(),
    };
  } finally {
    conn.close();
  }
}

/** One query's rows. */
export function queryRows(db: string, sql: string): Record<string, unknown>[] {
  const conn = new Database(db, { readonly: true });
  try {
    return conn.prepare(sql).all() as Record<string, unknown>[];
  } finally {
    conn.close();
  }
}

/** The store's bytes as text, with its write-ahead log: what is anywhere in the file. */
export function storeText(db: string): string {
  return [db, `${db}-wal`].filter((f) => existsSync(f)).map((f) => readFileSync(f).toString('latin1')).join('\n');
}
