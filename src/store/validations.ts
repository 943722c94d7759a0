import { UserError } from '../errors.js';
import type { ModelCall } from '../llm/model.js';
import { Metrics, Validation, Verdict } from '../validate/model.js';
import type { Store } from './open.js';
import { RowWriter } from './tables.js';
import { insertModelCalls } from './model-calls.js';
import { transact } from './transaction.js';

/**
 * Validations with their verdicts and matches, written in one transaction.
 * The same validation (same forecast, judge and hash of settings) is stored
 * once: saving it again returns the stored id.
 */
export function saveValidation(store: Store, validation: Validation, hash: string, calls: readonly ModelCall[] = []): { id: number; reused: boolean } {
  const v = Validation.parse(validation);
  const insertValidation = new RowWriter(store.db, 'validations');
  const insertVerdict = new RowWriter(store.db, 'verdicts');
  const insertMatch = new RowWriter(store.db, 'matches');
  return transact(store, () => {
    const existing = store.db
      .prepare<[number, string, string], number>('SELECT id FROM validations WHERE forecast_id = ? AND judge = ? AND hash = ?')
      .pluck()
      .get(v.forecastId, v.judge, hash);
    if (existing !== undefined) return { id: existing, reused: true };
    const id = insertValidation.insert({
      forecast_id: v.forecastId,
      forecast_hash: v.forecastHash,
      judge: v.judge,
      judge_config: JSON.stringify(v.judgeConfig),
      window_length: v.window,
      window_start: v.windowStart,
      window_end: v.windowEnd,
      exclude_bots: v.excludeBots ? 1 : 0,
      metrics: JSON.stringify(v.metrics),
      hash,
      created_at: new Date().toISOString(),
    });
    v.verdicts.forEach((verdict, ord) => {
      const row = insertVerdict.insert({
        validation_id: id, ord, family_id: verdict.familyId, category: verdict.category, label: verdict.label, score: verdict.score, reason: verdict.reason,
      });
      verdict.matches.forEach((m, i) =>
        insertMatch.run({ verdict_id: row, ord: i, work_item_key: m.key, title: m.title, label: m.label, score: m.score, reason: m.reason }),
      );
    });
    insertModelCalls(store, { validationId: id }, calls);
    return { id, reused: false };
  });
}

interface ValidationRow {
  forecast_id: number;
  forecast_hash: string;
  judge: string;
  judge_config: string;
  window_length: string;
  window_start: string;
  window_end: string;
  exclude_bots: number;
  metrics: string;
}

export function loadValidation(store: Store, id: number): Validation {
  const row = store.db.prepare<[number], ValidationRow>('SELECT * FROM validations WHERE id = ?').get(id);
  if (!row) {
    throw new UserError('VALIDATION_NOT_FOUND', `There is no validation ${id} in this store`, 'List them with `swe-future query "SELECT id, forecast_id, judge FROM validations"`, or check --db.');
  }
  const verdictRows = store.db
    .prepare<[number], { id: number; family_id: string; category: string; label: string; score: number; reason: string }>(
      'SELECT id, family_id, category, label, score, reason FROM verdicts WHERE validation_id = ? ORDER BY ord',
    )
    .all(id);
  const matchStmt = store.db.prepare<[number], { work_item_key: string; title: string; label: string; score: number; reason: string }>(
    'SELECT work_item_key, title, label, score, reason FROM matches WHERE verdict_id = ? ORDER BY ord',
  );
  const verdicts = verdictRows.map((r) =>
    Verdict.parse({
      familyId: r.family_id,
      category: r.category,
      label: r.label,
      score: r.score,
      reason: r.reason,
      matches: matchStmt.all(r.id).map((m) => ({ key: m.work_item_key, title: m.title, label: m.label, score: m.score, reason: m.reason })),
    }),
  );
  return Validation.parse({
    forecastId: row.forecast_id,
    forecastHash: row.forecast_hash,
    judge: row.judge,
    judgeConfig: JSON.parse(row.judge_config),
    window: row.window_length,
    windowStart: row.window_start,
    windowEnd: row.window_end,
    excludeBots: row.exclude_bots === 1,
    verdicts,
    metrics: Metrics.parse(JSON.parse(row.metrics)),
  });
}

/** The repository and T0 behind a forecast, for loading its later work. */
export function forecastOrigin(store: Store, forecastId: number): { repoId: number; t0: string; snapshotId: number } | null {
  const row = store.db
    .prepare<[number], { repo_id: number; t0: string; snapshot_id: number }>(
      'SELECT s.repo_id, s.t0, s.id AS snapshot_id FROM forecasts f JOIN snapshots s ON s.id = f.snapshot_id WHERE f.id = ?',
    )
    .get(forecastId);
  return row ? { repoId: row.repo_id, t0: row.t0, snapshotId: row.snapshot_id } : null;
}

/** When the newest mined commit of a repository landed: later work after it is unknown to the store. */
export function historyEnd(store: Store, repoId: number): string | null {
  return store.db.prepare<[number], string | null>('SELECT max(committer_time) FROM commits WHERE repo_id = ?').pluck().get(repoId) ?? null;
}
