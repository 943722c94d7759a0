import { withInterval } from '../src/cli/interval-text.js';
import { wilsonInterval } from '../src/stats/wilson.js';

/** `3/7 = 42.9% [15.8, 75.0]`: k of n with its 95% Wilson interval, one decimal; `0/0` when n is 0. */
export function countWithWilson(k: number, n: number): string {
  const w = wilsonInterval(k, n);
  return w === null ? '0/0' : withInterval(`${k}/${n} = ${((100 * k) / n).toFixed(1)}%`, w.low, w.high, (b) => (100 * b).toFixed(1));
}
