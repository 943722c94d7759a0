import type { Commit, TreeFile } from '../git/model.js';
import { canonicalJson } from '../hash.js';
import { isChangelogPath, isRoadmapPath, roadmapItems, topChangelogSection, type DocLine } from './changelog.js';
import { fileVersions, firstSeenDates, ReadBudget } from './line-history.js';
import { addMsrvHistory } from './msrv-history.js';
import type { Evidence, Snapshot, SnapshotConfig } from './model.js';
import { decodeText, looksBinary, ReadAhead, type SnapshotReader } from './reader.js';
import { findTodos, todoSkipReason } from './todos.js';
import { findDeprecations, type PendingLine } from './pending.js';
import { findKnownFailures } from './known-failures.js';
import { findMissingSupport } from './missing-support.js';
import { findRuntimes, isRuntimeManifest } from '../text/runtime-declarations.js';
import { findTraitLines, type TraitDeclaration, type TraitImpl } from './trait-impls.js';
import { DAY_MS } from '../time.js';

/**
 * The costly part of a snapshot: reading the files at the snapshot commit for
 * changelog, roadmap and TODO lines, and dating those lines along the
 * first-parent history. Its result depends on the commit (its tree, its
 * history) and the config alone, never on T0 or the tracker archive, so an
 * earlier snapshot of the same commit can lend it to a new one (see
 * `storedTreeScan`).
 */
export interface TreeScan {
  /** Changelog and roadmap rows, then TODO rows, in snapshot order. */
  evidence: Evidence[];
  /** What the scan saw, skipped or missed, in the order a scan sets the counts (`TREE_SCAN_COUNTS`). */
  counts: Record<string, number>;
  /** Older file versions read to date lines (the snapshot's `firstSeenReads`, counted after hotspots). */
  firstSeenReads: number;
}

/**
 * The rules a tree scan follows (TODO markers, changelog and roadmap reading),
 * stored with every snapshot: a stored scan is reused only by the same rules.
 * Bump it whenever those rules change what a scan finds.
 */
export const TREE_SCAN_VERSION = 'tree-scan-v18';

/** Everything a tree scan's result depends on, besides the repository's objects. */
export interface TreeScanKey {
  commit: string;
  config: SnapshotConfig;
  /** The length of the first-parent history from the commit, and whether it ends at a shallow cut: lines are dated along it. */
  commits: number;
  truncated: boolean;
  /** The directories at the commit with their file counts: the same files were listed. */
  tree: Snapshot['tree'];
}

/** The counts a tree scan sets; every snapshot has all of them. */
export const TREE_SCAN_COUNTS = [
  'changelogEntries',
  'roadmapItems',
  'todos',
  'todoFilesScanned',
  'skippedBinary',
  'skippedHuge',
  'skippedVendor',
  'todosOverLimit',
  'missingBlobs',
  'pendingNotices',
] as const;

const SCANNED_KINDS: ReadonlySet<string> = new Set(['changelog', 'roadmap', 'todo', 'pending']);

interface ScanInput {
  history: readonly Commit[];
  reader: SnapshotReader;
  onProgress?: (done: number, total: number) => void;
}

/** Reads the tree at `head` (the newest commit of `input.history`): changelog and roadmap lines, then TODOs. */
export async function scanTree(input: ScanInput, files: readonly TreeFile[], head: Commit, config: SnapshotConfig): Promise<TreeScan> {
  const counts: Record<string, number> = {};
  const budget = new ReadBudget(config.todoFirstSeenBudget);
  const evidence = [
    ...(await documentEvidence(input, files, head, budget, counts)),
    ...(await todoEvidence(input, files, head, config, budget, counts)),
  ];
  return { evidence, counts, firstSeenReads: budget.used };
}

/**
 * The tree scan of a stored snapshot, when it was taken with the same key and
 * so would scan to the same rows; else null. `rows` gives that snapshot's
 * evidence in order (only its changelog, roadmap and TODO rows are kept).
 * Not reused: a snapshot that could not read some blob at its commit (a
 * partial clone may have it by now), or one whose counts or rows do not add
 * up to a whole scan.
 */
export function storedTreeScan(key: TreeScanKey, stored: Omit<Snapshot, 'evidence'>, rows: () => readonly Evidence[]): TreeScan | null {
  const c = stored.counts;
  if (
    stored.commit !== key.commit ||
    c.commits !== key.commits ||
    c.historyTruncated !== (key.truncated ? 1 : 0) ||
    c.missingBlobs !== 0 ||
    typeof c.firstSeenReads !== 'number' ||
    TREE_SCAN_COUNTS.some((name) => typeof c[name] !== 'number') ||
    canonicalJson(stored.config) !== canonicalJson(key.config) ||
    canonicalJson(stored.tree) !== canonicalJson(key.tree)
  ) {
    return null;
  }
  const evidence = rows().filter((e) => SCANNED_KINDS.has(e.kind));
  if (evidence.length !== c.changelogEntries! + c.roadmapItems! + c.todos! + c.pendingNotices!) return null;
  const names: ReadonlySet<string> = new Set(TREE_SCAN_COUNTS);
  const counts = Object.fromEntries(Object.entries(c).filter(([name]) => names.has(name)));
  return { evidence, counts, firstSeenReads: c.firstSeenReads };
}

async function documentEvidence(
  input: ScanInput,
  files: readonly TreeFile[],
  head: Commit,
  budget: ReadBudget,
  counts: Record<string, number>,
): Promise<Evidence[]> {
  const out: Evidence[] = [];
  counts.changelogEntries = 0;
  counts.roadmapItems = 0;
  for (const file of files) {
    const changelog = isChangelogPath(file.path);
    if (!changelog && !isRoadmapPath(file.path)) continue;
    const bytes = await input.reader.readBlob(file.oid);
    if (!bytes) {
      counts.missingBlobs = (counts.missingBlobs ?? 0) + 1;
      continue;
    }
    const text = decodeText(bytes);
    if (changelog) {
      const section = topChangelogSection(text);
      if (!section) continue;
      const dates = await lineDates(input, file.path, section.entries, budget);
      for (const entry of section.entries) {
        out.push({ ...docLineEvidence('changelog', file.path, entry, dates, head), section: section.heading });
        counts.changelogEntries++;
      }
    } else {
      const items = roadmapItems(text);
      const dates = await lineDates(input, file.path, items, budget);
      for (const item of items) {
        out.push({ ...docLineEvidence('roadmap', file.path, item, dates, head), done: item.done });
        counts.roadmapItems++;
      }
    }
  }
  return out;
}

/** A changelog's or roadmap's line as evidence of its kind: dated when it first appeared in the file (lineDates), else at the head commit. */
function docLineEvidence<K extends 'changelog' | 'roadmap'>(kind: K, path: string, line: DocLine, dates: Map<string, string | null>, head: Commit) {
  return { kind, ref: `${kind}:${path}:${line.line}`, date: dates.get(line.raw) ?? head.committerTime, text: line.text, path, line: line.line };
}

async function lineDates(
  input: ScanInput,
  path: string,
  lines: readonly DocLine[],
  budget: ReadBudget,
): Promise<Map<string, string | null>> {
  const versions = fileVersions(input.history, path);
  if (versions.length === 0) return new Map();
  return firstSeenDates(input.reader, versions, lines.map((l) => l.raw), budget);
}

async function todoEvidence(
  input: ScanInput,
  files: readonly TreeFile[],
  head: Commit,
  config: SnapshotConfig,
  budget: ReadBudget,
  counts: Record<string, number>,
): Promise<Evidence[]> {
  Object.assign(counts, { todos: 0, todoFilesScanned: 0, skippedBinary: 0, skippedHuge: 0, skippedVendor: 0, todosOverLimit: 0 });
  counts.missingBlobs ??= 0;
  counts.pendingNotices = 0;
  const out: Evidence[] = [];
  const pending: Evidence[] = [];
  const taken: Record<string, number> = {};
  let done = 0;
  const declarations: (TraitDeclaration & { path: string })[] = [];
  const impls: (TraitImpl & { path: string })[] = [];
  // Every file not skipped by its path is read, in order: many reads in flight instead of one at a time.
  const blobs = new ReadAhead(input.reader, files.filter((f) => todoSkipReason(f.path) === null).map((f) => f.oid));
  for (const file of files) {
    input.onProgress?.(++done, files.length);
    const skip = todoSkipReason(file.path);
    if (skip === 'vendor') {
      counts.skippedVendor!++;
      continue;
    }
    if (skip === 'binary') {
      counts.skippedBinary!++;
      continue;
    }
    const bytes = await blobs.next();
    if (!bytes) {
      counts.missingBlobs!++;
      continue;
    }
    if (bytes.length > config.todoMaxFileBytes) {
      counts.skippedHuge!++;
      continue;
    }
    if (looksBinary(bytes)) {
      counts.skippedBinary!++;
      continue;
    }
    counts.todoFilesScanned!++;
    const text = decodeText(bytes);
    const traits = findTraitLines(file.path, text);
    declarations.push(...traits.declarations.map((d) => ({ ...d, path: file.path })));
    impls.push(...traits.impls.map((i) => ({ ...i, path: file.path })));
    for (const p of pendingLines(file.path, text)) {
      const group = STATED.has(p.signal) ? 'stated' : 'notice';
      if ((taken[group] ?? 0) >= MAX_PENDING) continue;
      taken[group] = (taken[group] ?? 0) + 1;
      pending.push({ kind: 'pending', ref: `pending:${file.path}:${p.line}`, date: head.committerTime, text: p.text, path: file.path, line: p.line, signal: p.signal, subject: p.subject, target: p.target, versions: p.versions, ...(p.matrix ? { matrix: true as const } : {}) });
      counts.pendingNotices++;
    }
    const todos = findTodos(file.path, text);
    if (todos.length === 0) continue;
    const room = config.todoMaxLines - counts.todos!;
    if (room <= 0) {
      counts.todosOverLimit! += todos.length;
      continue;
    }
    const kept = todos.slice(0, room);
    counts.todosOverLimit! += todos.length - kept.length;
    const versions = fileVersions(input.history, file.path);
    const dates = versions.length ? await firstSeenDates(input.reader, versions, kept.map((t) => t.raw), budget) : new Map();
    for (const todo of kept) {
      const firstSeen = dates.get(todo.raw) ?? null;
      out.push({
        kind: 'todo',
        ref: `todo:${file.path}:${todo.line}`,
        date: firstSeen ?? head.committerTime,
        text: todo.text,
        path: file.path,
        line: todo.line,
        marker: todo.marker,
        firstSeen,
        ...(todo.subject ? { subject: todo.subject } : {}),
      });
    }
    counts.todos! += kept.length;
  }
  await addMsrvHistory(input.reader, input.history, pending);
  for (const row of await newTraits(input, declarations, impls, head, budget)) {
    pending.push(row);
    counts.pendingNotices++;
  }
  return [...out, ...pending];
}

/** A trait implemented by at most this many types is one whose next implementation is a piece of work to name. */
const MAX_IMPLEMENTORS = 20;
const MIN_IMPLEMENTORS = 2;

/**
 * Public traits first seen in the year before the snapshot commit that two or more of the project's types implement
 * (trait-impls.ts): one `new_trait` row each, dated by the declaration's first appearance. A trait declared under one
 * name in two places is left out (which one the impls mean is not known); a declaration whose file last changed more
 * than a year before the commit is older than a year without reading it.
 */
async function newTraits(
  input: ScanInput,
  declarations: readonly (TraitDeclaration & { path: string })[],
  impls: readonly (TraitImpl & { path: string })[],
  head: Commit,
  budget: ReadBudget,
): Promise<Evidence[]> {
  const out: Evidence[] = [];
  const end = Date.parse(head.committerTime);
  const declared = new Map<string, number>();
  for (const d of declarations) declared.set(d.name, (declared.get(d.name) ?? 0) + 1);
  for (const d of declarations) {
    if (declared.get(d.name) !== 1) continue;
    const own = impls.filter((i) => i.trait === d.name);
    const types = [...new Set(own.map((i) => i.type))];
    if (types.length < MIN_IMPLEMENTORS || types.length > MAX_IMPLEMENTORS) continue;
    const versions = fileVersions(input.history, d.path);
    if (versions.length === 0 || end - Date.parse(versions[0]!.time) > 365 * DAY_MS) continue;
    const firstSeen = (await firstSeenDates(input.reader, versions, [d.raw], budget)).get(d.raw) ?? null;
    if (!firstSeen || end - Date.parse(firstSeen) > 365 * DAY_MS) continue;
    const implementors = types.map((type) => {
      const at = own.find((i) => i.type === type)!;
      return { type, at: `${at.path}:${at.line}` };
    });
    out.push({ kind: 'pending', ref: `pending:${d.path}:${d.line}`, date: firstSeen, text: d.raw, path: d.path, line: d.line, signal: 'new_trait', subject: d.name, target: null, versions: [], implementors });
  }
  // A trait declared in the same file as one of those, itself first seen in the year and implemented by fewer than two
  // types (`OptionalFromRequest` beside `OptionalFromRequestParts`): its sibling's implementations show the work to do.
  const rows = [...out];
  for (const row of rows) {
    if (row.kind !== 'pending') continue;
    for (const d of declarations) {
      if (d.path !== row.path || d.name === row.subject || declared.get(d.name) !== 1) continue;
      const own = impls.filter((i) => i.trait === d.name);
      const types = [...new Set(own.map((i) => i.type))];
      if (types.length >= MIN_IMPLEMENTORS || out.some((r) => r.kind === 'pending' && r.subject === d.name)) continue;
      const firstSeen = (await firstSeenDates(input.reader, fileVersions(input.history, d.path), [d.raw], budget)).get(d.raw) ?? null;
      if (!firstSeen || end - Date.parse(firstSeen) > 365 * DAY_MS) continue;
      const implementors = types.map((type) => {
        const at = own.find((i) => i.type === type)!;
        return { type, at: `${at.path}:${at.line}` };
      });
      out.push({ kind: 'pending', ref: `pending:${d.path}:${d.line}`, date: firstSeen, text: d.raw, path: d.path, line: d.line, signal: 'new_trait', subject: d.name, target: null, versions: [], implementors, sibling: row.subject });
    }
  }
  return out;
}

/**
 * At most this many pending-work rows per snapshot of each group, notices (deprecations, runtimes) and
 * stated gaps (known failures, missing support): either can be many in a big codebase, and one must not
 * crowd out the other.
 */
const MAX_PENDING = 200;
const STATED: ReadonlySet<PendingLine['signal']> = new Set(['skipped_test', 'expected_failure', 'pending_test', 'not_supported', 'not_implemented', 'planned', 'needs_work']);
/** The signal of each known-failure mark and missing-support verb; scripts/stated-backtest.ts counts by these too. */
export const MARK_SIGNAL = { skip: 'skipped_test', xfail: 'expected_failure', todo: 'pending_test' } as const;
export const GAP_SIGNAL = { support: 'not_supported', implement: 'not_implemented', add: 'planned', improve: 'needs_work' } as const;

/**
 * Deprecation notices with a target (code, not prose docs or tests), runtime declarations of manifests
 * and CI files, known failures of test files, and statements of missing support (code and docs).
 */
function pendingLines(path: string, text: string): PendingLine[] {
  const runtimes = isRuntimeManifest(path) ? findRuntimes(path, text) : [];
  const deprecations = /\.(md|markdown|rst|txt|adoc|ya?ml|json|toml|lock|cfg)$/i.test(path) || /(^|\/)(tests?|spec|__tests__|changelog|CHANGES|HISTORY)/i.test(path) ? [] : findDeprecations(text);
  const failures: PendingLine[] = findKnownFailures(path, text).map((k) => ({ signal: MARK_SIGNAL[k.mark], line: k.line, subject: k.test, target: k.reason, versions: [], text: k.text }));
  const gaps: PendingLine[] = /\.(ya?ml|json|toml|lock|cfg|csv|svg|html?)$/i.test(path)
    ? []
    : findMissingSupport(path, text).map((m) => ({ signal: GAP_SIGNAL[m.verb], line: m.line, subject: m.subject, target: null, versions: [], text: m.text }));
  // One row per line: a line that is both (a skip whose reason says "not supported yet") is a known failure.
  const seen = new Set([...runtimes, ...deprecations, ...failures].map((p) => p.line));
  return [...runtimes, ...deprecations, ...failures, ...gaps.filter((g) => !seen.has(g.line))];
}
