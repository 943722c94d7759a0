import { expect, test } from 'vitest';
import { pooledPassRateInterval } from '../../src/calibrate/groups.js';
import { wilsonInterval } from '../../src/calibrate/estimators.js';

const width = (i: { low: number; high: number }) => i.high - i.low;

test("a pooled pass rate's interval resamples tasks with all their attempts: tasks that always or never pass widen it beyond Wilson over attempts", () => {
  // Ten tasks of ten attempts each: five solved every time, five never. 50 of 100 attempts.
  const tasks = Array.from({ length: 10 }, (_, k) => ({ attempts: 10, resolved: k < 5 ? 10 : 0 }));
  const byTask = pooledPassRateInterval(tasks)!;
  expect(byTask.low).toBeLessThan(0.5);
  expect(byTask.high).toBeGreaterThan(0.5);
  expect(width(byTask)).toBeGreaterThan(2 * width(wilsonInterval(50, 100)!));
  expect(pooledPassRateInterval(tasks)).toEqual(byTask);
});

test('one tested task gives its Wilson interval over attempts; untested tasks are left out; none gives no interval', () => {
  expect(pooledPassRateInterval([{ attempts: 8, resolved: 3 }, { attempts: 0, resolved: 0 }])).toEqual({ low: 0.1368, high: 0.6943 }); // wilsonInterval(3, 8), rounded as the stored rates
  expect(wilsonInterval(3, 8)!.low).toBeCloseTo(0.1368, 4);
  expect(pooledPassRateInterval([{ attempts: 0, resolved: 0 }])).toBeNull();
});
