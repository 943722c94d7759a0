import type { LogOptions, UnreachedCommit } from './backend.js';
import { isUtf8Label, isoFromGitSeconds } from './decode.js';
import { type FileChange, pairExactRenames } from './exact-renames.js';
import { exitOf, spawnGit } from './git-process.js';
import { LOG_FORMAT, type LoggedCommit, LogStreamParser, fileChangeOf } from './log-parser.js';
import type { Commit, HistoryGaps } from './model.js';
import type { CommitObject } from './objects.js';

/** What one native backend shares between its walks. */
export interface NativeLogContext {
  gitdir: string;
  shallow: ReadonlySet<string>;
  /** Turned off for good after git failed to read a blob for --numstat (or from the start for partial clones). */
  canCountLines: { value: boolean };
  gaps: HistoryGaps;
  /** A commit object read as isomorphic reads it, for what `git log` prints differently; null if missing. */
  readCommitObject: (sha: string) => Promise<CommitObject | null>;
}

/** Explicit flags, so neither config nor git version changes what is printed. */
export function logArgs(tip: string, withLines: boolean): string[] {
  return [
    'log', '--first-parent', '--no-renames', '--diff-merges=first-parent', '--root', '-z', '--raw',
    ...(withLines ? ['--numstat', '--diff-algorithm=myers'] : []),
    '--no-abbrev', '--encoding=none', '--no-use-mailmap', '--no-textconv', '--no-ext-diff', '--no-color',
    LOG_FORMAT, tip, '--',
  ];
}

/** What git says when --numstat needs a blob the repository does not have. */
const MISSING_OBJECT = /unable to read [0-9a-f]{40}|missing blob object|lazy fetch|promisor remote|transport '\w+' not allowed/i;

/**
 * Streams `git log --first-parent` from `tip`, newest first. Stops before a
 * commit in `stopAt` and after a shallow boundary commit (diffed against the
 * empty tree, with its real parents). If --numstat dies on a missing blob,
 * the walk goes on from where it was with a --raw-only run: line counts are
 * null from there on, and for every later walk of this backend.
 */
export async function* nativeLog(ctx: NativeLogContext, tip: string, options: LogOptions = {}): AsyncGenerator<Commit> {
  const stopAt = options.stopAt;
  let from: string | null = tip;
  while (from !== null && !stopAt?.has(from)) {
    const withLines = options.lineCounts !== false && ctx.canCountLines.value;
    const child = spawnGit(ctx.gitdir, logArgs(from, withLines));
    const exit = exitOf(child);
    const parser = new LogStreamParser();
    let last: LoggedCommit | null = null;
    try {
      for await (const chunk of child.stdout) {
        for (const logged of parser.push(chunk as Buffer)) {
          if (stopAt?.has(logged.sha)) return;
          yield await emit(ctx, logged, withLines, options);
          last = logged;
          if (ctx.shallow.has(logged.sha)) return;
        }
      }
      const { code, signal, stderr } = await exit;
      if (code === 0) {
        const logged = parser.end();
        if (logged && !stopAt?.has(logged.sha)) yield await emit(ctx, logged, withLines, options);
        return;
      }
      if (!withLines || !MISSING_OBJECT.test(stderr)) {
        throw new Error(`git log failed (${code ?? signal}): ${stderr.trim()}`);
      }
      ctx.canCountLines.value = false;
      from = last === null ? from : (last.parents[0] ?? null);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill();
      exit.catch(() => undefined); // left early: how git ends no longer matters
    }
  }
}

/**
 * One record from what git printed. Two cases read the commit object itself
 * (through cat-file, parsed as the isomorphic backend parses it): a shallow
 * boundary, whose parents git hides, and a commit with a non-UTF-8 `encoding`
 * header, whose text git re-encodes its own way.
 */
async function emit(ctx: NativeLogContext, logged: LoggedCommit, withLines: boolean, options: LogOptions): Promise<Commit> {
  const changes: FileChange[] = [];
  for (const entry of logged.entries) {
    const change = fileChangeOf(entry, withLines);
    if (change) changes.push(change);
  }
  if (!withLines && options.lineCounts !== false) ctx.gaps.linesUnavailable += 1;
  const stored = ctx.shallow.has(logged.sha) || !isUtf8Label(logged.encoding) ? await ctx.readCommitObject(logged.sha) : null;
  const commit: Commit = {
    sha: logged.sha,
    parents: stored?.parents ?? logged.parents,
    authorName: stored?.author.name ?? logged.authorName,
    authorEmail: stored?.author.email ?? logged.authorEmail,
    authorTime: isoFromGitSeconds(Number(logged.authorSeconds)),
    committerName: stored?.committer.name ?? logged.committerName,
    committerEmail: stored?.committer.email ?? logged.committerEmail,
    committerTime: isoFromGitSeconds(Number(logged.committerSeconds)),
    message: stored?.message ?? logged.message,
    files: pairExactRenames(changes),
  };
  options.onCommit?.(commit);
  return commit;
}

/**
 * The commits named, in the order named, each as `nativeLog` yields it with
 * `lineCounts: false` (changed files against its first parent, the empty tree
 * for a root or a shallow boundary): one `git log --no-walk --stdin` for all
 * of them instead of one walk each.
 */
export async function* nativeReadCommits(ctx: NativeLogContext, shas: readonly string[]): AsyncGenerator<Commit> {
  if (shas.length === 0) return;
  const child = spawnGit(ctx.gitdir, [...logArgs('', false).slice(0, -2), '--no-walk=unsorted', '--stdin', '--'], 'pipe');
  const exit = exitOf(child);
  child.stdin?.on('error', () => undefined); // a dead process is reported by `exit`
  child.stdin?.end(`${shas.join('\n')}\n`);
  const parser = new LogStreamParser();
  try {
    for await (const chunk of child.stdout) {
      for (const logged of parser.push(chunk as Buffer)) yield await emit(ctx, logged, false, { lineCounts: false });
    }
    const { code, signal, stderr } = await exit;
    if (code !== 0) throw new Error(`git log failed (${code ?? signal}): ${stderr.trim()}`);
    const logged = parser.end();
    if (logged) yield await emit(ctx, logged, false, { lineCounts: false });
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill();
    exit.catch(() => undefined);
  }
}

/**
 * Every commit on the first-parent chains from `tips`, with its parents as git
 * walks them (the first is all a first-parent walk follows; a shallow boundary
 * shows none), from one `git rev-list --first-parent --parents`.
 */
export async function nativeParentGraph(ctx: Pick<NativeLogContext, 'gitdir'>, tips: readonly string[]): Promise<Map<string, string[]>> {
  const graph = new Map<string, string[]>();
  if (tips.length === 0) return graph;
  const out = await gitWithStdin(ctx.gitdir, ['rev-list', '--first-parent', '--parents', '--stdin', '--'], tips);
  for (const line of out.toString('latin1').split('\n')) {
    if (line === '') continue;
    const [sha = '', ...parents] = line.split(' ');
    graph.set(sha, parents);
  }
  return graph;
}

/**
 * The commits on the first-parent chains from `tips` that `head` does not reach by any parents (the exclusion
 * follows every parent: git's default without --exclude-first-parent-only), with their parents as git walks them
 * and their committer times, from one `git rev-list --first-parent --parents --timestamp`: what the snapshot's
 * branch walk (src/snapshot/branches.ts) reads of every branch at once. null when git cannot read a tip or `head`.
 */
export async function nativeUnreachedFirstParents(ctx: Pick<NativeLogContext, 'gitdir'>, tips: readonly string[], head: string): Promise<Map<string, UnreachedCommit> | null> {
  const graph = new Map<string, UnreachedCommit>();
  if (tips.length === 0) return graph;
  let out: Buffer;
  try {
    out = await gitWithStdin(ctx.gitdir, ['rev-list', '--first-parent', '--parents', '--timestamp', '--stdin', '--'], [...tips, `^${head}`]);
  } catch {
    return null;
  }
  for (const line of out.toString('latin1').split('\n')) {
    if (line === '') continue;
    const [seconds = '', sha = '', ...parents] = line.split(' ');
    graph.set(sha, { parents, committerTime: isoFromGitSeconds(Number(seconds)) });
  }
  return graph;
}

/**
 * The full messages of the commits named, by sha, from one `git log --no-walk
 * --stdin` that prints no diffs: what a walk of many short branches reads to
 * decide which to follow (src/git/merged-branches.ts) before it reads their
 * changed files.
 */
export async function nativeReadMessages(ctx: Pick<NativeLogContext, 'gitdir'>, shas: readonly string[]): Promise<Map<string, string>> {
  const messages = new Map<string, string>();
  if (shas.length === 0) return messages;
  const out = await gitWithStdin(ctx.gitdir, ['log', '--no-walk=unsorted', '--stdin', '-z', '--encoding=none', '--no-use-mailmap', '--no-color', '--format=%H%x00%B', '--'], shas);
  // "sha NUL message NUL sha NUL message ...": -z ends each commit with NUL, and a message holds none.
  const fields = out.toString('utf8').split('\0');
  for (let i = 0; i + 1 < fields.length; i += 2) messages.set(fields[i]!.trim(), fields[i + 1]!);
  return messages;
}

/** What one git command that reads revisions from its standard input (`--stdin`, one a line) prints; its failure, an error. */
async function gitWithStdin(gitdir: string, args: readonly string[], lines: readonly string[]): Promise<Buffer> {
  const child = spawnGit(gitdir, [...args], 'pipe');
  const exit = exitOf(child);
  child.stdin?.on('error', () => undefined);
  child.stdin?.end(`${lines.join('\n')}\n`);
  const chunks: Buffer[] = [];
  for await (const chunk of child.stdout) chunks.push(chunk as Buffer);
  const { code, signal, stderr } = await exit;
  if (code !== 0) throw new Error(`git ${args[0]} failed (${code ?? signal}): ${stderr.trim()}`);
  return Buffer.concat(chunks);
}
