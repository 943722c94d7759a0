import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { isUserError, UserError } from '../errors.js';
import type { Forecaster } from '../forecast/forecaster.js';
import { silentProgress, type Progress } from '../progress.js';
import { openStore, type Store } from '../store/open.js';
import { loadStudyRepos, loadStudyRuns, markRepoDone, markRepoFailed, openStudy, type StudyRepoRow, type StudyResult } from '../store/studies.js';
import { poolAgreement } from '../study/agreement.js';
import { parseStudyConfig } from '../study/config.js';
import type { AgreementRow, StudyConfig, StudyRepo, StudyTableRow } from '../study/model.js';
import { runPool } from '../study/pool.js';
import { buildStudyTable } from '../study/table.js';
import type { JudgeName } from '../validate/model.js';
import { forecastSnapshot } from './forecast.js';
import { repoName, snapshotRepository } from './snapshot.js';
import { validateForecast, type ValidateOptions } from './validate.js';

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
  /** Wall-clock seconds of this run. */
  wallSeconds: number;
  warnings: string[];
}

/**
 * Runs a study: for every repository of the config, snapshot → forecast
 * with every forecaster → validate with every judge, `jobs` repositories at
 * a time; then pools every result of the study into the table.
 *
 * Resumable: the study is keyed by its config's hash, repositories already
 * done are skipped, and a repository interrupted half-way is redone from the
 * start (snapshot, forecast and validate reuse identical stored objects, so
 * nothing is duplicated). A repository that fails is recorded `failed` with
 * its one-line error and the study goes on; the next run tries it again.
 * Only the config (and the forecaster and judge builders) can stop the
 * study before it starts, as a UserError.
 */
export async function runStudy(options: StudyOptions): Promise<StudyRunResult> {
  const started = performance.now();
  const progress = options.progress ?? silentProgress;
  const jobs = options.jobs ?? 2;
  if (!Number.isInteger(jobs) || jobs < 1) throw new UserError('BAD_OPTION', `Option --jobs: expected a whole number of at least 1, got ${jobs}`, 'Pass --jobs 1 or more.');
  const configFile = resolve(options.config);
  const config = parseStudyConfig(readConfig(options.config, configFile), configFile, { now: options.now ?? new Date(), display: options.config });
  assertBuildable(config, options);

  const warnings: string[] = [];
  const warn = (message: string) => {
    warnings.push(message);
    options.onWarning?.(message);
  };
  const names = config.repos.map((r) => r.name ?? repoName(r.path));

  const store = openStore(options.db);
  try {
    const { study, resumed } = openStudy(store, config, names);
    const before = loadStudyRepos(store, study.id);
    const todo = before.filter((r) => r.status !== 'done');
    const total = before.length;
    let finished = total - todo.length;
    const ranNow = new Map<number, string | undefined>();
    // Missing clones are told before any work (a done repository's clone is not needed any more).
    const missing = new Set(todo.filter((r) => !existsSync(r.path)).map((r) => r.ord));
    for (const ord of missing) {
      warn(`${names[ord]}: there is no folder ${config.repos[ord]!.path} (repos[${ord}]); it will be recorded as failed. Clone it there and run the same command again to resume`);
    }
    progress.stage(`study ${study.name}: ${todo.length} of ${total} repositories to run, ${jobs} at a time`);
    progress.tick(finished, total);

    const work = todo.map((row) => ({
      key: row.path,
      run: async () => {
        // A missing clone was warned about above: its failure needs no second warning.
        const outcome = await runRepo(store, study.id, config, row, config.repos[row.ord]!, options, progress, missing.has(row.ord) ? () => {} : warn);
        ranNow.set(row.ord, outcome.stack);
        progress.tick(++finished, total);
      },
    }));
    try {
      await runPool(work, { jobs, stopped: () => options.signal?.aborted ?? false });
    } finally {
      progress.done();
    }

    const repos = loadStudyRepos(store, study.id).map((r) => {
      const stack = ranNow.get(r.ord);
      return { ...r, ranNow: ranNow.has(r.ord), ...(stack ? { stack } : {}) };
    });
    const runs = loadStudyRuns(store, study.id);
    const lists = { forecasters: config.forecasters, judges: config.judges, runs };
    return {
      id: study.id,
      name: study.name,
      configFile,
      config,
      resumed,
      interrupted: todo.some((r) => !ranNow.has(r.ord)),
      repos,
      table: buildStudyTable(lists),
      agreement: poolAgreement(lists),
      wallSeconds: seconds(started),
      warnings,
    };
  } finally {
    store.close();
  }
}

/**
 * One repository, start to end. Its results and its `done` mark are written
 * in one transaction at the end; a failure anywhere marks it `failed` with
 * the error's one line and does not throw.
 */
async function runRepo(
  store: Store,
  studyId: number,
  config: StudyConfig,
  row: StudyRepoRow,
  repo: StudyRepo,
  options: StudyOptions,
  progress: Progress,
  warn: (message: string) => void,
): Promise<{ stack?: string }> {
  const started = performance.now();
  let snapshotId: number | null = null;
  try {
    if (!existsSync(repo.path)) {
      throw new UserError('STUDY_REPO_NOT_FOUND', `There is no folder ${repo.path} (repos[${row.ord}] of the config)`, 'Clone the repository there or fix its path, then run the same command again.');
    }
    progress.stage(`${row.name}: snapshot`);
    snapshotId = (await snapshotRepository({ repo: repo.path, t0: repo.t0, db: options.db, name: row.name })).id;
    const results: StudyResult[] = [];
    const said = new Set<string>();
    for (const forecaster of config.forecasters) {
      progress.stage(`${row.name}: forecast (${forecaster})`);
      const forecast = await forecastSnapshot({
        db: options.db, snapshot: snapshotId, forecaster, seed: config.seed, maxFamilies: config.maxFamilies, llm: options.llmForecaster,
      });
      for (const judge of config.judges) {
        progress.stage(`${row.name}: validate (${forecaster}, ${judge})`);
        const validation = await validateForecast({
          db: options.db, forecast: forecast.id, window: config.window, judge, networkJudge: options.networkJudge, now: options.now,
        });
        for (const w of validation.warnings.filter((x) => !said.has(x))) {
          said.add(w);
          warn(`${row.name}: ${w}`);
        }
        results.push({ forecaster, judge, forecastId: forecast.id, validationId: validation.id });
      }
    }
    markRepoDone(store, studyId, row.ord, { snapshotId, seconds: seconds(started), results });
    return {};
  } catch (err) {
    const line = isUserError(err) ? err.line : `internal error (a bug: please report it): ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`;
    markRepoFailed(store, studyId, row.ord, { error: line, snapshotId, seconds: seconds(started) });
    warn(`${row.name} failed: ${line}`);
    return isUserError(err) ? {} : { stack: err instanceof Error ? err.stack : String(err) };
  }
}

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
  for (const judge of config.judges.filter((j): j is Exclude<JudgeName, 'lexical'> => j !== 'lexical')) {
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
