import { existsSync } from 'node:fs';
import { UserError } from '../errors.js';
import type { DroppedFamily, Forecaster } from '../forecast/forecaster.js';
import { freezeForecast, offlineForecaster } from '../forecast/index.js';
import type { Forecast, ForecasterName } from '../forecast/model.js';
import { silentProgress, type Progress } from '../progress.js';
import { loadSnapshot } from '../store/snapshots.js';
import { loadForecast, saveForecast } from '../store/forecasts.js';
import { openStore } from '../store/open.js';
import { snapshotRepository, type SnapshotOptions } from './snapshot.js';

export interface ForecastOptions {
  db: string;
  /** A stored snapshot, or `repo` + `t0` to snapshot first (reusing an identical one). */
  snapshot?: number;
  repo?: string;
  t0?: string;
  gitBackend?: SnapshotOptions['gitBackend'];
  forecaster?: ForecasterName;
  maxFamilies?: number;
  /** The heuristic shows up to this many loose families (titles naming no checkable work) after the specific ones; default 0. */
  maxLoose?: number;
  /** The heuristic holds back families whose score (calibrated chance of strong later work) is below this; default 0. */
  scoreFloor?: number;
  seed?: number;
  /** Builds the LLM forecaster (it needs an endpoint); the CLI passes one made from its --llm-* flags. */
  llm?: () => Forecaster;
  progress?: Progress;
}

export interface ForecastResult {
  id: number;
  reused: boolean;
  forecast: Forecast;
  /** Families the forecaster's model proposed and could not use (llm only), with why; not stored with the forecast. */
  dropped: DroppedFamily[];
}

/**
 * Forecasts from one frozen snapshot and freezes the result. The forecaster is
 * given the snapshot read back from the store: exactly what was frozen at T0.
 */
export async function forecastSnapshot(options: ForecastOptions): Promise<ForecastResult> {
  const progress = options.progress ?? silentProgress;
  const name = options.forecaster ?? 'heuristic';
  const forecaster = name === 'llm' ? llmForecaster(options) : offlineForecaster(name, { maxLoose: options.maxLoose, scoreFloor: options.scoreFloor });
  let snapshotId = options.snapshot;
  if (snapshotId === undefined) {
    if (!options.repo || !options.t0) {
      throw new UserError('NO_SNAPSHOT', 'No snapshot to forecast from', 'Pass --snapshot ID, or --repo PATH and --t0 DATE to snapshot first.');
    }
    snapshotId = (await snapshotRepository({ repo: options.repo, t0: options.t0, db: options.db, gitBackend: options.gitBackend, progress })).id;
  } else if (!existsSync(options.db)) {
    // Refused before the store is opened: opening it would leave an empty store behind.
    throw new UserError('SNAPSHOT_NOT_FOUND', `There is no snapshot ${snapshotId}: there is no store at ${options.db}`, 'Snapshot first (swe-future snapshot --repo PATH --t0 DATE), or pass the --db that holds it.');
  }

  const store = openStore(options.db);
  try {
    const snapshot = { ...loadSnapshot(store, snapshotId), id: snapshotId };
    progress.stage(`forecasting with ${name}`);
    const { draft, calls, dropped = [] } = await forecaster.forecast({ snapshot, seed: options.seed ?? 0, maxFamilies: options.maxFamilies ?? 10 });
    const frozen = freezeForecast(draft, snapshot, new Date().toISOString());
    const saved = saveForecast(store, frozen, calls);
    // An identical forecast was already frozen: report that one, with its own frozen_at.
    return { ...saved, forecast: saved.reused ? loadForecast(store, saved.id) : frozen, dropped };
  } finally {
    progress.done();
    store.close();
  }
}

function llmForecaster(options: ForecastOptions): Forecaster {
  if (!options.llm) {
    throw new UserError('LLM_NOT_CONFIGURED', 'The llm forecaster needs a model client', 'Pass `llm`, a function that builds the LLM forecaster.');
  }
  return options.llm();
}
