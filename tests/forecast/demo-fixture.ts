import { join } from 'node:path';
import { snapshotRepository } from '../../src/api/snapshot.js';
import { buildDemoRepo, DEMO_T0 } from '../../src/demo/scenario.js';
import { tempDir } from '../fixtures/repo.js';

/** The demo repository snapshotted at its T0 into a fresh store: built once per test file. */
export async function demoSnapshot() {
  const dir = await tempDir('swe-future-demo-');
  const repo = join(dir, 'repo');
  const db = join(dir, 'swe-future.db');
  const built = await buildDemoRepo(repo);
  const result = await snapshotRepository({ repo, t0: DEMO_T0, db, manifestDir: join(dir, 'snapshots') });
  return { dir, repo, db, scenario: built.scenario, snapshotId: result.id, snapshot: { ...result.snapshot, id: result.id } };
}
