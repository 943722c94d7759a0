import Database from 'better-sqlite3';
import { busyError, type Store } from './open.js';

/**
 * Runs `write` in one IMMEDIATE transaction: the write lock is taken first
 * (waiting for other writers up to the busy timeout), so the transaction can
 * never fail halfway on a lock; any throw inside rolls everything back.
 */
export function transact<T>(store: Store, write: () => T): T {
  if (store.readonly) throw new Error(`The store ${store.file} was opened read-only; open it writable to save`);
  try {
    return store.db.transaction(write).immediate();
  } catch (err) {
    if (err instanceof Database.SqliteError && /^SQLITE_(BUSY|LOCKED)/.test(err.code)) throw busyError(store.file);
    throw err;
  }
}
