import { UserError } from '../errors.js';
import { contentHash } from '../hash.js';
import { assertVisibleAtT0 } from '../snapshot/guard.js';
import type { Snapshot } from '../snapshot/model.js';
import { Forecast, ForecastDraft } from './model.js';

/**
 * Freezes a draft: checks every family against the snapshot it came from
 * (each cited ref exists there, dated <= T0), then fixes its hash. The hash
 * covers what the forecaster said and the snapshot hash, not when or where it
 * was stored, so the same snapshot and seed always give the same hash.
 */
export function freezeForecast(draft: ForecastDraft, snapshot: Snapshot & { id: number }, frozenAt: string): Forecast {
  const d = ForecastDraft.parse(draft);
  const refs = new Map(snapshot.evidence.map((e) => [e.ref, e]));
  for (const family of d.families) {
    for (const cited of family.evidence) {
      const row = refs.get(cited.ref);
      if (!row || row.date !== cited.date) {
        throw new Error(`Family ${family.id} cites ${cited.ref}, which is not evidence of snapshot ${snapshot.id} as cited`);
      }
    }
    assertVisibleAtT0(family.evidence, snapshot.t0);
  }
  return Forecast.parse({ ...d, snapshotId: snapshot.id, snapshotHash: snapshot.hash, hash: forecastHash(d, snapshot.hash), frozenAt });
}

export function forecastHash(draft: ForecastDraft, snapshotHash: string): string {
  return contentHash({
    forecaster: draft.forecaster,
    config: draft.config,
    families: draft.families,
    abstained: draft.abstained,
    abstainReason: draft.abstainReason,
    snapshotHash,
  });
}

/** Refuses a forecast whose stored content no longer matches its hash. */
export function verifyForecast(forecast: Forecast): void {
  const expected = forecastHash(forecast, forecast.snapshotHash);
  if (expected !== forecast.hash) {
    throw new UserError(
      'FORECAST_TAMPERED',
      `Forecast ${forecast.hash.slice(0, 19)}… does not match its hash (stored content changed after freezing)`,
      'Forecast again from the snapshot; a frozen forecast must never be edited.',
    );
  }
}
