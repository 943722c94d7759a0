import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { UserError } from '../errors.js';
import type { Forecaster } from '../forecast/forecaster.js';
import { silentProgress, type Progress } from '../progress.js';
import { defaultCacheDir } from '../git/clone-cache.js';
import type { CoordinatorSettings } from '../queue/coordinator.js';
import type { QueueConnection } from '../queue/connection.js';
import type { ModelSettings } from '../queue/job.js';
import { openStore, type Store } from '../store/open.js';
import { mergeShard, type MergeResult } from '../store/shards.js';
import { loadSnapshotHeader } from '../store/snapshots.js';
import { loadStudyRepos, loadStudyRuns, markRepoFailed, openStudy, type StudyRecord, type StudyRepoRow } from '../store/studies.js';
import { poolAgreement } from '../study/agreement.js';
import { assertDistinctClones, parseStudyConfig } from '../study/config.js';
import type { AgreementRow, AtKRow, ReliabilityRow, RepoTask, StudyConfig, StudyTableRow } from '../study/model.js';
import { runPool } from '../study/pool.js';
import { createRepoPool, type RepoPool } from '../study/repo-pool.js';
import { largestFirst } from '../study/schedule.js';
import { buildStudyTable } from '../study/table.js';
import { buildAtK, buildReliability } from '../study/ranked.js';
import { isOfflineJudge, type JudgeName, type NetworkJudgeName } from '../validate/model.js';
import { repoName, writeManifest } from './snapshot.js';
import { runRepoTask } from './study-repo.js';
import type { ValidateOptions } from './validate.js';

export interface StudyOptions {
  db: string;
  /** The study config file (JSON, docs/study.md); its repository paths are relative to it. */
  config: string;
  /** Repositories worked on at once; default 2. */
  jobs?: number;
  /** stage: what a repository is doing now; tick(finished, total) as repositories finish (done or failed). */
  progress?: Progress;
  /** Things the user should know as they happen (a missing clone, a failed repository, a stale clone). */
  onWarning?: (message: string) => void;
  /** Once aborted, no new repository starts; the running ones finish and the result says `interrupted`. */
  signal?: AbortSignal;
  /** Builds the network judges (embedding, llm) the config names. */
  networkJudge?: ValidateOptions['networkJudge'];
  /** Builds the llm forecaster when the config names it. */
  llmForecaster?: () => Forecaster;
  /** The present (tests pin it): windows must have ended by then. */
  now?: Date;
  /**
   * A Redis URL (`redis://[:PASSWORD@]HOST:PORT[/DB]`): run the repositories as
   * jobs on this queue, done by `swe-future worker` processes, instead of in
   * this process. Never printed, logged or stored.
   */
  queue?: string;
  /** With `queue`: put repositories whose jobs failed (retries exhausted) back on the queue. Local runs always retry them. */
  retryFailed?: boolean;
  /** With `queue`: retries, backoff, how often progress is read (tests make them short). */
  queueSettings?: CoordinatorSettings;
  /** With `queue`: the endpoint settings (no keys) the workers build the llm forecaster and network judges from. */
  models?: ModelSettings;
  /**
   * Local runs: each repository in a child process (`jobs` at once), as a queue worker runs it. Default: true
   * when swe-future runs compiled (the installed CLI); from the TypeScript sources (tests, `npm run cli`), where
   * each child would first compile them, repositories run concurrently in this process unless this says true.
   */
  processes?: boolean;
  /** Where repositories named by a clone URL are cloned (local runs); default `defaultCacheDir()`. */
  cacheDir?: string;
}

export interface StudyRepoOutcome extends StudyRepoRow {
  /** Worked on in this run (false: done in an earlier run, skipped). */
  ranNow: boolean;
  /** The stack of an unexpected error in this run (a bug, not a user error), for --debug. */
  stack?: string;
}

export interface StudyRunResult {
  id: number;
  name: string;
  /** The config file, absolute. */
  configFile: string;
  config: StudyConfig;
  /** True when the study was already stored (same config): done repositories were skipped. */
  resumed: boolean;
  /** True when stopped by `signal` before every repository was tried. */
  interrupted: boolean;
  repos: StudyRepoOutcome[];
  table: StudyTableRow[];
  agreement: AgreementRow[];
  /** Ranked output: precision@k and coverage@k for k = 1..N (src/study/ranked.ts). */
  atK: AtKRow[];
  /** Score bins against the observed strong rate. */
  reliability: ReliabilityRow[];
  /** Wall-clock seconds of this run. */
  wallSeconds: number;
  warnings: string[];
}

/**
 * Runs a study: for every repository of the config, snapshot → forecast
 * with every forecaster → validate with every judge; then pools every result
 * of the study into the table. Each repository is one unit of work
 * (`runRepoTask`, src/api/study-repo.ts) that writes into a shard of its own;
 * this process is the only writer of the main store and merges each shard in
 * one transaction. Locally `jobs` repositories run at once; with `queue`, the
 * repositories are jobs on a BullMQ queue run by `swe-future worker`
 * processes on any machine (docs/scale-out.md), and this process enqueues,
 * watches and merges.
 *
 * Resumable: the study is keyed by its config's hash, repositories already
 * done are skipped, and a repository interrupted half-way is redone from the
 * start (its shard is thrown away; an identical snapshot, forecast or
 * validation already in the store is reused at the merge, so nothing is
 * duplicated). A repository that fails is recorded `failed` with its
 * one-line error and the study goes on; the next run tries it again (with
 * `queue`: only with `retryFailed`). Only the config, the options (and the
 * forecaster and judge builders, and the queue's reachability) can stop the
 * study before it starts, as a UserError.
 */
export async function runStudy(options: StudyOptions): Promise<StudyRunResult> {
  const started = performance.now();
  const progress = options.progress ?? silentProgress;
  const jobs = options.jobs ?? 2;
  if (!Number.isInteger(jobs) || jobs < 1) throw new UserError('BAD_OPTION', `Option --jobs: expected a whole number of at least 1, got ${jobs}`, 'Pass --jobs 1 or more.');
  const configFile = resolve(options.config);
  const config = parseStudyConfig(readConfig(options.config, configFile), configFile, { now: options.now ?? new Date(), display: options.config });
  assertDistinctClones(config, options.config);
  assertBuildable(config, options);
  // Checked before the store is created: an unreachable queue leaves nothing behind.
  // The queue client (bullmq, ioredis) loads only for a queued study.
  const queue = options.queue === undefined ? null : await (await import('../queue/connection.js')).connectQueue(options.queue);

  const warnings: string[] = [];
  const warn = (message: string) => {
    warnings.push(message);
    options.onWarning?.(message);
  };
  const names = config.repos.map((r) => r.name ?? repoName(r.path));

  let store: Store | null = null;
  try {
    store = openStore(options.db);
    const { study, resumed } = openStudy(store, config, names);
    const before = loadStudyRepos(store, study.id);
    const ctx: RunContext = { store, study, config, options, progress, warn, manifestDir: join(dirname(resolve(options.db)), 'snapshots') };
    const ran = queue ? await runOnQueue(ctx, before, queue) : await runLocally(ctx, before, jobs);

    const repos = loadStudyRepos(store, study.id).map((r) => {
      const stack = ran.ranNow.get(r.ord);
      return { ...r, ranNow: ran.ranNow.has(r.ord), ...(stack ? { stack } : {}) };
    });
    const runs = loadStudyRuns(store, study.id);
    const lists = { forecasters: config.forecasters, judges: config.judges, runs };
    return {
      id: study.id,
      name: study.name,
      configFile,
      config,
      resumed,
      interrupted: ran.interrupted,
      repos,
      table: buildStudyTable(lists),
      agreement: poolAgreement(lists),
      atK: buildAtK(lists),
      reliability: buildReliability(lists),
      wallSeconds: seconds(started),
      warnings,
    };
  } finally {
    store?.close();
    await queue?.close();
  }
}

interface RunContext {
  store: Store;
  study: StudyRecord;
  config: StudyConfig;
  options: StudyOptions;
  progress: Progress;
  warn: (message: string) => void;
  /** Where snapshot manifests of merged repositories go: `snapshots/` beside the main store. */
  manifestDir: string;
}

interface Ran {
  /** Repositories worked on in this run, with the stack of a bug if one failed of it. */
  ranNow: Map<number, string | undefined>;
  interrupted: boolean;
}

/** The repository's work as one task: what the unit (and a queue job) needs. */
export function repoTask(study: StudyRecord, config: StudyConfig, row: StudyRepoRow): RepoTask {
  const repo = config.repos[row.ord]!;
  return {
    study: { hash: study.hash, name: study.name },
    ord: row.ord,
    name: row.name,
    path: row.path,
    ...(repo.url === undefined ? {} : { url: repo.url }),
    t0: row.t0,
    window: config.window,
    forecasters: config.forecasters,
    judges: config.judges,
    seed: config.seed,
    maxFamilies: config.maxFamilies,
    ...(config.maxLoose === undefined ? {} : { maxLoose: config.maxLoose }),
    ...(config.scoreFloor === undefined ? {} : { scoreFloor: config.scoreFloor }),
  };
}

/**
 * Merges a repository's shard into the main store (one transaction; a
 * repository already done is left as it is) and writes the manifest of each
 * snapshot merged now.
 */
export function mergeRepoShard(store: Store, shardFile: string, manifestDir: string): MergeResult {
  const merged = mergeShard(store, shardFile);
  for (const r of merged.repos) {
    // The manifest names the snapshot and its counts: its header, not its evidence rows.
    const header = r.snapshotId === null ? null : loadSnapshotHeader(store, r.snapshotId);
    if (header) writeManifest(manifestDir, r.snapshotId!, header);
  }
  return merged;
}

/** `jobs` repositories at a time in this process, each into a shard in a temporary folder, merged as it finishes. */
async function runLocally(ctx: RunContext, before: StudyRepoRow[], jobs: number): Promise<Ran> {
  const { store, study, config, options, progress, warn } = ctx;
  // Largest history first, so the longest repository does not run alone at the end (src/study/schedule.ts).
  const todo = largestFirst(before.filter((r) => r.status !== 'done'));
  const total = before.length;
  let finished = total - todo.length;
  const ranNow = new Map<number, string | undefined>();
  // Missing clones are told before any work (a done repository's clone is not needed any more).
  const missing = new Set(todo.filter((r) => !existsSync(r.path) && config.repos[r.ord]!.url === undefined).map((r) => r.ord));
  for (const ord of missing) {
    warn(`${before[ord]!.name}: there is no folder ${config.repos[ord]!.path} (repos[${ord}]); it will be recorded as failed. Clone it there and run the same command again to resume`);
  }
  progress.stage(`study ${study.name}: ${todo.length} of ${total} repositories to run, ${jobs} at a time`);
  progress.tick(finished, total);
  const cacheDir = options.cacheDir ?? defaultCacheDir();
  // Repositories run in child processes, `jobs` at once, each into its own shard as on a queue. A config with
  // the llm forecaster or a network judge runs in this process instead: its model clients are built here.
  const needsModels = config.forecasters.includes('llm') || config.judges.some((j) => !isOfflineJudge(j));
  const pool: RepoPool | null = needsModels || todo.length === 0 || !(options.processes ?? RUNS_COMPILED) ? null : createRepoPool(Math.min(jobs, todo.length));

  const work = todo.map((row) => ({
    key: row.path,
    run: async () => {
      const dir = mkdtempSync(join(tmpdir(), `swe-future-shard-${process.pid}-`)); // the pid lets a later run remove it if this process is killed (src/cli/leftovers.ts)
      try {
        const shard = join(dir, 'shard.db');
        const task = repoTask(study, config, row);
        progress.stage(`${row.name}: snapshot, forecasts, validations`);
        stopForTests(ranNow.size);
        const outcome = pool
          ? await pool.run({ task, shard, seedFrom: store.file, cacheDir, ...(options.now ? { now: options.now.toISOString() } : {}) })
          : await runRepoTask(task, {
              shard, seedFrom: store.file, cacheDir, networkJudge: options.networkJudge, llmForecaster: options.llmForecaster, progress, onWarning: warn, now: options.now,
            });
        if (pool) for (const w of outcome.warnings) warn(w);
        if (outcome.status === 'done') {
          mergeRepoShard(store, shard, ctx.manifestDir);
          ranNow.set(row.ord, undefined);
        } else {
          markRepoFailed(store, study.id, row.ord, { error: outcome.error, snapshotId: null, seconds: outcome.seconds });
          // A missing clone was warned about above: its failure needs no second warning.
          if (!missing.has(row.ord)) warn(`${row.name} failed: ${outcome.error}`);
          ranNow.set(row.ord, outcome.stack);
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
      progress.tick(++finished, total);
    },
  }));
  try {
    await runPool(work, { jobs, stopped: () => options.signal?.aborted ?? false });
  } finally {
    progress.done();
    await pool?.close();
  }
  return { ranNow, interrupted: todo.some((r) => !ranNow.has(r.ord)) };
}

/**
 * Test hook (tests/study/resume.test.ts; docs/study.md): with SWE_FUTURE_TEST_STOP_AFTER=N, a local study stops
 * itself (SIGSTOP, as Ctrl-Z would) as a repository starts once N have been worked on in this run, so a test can
 * kill or interrupt it at that exact point; SIGCONT resumes it unchanged. Unset (or not a whole number >= 1): no effect.
 */
let stoppedForTests = false;
function stopForTests(ranSoFar: number): void {
  const after = Number(process.env.SWE_FUTURE_TEST_STOP_AFTER ?? 0);
  if (stoppedForTests || !Number.isInteger(after) || after < 1 || ranSoFar < after) return;
  stoppedForTests = true; // once per process
  process.kill(process.pid, 'SIGSTOP');
}

/** Enqueues the repositories not done, shows the queue's progress, merges each result as it arrives (src/queue/coordinator.ts). */
async function runOnQueue(ctx: RunContext, before: StudyRepoRow[], queue: QueueConnection): Promise<Ran> {
  const { store, study, config, options, progress, warn } = ctx;
  const { coordinateStudy } = await import('../queue/coordinator.js');
  const result = await coordinateStudy({
    queue,
    rows: before,
    task: (row) => repoTask(study, config, row),
    merge: (file) => mergeRepoShard(store, file, ctx.manifestDir).merged,
    fail: (ord, error, secs) => markRepoFailed(store, study.id, ord, { error, snapshotId: null, seconds: secs }),
    status: () => new Map(loadStudyRepos(store, study.id).map((r) => [r.ord, r.status])),
    retryFailed: options.retryFailed ?? false,
    progress,
    warn,
    signal: options.signal,
    ...(options.queueSettings ?? {}),
    models: options.models ?? null,
  });
  return { ranNow: new Map([...result.ranNow].map((ord) => [ord, undefined])), interrupted: result.interrupted };
}

/** True when this module runs as compiled JavaScript (not from the TypeScript sources). */
const RUNS_COMPILED = import.meta.url.endsWith('.js');

function readConfig(given: string, file: string): string {
  if (!existsSync(file)) {
    throw new UserError('STUDY_CONFIG_NOT_FOUND', `There is no study config at ${given}`, 'Pass --config with a JSON file; docs/study.md shows one.');
  }
  if (!statSync(file).isFile()) {
    throw new UserError('STUDY_CONFIG_NOT_FOUND', `The study config ${given} is not a file`, 'Pass --config with a JSON file; docs/study.md shows one.');
  }
  return readFileSync(file, 'utf8');
}

/**
 * Builds the llm forecaster and the network judges the config names once,
 * before any work, so a missing endpoint is one error now instead of one
 * failed row per repository later.
 */
function assertBuildable(config: StudyConfig, options: StudyOptions): void {
  if (config.forecasters.includes('llm')) {
    if (!options.llmForecaster) {
      throw new UserError('LLM_NOT_CONFIGURED', 'The study config names the llm forecaster, which needs a model client', 'Pass `llmForecaster`, or remove "llm" from forecasters.');
    }
    options.llmForecaster();
  }
  for (const judge of config.judges.filter((j): j is NetworkJudgeName => !isOfflineJudge(j))) {
    if (!options.networkJudge) {
      throw new UserError('JUDGE_NOT_CONFIGURED', `The study config names the ${judge} judge, which needs a model endpoint`, `Pass \`networkJudge\`, or remove "${judge}" from judges.`);
    }
    // Built only to check the endpoint settings, never used: it gets a cache that holds nothing.
    options.networkJudge(judge, { embeddingCache: { get: (_model, _url, texts) => texts.map(() => undefined), put() {} } });
  }
}

function seconds(since: number): number {
  return Math.round(performance.now() - since) / 1000;
}
