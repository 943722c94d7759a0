import { expect, test } from 'vitest';
import { clusteredRateInterval } from '../../src/stats/clustered-rate.js';
import { wilsonInterval } from '../../src/stats/wilson.js';

const width = (i: { low: number; high: number }) => i.high - i.low;

/** 20 families of one pair each: 15 agree, 5 do not. */
const single = Array.from({ length: 20 }, (_, k) => [k >= 5]);

test('many identical pairs in one family widen the interval: the family, not the pair, is the unit', () => {
  // The same 20 families, each now with ten pairs that agree or disagree together: 200 pairs at the same rate.
  const grouped = single.map((f) => Array.from({ length: 10 }, () => f[0]!));
  const byFamily = clusteredRateInterval(grouped)!;
  const asPairs = wilsonInterval(150, 200)!;
  expect(byFamily).toMatchObject({ units: 20, replicates: 2000, method: 'bootstrap' });
  // Ten copies of a family add no information: the interval is that of the 20 families, not of 200 pairs.
  expect(width(byFamily)).toBeGreaterThan(2 * width(asPairs));
  expect(byFamily).toEqual({ ...clusteredRateInterval(single)!, units: 20 });
  expect(byFamily.low).toBeLessThan(0.75);
  expect(byFamily.high).toBeGreaterThan(0.75);
});

test('one large family that disagrees throughout moves the pooled rate and widens the interval beyond its pairs', () => {
  // 19 families of two agreeing pairs, one family of 40 pairs that all disagree: 38 of 78 agree.
  const clusters = [...Array.from({ length: 19 }, () => [true, true]), Array.from({ length: 40 }, () => false)];
  const interval = clusteredRateInterval(clusters)!;
  expect(width(interval)).toBeGreaterThan(2 * width(wilsonInterval(38, 78)!));
  expect(interval.high).toBe(1);
});

test('the interval is the same on every run (fixed seed), and another seed draws other replicates', () => {
  const clusters = single.map((f, k) => Array.from({ length: 1 + (k % 4) }, (_, i) => (i === 0 ? f[0]! : i % 2 === 0)));
  const first = clusteredRateInterval(clusters);
  expect(clusteredRateInterval(clusters)).toEqual(first);
  const other = clusteredRateInterval(clusters, { seed: 7 })!;
  expect(other).not.toEqual(first);
  expect(Math.abs(other.low - first!.low)).toBeLessThan(0.1);
});

test('at a rate of 1 or 0 the interval is Wilson over the families, not a point', () => {
  const allAgree = Array.from({ length: 12 }, () => [true, true, true]);
  expect(clusteredRateInterval(allAgree)).toMatchObject({ ...wilsonInterval(12, 12), units: 12, method: 'wilson' });
  const noneAgree = allAgree.map((f) => f.map(() => false));
  expect(clusteredRateInterval(noneAgree)).toMatchObject({ ...wilsonInterval(0, 12), method: 'wilson' });
  // Never narrower than Wilson over the 36 pairs.
  expect(width(clusteredRateInterval(allAgree)!)).toBeGreaterThan(width(wilsonInterval(36, 36)!));
});

test('fewer than two families give no interval', () => {
  expect(clusteredRateInterval([[true, false, true]])).toBeNull();
  expect(clusteredRateInterval([])).toBeNull();
});
