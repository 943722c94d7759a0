import type { FileTemplate } from './template.js';

/**
 * src/cache: a small cache for parsed configs. The planted refactor stream:
 * the one-file cache is split into storage backends and renamed, behaviour
 * unchanged, before and after T0.
 *
 *  0 one file, Map + inline JSON file    5 rename entry fields (val -> value, expiresAt -> expiry)
 *  1 size skips expired entries          6 LRU eviction split into lru.js (after T0)
 *  2 storage/memory.js MemoryStore       7 storage/*Store -> backends/*Backend (after T0)
 *  3 storage/file.js FileStore (HACK)    8 file backend keeps an in-memory index (after T0)
 *  4 pure isExpired() (adds a TODO)
 */

const index = String.raw`
@..3|import { existsSync, readFileSync, writeFileSync } from 'node:fs';
@7|import { FileBackend } from './backends/file.js';
@7|import { MemoryBackend } from './backends/memory.js';
@6|import { evict, touch } from './lru.js';
@3..7|import { FileStore } from './storage/file.js';
@2..7|import { MemoryStore } from './storage/memory.js';
@4|
@4..5|function isExpired(entry, time) {
@4..5|  return entry.expiresAt !== null && entry.expiresAt <= time;
@4..5|}
@5|function isExpired(entry, time) {
@5|  return entry.expiry !== null && entry.expiry <= time;
@5|}

/**
 * A small cache for parsed configs: entries expire after ttl ms, the least
 * recently used entries are evicted beyond max entries, and with file the
 * entries are kept in a JSON file between runs.
 */
export function createCache({ ttl = Infinity, max = Infinity, file, now = Date.now } = {}) {
@..2|  const store = new Map();
@2..3|  const store = new MemoryStore();
@..3|  if (file && existsSync(file)) {
@..3|    for (const [key, entry] of JSON.parse(readFileSync(file, 'utf8'))) store.set(key, entry);
@..3|  }
@..3|  const save = () => {
@..3|    if (file) writeFileSync(file, JSON.stringify([...store.keys()].map((key) => [key, store.get(key)])));
@..3|  };
@3..7|  const store = file ? new FileStore(file) : new MemoryStore();
@7|  const store = file ? new FileBackend(file) : new MemoryBackend();
@..4|  const expired = (entry) => entry.expiresAt !== null && entry.expiresAt <= now();

  return {
    get(key) {
      const entry = store.get(key);
      if (entry === undefined) return undefined;
@..4|      if (expired(entry)) {
@4|      if (isExpired(entry, now())) {
        store.delete(key);
@..3|        save();
        return undefined;
      }
@..6|      store.delete(key);
@..6|      store.set(key, entry);
@6|      touch(store, key, entry);
@..3|      save();
@..5|      return entry.val;
@5|      return entry.value;
    },
    set(key, value) {
@..5|      const entry = { val: value, expiresAt: ttl === Infinity ? null : now() + ttl };
@5|      const entry = { value, expiry: ttl === Infinity ? null : now() + ttl };
@..6|      store.delete(key);
@..6|      store.set(key, entry);
@4..6|      // TODO: split LRU eviction out of the cache facade; it should not know the store keeps use order
@..6|      while (store.size > max) store.delete(store.keys().next().value);
@6|      touch(store, key, entry);
@6|      evict(store, max);
@..3|      save();
      return this;
    },
    has(key) {
      return this.get(key) !== undefined;
    },
    delete(key) {
      const had = store.delete(key);
@..3|      save();
      return had;
    },
    clear() {
      store.clear();
@..3|      save();
    },
    get size() {
@..1|      return store.size;
@1..4|      return [...store.values()].filter((entry) => !expired(entry)).length;
@4|      return [...store.values()].filter((entry) => !isExpired(entry, now())).length;
    },
  };
}
`;

const memory = (name: string) => String.raw`
/** Cache entries in memory, in use order: least recently used first. */
export class ${name} {
  #entries = new Map();

  get(key) {
    return this.#entries.get(key);
  }

  set(key, entry) {
    this.#entries.set(key, entry);
    return this;
  }

  delete(key) {
    return this.#entries.delete(key);
  }

  clear() {
    this.#entries.clear();
  }

  keys() {
    return this.#entries.keys();
  }

  values() {
    return this.#entries.values();
  }

  get size() {
    return this.#entries.size;
  }
}
`;

const file = (name: string) => String.raw`
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/** Cache entries in a JSON file, so they outlive the process; in use order like the memory one. */
export class ${name} {
  #path;
@8|  #entries;

  constructor(path) {
    this.#path = path;
@8|    this.#entries = this.#read();
  }

  #read() {
    return existsSync(this.#path) ? new Map(JSON.parse(readFileSync(this.#path, 'utf8'))) : new Map();
  }

@..8|  // HACK: every call re-reads the whole file (and every change rewrites it); fine for a few entries only
  #all() {
@..8|    return this.#read();
@8|    return this.#entries;
  }

  #change(apply) {
    const entries = this.#all();
    const result = apply(entries);
    writeFileSync(this.#path, JSON.stringify([...entries]));
    return result;
  }

  get(key) {
    return this.#all().get(key);
  }

  set(key, entry) {
    this.#change((entries) => entries.set(key, entry));
    return this;
  }

  delete(key) {
    return this.#change((entries) => entries.delete(key));
  }

  clear() {
    this.#change((entries) => entries.clear());
  }

  keys() {
    return this.#all().keys();
  }

  values() {
    return this.#all().values();
  }

  get size() {
    return this.#all().size;
  }
}
`;

const lru = String.raw`
/**
 * Least-recently-used bookkeeping over a store that keeps its entries in
 * insertion order: touching an entry moves it to the end, eviction drops
 * entries from the front.
 */
export function touch(store, key, entry) {
  store.delete(key);
  store.set(key, entry);
}

export function evict(store, max) {
  for (const key of [...store.keys()]) {
    if (store.size <= max) return;
    store.delete(key);
  }
}
`;

const tests = String.raw`
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
@7|import { FileBackend } from '../src/cache/backends/file.js';
@7|import { MemoryBackend } from '../src/cache/backends/memory.js';
import { createCache } from '../src/cache/index.js';
@6|import { evict } from '../src/cache/lru.js';
@2..7|import { MemoryStore } from '../src/cache/storage/memory.js';

function withTempFile(run) {
  const dir = mkdtempSync(join(tmpdir(), 'quarry-cache-'));
  try {
    return run(join(dir, 'cache.json'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('returns what was set', () => {
  const cache = createCache();
  cache.set('a', { port: 1 });
  assert.deepEqual(cache.get('a'), { port: 1 });
  assert.equal(cache.get('b'), undefined);
});

test('expires entries after ttl', () => {
  let time = 0;
  const cache = createCache({ ttl: 100, now: () => time });
  cache.set('a', 1);
  time = 99;
  assert.equal(cache.get('a'), 1);
  time = 200;
  assert.equal(cache.get('a'), undefined);
});

test('evicts the least recently used entry beyond max', () => {
  const cache = createCache({ max: 2 });
  cache.set('a', 1).set('b', 2);
  cache.get('a');
  cache.set('c', 3);
  assert.equal(cache.has('b'), false);
  assert.equal(cache.has('a'), true);
  assert.equal(cache.has('c'), true);
});

test('keeps entries in a file between runs', () => {
  withTempFile((file) => {
    createCache({ file }).set('a', 'x');
    assert.equal(createCache({ file }).get('a'), 'x');
  });
});
@1|
@1|test('size does not count expired entries', () => {
@1|  let time = 0;
@1|  const cache = createCache({ ttl: 10, now: () => time });
@1|  cache.set('a', 1).set('b', 2);
@1|  time = 50;
@1|  cache.set('c', 3);
@1|  assert.equal(cache.size, 1);
@1|});
@2|
@2|test('the memory store keeps entries in use order', () => {
@2..7|  const store = new MemoryStore();
@7|  const store = new MemoryBackend();
@2|  store.set('a', 1).set('b', 2).delete('a');
@2|  store.set('a', 1);
@2|  assert.deepEqual([...store.keys()], ['b', 'a']);
@2|});
@6|
@6|test('evict drops the oldest entries first', () => {
@6|  const store = new Map([['a', 1], ['b', 2], ['c', 3]]);
@6|  evict(store, 1);
@6|  assert.deepEqual([...store.keys()], ['c']);
@6|});
@8|
@8|test('the file backend reads its file once', () => {
@8|  withTempFile((file) => {
@8|    new FileBackend(file).set('a', 1);
@8|    const backend = new FileBackend(file);
@8|    rmSync(file);
@8|    assert.equal(backend.get('a'), 1);
@8|  });
@8|});
`;

export const cacheFiles: FileTemplate[] = [
  { path: 'src/cache/index.js', stream: 'cache', template: index },
  { path: 'src/cache/storage/memory.js', stream: 'cache', template: memory('MemoryStore'), from: 2, until: 7 },
  { path: 'src/cache/storage/file.js', stream: 'cache', template: file('FileStore'), from: 3, until: 7 },
  { path: 'src/cache/backends/memory.js', stream: 'cache', template: memory('MemoryBackend'), from: 7 },
  { path: 'src/cache/backends/file.js', stream: 'cache', template: file('FileBackend'), from: 7 },
  { path: 'src/cache/lru.js', stream: 'cache', template: lru, from: 6 },
  { path: 'test/cache.test.js', stream: 'cache.test', template: tests },
];
