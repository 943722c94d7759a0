import { clusteredRateInterval } from '../../../src/stats/clustered-rate.js';
import { wilsonInterval } from '../../../src/stats/wilson.js';
import { mulberry32 } from '../../../src/random.js';
// 60 families of 4 pairs; each family agrees with people throughout with probability 0.7 (all 4 pairs agree),
// else each pair agrees with probability 0.5: expected pooled accuracy 0.7 + 0.3 * 0.5 = 0.85, pairs correlated within a family.
const r = mulberry32(58);
const truth = 0.85;
let covC = 0, covW = 0, wC = 0, wW = 0;
const N = 200;
for (let s = 0; s < N; s++) {
  const clusters = Array.from({ length: 60 }, () => { const all = r.next() < 0.7; return Array.from({ length: 4 }, () => all || r.next() < 0.5); });
  const c = clusteredRateInterval(clusters, { replicates: 1000 })!;
  const items = clusters.flat();
  const w = wilsonInterval(items.filter(Boolean).length, items.length)!;
  if (c.low <= truth && truth <= c.high) covC++;
  if (w.low <= truth && truth <= w.high) covW++;
  wC += c.high - c.low; wW += w.high - w.low;
}
console.log(`clustered: coverage ${(100 * covC / N).toFixed(1)}% mean width ${(wC / N).toFixed(3)}; Wilson over pairs: coverage ${(100 * covW / N).toFixed(1)}% mean width ${(wW / N).toFixed(3)}`);
