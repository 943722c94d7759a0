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
  // The demo's families are F1 (bugfix, the parser), F2 (feature, the http retries) and F3 (refactor, the LRU-split
  // note), all validated: in the order of the calibrated score, which reads the kind of family (calib39: bugfix
  // direction 0.361, feature direction 0.021, note 0.020; rank15's map put the note second). Its loose directions (the FAQ page, restructuring src/cache)
  // are held back (maxLoose 0). The forecast's mix is bugfix 1, refactor 1, feature 1 of 3, so the round of 6 gives
  // 2, 2, 2: task order F1, F1, F2, F2, F3, F3 (OUTCOMES by position): F1 always and never, F2 two frontier, F3 one
  // undetermined and one untested.
  expect(calibration.families.map((f: any) => [f.family, f.category, f.bands.never, f.bands.frontier, f.bands.always, f.frontier_share, f.learnability, f.steer])).toEqual([
    ['F1', 'bugfix', 1, 0, 1, 0, 0.25, 'harder'], // (0 + 1) / (2 + 2); always >= never
    ['F2', 'feature', 0, 2, 0, 1, 0.75, 'keep'], // (2 + 1) / (2 + 2); half or more at the frontier
    ['F3', 'refactor', 0, 0, 0, null, 0.5, 'keep'], // the undetermined and untested tasks are not banded: (0 + 1) / (0 + 2)
  ]);
  // F1: 4 + 4 attempts, 4 + 0 resolved; F2: 4 + 4, 2 + 1; F3: 1 + 0, 1 + 0.
  expect(calibration.families.map((f: any) => [f.attempts, f.resolved, f.pass_rate])).toEqual([[8, 4, 0.5], [8, 3, 0.375], [1, 1, 1]]);
});

test('the next round blends window prevalence with the frontier steer, half and half, as docs/calibrate.md says', () => {
  const cats = calibration.categories;
  expect(calibration.calibration.prevalence_source).toBe('window');
  expect(cats.reduce((a: number, c: any) => a + c.prevalence, 0)).toBeCloseTo(1, 3);
  // Per category: bugfix 0 frontier of 2 banded (1/4), feature 2 frontier of 2 (3/4), refactor none banded (1/2).
  const learnability = { bugfix: 0.25, feature: 0.75, refactor: 0.5 } as Record<string, number>;
  const sum = 0.25 + 0.75 + 0.5;
  for (const c of cats) {
    expect(c.learnability).toBe(learnability[c.category]);
    expect(c.share).toBeCloseTo(0.5 * c.prevalence + 0.5 * (learnability[c.category]! / sum), 3);
  }
  // Window prevalence 7/19, 9/19, 3/19: bugfix .5 x .3684 + .5 x .25 / 1.5 = .2675, feature .2368 + .5 x .75 / 1.5 =
  // .4868, refactor .0789 + .5 x .5 / 1.5 = .2456. Hamilton over 6 tasks: bugfix 1.605, feature 2.921, refactor 1.474
  // -> floors 1, 2, 1; the two left to the largest remainders, feature (.921) and bugfix (.605): 2, 3, 1. One family a
  // category: F2 (feature) gains one, F3 (refactor) loses one.
  expect(cats.map((c: any) => c.share)).toEqual([0.2675, 0.4868, 0.2456]);
  expect(calibration.next_allocation.map((n: any) => [n.family, n.previous, n.tasks, n.change, n.steer])).toEqual([
    ['F1', 2, 2, 0, 'harder'],
    ['F2', 2, 3, 1, 'keep'],
    ['F3', 2, 1, -1, 'keep'],
  ]);
});

test('synthesize --calibration allocates by the plan: the same split for the round total, and for --total 10', async () => {
  const id = String(calibration.calibration.id);
  const next = await runCliJson(['synthesize', '--db', demo.db, '--validation', String(demo.validationId), '--tgen', 'HEAD', '--calibration', id]);
  expect(next.synthesis.total).toBe(6);
  expect(next.tasks.map((t: any) => t.familyId)).toEqual(['F1', 'F1', 'F2', 'F2', 'F2', 'F3']);
  expect(next.tasks[0].allocation).toMatchObject({ calibrationId: Number(id), steer: 'harder', categoryShare: 0.268, categoryTasks: 2 });
  expect(next.tasks[2].allocation).toMatchObject({ steer: 'keep', categoryShare: 0.487, categoryTasks: 3 });
  expect(next.tasks[5].allocation).toMatchObject({ steer: 'keep', categoryShare: 0.246, categoryTasks: 1 });
  // 10 tasks: bugfix 2.675, feature 4.868, refactor 2.456 -> floors 2, 4, 2; the two left to the largest remainders,
  // feature (.868) and bugfix (.675) -> 3, 5, 2: F1 (bugfix) 3, F2 (feature) 5, F3 (refactor) 2.
  const ten = await runCliJson(['synthesize', '--db', demo.db, '--validation', String(demo.validationId), '--tgen', 'HEAD', '--calibration', id, '--total', '10']);
  const per = (fam: string) => ten.tasks.filter((t: any) => t.familyId === fam).length;
  expect([per('F1'), per('F2'), per('F3')]).toEqual([3, 5, 2]);
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
