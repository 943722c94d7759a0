/**
 * The series family's backtest on a study config's repositories (tune on eval/dev.json only):
 * for each repository, the series at T0 (title, remaining targets) and, at T0-6m, -12m and -18m,
 * whether each series with remaining targets continued in its 6-month window (closed by T0).
 *
 *   npx tsx scripts/series-backtest.ts --config eval/dev.json --db /tmp/series15/dev.db [--no-backtest]
 */
import { snapshotRepository } from '../src/api/snapshot.js';
import { contributorNames } from '../src/forecast/heuristic/signals.js';
import { learnSeriesRecord } from '../src/forecast/backtest/series.js';
import { detectSeries } from '../src/forecast/heuristic/series.js';
import { seriesTitle } from '../src/forecast/heuristic/series-render.js';
import { parseFlags } from './exit.js';
import { studyRepos } from './study-repos.js';

const USAGE = 'usage: npx tsx scripts/series-backtest.ts [--config eval/dev.json] [--db /tmp/series15/dev.db] [--no-backtest]';
const { values } = parseFlags({ options: { config: { type: 'string', default: 'eval/dev.json' }, db: { type: 'string', default: '/tmp/series15/dev.db' }, 'no-backtest': { type: 'boolean' } } }, USAGE);
const { config: configPath, db } = values;
let n = 0;
let hits = 0;
const buckets: Record<string, [number, number]> = {};
for (const r of studyRepos(configPath)) {
  const { snapshot } = await snapshotRepository({ repo: r.path, t0: r.t0, db, name: r.name });
  const names = contributorNames(snapshot);
  const series = detectSeries(snapshot, { lookbackDays: 365 }, names);
  console.log(`## ${r.name} (T0 ${r.t0}): ${series.length} series`);
  for (const s of series) {
    console.log(`  ${s.changes.length}x [${s.slotKind}] "${s.before}*${s.after}" last ${s.changes[0]!.date.slice(0, 10)} in ${s.component}; done ${s.done.length}; remaining ${s.remaining.length}: ${s.remaining.join(', ')}`);
    if (s.remaining.length) console.log(`    -> ${seriesTitle(s)}`);
  }
  if (values['no-backtest']) continue;
  const record = learnSeriesRecord(snapshot, { lookbackDays: 365 }, names);
  for (const c of record.cases) {
    console.log(`  backtest ${c.cutoff.slice(0, 10)} ${c.continued ? 'CONTINUED' : 'stopped  '} ${c.changes}x last ${c.lastDays}d remaining ${c.remaining}: "${c.template}"`);
    n++;
    hits += c.continued ? 1 : 0;
    const b = c.lastDays <= 60 ? 'last<=60d' : c.lastDays <= 180 ? 'last61-180d' : 'last>180d';
    const k = (buckets[b] ??= [0, 0]);
    k[0] += c.continued ? 1 : 0;
    k[1]++;
  }
}
console.log(`pooled: ${hits}/${n} continued`, JSON.stringify(buckets));
