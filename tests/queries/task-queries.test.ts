import { expect, test } from 'vitest';
import { runNamedQuery } from '../../src/queries/run.js';
import { openStore } from '../../src/store/open.js';
import { makeStudyDb } from '../fixtures/study-db.js';
import { addTaskSet } from '../fixtures/task-set-db.js';

async function taskStore() {
  const fixture = await makeStudyDb();
  const [a, b] = addTaskSet(fixture);
  return { store: openStore(fixture.file), fixture, a: a!, b: b! };
}

test('tasks lists every task of the syntheses made from the study, with its run, status and leakage', async () => {
  const { store, a, b } = await taskStore();
  const rows = runNamedQuery(store, 'tasks');
  expect(rows.map((r) => [r.synthesis, r.repo, r.judge, r.ord, r.family, r.status, r.rejection_code, r.text_leakage, r.patch_leakage])).toEqual([
    [a, 'httpkit', 'lexical', 0, 'F1', 'spec', null, 0.21, null],
    [a, 'httpkit', 'lexical', 1, 'F1', 'verified', null, 0.34, 0.12],
    [a, 'httpkit', 'lexical', 2, 'F1', 'rejected', 'LEAKAGE_TEXT', 0.81, 0.4],
    [a, 'httpkit', 'lexical', 3, 'F2', 'rejected', 'NO_FAIL_TO_PASS', 0.3, 0.05],
    [b, 'mdtable', 'embedding', 0, 'F1', 'spec', null, 0.18, null],
  ]);
  expect(rows.every((r) => r.forecaster === 'heuristic' && r.text_threshold === 0.5 && r.patch_threshold === 0.5)).toBe(true);
  store.close();
});

test('task_families has every validated family of a synthesis, with zero tasks when the allocation gave it none', async () => {
  const { store, a, b } = await taskStore();
  expect(runNamedQuery(store, 'task_families').map((r) => [r.synthesis, r.family, r.category, r.label, r.tasks, r.spec, r.verified, r.rejected])).toEqual([
    [a, 'F1', 'bugfix', 'strong', 3, 1, 1, 1],
    [a, 'F2', 'feature', 'related', 1, 0, 0, 1],
    [b, 'F1', 'bugfix', 'strong', 1, 1, 0, 0],
    [b, 'F2', 'feature', 'related', 0, 0, 0, 0],
  ]);
  store.close();
});

test("task_allocation sets each category's tasks beside the forecast's mix and the allocated share", async () => {
  const { store, a, b } = await taskStore();
  const rows = runNamedQuery(store, 'task_allocation').map((r) => [r.synthesis, r.category, r.families, r.forecast_share, r.validated, r.allocated_share, r.tasks, r.task_share]);
  expect(rows).toEqual([
    [a, 'bugfix', 1, 1 / 3, 1, 0.5, 3, 0.75],
    [a, 'feature', 1, 1 / 3, 1, 0.5, 1, 0.25],
    [a, 'refactor', 1, 1 / 3, 0, null, 0, 0],
    [b, 'bugfix', 1, 0.5, 1, 0.5, 1, 1],
    [b, 'feature', 1, 0.5, 1, null, 0, 0],
    [b, 'refactor', 0, 0, 0, null, 0, 0],
  ]);
  store.close();
});

test('task_rejections counts rejected tasks per code, most frequent first, with an example reason', async () => {
  const { store, a } = await taskStore();
  expect(runNamedQuery(store, 'task_rejections').map((r) => [r.synthesis, r.code, r.tasks, r.example])).toEqual([
    [a, 'LEAKAGE_TEXT', 1, 'reads like pr#101 (0.81 > 0.5)'],
    [a, 'NO_FAIL_TO_PASS', 1, 'no test fails before the gold patch'],
  ]);
  store.close();
});

test('the task queries read only the syntheses of the chosen study', async () => {
  const { store, fixture, a } = await taskStore();
  // The pilot study shares httpkit/heuristic/lexical's validation, so it sees synthesis A and not B.
  expect([...new Set(runNamedQuery(store, 'tasks', { study: fixture.pilotId }).map((r) => r.synthesis))]).toEqual([a]);
  expect(runNamedQuery(store, 'task_rejections', { study: fixture.pilotId }).every((r) => r.study === fixture.pilotId)).toBe(true);
  store.close();
});
