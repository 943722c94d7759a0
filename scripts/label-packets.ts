/**
 * Writes blind family-labelling packets (eval/families/README.md): for each
 * repository of a store, the later work a validation judges (its window) and
 * the families of the chosen forecasts, shuffled and renamed so a labeller
 * cannot tell which forecaster wrote which, plus a key file that maps the
 * blind ids back (read only when scoring), written outside the packets so no
 * labeller sees it: `<keys>/<set>/<repo>/key.jsonl`, `<keys>` being --keys DIR
 * or by default `<out>-keys` beside DIR, `<set>` DIR's name (scripts/packet-keys.ts;
 * the scripts that read keys find them there).
 *
 *   npx tsx scripts/label-packets.ts --db FILE --out DIR [--keys DIR] [--forecaster NAME ...] [--repo NAME ...] [--top K] [--baseline-top K] [--window 6m] [--seed 1]
 *
 * --top K takes each forecast's first K families only (its ranking order), as
 * strong@K reads them; --baseline-top K cuts the baselines' forecasts at K
 * instead (e.g. --top 10 --baseline-top 5: coverage@10 of the forecaster
 * under test, strong@5 of every forecaster).
 *
 * Every forecast of every snapshot in the store is taken (one per forecaster
 * and snapshot: the latest), so a study's store and a hand-made store of one
 * repository both work. --repo NAME (the packet's name, e.g. `werkzeug`, or the
 * store's repository name) keeps only those repositories: labels63 packed the
 * heuristic's top loose family of the repositories where it abstained only.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { mulberry32, shuffle } from '../src/random.js';
import { openStore } from '../src/store/open.js';
import { loadForecast } from '../src/store/forecasts.js';
import { loadWorkItems } from '../src/store/work-items.js';
import { splitLaterWork } from '../src/validate/later-work.js';
import { addDuration, parseDuration } from '../src/time.js';
import { keysFolder } from './packet-keys.js';
import { writeLines } from './jsonl.js';
import { apartRow, familyRow, windowRow } from './packet-rows.js';
import { fail, parseFlags } from './exit.js';

const USAGE = 'usage: npx tsx scripts/label-packets.ts --db FILE --out DIR [--keys DIR] [--forecaster NAME ...] [--top K]';
const { values } = parseFlags({
  options: {
    db: { type: 'string' },
    out: { type: 'string' },
    keys: { type: 'string' },
    forecaster: { type: 'string', multiple: true },
    repo: { type: 'string', multiple: true },
    window: { type: 'string', default: '6m' },
    seed: { type: 'string', default: '1' },
    top: { type: 'string' },
    'baseline-top': { type: 'string' },
  },
}, USAGE);
if (!values.db || !values.out) fail(USAGE);
const top = values.top === undefined ? Infinity : Number(values.top);
if (!(top >= 1)) fail(`--top takes a whole number of families, 1 or more, not "${values.top}"`);
const baselineTop = values['baseline-top'] === undefined ? top : Number(values['baseline-top']);
if (!(baselineTop >= 1)) fail(`--baseline-top takes a whole number of families, 1 or more, not "${values['baseline-top']}"`);
const BASELINES = new Set(['hotspot', 'recency', 'random-anchor']);

const store = openStore(values.db);
const rows = store.db
  .prepare(
    `SELECT f.id, f.forecaster, s.id AS snapshot_id, s.t0, r.id AS repo_id, r.name
       FROM forecasts f JOIN snapshots s ON s.id = f.snapshot_id JOIN repos r ON r.id = s.repo_id
      WHERE f.id IN (SELECT MAX(id) FROM forecasts GROUP BY snapshot_id, forecaster)
      ORDER BY r.name, s.t0, f.id`,
  )
  .all() as { id: number; forecaster: string; snapshot_id: number; t0: string; repo_id: number; name: string }[];

const wanted = values.forecaster?.length ? new Set(values.forecaster) : null;
const repos = values.repo?.length ? new Set(values.repo) : null;
if (repos) {
  const known = new Set(rows.flatMap((row) => [row.name, row.name.replace(/^.*\+/, '')]));
  const unknown = [...repos].filter((r) => !known.has(r));
  if (unknown.length) fail(`--repo: no forecast of ${unknown.join(', ')} in ${values.db}; name repositories it forecast (${[...new Set(rows.map((row) => row.name))].join(', ')})`);
}
const bySnapshot = new Map<number, typeof rows>();
for (const row of rows) {
  if (wanted && !wanted.has(row.forecaster)) continue;
  if (repos && !repos.has(row.name) && !repos.has(row.name.replace(/^.*\+/, ''))) continue;
  bySnapshot.set(row.snapshot_id, [...(bySnapshot.get(row.snapshot_id) ?? []), row]);
}

mkdirSync(values.out, { recursive: true });
// Never inside a packet: labellers are handed the packets' folder.
const keys = keysFolder(values.out, values.keys);
const random = mulberry32(Number(values.seed));
for (const forecasts of bySnapshot.values()) {
  const { name, t0, repo_id: repoId } = forecasts[0]!;
  const short = name.replace(/^.*\+/, '');
  const windowEnd = addDuration(t0, parseDuration(values.window!));
  const later = splitLaterWork(loadWorkItems(store, repoId, { after: t0, until: windowEnd }), false);
  const window = later.judged.map(windowRow);
  // Items counted apart, never judged: the rule still lets a family that predicts exactly that chore (a translation, a
  // CI change, a list entry) be matched by one, so people see them beside the window rather than in the clone only.
  const apart = later.apart.map(apartRow);

  const families = forecasts.flatMap((f) =>
    loadForecast(store, f.id)
      .families.slice(0, BASELINES.has(f.forecaster) ? baselineTop : top)
      .map((family, rank) => ({ forecaster: f.forecaster, forecastId: f.id, rank: rank + 1, family })),
  );
  shuffle(families, random);
  const blind = families.map((f, i) => ({ ...f, blind: `${short}-F${String(i + 1).padStart(2, '0')}` }));

  const dir = join(values.out, short);
  mkdirSync(dir, { recursive: true });
  writeLines(join(dir, 'window.jsonl'), window);
  writeLines(join(dir, 'apart.jsonl'), apart);
  writeLines(join(dir, 'families.jsonl'), blind.map(({ blind: id, family }) => familyRow(id, family)));
  mkdirSync(join(keys, short), { recursive: true });
  writeLines(
    join(keys, short, 'key.jsonl'),
    blind.map(({ blind: id, forecaster, forecastId, rank, family }) => ({ blind: id, forecaster, forecastId, rank, familyId: family.id, score: family.score })),
  );
  writeFileSync(
    join(dir, 'meta.json'),
    JSON.stringify({ repo: name, t0: t0.slice(0, 10), windowEnd: windowEnd.slice(0, 10), window: values.window, laterWork: window.length, apart: later.apart.length, bots: later.bots.length, byKind: later.byKind, families: blind.length }, null, 2) + '\n',
  );
  console.log(`${short}: ${blind.length} families, ${window.length} later work items (${t0.slice(0, 10)} .. ${windowEnd.slice(0, 10)})`);
}
console.log(`keys: ${keys}/<repo>/key.jsonl (keep them from the labellers)`);
store.close();
