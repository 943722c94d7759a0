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
  // The demo's round of 6 makes 5 tasks, one per family (the test-suite direction F5 anchors on no source file and is
  // refused): F1 (refactor) always, F2 (bugfix) never, F3 (refactor) and F4 (feature) one frontier each, F7 (refactor)
  // one undetermined.
  expect(calibration.families.map((f: any) => [f.family, f.category, f.bands.never, f.bands.frontier, f.bands.always, f.frontier_share, f.learnability, f.steer])).toEqual([
    ['F1', 'refactor', 0, 0, 1, 0, 0.3333, 'harder'], // (0 + 1) / (1 + 2); always >= never
    ['F2', 'bugfix', 1, 0, 0, 0, 0.3333, 'easier'], // never > always
    ['F3', 'refactor', 0, 1, 0, 1, 0.6667, 'keep'], // (1 + 1) / (1 + 2)
    ['F4', 'feature', 0, 1, 0, 1, 0.6667, 'keep'],
    ['F5', 'feature', 0, 0, 0, null, 0.5, 'keep'], // nothing banded: (0 + 1) / (0 + 2)
    ['F7', 'refactor', 0, 0, 0, null, 0.5, 'keep'],
  ]);
  expect(calibration.families.map((f: any) => [f.attempts, f.resolved, f.pass_rate])).toEqual([[4, 4, 1], [4, 0, 0], [4, 2, 0.5], [4, 1, 0.25], [0, 0, null], [1, 1, 1]]);
});

test('the next round blends window prevalence with the frontier steer, half and half, as docs/calibrate.md says', () => {
  const cats = calibration.categories;
  expect(calibration.calibration.prevalence_source).toBe('window');
  expect(cats.reduce((a: number, c: any) => a + c.prevalence, 0)).toBeCloseTo(1, 3);
  // Per category: bugfix 0 frontier of 1 banded (1/3), feature 1 frontier of 1 (2/3), refactor 1 frontier of 2 (2/4).
  const learnability = { bugfix: 0.3333, feature: 0.6667, refactor: 0.5 } as Record<string, number>;
  const sum = 0.3333 + 0.6667 + 0.5;
  for (const c of cats) {
    expect(c.learnability).toBe(learnability[c.category]);
    expect(c.share).toBeCloseTo(0.5 * c.prevalence + 0.5 * (learnability[c.category]! / sum), 3);
  }
  // Hamilton over 6 tasks: bugfix 6 x 0.2953 = 1.772, feature 2.755, refactor 1.474 -> floors 1, 2, 1; the two left go
  // to the largest remainders, bugfix (.772) and feature (.755).
  expect(cats.map((c: any) => c.share)).toEqual([0.2953, 0.4591, 0.2456]);
  expect(calibration.next_allocation.map((n: any) => [n.family, n.previous, n.tasks, n.change, n.steer])).toEqual([
    ['F1', 1, 0, -1, 'harder'],
    ['F2', 1, 2, 1, 'easier'],
    ['F3', 1, 1, 0, 'keep'],
    ['F4', 1, 2, 1, 'keep'],
    ['F5', 1, 1, 0, 'keep'], // allocated 1 last round, refused (no source anchor)
    ['F7', 1, 0, -1, 'keep'],
  ]);
});

test('synthesize --calibration allocates by the plan: the same split for the round total, and for --total 10', async () => {
  const id = String(calibration.calibration.id);
  const next = await runCliJson(['synthesize', '--db', demo.db, '--validation', String(demo.validationId), '--tgen', 'HEAD', '--calibration', id]);
  expect(next.synthesis.total).toBe(6);
  expect(next.tasks.map((t: any) => t.familyId)).toEqual(['F2', 'F2', 'F3', 'F4', 'F4', 'F5']);
  expect(next.tasks[0].allocation).toMatchObject({ calibrationId: Number(id), steer: 'easier', categoryShare: 0.295, categoryTasks: 2 });
  expect(next.tasks[3].allocation).toMatchObject({ steer: 'keep', categoryTasks: 3 });
  // 10 tasks: 2.953, 4.591, 2.456 -> floors 2, 4, 2; the two left to the largest remainders, bugfix (.953) and feature (.591) -> 3, 5, 2.
  const ten = await runCliJson(['synthesize', '--db', demo.db, '--validation', String(demo.validationId), '--tgen', 'HEAD', '--calibration', id, '--total', '10']);
  const per = (fam: string) => ten.tasks.filter((t: any) => t.familyId === fam).length;
  // Feature's 5 within the category by learnability x score x label weight: F4 is judged strong since its title names the
  // retry line ("Retry failed requests as well as 502, 503 and 504 responses"), F5 related (half weight):
  // .6667 x .23 x 1 = .153 against .5 x .217 x .5 = .054 -> 3.69, 1.31 -> floors 3, 1, the one left to F4 -> 4, 1.
  expect([per('F1'), per('F2'), per('F3'), per('F4'), per('F5'), per('F7')]).toEqual([1, 3, 1, 4, 1, 0]);
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
