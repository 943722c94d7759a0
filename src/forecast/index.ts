import type { Forecaster } from './forecaster.js';
import { createHotspotBaseline } from './baselines/hotspot.js';
import { createRandomAnchorBaseline } from './baselines/random-anchor.js';
import { createRecencyBaseline } from './baselines/recency.js';
import { createHeuristicForecaster } from './heuristic/index.js';
import type { ForecasterName } from './model.js';

export { freezeForecast, verifyForecast } from './freeze.js';
export type { Forecaster, ForecastOutcome, ForecastRequest } from './forecaster.js';
export { createHeuristicForecaster, HEURISTIC_DEFAULTS } from './heuristic/index.js';
export { Category, FamilyEvidence, Forecast, ForecastDraft, ForecasterName, FORECASTERS, TaskFamily, familyJsonSchema } from './model.js';

/** What a user may set of the offline forecasters: the heuristic's loose-family cap (`--max-loose`) and score floor (`--score-floor`); baselines take none. */
export interface OfflineOptions {
  maxLoose?: number;
  scoreFloor?: number;
}

/** The offline forecasters by name; the LLM forecaster needs a model client and is built by its caller. */
export function offlineForecaster(name: Exclude<ForecasterName, 'llm'>, options: OfflineOptions = {}): Forecaster {
  switch (name) {
    case 'heuristic':
      return createHeuristicForecaster(options);
    case 'hotspot':
      return createHotspotBaseline();
    case 'recency':
      return createRecencyBaseline();
    case 'random-anchor':
      return createRandomAnchorBaseline();
  }
}
