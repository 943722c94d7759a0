import { expect, test } from 'vitest';
import { clusterBootstrap, pairedBootstrapDifference } from '../../src/stats/bootstrap.js';
import { cohenKappa, kappaInterval } from '../../src/stats/kappa.js';
import { wilsonInterval } from '../../src/stats/wilson.js';
import { mulberry32 } from '../../src/random.js';

type Pair = readonly [string, string];
const agree = (label: string): Pair => [label, label];

/** 40 families of one pair each: 30 agree (10 strong, 20 rejected), 10 do not. */
const families: Pair[][] = [
  ...Array.from({ length: 10 }, () => [agree('strong')]),
  ...Array.from({ length: 20 }, () => [agree('rejected')]),
  ...Array.from({ length: 5 }, (): Pair[] => [['strong', 'rejected']]),
  ...Array.from({ length: 5 }, (): Pair[] => [['rejected', 'strong']]),
];

test('the Wilson interval matches Newcombe (1998), Table I', () => {
  // Newcombe, "Two-sided confidence intervals for the single proportion", Statistics in Medicine 17: method 3 (score).
  expect(wilsonInterval(81, 263)).toEqual({ low: 0.2553, high: 0.3662 });
  expect(wilsonInterval(15, 148)).toEqual({ low: 0.0624, high: 0.1605 });
  expect(wilsonInterval(0, 20)).toEqual({ low: 0, high: 0.1611 });
  expect(wilsonInterval(1, 29)).toEqual({ low: 0.0061, high: 0.1718 });
});

test("kappa's bootstrap interval is the same on every run and holds the point", () => {
  const point = cohenKappa(families.flat()).kappa!;
  const first = kappaInterval(families);
  expect(first).toEqual(kappaInterval(families));
  expect(first!.low).toBeLessThan(point);
  expect(first!.high).toBeGreaterThan(point);
  expect(first).toMatchObject({ units: 40, replicates: 2000 });
  // Another seed draws other replicates: a different interval, near the same one.
  const other = kappaInterval(families, { seed: 7 })!;
  expect(other).not.toEqual(first);
  expect(Math.abs(other.low - first!.low)).toBeLessThan(0.1);
});

test("a family's pairs are resampled together, so families whose pairs agree or disagree together widen the interval", () => {
  // The same 200 pairs: grouped in families of five alike, or each pair its own unit.
  const grouped = families.map((f) => Array.from({ length: 5 }, () => f[0]!));
  const loose = grouped.flat().map((p) => [p]);
  const byFamily = kappaInterval(grouped)!;
  const byPair = kappaInterval(loose)!;
  expect(byFamily.units).toBe(40);
  expect(byPair.units).toBe(200);
  expect(byFamily.high - byFamily.low).toBeGreaterThan(1.5 * (byPair.high - byPair.low));
});

test('kappa undefined in a replicate (both sides one label) is left out; with nothing else there is no interval', () => {
  const allRejected = Array.from({ length: 12 }, () => [agree('rejected')]);
  expect(cohenKappa(allRejected.flat()).kappa).toBe(1);
  expect(kappaInterval(allRejected)).toBeNull();
  // One family of eleven carries the only relevant label: replicates that miss it are left out, not counted as 1.
  const rare = [...allRejected.slice(1), [agree('related')]];
  const interval = kappaInterval(rare)!;
  expect(interval.replicates).toBeLessThan(2000);
  expect(interval).toMatchObject({ low: 1, high: 1 });
  expect(kappaInterval([[agree('strong'), ['strong', 'rejected']]])).toBeNull();
});

test('the cluster bootstrap pools whole clusters and skips replicates without a value', () => {
  const clusters = [[1, 1, 1], [0], [1, 0]];
  const mean = (xs: readonly number[]) => (xs.length === 0 ? null : xs.reduce((a, b) => a + b, 0) / xs.length);
  const interval = clusterBootstrap(clusters, mean)!;
  expect(interval).toEqual(clusterBootstrap(clusters, mean));
  expect(interval.low).toBeGreaterThanOrEqual(0);
  expect(interval.high).toBe(1);
  expect(clusterBootstrap([[1]], mean)).toBeNull();
  expect(clusterBootstrap([[], []], mean)).toBeNull();
});

test('the paired bootstrap over repositories is unchanged by the shared percentile step', () => {
  // Pinned before the step was shared with clusterBootstrap (stats52): lift's intervals did not move.
  const units = [
    { a: { hits: 3, n: 4 }, b: { hits: 1, n: 3 } },
    { a: { hits: 2, n: 5 }, b: { hits: 2, n: 4 } },
    { a: { hits: 4, n: 4 }, b: { hits: 0, n: 2 } },
    { a: { hits: 1, n: 3 }, b: { hits: 1, n: 3 } },
  ];
  expect(pairedBootstrapDifference(units)).toEqual(PINNED);
});

const PINNED = { low: -0.0536, high: 0.7556, units: 4, replicates: 2000 };

test("kappa's interval covers the true kappa about 95% of the time on data drawn with a known kappa", () => {
  // A judge that copies people's label with probability 0.8, else labels at random with people's own rate (0.3
  // relevant), has kappa 0.8 exactly: po = 0.8 + 0.2·pe. 200 samples of 60 families, drawn with a fixed seed.
  const random = mulberry32(52);
  const draw = () => (random.next() < 0.3 ? 'relevant' : 'rejected');
  let covered = 0;
  const samples = 200;
  for (let s = 0; s < samples; s++) {
    const sample = Array.from({ length: 60 }, (): Pair[] => {
      const gold = draw();
      return [[gold, random.next() < 0.8 ? gold : draw()]];
    });
    const interval = kappaInterval(sample, { replicates: 500 });
    if (interval && interval.low <= 0.8 && 0.8 <= interval.high) covered++;
  }
  expect(covered / samples).toBeGreaterThan(0.88);
  expect(covered / samples).toBeLessThan(0.99);
});
