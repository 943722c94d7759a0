import { join } from 'node:path';
import { snapshotRepository } from '../../src/api/snapshot.js';
import { DEMO_T0, demoScenario } from '../../src/demo/scenario.js';
import { tempDir } from '../fixtures/repo.js';
import { writeRepoOnce } from '../fixtures/repo-cache.js';

/** The demo repository snapshotted at its T0 into a fresh store: built once per test file. */
export async function demoSnapshot() {
  const dir = await tempDir('swe-future-demo-');
  const repo = join(dir, 'repo');
  const db = join(dir, 'swe-future.db');
  // What buildDemoRepo(repo) writes (tests/demo/demo-repo.test.ts), from the once-per-run cache.
  const scenario = demoScenario();
  await writeRepoOnce(repo, scenario.commits, { bare: false, onlyDefaultBranch: true });
  const result = await snapshotRepository({ repo, t0: DEMO_T0, db, manifestDir: join(dir, 'snapshots') });
  return { dir, repo, db, scenario, snapshotId: result.id, snapshot: { ...result.snapshot, id: result.id } };
}
