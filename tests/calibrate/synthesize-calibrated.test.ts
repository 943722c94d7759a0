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
  // The demo's families are F1 (refactor, the Node.js 18 drop its CI matrix states; fixes41), F2 (bugfix, the
  // parser), F3 (refactor, the LRU-split note) and F4 (feature, the http retries), all validated: in the order of the
  // calibrated score, which reads the kind of family and a pending family's act (calib44: runtime drop 0.804, bugfix
  // direction 0.364, note 0.058, feature direction 0.025). Its loose directions (the FAQ page, restructuring src/cache)
  // are held back (maxLoose 0). The forecast's mix is refactor 2, bugfix 1, feature 1 of 4, so the round of 6 gives 3,
  // 1.5, 1.5 -> 3, 1, 1 and the one left to bugfix (tie of .5 with feature, by rank): 3, 2, 1; within refactor F1
  // (0.804) takes all three from F3 (0.058): 2.798 and 0.202 -> 2, 0 and the one left to F1. Task order F1, F1, F1, F2,
  // F2, F4 (OUTCOMES by position): F1 always, never and frontier, F2 one frontier and one undetermined, F4 one
  // untested, F3 none.
  expect(calibration.families.map((f: any) => [f.family, f.category, f.bands.never, f.bands.frontier, f.bands.always, f.frontier_share, f.learnability, f.steer])).toEqual([
    ['F1', 'refactor', 1, 1, 1, 0.3333, 0.4, 'harder'], // (1 + 1) / (3 + 2); under half at the frontier, always >= never
    ['F2', 'bugfix', 0, 1, 0, 1, 0.6667, 'keep'], // (1 + 1) / (1 + 2); the undetermined one is not banded
    ['F3', 'refactor', 0, 0, 0, null, 0.5, 'keep'], // no task
    ['F4', 'feature', 0, 0, 0, null, 0.5, 'keep'], // the untested task is not banded: (0 + 1) / (0 + 2)
  ]);
  // F1: 4 + 4 + 4 attempts, 4 + 0 + 2 resolved; F2: 4 + 1, 1 + 1; F3 and F4: none.
  expect(calibration.families.map((f: any) => [f.attempts, f.resolved, f.pass_rate])).toEqual([[12, 6, 0.5], [5, 2, 0.4], [0, 0, null], [0, 0, null]]);
});

test('the next round blends window prevalence with the frontier steer, half and half, as docs/calibrate.md says', () => {
  const cats = calibration.categories;
  expect(calibration.calibration.prevalence_source).toBe('window');
  expect(cats.reduce((a: number, c: any) => a + c.prevalence, 0)).toBeCloseTo(1, 3);
  // Per category: bugfix 1 frontier of 1 banded (2/3), refactor 1 frontier of 3 (F1's; 2/5), feature none banded (1/2).
  const learnability = { bugfix: 0.6667, feature: 0.5, refactor: 0.4 } as Record<string, number>;
  const sum = 0.6667 + 0.5 + 0.4;
  for (const c of cats) {
    expect(c.learnability).toBe(learnability[c.category]);
    expect(c.share).toBeCloseTo(0.5 * c.prevalence + 0.5 * (learnability[c.category]! / sum), 3);
  }
  // Window prevalence 7/19, 9/19, 3/19: bugfix .5 x .3684 + .5 x .6667 / 1.5667 = .3970, feature .2368 + .5 x .5 /
  // 1.5667 = .3964, refactor .0789 + .5 x .4 / 1.5667 = .2066. Hamilton over 6 tasks: refactor 1.240, bugfix 2.382,
  // feature 2.378 -> floors 1, 2, 2; the one left to the largest remainder, bugfix (.382 against feature's .378): 1,
  // 3, 2. Within refactor by learnability x score: F1 (.4 x .804 = .322) takes the one from F3 (.5 x .058 = .029).
  expect(cats.map((c: any) => c.share)).toEqual([0.397, 0.3964, 0.2066]);
  expect(calibration.next_allocation.map((n: any) => [n.family, n.previous, n.tasks, n.change, n.steer])).toEqual([
    ['F1', 3, 1, -2, 'harder'],
    ['F2', 2, 3, 1, 'keep'],
    ['F3', 0, 0, 0, 'keep'],
    ['F4', 1, 2, 1, 'keep'],
  ]);
});

test('synthesize --calibration allocates by the plan: the same split for the round total, and for --total 10', async () => {
  const id = String(calibration.calibration.id);
  const next = await runCliJson(['synthesize', '--db', demo.db, '--validation', String(demo.validationId), '--tgen', 'HEAD', '--calibration', id]);
  expect(next.synthesis.total).toBe(6);
  expect(next.tasks.map((t: any) => t.familyId)).toEqual(['F1', 'F2', 'F2', 'F2', 'F4', 'F4']);
  expect(next.tasks[0].allocation).toMatchObject({ calibrationId: Number(id), steer: 'harder', categoryShare: 0.207, categoryTasks: 1 });
  expect(next.tasks[2].allocation).toMatchObject({ steer: 'keep', categoryShare: 0.397, categoryTasks: 3 });
  expect(next.tasks[5].allocation).toMatchObject({ steer: 'keep', categoryShare: 0.396, categoryTasks: 2 });
  // 10 tasks: refactor 2.066, bugfix 3.970, feature 3.964 -> floors 2, 3, 3; the two left to the largest remainders,
  // bugfix (.970) and feature (.964) -> 2, 4, 4: F1 (refactor, both of refactor: 1.833 against F3's 0.167) 2, F2
  // (bugfix) 4, F3 0, F4 (feature) 4.
  const ten = await runCliJson(['synthesize', '--db', demo.db, '--validation', String(demo.validationId), '--tgen', 'HEAD', '--calibration', id, '--total', '10']);
  const per = (fam: string) => ten.tasks.filter((t: any) => t.familyId === fam).length;
  expect([per('F1'), per('F2'), per('F3'), per('F4')]).toEqual([2, 4, 0, 4]);
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
