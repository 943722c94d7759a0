import { expect, test } from 'vitest';
import { snapshotRepository } from '../../src/api/snapshot.js';
import { createHeuristicForecaster } from '../../src/forecast/index.js';
import { makeRepo, tempDir, type CommitSpec } from '../fixtures/repo.js';

/**
 * A feature line stated as its act, a short object and its place, with no case ("Add response builders in
 * axum-extra/src/response", "Support theme info in src/bin/bat") names a capability area, not the next feature:
 * on the development labels (eval/families/dev5, dev8, dev9) none of those was strong and none specificity 2. It is
 * loose: held back by default, shown with maxLoose. A feature line that names its case is not loose to the score, but
 * only a line that asks for one more instance is checkable and shown by default (spec30).
 */
const alice = { name: 'Alice Kowalczyk', email: 'alice@example.com' };
const commits = (file: string, titles: string[]): CommitSpec[] =>
  titles.map((msg, i) => ({ at: `2024-${String(6 + i).padStart(2, '0')}-12`, msg, author: alice, files: { [file]: `export const v = ${i};\n` } }));

async function forecasts(titles: string[]) {
  const repo = await makeRepo([{ at: '2024-01-02', msg: 'Initial commit', files: { 'src/http/client.js': 'export {}\n' } }, ...commits('src/http/client.js', titles)]);
  const { snapshot } = await snapshotRepository({ repo: repo.dir, t0: '2025-01-01', db: `${await tempDir()}/t.db` });
  const shown = await createHeuristicForecaster().forecast({ snapshot, seed: 0, maxFamilies: 10 });
  const all = await createHeuristicForecaster({ maxLoose: 5 }).forecast({ snapshot, seed: 0, maxFamilies: 10 });
  return { shown: shown.draft, all: all.draft };
}

test('a feature line with no case is loose: held back by default, shown with maxLoose at the loose score', async () => {
  const { shown, all } = await forecasts(['Add retries to the request client (#61)', 'Add retries to the upload client (#62)']);
  expect(shown.families).toEqual([]);
  expect(shown.config.loose).toEqual({ found: 1, heldBack: 1 });
  expect(shown.abstainReason).toMatch(/1 loose family held back/);
  expect(all.families.map((f) => [f.category, f.score_components.calibration_loose])).toEqual([['feature', 1]]);
});

test('a feature line that names its case is no capability area (its score reads it as specific), but names no instance to add: held back by default', async () => {
  // spec30: a direction is shown by default only when it asks for one more instance of what each change added
  // (direction.ts `checkable`); people rated 30 of 32 other directions specificity 1 (eval/results/spec30.md).
  const { shown, all } = await forecasts(['Add response builders (#61)', 'Add response builders for redirects (#62)']);
  expect(shown.families).toEqual([]);
  expect(shown.config.loose).toEqual({ found: 1, heldBack: 1 });
  expect(all.families.map((f) => [f.title, f.score_components.calibration_loose])).toEqual([['Add response builders for redirects in src/http', 0]]);
});

test('a feature line that added one instance per change asks for one more and is shown by default', async () => {
  const { shown } = await forecasts(['Add `retry` option (#61)', 'Add `timeout` option (#62)']);
  expect(shown.families.map((f) => f.title)).toEqual(['Add more options like `timeout` and `retry` in src/http']);
  expect(shown.config.loose).toEqual({ found: 0, heldBack: 0 });
});
