import { fitLogistic } from '../../stats/logistic.js';
import { compareText } from '../../text/order.js';

/**
 * What the work streams' backtest record (streams.ts) is built with: the
 * logistic scale it is fitted on, one replay's tally, and the topic words of a
 * direction. (The cluster candidates' own record, no longer used for scoring,
 * was removed.)
 */

/**
 * Platt scaling of a score on the replayed candidates (a stream's log(1 + heat) in streams.ts): logistic
 * a + b * score fitted by Newton's method with a weak prior (L2 0.1 on a, b),
 * b held >= 0 so a higher score never means a lower probability.
 */
export function fitScale(points: readonly [number, 0 | 1][]): { a: number; b: number } {
  const [a, b] = fitLogistic(
    points.map(([x, y]) => ({ x: [x], y })),
    { l2: 0.1, interceptL2: 0.1, nonNegative: true, iterations: 25 },
  ) as [number, number];
  return { a, b };
}

/**
 * One replay's candidates (the work streams in streams.ts) tallied into a record: each one's
 * point (`x`, what the record's scale is fitted on, and whether it became later work) and [hits, candidates] of each
 * of its groups. Returns the replay's hits.
 */
export function tallyReplay<T>(
  candidates: readonly T[],
  read: (c: T) => { hit: boolean; x: number; groups: readonly string[] },
  points: [number, 0 | 1][],
  groups: Record<string, [number, number]>,
): number {
  let hits = 0;
  for (const c of candidates) {
    const { hit, x, groups: keys } = read(c);
    if (hit) hits++;
    points.push([x, hit ? 1 : 0]);
    for (const key of keys) {
      const g = (groups[key] ??= [0, 0]);
      g[0] += hit ? 1 : 0;
      g[1] += 1;
    }
  }
  return hits;
}

/**
 * The words of a direction, from its members' topics (a stream's changes in streams.ts):
 * the words two or more members share (the twelve most shared) when there are at least `enough` of them, else its
 * eight most frequent words; most shared first, ties by text.
 */
export function sharedTopic(topics: readonly Iterable<string>[], enough: number): string[] {
  const freq = new Map<string, number>();
  for (const topic of topics) for (const t of new Set(topic)) freq.set(t, (freq.get(t) ?? 0) + 1);
  const ranked = [...freq].sort((a, b) => b[1] - a[1] || compareText(a[0], b[0]));
  const shared = ranked.filter(([, n]) => n >= 2).slice(0, 12);
  return (shared.length >= enough ? shared : ranked.slice(0, 8)).map(([t]) => t);
}
