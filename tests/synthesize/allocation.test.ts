import { expect, test } from 'vitest';
import { allocateTasks, largestRemainder } from '../../src/synthesize/allocation.js';

const families = [
  { id: 'F1', category: 'bugfix' as const, score: 0.8, label: 'strong' as const },
  { id: 'F2', category: 'bugfix' as const, score: 0.4, label: 'strong' as const },
  { id: 'F3', category: 'feature' as const, score: 0.6, label: 'related' as const },
  { id: 'F4', category: 'refactor' as const, score: 0.5, label: 'strong' as const },
];

function perFamily(slots: ReturnType<typeof allocateTasks>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const s of slots) out[s.familyId] = (out[s.familyId] ?? 0) + 1;
  return out;
}

test('without a total every validated family gets one task', () => {
  const slots = allocateTasks(families, ['bugfix', 'bugfix', 'feature', 'refactor']);
  expect(slots.map((s) => [s.familyId, s.ordinal, s.familyTasks])).toEqual([['F1', 1, 1], ['F2', 1, 1], ['F3', 1, 1], ['F4', 1, 1]]);
});

test('a total is split over categories by the forecast mix, then within a category by score times label weight', () => {
  // The forecast emitted 6 bugfix, 2 feature and 2 refactor families: 60/20/20.
  const mix = ['bugfix', 'bugfix', 'bugfix', 'bugfix', 'bugfix', 'bugfix', 'feature', 'feature', 'refactor', 'refactor'] as const;
  const slots = allocateTasks(families, mix, 10);
  expect(slots).toHaveLength(10);
  // bugfix 6 tasks: F1 0.8 vs F2 0.4 -> 4 and 2; feature 2; refactor 2.
  expect(perFamily(slots)).toEqual({ F1: 4, F2: 2, F3: 2, F4: 2 });
  const f1 = slots.filter((s) => s.familyId === 'F1');
  expect(f1.map((s) => s.ordinal)).toEqual([1, 2, 3, 4]);
  expect(f1[0]).toMatchObject({ familyTasks: 4, categoryShare: 0.6, categoryTasks: 6, weight: 0.8 });
  expect(slots.find((s) => s.familyId === 'F3')!.weight).toBe(0.3);
});

test('categories of the forecast without a validated family give their share to the others', () => {
  const slots = allocateTasks(families.filter((f) => f.category === 'bugfix'), ['bugfix', 'feature', 'feature', 'refactor'], 5);
  expect(perFamily(slots)).toEqual({ F1: 3, F2: 2 });
  expect(slots[0]!.categoryShare).toBe(1);
});

test('the split is deterministic and a small total goes to the larger claims first', () => {
  const a = allocateTasks(families, ['bugfix', 'feature', 'refactor'], 2);
  expect(a).toEqual(allocateTasks(families, ['bugfix', 'feature', 'refactor'], 2));
  expect(a.map((s) => s.familyId)).toEqual(['F1', 'F3']);
});

test('largest remainder hands out exactly the total, ties to the earlier entry', () => {
  expect(largestRemainder([1, 1, 1], 2)).toEqual([1, 1, 0]);
  expect(largestRemainder([0.5, 0.3, 0.2], 7)).toEqual([4, 2, 1]);
  expect(largestRemainder([], 3)).toEqual([]);
});
