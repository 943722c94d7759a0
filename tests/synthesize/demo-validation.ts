import { join } from 'node:path';
import { forecastSnapshot } from '../../src/api/forecast.js';
import { snapshotRepository } from '../../src/api/snapshot.js';
import { validateForecast } from '../../src/api/validate.js';
import type { CommitSpec } from '../../src/demo/model.js';
import { DEMO_T0, demoScenario } from '../../src/demo/scenario.js';
import { tempDir } from '../fixtures/repo.js';
import { writeRepoOnce } from '../fixtures/repo-cache.js';

/**
 * The demo repository (optionally with its commits edited) taken through
 * snapshot, heuristic forecast and lexical validation into a fresh store: what
 * `synthesize --validation` starts from (`name` names the repository and so
 * its tasks' instance ids). About two seconds.
 */
export async function demoValidation(edit?: (commits: CommitSpec[]) => CommitSpec[], name = 'demo') {
  const dir = await tempDir('swe-future-synth-');
  const repo = join(dir, 'repo');
  const db = join(dir, 'swe-future.db');
  const scenario = demoScenario();
  const commits = edit ? edit(structuredClone(scenario.commits)) : scenario.commits;
  const written = await writeRepoOnce(repo, commits, { onlyDefaultBranch: true });
  const snapshot = await snapshotRepository({ repo, t0: DEMO_T0, db, name, manifestDir: join(dir, 'snapshots') });
  // The demo's planted parser and retry lines name no instance to add (spec30): shown on request as the demo's study does (maxLoose 2).
  const forecast = await forecastSnapshot({ db, snapshot: snapshot.id, forecaster: 'heuristic', maxLoose: 2 });
  const validation = await validateForecast({ db, forecast: forecast.id });
  return { dir, repo, db, scenario, head: written.head, shas: written.shas, commits, validationId: validation.id, validation: validation.validation, forecast: forecast.forecast };
}
