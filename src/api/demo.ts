import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildDemoRepo, DEMO_T0 } from '../demo/scenario.js';
import type { ForecasterName } from '../forecast/model.js';
import { silentProgress, type Progress } from '../progress.js';
import { forecastSnapshot, type ForecastResult } from './forecast.js';
import { snapshotRepository, type SnapshotResult } from './snapshot.js';
import { validateForecast, type ValidateResult } from './validate.js';

export interface DemoOptions {
  /** Folder that keeps everything the demo makes; default a new temporary folder. */
  out?: string;
  progress?: Progress;
}

export interface DemoResult {
  out: string;
  repo: string;
  db: string;
  snapshot: SnapshotResult;
  /** The heuristic forecaster first, then each baseline. */
  forecasts: ForecastResult[];
  /** One lexical validation per forecast, over the demo's 6-month window. */
  validations: ValidateResult[];
}

/** The offline forecasters the demo runs: the default and every baseline. */
export const DEMO_FORECASTERS: readonly Exclude<ForecasterName, 'llm'>[] = ['heuristic', 'hotspot', 'recency', 'random-anchor'];

/**
 * Builds the demo repository and runs every pipeline stage that exists on it,
 * keeping all it makes in one folder: repo/, swe-future.db, snapshots/
 * (and, as later stages land, report/ and export/).
 */
export async function runDemo(options: DemoOptions = {}): Promise<DemoResult> {
  const progress = options.progress ?? silentProgress;
  const out = options.out ? resolve(options.out) : mkdtempSync(join(tmpdir(), 'swe-future-demo-'));
  mkdirSync(out, { recursive: true });
  const repo = join(out, 'repo');
  const db = join(out, 'swe-future.db');

  progress.stage('building the demo repository');
  await buildDemoRepo(repo);
  const snapshot = await snapshotRepository({ repo, t0: DEMO_T0, db, name: 'demo', manifestDir: join(out, 'snapshots'), progress });
  const forecasts: ForecastResult[] = [];
  const validations: ValidateResult[] = [];
  for (const forecaster of DEMO_FORECASTERS) {
    const forecast = await forecastSnapshot({ db, snapshot: snapshot.id, forecaster, progress });
    forecasts.push(forecast);
    validations.push(await validateForecast({ db, forecast: forecast.id, window: '6m', progress }));
  }
  return { out, repo, db, snapshot, forecasts, validations };
}
