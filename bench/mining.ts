/**
 * Mining benchmark: times a full first-parent walk with changed files for
 * each git backend, and raw `git log --first-parent --name-status` over the
 * same commits, in one run.
 *
 *   npm run bench:mining -- [--repo PATH (default: the demo repository)] [--limit N] [--modes native,native-no-lines,isomorphic] [--branch NAME] [--store-only] [--json]
 *
 * The requirement it checks: the native backend mines within 2x the time of
 * raw git log on the same history. Then it times snapshots into a store: cold,
 * again (cached history, identical snapshot), and at another T0 on the same
 * commit (cached history and tree scan, a new snapshot written); `--store-only`
 * times only these.
 */
import { parseArgs } from 'node:util';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { snapshotRepository } from '../src/api/snapshot.js';
import { buildDemoRepo } from '../src/demo/scenario.js';
import type { GitBackend } from '../src/git/backend.js';
import type { HistoryGaps } from '../src/git/model.js';
import { exitOf, spawnGit } from '../src/git/git-process.js';
import { logArgs } from '../src/git/native-log.js';
import { openRepository } from '../src/git/open.js';

export interface MiningTiming {
  /** What was timed: a backend name, `raw-git`, or whatever a caller times (e.g. a cached store). */
  label: string;
  commits: number;
  /** Changed-file records read; 0 for runs of git alone, whose output is not parsed. */
  files: number;
  seconds: number;
  commitsPerSecond: number;
  /** Peak resident set size of this process so far, in MiB (git child processes not included). */
  peakRssMiB: number;
  /** Bytes git printed, for runs of git alone. */
  outputBytes?: number;
}

function timing(label: string, commits: number, files: number, started: bigint): MiningTiming {
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { label, commits, files, seconds, commitsPerSecond: commits / seconds, peakRssMiB: process.resourceUsage().maxRSS / 1024 };
}

/**
 * Times walking `limit` first-parent commits (all when omitted) from the tip
 * of the opened branch, reading every changed file, through `walk`: by
 * default the backend's own log. Pass another `walk` to time another source
 * of the same records (a cached store).
 */
export async function timeMining(
  label: string,
  walk: () => AsyncIterable<{ files: readonly unknown[] }>,
  limit = Number.POSITIVE_INFINITY,
): Promise<MiningTiming> {
  const started = process.hrtime.bigint();
  let commits = 0;
  let files = 0;
  for await (const commit of walk()) {
    commits += 1;
    files += commit.files.length;
    if (commits >= limit) break;
  }
  return timing(label, commits, files, started);
}

/** Times raw `git log --first-parent --name-status -n <commits>` from `tip`, output read and discarded. */
export async function timeRawGit(gitdir: string, tip: string, commits: number): Promise<MiningTiming> {
  const started = process.hrtime.bigint();
  const child = spawnGit(gitdir, ['log', '--first-parent', '--name-status', '-n', String(commits), tip, '--']);
  const exit = exitOf(child);
  let bytes = 0;
  for await (const chunk of child.stdout) bytes += (chunk as Buffer).length;
  const { code, stderr } = await exit;
  if (code !== 0) throw new Error(`git log failed: ${stderr}`);
  return { ...timing('raw-git', commits, 0, started), outputBytes: bytes };
}

/** What can be timed: a backend, or the native backend without line counts. */
export const MODES = ['native', 'native-no-lines', 'isomorphic'] as const;
export type Mode = (typeof MODES)[number];

export interface BenchReport {
  repo: string;
  branch: string;
  tip: string;
  runs: MiningTiming[];
  /** Each mode's time over raw `git log --name-status` for the same commits (2 means twice as slow). */
  slowdown: Record<string, number>;
  /** What each mode's backend could not read (missing blobs make the native backend drop line counts). */
  gaps: Record<string, HistoryGaps>;
  /** Peak RSS before anything was read, in MiB: Node and the loaded code. */
  baselineRssMiB: number;
}

/** Times `git log` with exactly the native backend's arguments, output discarded: the floor under the native backend. */
export async function timeGitAlone(label: string, gitdir: string, tip: string, commits: number, lineCounts: boolean): Promise<MiningTiming> {
  const started = process.hrtime.bigint();
  const child = spawnGit(gitdir, [...logArgs(tip, lineCounts).slice(0, -2), '-n', String(commits), tip, '--']);
  const exit = exitOf(child);
  for await (const chunk of child.stdout) void chunk;
  const { code, stderr } = await exit;
  if (code !== 0) throw new Error(`git log failed: ${stderr}`);
  return timing(label, commits, 0, started);
}

/** Runs the whole benchmark on one repository: each mode, then raw git over the same commits. */
export async function benchRepository(repo: string, modes: readonly Mode[], limit?: number, branch?: string): Promise<BenchReport> {
  const baselineRssMiB = process.resourceUsage().maxRSS / 1024;
  const runs: MiningTiming[] = [];
  const slowdown: Record<string, number> = {};
  const gaps: Record<string, HistoryGaps> = {};
  let facts: GitBackend['facts'] | null = null;
  for (const mode of modes) {
    const lineCounts = mode !== 'native-no-lines';
    const git = await openRepository(repo, { backend: mode === 'isomorphic' ? 'isomorphic' : 'native', branch });
    facts = git.facts;
    try {
      const run = await timeMining(mode, () => git.log(git.facts.tip, { lineCounts }), limit);
      const raw = await timeRawGit(git.facts.gitdir, git.facts.tip, run.commits);
      runs.push(raw, run);
      slowdown[mode] = run.seconds / raw.seconds;
      gaps[mode] = git.gaps;
      // git alone cannot run --numstat over a history with missing blobs (the backend fell back).
      if (mode !== 'isomorphic' && !(lineCounts && git.gaps.linesUnavailable > 0)) {
        const alone = await timeGitAlone(`git-alone:${mode}`, git.facts.gitdir, git.facts.tip, run.commits, lineCounts);
        runs.push(alone);
        slowdown[`git-alone:${mode}`] = alone.seconds / raw.seconds;
      }
    } finally {
      await git.close();
    }
  }
  if (!facts) throw new Error('No mode to time');
  return { repo: facts.path, branch: facts.defaultBranch, tip: facts.tip, runs, slowdown, gaps, baselineRssMiB };
}

const LABELS: Record<string, string> = {
  'raw-git': 'raw git log --name-status',
  native: 'native backend',
  'native-no-lines': 'native, lineCounts: false',
  isomorphic: 'isomorphic backend',
  'git-alone:native': "  (git log with native's args)",
  'git-alone:native-no-lines': "  (same, without --numstat)",
};

function print(report: BenchReport): void {
  console.log(`history: ${report.repo} (${report.branch} at ${report.tip.slice(0, 12)}); peak RSS before mining ${report.baselineRssMiB.toFixed(0)} MiB`);
  for (const run of report.runs) {
    console.log(
      `${(LABELS[run.label] ?? run.label).padEnd(32)} ${String(run.commits).padStart(7)} commits in ${run.seconds.toFixed(2).padStart(7)} s = ` +
        `${run.commitsPerSecond.toFixed(0).padStart(7)} commits/s   peak RSS ${run.peakRssMiB.toFixed(0)} MiB`,
    );
  }
  for (const [mode, gaps] of Object.entries(report.gaps)) {
    if (gaps.linesUnavailable + gaps.missingTrees > 0) {
      console.log(`${mode}: ${gaps.linesUnavailable} commits without line counts (missing blobs), ${gaps.missingTrees} missing trees`);
    }
  }
  for (const [mode, ratio] of Object.entries(report.slowdown)) {
    const verdict = mode.startsWith('native') ? (ratio <= 2 ? '  (within 2x)' : '  (over 2x)') : '';
    console.log(`${mode}/raw-git time: ${ratio.toFixed(2)}x${verdict}`);
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      repo: { type: 'string' },
      limit: { type: 'string' },
      modes: { type: 'string', default: MODES.join(',') },
      branch: { type: 'string' },
      'store-only': { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
    },
  });
  const repo = values.repo ?? (await buildDemoForBench());
  const modes = values.modes.split(',').map((m) => m.trim());
  const unknown = modes.filter((m) => !(MODES as readonly string[]).includes(m));
  if (unknown.length > 0) throw new Error(`Unknown mode ${unknown.join(', ')}; use ${MODES.join(', ')}`);
  const limit = values.limit === undefined ? undefined : Number(values.limit);
  const report = values['store-only'] ? null : await benchRepository(repo, modes as Mode[], limit, values.branch);
  const store = await benchStore(repo, values.branch);
  if (values.json) console.log(JSON.stringify({ ...report, store }, null, 2));
  else {
    if (report) print(report);
    printStore(store);
  }
}

/** Without --repo, the benchmark runs on the demo repository, built into a temporary folder. */
async function buildDemoForBench(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'swe-future-bench-'));
  await buildDemoRepo(join(dir, 'repo'));
  return join(dir, 'repo');
}

export interface StoreBench {
  /** A snapshot at the tip's time into a new store: mining, caching, evidence. */
  first: { seconds: number; newCommits: number; peakRssMiB: number };
  /** The same again: history comes from the store's cache, only new commits are read. */
  cached: { seconds: number; newCommits: number; cachedCommits: number; peakRssMiB: number };
  /** An hour later T0, the same commit: history and tree scan come from the store, a new snapshot is written. */
  sameCommit: { seconds: number; reused: boolean; peakRssMiB: number };
}

/**
 * Times `snapshotRepository` (default backend) three times on one store: a
 * cold run, a cached re-run, and a run at another T0 that resolves to the same commit.
 */
export async function benchStore(repo: string, branch?: string): Promise<StoreBench> {
  const dir = mkdtempSync(join(tmpdir(), 'swe-future-bench-db-'));
  const db = join(dir, 'bench.db');
  const git = await openRepository(repo, { branch });
  const t0 = new Date(Date.now() - 86_400_000).toISOString();
  await git.close();
  const run = async (at = t0) => {
    const started = process.hrtime.bigint();
    const result = await snapshotRepository({ repo, t0: at, db, branch, manifestDir: dir });
    return { seconds: Number(process.hrtime.bigint() - started) / 1e9, mining: result.mining, reused: result.reused, peakRssMiB: process.resourceUsage().maxRSS / 1024 };
  };
  const first = await run();
  const cached = await run();
  const sameCommit = await run(new Date(Date.parse(t0) + 3_600_000).toISOString());
  return {
    first: { seconds: first.seconds, newCommits: first.mining.newCommits, peakRssMiB: first.peakRssMiB },
    cached: { seconds: cached.seconds, newCommits: cached.mining.newCommits, cachedCommits: cached.mining.cachedCommits, peakRssMiB: cached.peakRssMiB },
    sameCommit: { seconds: sameCommit.seconds, reused: sameCommit.reused, peakRssMiB: sameCommit.peakRssMiB },
  };
}

function printStore(store: StoreBench): void {
  console.log(`snapshot into a new store        ${String(store.first.newCommits).padStart(7)} commits mined in ${store.first.seconds.toFixed(2).padStart(7)} s   peak RSS ${store.first.peakRssMiB.toFixed(0)} MiB`);
  console.log(
    `snapshot again (cached history)  ${String(store.cached.newCommits).padStart(7)} new, ${store.cached.cachedCommits} from cache, ${store.cached.seconds.toFixed(2)} s   peak RSS ${store.cached.peakRssMiB.toFixed(0)} MiB`,
  );
  console.log(
    `snapshot at T0 + 1 h (same commit)  ${store.sameCommit.reused ? 'identical snapshot reused' : 'new snapshot written'}, ${store.sameCommit.seconds.toFixed(2)} s   peak RSS ${store.sameCommit.peakRssMiB.toFixed(0)} MiB`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? (error as Error & { line?: string }).line ?? error.stack : error);
    process.exitCode = 1;
  });
}
