import { contentHash } from '../hash.js';
import type { ForecasterName } from '../forecast/model.js';
import { type RepoStatus, type RepoTask, StudyConfig, type StudyRun } from '../study/model.js';
import type { JudgeName } from '../validate/model.js';
import type { Store } from './open.js';
import { RowWriter } from './tables.js';
import { transact } from './transaction.js';
import { loadValidation } from './validations.js';

/**
 * Studies (migration 3: studies, study_repos, study_results). A study is
 * keyed by the hash of its normalised config, so the same config is the same
 * study; each of its repositories has one row that turns `done` in the same
 * transaction that writes that repository's results.
 */

export interface StudyRecord {
  id: number;
  name: string;
  config: StudyConfig;
  hash: string;
  createdAt: string;
}

export interface StudyRepoRow {
  ord: number;
  path: string;
  name: string;
  t0: string;
  status: RepoStatus;
  error: string | null;
  snapshotId: number | null;
  seconds: number | null;
  finishedAt: string | null;
}

/** One (forecaster, judge) result of a repository. */
export interface StudyResult {
  forecaster: ForecasterName;
  judge: JudgeName;
  forecastId: number;
  validationId: number;
}

export function studyHash(config: StudyConfig): string {
  return contentHash(StudyConfig.parse(config));
}

/**
 * The study for this config: the stored one with the same hash (resumed), or
 * a new one with a `pending` row per repository. `names` are the
 * repositories' display names, in config order.
 */
export function openStudy(store: Store, config: StudyConfig, names: readonly string[]): { study: StudyRecord; resumed: boolean } {
  const c = StudyConfig.parse(config);
  const hash = studyHash(c);
  const addRepo = new RowWriter(store.db, 'study_repos', { orIgnore: true });
  const addStudy = new RowWriter(store.db, 'studies');
  const { id, resumed } = transact(store, () => {
    const existing = store.db.prepare<[string], number>('SELECT id FROM studies WHERE config_hash = ?').pluck().get(hash);
    const id = existing ?? addStudy.insert({ name: c.name, config: JSON.stringify(c), config_hash: hash, created_at: new Date().toISOString() });
    c.repos.forEach((r, ord) =>
      addRepo.run({
        study_id: id, ord, path: r.path, name: names[ord] ?? r.path, t0: r.t0, status: 'pending', error: null, snapshot_id: null, seconds: null, finished_at: null,
      }),
    );
    return { id, resumed: existing !== undefined };
  });
  return { study: loadStudy(store, id)!, resumed };
}

export function loadStudy(store: Store, id: number): StudyRecord | null {
  const row = store.db
    .prepare<[number], { id: number; name: string; config: string; config_hash: string; created_at: string }>('SELECT * FROM studies WHERE id = ?')
    .get(id);
  if (!row) return null;
  return { id: row.id, name: row.name, config: StudyConfig.parse(JSON.parse(row.config)), hash: row.config_hash, createdAt: row.created_at };
}

export function loadStudyRepos(store: Store, studyId: number): StudyRepoRow[] {
  return store.db
    .prepare<[number], { ord: number; path: string; name: string; t0: string; status: RepoStatus; error: string | null; snapshot_id: number | null; seconds: number | null; finished_at: string | null }>(
      'SELECT ord, path, name, t0, status, error, snapshot_id, seconds, finished_at FROM study_repos WHERE study_id = ? ORDER BY ord',
    )
    .all(studyId)
    .map((r) => ({ ord: r.ord, path: r.path, name: r.name, t0: r.t0, status: r.status, error: r.error, snapshotId: r.snapshot_id, seconds: r.seconds, finishedAt: r.finished_at }));
}

/**
 * Writes a repository's results and marks it done, in one transaction: a
 * repository is either done with all its rows or not done with none. A
 * repository already done (another process finished it first) is left as it is.
 */
export function markRepoDone(store: Store, studyId: number, ord: number, done: { snapshotId: number; seconds: number; results: readonly StudyResult[] }): void {
  const insert = new RowWriter(store.db, 'study_results');
  transact(store, () => {
    if (statusOf(store, studyId, ord) === 'done') return;
    store.db.prepare('DELETE FROM study_results WHERE study_id = ? AND repo_ord = ?').run(studyId, ord);
    for (const r of done.results) {
      insert.run({ study_id: studyId, repo_ord: ord, forecaster: r.forecaster, judge: r.judge, forecast_id: r.forecastId, validation_id: r.validationId });
    }
    store.db
      .prepare(`UPDATE study_repos SET status = 'done', error = NULL, snapshot_id = ?, seconds = ?, finished_at = ? WHERE study_id = ? AND ord = ?`)
      .run(done.snapshotId, done.seconds, new Date().toISOString(), studyId, ord);
  });
}

/** Records why a repository failed (a later run tries it again); a repository already done stays done. */
export function markRepoFailed(store: Store, studyId: number, ord: number, failed: { error: string; snapshotId: number | null; seconds: number }): void {
  transact(store, () => {
    store.db
      .prepare(`UPDATE study_repos SET status = 'failed', error = ?, snapshot_id = ?, seconds = ?, finished_at = ? WHERE study_id = ? AND ord = ? AND status <> 'done'`)
      .run(failed.error, failed.snapshotId, failed.seconds, new Date().toISOString(), studyId, ord);
  });
}

/**
 * Records a repository's finished work in a shard (src/store/shards.ts): a
 * `studies` row with the study's hash (its config holds the task's settings
 * only, the shard never needs the repository list), the repository's row,
 * done, and its results. `mergeShard` reads exactly these.
 */
export function recordShardRepo(shard: Store, task: RepoTask, done: { snapshotId: number; seconds: number; results: readonly StudyResult[] }): void {
  const { study, ord, name, path, t0, ...settings } = task;
  transact(shard, () => {
    const id =
      shard.db.prepare<[string], number>('SELECT id FROM studies WHERE config_hash = ?').pluck().get(study.hash) ??
      new RowWriter(shard.db, 'studies').insert({ name: study.name, config: JSON.stringify(settings), config_hash: study.hash, created_at: new Date().toISOString() });
    new RowWriter(shard.db, 'study_repos', { orIgnore: true }).run({
      study_id: id, ord, path, name, t0, status: 'pending', error: null, snapshot_id: null, seconds: null, finished_at: null,
    });
  });
  const id = shard.db.prepare<[string], number>('SELECT id FROM studies WHERE config_hash = ?').pluck().get(study.hash)!;
  markRepoDone(shard, id, ord, done);
}

/** The stored study with this config hash, or null. */
export function findStudy(store: Store, hash: string): StudyRecord | null {
  const id = store.db.prepare<[string], number>('SELECT id FROM studies WHERE config_hash = ?').pluck().get(hash);
  return id === undefined ? null : loadStudy(store, id);
}

function statusOf(store: Store, studyId: number, ord: number): RepoStatus | undefined {
  return store.db.prepare<[number, number], RepoStatus>('SELECT status FROM study_repos WHERE study_id = ? AND ord = ?').pluck().get(studyId, ord);
}

/** Every validated forecast of a study, with its verdicts and metrics, for the table. */
export function loadStudyRuns(store: Store, studyId: number): StudyRun[] {
  const rows = store.db
    .prepare<[number], { repo_ord: number; forecaster: ForecasterName; judge: JudgeName; forecast_id: number; validation_id: number; abstained: number }>(
      `SELECT r.repo_ord, r.forecaster, r.judge, r.forecast_id, r.validation_id, f.abstained
       FROM study_results r JOIN forecasts f ON f.id = r.forecast_id
       WHERE r.study_id = ? ORDER BY r.repo_ord, r.forecaster, r.judge`,
    )
    .all(studyId);
  return rows.map((r) => {
    const v = loadValidation(store, r.validation_id);
    const ranking = store.db
      .prepare<[number], { familyId: string; score: number }>('SELECT family_id AS familyId, score FROM families WHERE forecast_id = ? ORDER BY ord')
      .all(r.forecast_id);
    return { repoOrd: r.repo_ord, forecaster: r.forecaster, judge: r.judge, forecastId: r.forecast_id, abstained: r.abstained === 1, verdicts: v.verdicts, metrics: v.metrics, ranking };
  });
}
