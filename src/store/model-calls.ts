import type { ModelCall } from '../llm/model.js';
import type { Store } from './open.js';

/** Records model calls for a forecast or a validation; call inside the transaction that writes the owner. */
export function insertModelCalls(store: Store, owner: { forecastId: number } | { validationId: number }, calls: readonly ModelCall[]): void {
  const insert = store.db.prepare(
    `INSERT INTO model_calls (forecast_id, validation_id, purpose, model, base_url, request, response, error, prompt_tokens, completion_tokens, started_at, duration_ms)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const forecastId = 'forecastId' in owner ? owner.forecastId : null;
  const validationId = 'validationId' in owner ? owner.validationId : null;
  for (const c of calls) {
    insert.run(forecastId, validationId, c.purpose, c.model, c.baseURL, c.request, c.response, c.error, c.promptTokens, c.completionTokens, c.startedAt, c.durationMs);
  }
}
