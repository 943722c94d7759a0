import type { ModelCall } from '../llm/model.js';
import type { Store } from './open.js';
import { RowWriter } from './tables.js';

/** Records model calls for a forecast or a validation; call inside the transaction that writes the owner. */
export function insertModelCalls(store: Store, owner: { forecastId: number } | { validationId: number }, calls: readonly ModelCall[]): void {
  const insert = new RowWriter(store.db, 'model_calls');
  const forecastId = 'forecastId' in owner ? owner.forecastId : null;
  const validationId = 'validationId' in owner ? owner.validationId : null;
  for (const c of calls) {
    insert.run({
      forecast_id: forecastId,
      validation_id: validationId,
      synthesis_id: null,
      task_id: null,
      purpose: c.purpose,
      model: c.model,
      base_url: c.baseURL,
      request: c.request,
      response: c.response,
      error: c.error,
      prompt_tokens: c.promptTokens,
      completion_tokens: c.completionTokens,
      started_at: c.startedAt,
      duration_ms: c.durationMs,
    });
  }
}
