import { expect, test } from 'vitest';
import { fitLogistic, sigmoid } from '../../src/stats/logistic.js';

/** Rows whose outcome rate at each x is exactly sigmoid(a + b x): 100 rows per x, the right share of them 1. */
function exactRows(a: number, b: number): { x: number[]; y: 0 | 1 }[] {
  const rows: { x: number[]; y: 0 | 1 }[] = [];
  for (const x of [-2, -1, 0, 1, 2]) {
    const ones = Math.round(100 * sigmoid(a + b * x));
    for (let i = 0; i < 100; i++) rows.push({ x: [x], y: i < ones ? 1 : 0 });
  }
  return rows;
}

test('with no penalty the fit recovers the weights the rows were made from', () => {
  const [a, b] = fitLogistic(exactRows(-1, 0.8), { l2: 0 });
  expect(a).toBeCloseTo(-1, 1);
  expect(b).toBeCloseTo(0.8, 1);
});

test('the L2 penalty shrinks the feature weight toward zero, never the intercept, and the fit is deterministic', () => {
  const rows = exactRows(-1, 0.8).filter((_, i) => i % 10 === 0);
  const loose = fitLogistic(rows, { l2: 0.01 });
  const tight = fitLogistic(rows, { l2: 10 });
  expect(Math.abs(tight[1]!)).toBeLessThan(Math.abs(loose[1]!));
  // With the slope near zero the intercept is the overall rate in log-odds.
  const rate = rows.filter((r) => r.y === 1).length / rows.length;
  expect(fitLogistic(rows, { l2: 1e6 })[0]).toBeCloseTo(Math.log(rate / (1 - rate)), 2);
  expect(fitLogistic(rows, { l2: 1 })).toEqual(fitLogistic(rows, { l2: 1 }));
});

test('a row of weight 2 counts as the same row twice, and a row of weight 0 as no row (calib44)', () => {
  const rows = [
    { x: [1, 0], y: 1 as const },
    { x: [1, 0], y: 0 as const },
    { x: [0, 1], y: 0 as const },
    { x: [0, 1], y: 1 as const },
    { x: [0, 0], y: 1 as const },
  ];
  const twice = fitLogistic([...rows, rows[0]!], { l2: 0.1 });
  const weighted = fitLogistic([{ ...rows[0]!, weight: 2 }, ...rows.slice(1)], { l2: 0.1 });
  weighted.forEach((w, i) => expect(w).toBeCloseTo(twice[i]!, 8));
  const without = fitLogistic(rows.slice(1), { l2: 0.1 });
  fitLogistic([{ ...rows[0]!, weight: 0 }, ...rows.slice(1)], { l2: 0.1 }).forEach((w, i) => expect(w).toBeCloseTo(without[i]!, 8));
});
