import { beforeAll, expect, test } from 'vitest';
import { userPrompt } from '../../src/synthesize/agent-prompt.js';
import { runCli, runCliJson, runCliRefused } from '../cli/run-cli.js';
import { exportedDemo, writeJsonl } from './results-files.js';

let demo: Awaited<ReturnType<typeof exportedDemo>>;
let calibration: any;
beforeAll(async () => {
  demo = await exportedDemo();
  calibration = await runCliJson(['calibrate', '--db', demo.db, '--results', await writeJsonl(demo.ids)]);
});

test('families and categories are summed from their tasks, and steered by where the tasks fell', () => {
  // The demo's validated families are F1 (bugfix), F2 (feature) and F3 (refactor): the act-and-area F4 and F5 are
  // rejected (direction-v8). The forecast's mix is bugfix 1, feature 1, refactor 3 of 5, so the round of 6 gives 1.2,
  // 1.2, 3.6 -> floors 1, 1, 3 and the one left to refactor (.6): task order F1, F2, F3, F3, F3, F3 (OUTCOMES by
  // position): F1 always, F2 never, F3 two frontier, one undetermined and one untested.
  expect(calibration.families.map((f: any) => [f.family, f.category, f.bands.never, f.bands.frontier, f.bands.always, f.frontier_share, f.learnability, f.steer])).toEqual([
    ['F1', 'bugfix', 0, 0, 1, 0, 0.3333, 'harder'], // (0 + 1) / (1 + 2); always >= never
    ['F2', 'feature', 1, 0, 0, 0, 0.3333, 'easier'], // never > always
    ['F3', 'refactor', 0, 2, 0, 1, 0.75, 'keep'], // the undetermined and untested tasks are not banded: (2 + 1) / (2 + 2)
  ]);
  // F3: 4 + 4 + 1 + 0 attempts, 2 + 1 + 1 resolved.
  expect(calibration.families.map((f: any) => [f.attempts, f.resolved, f.pass_rate])).toEqual([[4, 4, 1], [4, 0, 0], [9, 4, 0.4444]]);
});

test('the next round blends window prevalence with the frontier steer, half and half, as docs/calibrate.md says', () => {
  const cats = calibration.categories;
  expect(calibration.calibration.prevalence_source).toBe('window');
  expect(cats.reduce((a: number, c: any) => a + c.prevalence, 0)).toBeCloseTo(1, 3);
  // Per category: bugfix 0 frontier of 1 banded (1/3), feature 0 frontier of 1 (1/3), refactor 2 frontier of 2 (3/4).
  const learnability = { bugfix: 0.3333, feature: 0.3333, refactor: 0.75 } as Record<string, number>;
  const sum = 0.3333 + 0.3333 + 0.75;
  for (const c of cats) {
    expect(c.learnability).toBe(learnability[c.category]);
    expect(c.share).toBeCloseTo(0.5 * c.prevalence + 0.5 * (learnability[c.category]! / sum), 3);
  }
  // Window prevalence 7/19, 9/19, 3/19: bugfix .5 x .3684 + .5 x .3333 / 1.4167 = .3019, feature .3545, refactor .3437.
  // Hamilton over 6 tasks: bugfix 1.811, feature 2.127, refactor 2.062 -> floors 1, 2, 2; the one left to the largest
  // remainder, bugfix (.811). Refactor's 2 all go to F3, its one family.
  expect(cats.map((c: any) => c.share)).toEqual([0.3019, 0.3545, 0.3437]);
  expect(calibration.next_allocation.map((n: any) => [n.family, n.previous, n.tasks, n.change, n.steer])).toEqual([
    ['F1', 1, 2, 1, 'harder'],
    ['F2', 1, 2, 1, 'easier'],
    ['F3', 4, 2, -2, 'keep'],
  ]);
});

test('synthesize --calibration allocates by the plan: the same split for the round total, and for --total 10', async () => {
  const id = String(calibration.calibration.id);
  const next = await runCliJson(['synthesize', '--db', demo.db, '--validation', String(demo.validationId), '--tgen', 'HEAD', '--calibration', id]);
  expect(next.synthesis.total).toBe(6);
  expect(next.tasks.map((t: any) => t.familyId)).toEqual(['F1', 'F1', 'F2', 'F2', 'F3', 'F3']);
  expect(next.tasks[0].allocation).toMatchObject({ calibrationId: Number(id), steer: 'harder', categoryShare: 0.302, categoryTasks: 2 });
  expect(next.tasks[2].allocation).toMatchObject({ steer: 'easier', categoryShare: 0.354, categoryTasks: 2 });
  expect(next.tasks[4].allocation).toMatchObject({ steer: 'keep', categoryTasks: 2 });
  // 10 tasks: 3.019, 3.545, 3.437 -> floors 3, 3, 3; the one left to the largest remainder, feature (.545) -> 3, 4, 3.
  const ten = await runCliJson(['synthesize', '--db', demo.db, '--validation', String(demo.validationId), '--tgen', 'HEAD', '--calibration', id, '--total', '10']);
  const per = (fam: string) => ten.tasks.filter((t: any) => t.familyId === fam).length;
  // Refactor's 3 all to F3.
  expect([per('F1'), per('F2'), per('F3')]).toEqual([3, 4, 3]);
});

test('a calibration of another validation, or none, is refused with one line', async () => {
  const [{ forecast_id: forecast }] = await runCliJson(['query', '--db', demo.db, `SELECT forecast_id FROM validations WHERE id = ${demo.validationId}`]);
  const other = await runCliJson(['validate', '--db', demo.db, '--forecast', String(forecast), '--judge', 'lexical']);
  const wrong = await runCli(['synthesize', '--db', demo.db, '--validation', String(other.validation.id), '--tgen', 'HEAD', '--calibration', String(calibration.calibration.id)]);
  expect(wrong.code).toBe(2);
  expect(wrong.stderr).toBe(
    `swe-future: Calibration ${calibration.calibration.id} is of a synthesis from validation ${demo.validationId}, not ${other.validation.id}. Pass --validation ${demo.validationId} with --calibration ${calibration.calibration.id}.\n`,
  );
  expect(await runCliRefused(['synthesize', '--db', demo.db, '--validation', String(other.validation.id), '--tgen', 'HEAD', '--calibration', String(calibration.calibration.id)])).toMatchObject({ status: 2, code: 'CALIBRATION_MISMATCH' });
  const missing = await runCli(['synthesize', '--db', demo.db, '--validation', String(demo.validationId), '--tgen', 'HEAD', '--calibration', '999']);
  expect(missing.code).toBe(2);
  expect(missing.stderr).toBe('swe-future: There is no calibration 999 in this store. List them with swe-future query --named calibrations, or check --db.\n');
});

test('the llm backend is asked for harder or easier variants according to the steer, and nothing more without one', () => {
  const input = {
    repo: { name: 'demo' }, t0: '2025-01-01T00:00:00.000Z', label: 'strong' as const,
    family: { id: 'F1', category: 'bugfix' as const, title: 't', anchor: { name: 'a', paths: [] }, expected_behavior: 'e', evidence: [], target_hints: { paths: [], symbols: [] }, acceptance_criteria: [], score: 0.5, score_components: {}, rationale: '' },
    grounding: { commit: 'c'.repeat(40), time: '2025-06-01T00:00:00.000Z', presentPaths: [], missingPaths: [], files: [], testFiles: [], resolvedNotes: [], testCommand: null },
  } as any;
  const slot = { familyId: 'F1', ordinal: 1, familyTasks: 1, categoryShare: 1, categoryTasks: 1, weight: 1 };
  expect(userPrompt(input, { ...slot, steer: 'harder', calibrationId: 1 })).toContain('make this one harder');
  expect(userPrompt(input, { ...slot, steer: 'easier', calibrationId: 1 })).toContain('make this one easier');
  expect(userPrompt(input, { ...slot, steer: 'keep', calibrationId: 1 })).toBe(userPrompt(input, slot));
});
