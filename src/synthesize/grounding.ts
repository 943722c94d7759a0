import type { TaskFamily } from '../forecast/model.js';
import { topicTokens } from '../text/tokens.js';
import type { GroundedFile, Grounding } from './model.js';
import { extractNotes, extractSymbols, isSourcePath, isTestPath } from './symbols.js';

/**
 * The code at Tgen, and nothing else of the repository: one commit's file
 * list and file contents. It has no history, no diffs and no messages, so a
 * backend grounded through it cannot see how later work changed the code.
 */
export interface TreeAtTgen {
  commit: string;
  time: string;
  /** Every file at the commit, sorted. */
  paths: readonly string[];
  /** A file's text at the commit; null when absent or unreadable (binary, missing blob). */
  read(path: string): Promise<string | null>;
}

const MAX_FILES = 12;
const MAX_READ = 40;
const MAX_TEST_FILES = 5;
const MAX_BYTES = 400_000;

/** What the code at Tgen says about a family's anchor: files, symbols, notes, tests, and which family notes are resolved. */
export async function groundFamily(family: TaskFamily, tree: TreeAtTgen, testCommand: string | null): Promise<Grounding> {
  const wanted = unique([...family.anchor.paths, ...family.target_hints.paths].map(trimSlash).filter((p) => p !== ''));
  const present = wanted.filter((p) => covers(tree.paths, p));
  const missing = wanted.filter((p) => !present.includes(p));
  const hinted = family.target_hints.paths.map(trimSlash);

  let candidates = tree.paths.filter((f) => present.some((p) => f === p || f.startsWith(`${p}/`)) && !isTestPath(f));
  const sources = candidates.filter(isSourcePath);
  candidates = sources.length > 0 ? sources : candidates.filter((f) => present.includes(f));
  if (candidates.length === 0) candidates = byAnchorName(tree.paths, family.anchor.name);
  candidates = [...candidates].sort((a, b) => rank(a, hinted) - rank(b, hinted) || depth(a) - depth(b) || (a < b ? -1 : a > b ? 1 : 0));

  const hintSymbols = new Set(family.target_hints.symbols);
  const read: { file: GroundedFile; score: number; order: number }[] = [];
  for (const [order, path] of candidates.slice(0, MAX_READ).entries()) {
    const text = await tree.read(path);
    if (text === null || text.length > MAX_BYTES) continue;
    const symbols = extractSymbols(path, text);
    const notes = extractNotes(text);
    const score = (hinted.includes(path) ? 3 : 0) + (symbols.some((s) => hintSymbols.has(s)) ? 2 : 0) + (notes.length > 0 ? 1 : 0);
    read.push({ file: { path, symbols, notes, lines: text.split('\n').length }, score, order });
  }
  const files = read.sort((a, b) => b.score - a.score || a.order - b.order).slice(0, MAX_FILES).map((r) => r.file);

  return {
    commit: tree.commit,
    time: tree.time,
    presentPaths: present,
    missingPaths: missing,
    files,
    testFiles: testFilesFor(tree.paths, family, hinted, files.map((f) => f.path)),
    resolvedNotes: await resolvedNotes(family, tree),
    testCommand,
  };
}

/** The family's TODO evidence whose text is no longer in its file at Tgen. */
async function resolvedNotes(family: TaskFamily, tree: TreeAtTgen): Promise<string[]> {
  const out: string[] = [];
  for (const e of family.evidence) {
    if (e.kind !== 'todo') continue;
    const match = /^todo:(.+):(\d+)$/.exec(e.ref);
    if (!match) continue;
    const text = await tree.read(match[1]!);
    const needle = normalise(e.text).slice(0, 60);
    if (text === null || !normalise(text).includes(needle)) out.push(e.ref);
  }
  return out;
}

function normalise(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * The test files of the area: hinted ones, those named like the anchor, then those named like the grounded source
 * files, where a test file's name part may abbreviate a source file's (express: test/res.send.js and
 * test/req.query.js for lib/response.js and lib/request.js, test/app.render.js for lib/application.js).
 */
function testFilesFor(paths: readonly string[], family: TaskFamily, hinted: readonly string[], sources: readonly string[]): string[] {
  const words = new Set(topicTokens(`${family.anchor.name} ${family.anchor.paths.join(' ')}`));
  const hintedTests = hinted.filter((p) => isTestPath(p) && paths.includes(p));
  const named = paths.filter((p) => isTestPath(p) && !hintedTests.includes(p) && topicTokens(stem(p)).some((w) => words.has(w)));
  const sourceWords = unique(sources.flatMap((p) => nameParts(stem(p))));
  const bySource = paths.filter((p) => isTestPath(p) && isSourcePath(p) && !hintedTests.includes(p) && !named.includes(p) && nameParts(stem(p)).some((part) => sourceWords.some((w) => w.startsWith(part))));
  return [...hintedTests, ...named, ...bySource].slice(0, MAX_TEST_FILES);
}

/** A file name's parts of three letters or more, lower-cased (`res.send` → res, send). */
function nameParts(name: string): string[] {
  return name.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length >= 3);
}

function byAnchorName(paths: readonly string[], name: string): string[] {
  const last = trimSlash(name).split('/').pop()?.toLowerCase() ?? '';
  if (last.length < 3) return [];
  return paths.filter((p) => isSourcePath(p) && !isTestPath(p) && p.toLowerCase().split('/').some((seg) => seg === last || seg.replace(/\.[^.]+$/, '') === last));
}

function covers(paths: readonly string[], p: string): boolean {
  const prefix = `${p}/`;
  return paths.some((f) => f === p || f.startsWith(prefix));
}

function rank(path: string, hinted: readonly string[]): number {
  const i = hinted.indexOf(path);
  return i === -1 ? hinted.length : i;
}

function depth(path: string): number {
  return path.split('/').length;
}

function stem(path: string): string {
  return (path.split('/').pop() ?? path).replace(/\.(test|spec)\./, '.').replace(/^test_|_test(?=\.)/, '').replace(/\.[^.]+$/, '');
}

function trimSlash(p: string): string {
  return p.replace(/^\.\//, '').replace(/\/+$/, '');
}

function unique<T>(xs: readonly T[]): T[] {
  return [...new Set(xs)];
}
