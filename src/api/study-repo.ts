import { existsSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { environmentError, isUserError, UserError } from '../errors.js';
import type { Forecaster } from '../forecast/forecaster.js';
import type { AddedIdentifiersMemo } from '../git/added-identifiers.js';
import { cloneIntoCache } from '../git/clone-cache.js';
import { cloneUrl } from '../study/credentials.js';
import { silentProgress, type Progress } from '../progress.js';
import { openStore } from '../store/open.js';
import { createShard } from '../store/shards.js';
import { recordShardRepo, type StudyResult } from '../store/studies.js';
import { RepoTask } from '../study/model.js';
import type { EmbeddingCache } from '../validate/judges/embedding.js';
import { createEmbeddingCache } from '../store/embedding-cache.js';
import { forecastSnapshot } from './forecast.js';
import { snapshotRepository } from './snapshot.js';
import { validateForecast, type ValidateOptions } from './validate.js';

/**
 * The per-repository unit of work of a study, the same for the local
 * `--jobs` runner and for queue workers: snapshot, every forecaster, every
 * judge, written into a fresh shard (src/store/shards.ts) and nowhere else.
 * The coordinator merges the shard into the main store.
 */

export interface RepoTaskOptions {
  /** The shard file to create (replaced if it exists). */
  shard: string;
  /**
   * A main store to read from (never written): the repository's mined
   * history is copied into the shard so it is not mined again, and the
   * embedding judge finds the vectors it already has. Local runs pass theirs.
   */
  seedFrom?: string;
  /** Where repositories named by a clone URL are cloned and reused (src/git/clone-cache.ts). */
  cacheDir: string;
  /** Builds the network judges (embedding, llm) the task names. */
  networkJudge?: ValidateOptions['networkJudge'];
  /** Builds the llm forecaster when the task names it. */
  llmForecaster?: () => Forecaster;
  progress?: Progress;
  /** Warnings as they happen (a stale clone), already prefixed with the repository's name. */
  onWarning?: (message: string) => void;
  now?: Date;
}

export type RepoTaskOutcome =
  | { status: 'done'; seconds: number; warnings: string[] }
  | {
      status: 'failed';
      seconds: number;
      warnings: string[];
      /** The one line recorded for the repository. */
      error: string;
      /** Its error code (src/error-codes.ts): the UserError's, the environment's, or INTERNAL for a bug. */
      code: string;
      /** True for an expected failure (a UserError: missing clone, shallow history): trying again gives the same. */
      expected: boolean;
      /** The stack of an unexpected error (a bug), for --debug. */
      stack?: string;
    };

/**
 * Runs one repository's work into `options.shard`. Never throws for the
 * repository's own failures: they come back as `failed` with the one line
 * to record. On `done`, the shard holds the study's row, the repository's
 * row (done) and its results, ready for `mergeShard`.
 */
export async function runRepoTask(task: RepoTask, options: RepoTaskOptions): Promise<RepoTaskOutcome> {
  const t = RepoTask.parse(task);
  const started = performance.now();
  const progress = options.progress ?? silentProgress;
  const warnings: string[] = [];
  const warn = (w: string) => {
    warnings.push(w);
    options.onWarning?.(w);
  };
  try {
    const { folder, cloned } = await locate(t, options.cacheDir, progress);
    const db = options.shard;
    createShard(db, options.seedFrom ? { from: options.seedFrom, repoPath: realpathSync(folder) } : undefined);
    progress.stage(`${t.name}: snapshot`);
    const snapshotId = (await snapshotRepository({ repo: folder, t0: t.t0, db, name: t.name, manifestDir: join(db, '..', 'snapshots'), now: options.now })).id;
    if (cloned) storeUnder(db, t.path);
    const results: StudyResult[] = [];
    const said = new Set<string>();
    const networkJudge = layeredJudges(options);
    const addedMemo: AddedIdentifiersMemo = new Map(); // the window's diffs, read once for every forecaster and judge
    for (const forecaster of t.forecasters) {
      progress.stage(`${t.name}: forecast (${forecaster})`);
      const forecast = await forecastSnapshot({ db, snapshot: snapshotId, forecaster, seed: t.seed, maxFamilies: t.maxFamilies, maxLoose: t.maxLoose, scoreFloor: t.scoreFloor, llm: options.llmForecaster });
      for (const judge of t.judges) {
        progress.stage(`${t.name}: validate (${forecaster}, ${judge})`);
        const validation = await validateForecast({ db, forecast: forecast.id, window: t.window, judge, networkJudge, now: options.now, addedMemo });
        for (const w of validation.warnings.filter((x) => !said.has(x))) {
          said.add(w);
          warn(`${t.name}: ${w}`);
        }
        results.push({ forecaster, judge, forecastId: forecast.id, validationId: validation.id });
      }
    }
    const shard = openStore(db);
    try {
      recordShardRepo(shard, t, { snapshotId, seconds: seconds(started), results });
    } finally {
      shard.close();
    }
    return { status: 'done', seconds: seconds(started), warnings };
  } catch (err) {
    const expected = isUserError(err);
    // A network failure (or a path the machine refuses) is named as such, not as a bug; it is worth retrying.
    const environment = expected ? null : environmentError(err);
    const error = expected ? err.line : environment ? environment.line : `internal error (a bug: please report it): ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`;
    return {
      status: 'failed',
      seconds: seconds(started),
      warnings,
      error,
      code: expected ? err.code : environment ? environment.code : 'INTERNAL',
      expected,
      ...(expected || environment ? {} : { stack: err instanceof Error ? err.stack : String(err) }),
    };
  }
}

/**
 * The folder to read: the task's path when it is a folder here, else a clone
 * of its URL in the cache (made or brought up to date now).
 */
async function locate(t: RepoTask, cacheDir: string, progress: Progress): Promise<{ folder: string; cloned: boolean }> {
  if (existsSync(t.path)) return { folder: t.path, cloned: false };
  if (t.url === undefined) {
    throw new UserError('STUDY_REPO_NOT_FOUND', `There is no folder ${t.path} (repos[${t.ord}] of the config)`, 'Clone the repository there or fix its path, then run the same command again.');
  }
  progress.stage(`${t.name}: clone or fetch`);
  return { folder: await cloneIntoCache(cloneUrl(t.url), cacheDir), cloned: true };
}

/** A repository read from a cache clone is stored under the task's path (or URL), the same on every machine. */
function storeUnder(db: string, path: string): void {
  const shard = openStore(db);
  try {
    shard.db.prepare('UPDATE repos SET path = ?').run(path);
  } finally {
    shard.close();
  }
}

/** The network judges, with an embedding cache that also reads the seed store's vectors. */
function layeredJudges(options: RepoTaskOptions): ValidateOptions['networkJudge'] {
  const build = options.networkJudge;
  const seedFrom = options.seedFrom;
  if (!build || !seedFrom || !existsSync(seedFrom)) return build;
  return (name, deps) => build(name, { embeddingCache: layeredCache(deps.embeddingCache, seedFrom) });
}

function layeredCache(own: EmbeddingCache, seedFrom: string): EmbeddingCache {
  return {
    get(model, baseURL, texts) {
      const mine = own.get(model, baseURL, texts);
      if (mine.every((v) => v !== undefined)) return mine;
      const seed = openStore(seedFrom, { readonly: true });
      try {
        const theirs = createEmbeddingCache(seed).get(model, baseURL, texts);
        return mine.map((v, i) => v ?? theirs[i]);
      } finally {
        seed.close();
      }
    },
    put: (model, baseURL, texts, vectors) => own.put(model, baseURL, texts, vectors),
  };
}

function seconds(since: number): number {
  return Math.round(performance.now() - since) / 1000;
}
