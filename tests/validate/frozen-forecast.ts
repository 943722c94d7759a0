import { join } from 'node:path';
import type { TaskFamily } from '../../src/family/model.js';
import { freezeForecast } from '../../src/forecast/freeze.js';
import { saveForecast } from '../../src/store/forecasts.js';
import { openStore } from '../../src/store/open.js';
import { loadSnapshot } from '../../src/store/snapshots.js';
import { runCliJson } from '../cli/run-cli.js';
import { tempDir } from '../fixtures/repo.js';

/**
 * A new store holding the repository's snapshot at T0 (taken by the CLI) and
 * a heuristic forecast of exactly these families frozen on it: what a judge
 * test validates against the repository's later work.
 */
export async function frozenForecast(repoDir: string, t0: string, families: TaskFamily[]): Promise<{ db: string; forecastId: number }> {
  const db = join(await tempDir(), 'x.db');
  const snap = await runCliJson(['snapshot', '--repo', repoDir, '--t0', t0, '--db', db]);
  const store = openStore(db);
  try {
    const snapshot = { ...loadSnapshot(store, snap.snapshot.id), id: snap.snapshot.id };
    const forecast = freezeForecast({ forecaster: 'heuristic', config: {}, families, abstained: false, abstainReason: null }, snapshot, `${t0}T00:00:00.000Z`);
    return { db, forecastId: saveForecast(store, forecast).id };
  } finally {
    store.close();
  }
}
