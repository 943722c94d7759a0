import { UserError } from '../errors.js';
import { Forecast, TaskFamily } from '../forecast/model.js';
import type { ModelCall } from '../llm/model.js';
import type { Store } from './open.js';
import { RowWriter } from './tables.js';
import { insertModelCalls } from './model-calls.js';
import { transact } from './transaction.js';

/**
 * Frozen forecasts. Written once (forecast, families, citations and model
 * calls in one transaction); triggers refuse any later change. Saving a
 * forecast identical to a stored one (same snapshot, forecaster and hash)
 * returns the stored one.
 */
export function saveForecast(store: Store, forecast: Forecast, calls: readonly ModelCall[] = []): { id: number; reused: boolean } {
  const f = Forecast.parse(forecast);
  const insertForecast = new RowWriter(store.db, 'forecasts');
  const insertFamily = new RowWriter(store.db, 'families');
  const insertCitation = new RowWriter(store.db, 'family_evidence');
  return transact(store, () => {
    const existing = store.db
      .prepare<[number, string, string], number>('SELECT id FROM forecasts WHERE snapshot_id = ? AND forecaster = ? AND hash = ?')
      .pluck()
      .get(f.snapshotId, f.forecaster, f.hash);
    if (existing !== undefined) return { id: existing, reused: true };
    const id = insertForecast.insert({
      snapshot_id: f.snapshotId,
      forecaster: f.forecaster,
      config: JSON.stringify(f.config),
      abstained: f.abstained ? 1 : 0,
      abstain_reason: f.abstainReason,
      snapshot_hash: f.snapshotHash,
      hash: f.hash,
      frozen_at: f.frozenAt,
    });
    f.families.forEach((family, ord) => {
      const row = insertFamily.insert({
        forecast_id: id, ord, family_id: family.id, category: family.category, title: family.title, anchor: family.anchor.name, score: family.score, data: JSON.stringify(family),
      });
      for (const e of family.evidence) insertCitation.run({ family_row: row, ref: e.ref, kind: e.kind, date: e.date, reason: e.reason });
    });
    insertModelCalls(store, { forecastId: id }, calls);
    return { id, reused: false };
  });
}

interface ForecastRow {
  snapshot_id: number;
  forecaster: string;
  config: string;
  abstained: number;
  abstain_reason: string | null;
  snapshot_hash: string;
  hash: string;
  frozen_at: string;
}

/** The forecast stored under `id`, families in rank order. */
export function loadForecast(store: Store, id: number): Forecast & { id: number } {
  const row = store.db
    .prepare<[number], ForecastRow>('SELECT snapshot_id, forecaster, config, abstained, abstain_reason, snapshot_hash, hash, frozen_at FROM forecasts WHERE id = ?')
    .get(id);
  if (!row) {
    throw new UserError('FORECAST_NOT_FOUND', `There is no forecast ${id} in this store`, 'List them with `swe-future query "SELECT id, forecaster, snapshot_id FROM forecasts"`, or check --db.');
  }
  const families = store.db
    .prepare<[number], string>('SELECT data FROM families WHERE forecast_id = ? ORDER BY ord')
    .pluck()
    .all(id)
    .map((data) => TaskFamily.parse(JSON.parse(data)));
  return {
    id,
    ...Forecast.parse({
      snapshotId: row.snapshot_id,
      forecaster: row.forecaster,
      config: JSON.parse(row.config),
      abstained: row.abstained === 1,
      abstainReason: row.abstain_reason,
      snapshotHash: row.snapshot_hash,
      hash: row.hash,
      frozenAt: row.frozen_at,
      families,
    }),
  };
}
