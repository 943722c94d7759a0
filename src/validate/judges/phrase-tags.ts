import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { cacheFolder } from '../../text/glove/cache.js';

/**
 * Part-of-speech tags of a short phrase, from compromise (rule-based, offline,
 * deterministic), for the vagueness rule (vagueness.ts). compromise is
 * costly to start: loading it takes about 0.4 CPU-s and its first parse
 * builds its pattern net (about 0.1 s), which used to be most of a first
 * validation's judging time. So:
 * - it is loaded only when a phrase is not already known (lazily, through
 *   `require`, which loads its bundled build: the same tags as its ES
 *   sources, checked on every family title of eval/);
 * - each phrase is parsed once per process, and its terms (text and tags
 *   only) are kept in a file in the cache folder (docs/judges.md, "Speed"),
 *   `compromise-tags-<version>-v1.json`, so a later process reads them back
 *   instead of parsing. The file is keyed by compromise's version; one that
 *   cannot be read or written is skipped (it is a cache, never needed).
 */

export interface TaggedTerm {
  text: string;
  tags: string[];
}

type Nlp = (text: string) => { docs: { text: string; tags: Set<string> }[][] };

const FILE_VERSION = 1;
const require = createRequire(import.meta.url);

let nlp: Nlp | undefined;
let memo: Map<string, TaggedTerm[]> | undefined;
let cachePath: string | null | undefined;
let unsaved = new Map<string, TaggedTerm[]>();
let saveScheduled = false;
let stats = { parsed: 0, cached: 0 };

/** The terms of `text`, each with its compromise tags. */
export function phraseTerms(text: string): readonly TaggedTerm[] {
  memo ??= readCache();
  let terms = memo.get(text);
  if (terms !== undefined) {
    stats.cached++;
    return terms;
  }
  nlp ??= require('compromise') as Nlp;
  terms = nlp(text).docs.flatMap((sentence) => sentence.map((t) => ({ text: t.text, tags: [...t.tags] })));
  stats.parsed++;
  memo.set(text, terms);
  unsaved.set(text, terms);
  scheduleSave();
  return terms;
}

/** Phrases parsed by compromise and phrases read from the cache, in this process (for benches). */
export function phraseTagStats(): { parsed: number; cached: number; parserLoaded: boolean } {
  return { ...stats, parserLoaded: nlp !== undefined };
}

/** Forget what this process knows and read the cache file again on next use (for tests and benches). */
export function resetPhraseTags(): void {
  memo = undefined;
  cachePath = undefined;
  unsaved = new Map();
  stats = { parsed: 0, cached: 0 };
}

function compromiseVersion(): string | null {
  try {
    // The package root is two folders above its bundled build (builds/three/compromise-three.cjs).
    const manifest = join(dirname(dirname(dirname(require.resolve('compromise')))), 'package.json');
    return (JSON.parse(readFileSync(manifest, 'utf8')) as { version?: string }).version ?? null;
  } catch {
    return null;
  }
}

function path(): string | null {
  if (cachePath === undefined) {
    const version = compromiseVersion();
    cachePath = version === null ? null : join(cacheFolder(), `compromise-tags-${version}-v${FILE_VERSION}.json`);
  }
  return cachePath;
}

function readCache(): Map<string, TaggedTerm[]> {
  const file = path();
  const out = new Map<string, TaggedTerm[]>();
  if (file === null) return out;
  try {
    const data = JSON.parse(readFileSync(file, 'utf8')) as Record<string, TaggedTerm[]>;
    for (const [text, terms] of Object.entries(data)) if (Array.isArray(terms)) out.set(text, terms);
  } catch {
    // Missing or damaged: parsed anew and written again.
  }
  return out;
}

/** Written once the current synchronous work is done, not once per phrase. */
function scheduleSave(): void {
  if (saveScheduled) return;
  saveScheduled = true;
  setImmediate(savePhraseTags);
}

/**
 * Writes the phrases parsed since the last save into the cache file: merged
 * with what is there now (another process may have added some), written to a
 * temporary name and renamed, so readers never see half a file.
 */
export function savePhraseTags(): void {
  saveScheduled = false;
  const file = path();
  if (file === null || unsaved.size === 0) return;
  const merged: Record<string, TaggedTerm[]> = {};
  try {
    Object.assign(merged, JSON.parse(readFileSync(file, 'utf8')) as Record<string, TaggedTerm[]>);
  } catch {
    // Nothing there yet, or damaged: replaced.
  }
  for (const [text, terms] of unsaved) merged[text] = terms;
  unsaved = new Map();
  try {
    mkdirSync(dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
    writeFileSync(temp, JSON.stringify(merged));
    renameSync(temp, file);
  } catch {
    // A cache folder we cannot write to: parse again next time.
  }
}
