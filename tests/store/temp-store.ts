import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { openStore, type Store } from '../../src/store/index.js';

const cleanups: (() => void)[] = [];

afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

/** A fresh temporary folder, removed (with any store left open in it closed) when the test ends. */
export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'swe-future-store-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A new store file in a fresh temporary folder, closed when the test ends. */
export function tempStore(): Store {
  const store = openStore(join(tempDir(), 'swe-future.db'));
  cleanups.push(() => {
    if (store.db.open) store.close();
  });
  return store;
}

/** Opens another connection to a store's file, closed when the test ends. */
export function reopen(file: string, options: { readonly?: boolean } = {}): Store {
  const store = openStore(file, options);
  cleanups.push(() => {
    if (store.db.open) store.close();
  });
  return store;
}

export function count(store: Store, table: string): number {
  return store.db.prepare<[], number>(`SELECT count(*) FROM ${table}`).pluck().get()!;
}
