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
  // The demo's round of 6 makes 5 tasks (the test-suite direction F6 anchors on no source file and is refused):
  // F1 (refactor) always + never, F2 (bugfix) and F3 (refactor) one frontier each, F4 (feature) one undetermined.
  expect(calibration.families.map((f: any) => [f.family, f.category, f.bands.never, f.bands.frontier, f.bands.always, f.frontier_share, f.learnability, f.steer])).toEqual([
    ['F1', 'refactor', 1, 0, 1, 0, 0.25, 'harder'], // (0 + 1) / (2 + 2); always >= never
    ['F2', 'bugfix', 0, 1, 0, 1, 0.6667, 'keep'], // (1 + 1) / (1 + 2)
    ['F3', 'refactor', 0, 1, 0, 1, 0.6667, 'keep'],
    ['F4', 'feature', 0, 0, 0, null, 0.5, 'keep'], // nothing banded: (0 + 1) / (0 + 2)
    ['F6', 'feature', 0, 0, 0, null, 0.5, 'keep'],
    ['F7', 'refactor', 0, 0, 0, null, 0.5, 'keep'],
  ]);
  expect(calibration.families.map((f: any) => [f.attempts, f.resolved, f.pass_rate])).toEqual([[8, 4, 0.5], [4, 2, 0.5], [4, 1, 0.25], [1, 1, 1], [0, 0, null], [0, 0, null]]);
});

test('the next round blends window prevalence with the frontier steer, half and half, as docs/calibrate.md says', () => {
  const cats = calibration.categories;
  expect(calibration.calibration.prevalence_source).toBe('window');
  expect(cats.reduce((a: number, c: any) => a + c.prevalence, 0)).toBeCloseTo(1, 3);
  // Per category: bugfix 1 frontier of 1 banded (2/3), feature none banded (1/2), refactor 1 frontier of 3 (2/5).
  const learnability = { bugfix: 0.6667, feature: 0.5, refactor: 0.4 } as Record<string, number>;
  const sum = 0.6667 + 0.5 + 0.4;
  for (const c of cats) {
    expect(c.learnability).toBe(learnability[c.category]);
    expect(c.share).toBeCloseTo(0.5 * c.prevalence + 0.5 * (learnability[c.category]! / sum), 3);
  }
  // Hamilton over 6 tasks: bugfix 6 x 0.397 = 2.382, feature 2.378, refactor 1.240 -> floors 2, 2, 1; the one left goes to
  // the largest remainder, bugfix (.382).
  expect(cats.map((c: any) => c.share)).toEqual([0.397, 0.3964, 0.2066]);
  expect(calibration.next_allocation.map((n: any) => [n.family, n.previous, n.tasks, n.change, n.steer])).toEqual([
    ['F1', 2, 0, -2, 'harder'],
    ['F2', 1, 3, 2, 'keep'],
    ['F3', 1, 1, 0, 'keep'],
    ['F4', 1, 1, 0, 'keep'],
    ['F6', 1, 1, 0, 'keep'], // allocated 1 last round, refused (no source anchor)
    ['F7', 0, 0, 0, 'keep'],
  ]);
});

test('synthesize --calibration allocates by the plan: the same split for the round total, and for --total 10', async () => {
  const id = String(calibration.calibration.id);
  const next = await runCliJson(['synthesize', '--db', demo.db, '--validation', String(demo.validationId), '--tgen', 'HEAD', '--calibration', id]);
  expect(next.synthesis.total).toBe(6);
  expect(next.tasks.map((t: any) => t.familyId)).toEqual(['F2', 'F2', 'F2', 'F3', 'F4', 'F6']);
  expect(next.tasks[0].allocation).toMatchObject({ calibrationId: Number(id), steer: 'keep', categoryShare: 0.397, categoryTasks: 3 });
  expect(next.tasks[3].allocation).toMatchObject({ steer: 'keep', categoryTasks: 1 });
  // 10 tasks: 3.970, 3.964, 2.066 -> floors 3, 3, 2; the two left to the largest remainders, bugfix (.970) and feature (.964) -> 4, 4, 2.
  const ten = await runCliJson(['synthesize', '--db', demo.db, '--validation', String(demo.validationId), '--tgen', 'HEAD', '--calibration', id, '--total', '10']);
  const per = (fam: string) => ten.tasks.filter((t: any) => t.familyId === fam).length;
  expect([per('F1'), per('F2'), per('F3'), per('F4'), per('F6')]).toEqual([1, 4, 1, 2, 2]);
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
