/**
 * Writes blind family-labelling packets (eval/families/README.md "A packet") for the forecaster families of eval/pairs:
 * each family against its repository's whole window (eval/pairs/windows/), the way judge-eval's family figures judge
 * it, so people can label those families the way the family sets are labelled, instead of reading their gold off the
 * best of their labelled pairs. Paraphrases are left out (judge-eval's family figures leave them out too).
 *
 *   npx tsx scripts/pair-family-packets.ts --pairs eval/pairs --out DIR [--keys DIR] [--split fit|held] [--seed 1]
 *
 * A family is packed once per distinct prediction (title, expected behaviour, criteria, target paths and symbols):
 * two forecasters that froze the same words in one repository are one row, and its key lists both. The window is
 * what familyContexts (src/validate/pairs.ts) judges: the window file's items that do work; the others are in
 * apart.jsonl with their kind. Keys go outside the packets (scripts/packet-keys.ts):
 * `<keys>/<set>/<repo>/key.jsonl`, `{"blind", "families": [{"id": "<source>/<family id>", "split"}], "title"}`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pairFiles, readPairs, readWindows } from '../src/api/judge-eval.js';
import type { TaskFamily } from '../src/family/model.js';
import { mulberry32, shuffle } from '../src/random.js';
import { doesWork } from '../src/validate/later-work.js';
import { keysFolder } from './packet-keys.js';
import { writeLines } from './jsonl.js';
import { apartRow, familyRow, windowRow } from './packet-rows.js';
import { fail, parseFlags } from './exit.js';

const USAGE = 'usage: npx tsx scripts/pair-family-packets.ts --pairs DIR --out DIR [--keys DIR] [--split fit|held] [--seed 1]';
const { values } = parseFlags({
  options: {
    pairs: { type: 'string', default: 'eval/pairs' },
    out: { type: 'string' },
    keys: { type: 'string' },
    split: { type: 'string' },
    seed: { type: 'string', default: '1' },
  },
}, USAGE);
if (!values.out) fail(USAGE);
if (values.split !== undefined && values.split !== 'fit' && values.split !== 'held') fail(`--split takes fit or held, not "${values.split}"`);

const pairs = readPairs(pairFiles([values.pairs!])).filter((p) => p.source !== 'paraphrase' && (values.split === undefined || p.split === values.split));
const windows = readWindows(pairFiles([join(values.pairs!, 'windows')]));

/** What a labeller reads of a family: two families with the same prediction are one row. */
const prediction = (f: TaskFamily) => JSON.stringify(familyRow('', f));

const random = mulberry32(Number(values.seed));
const keys = keysFolder(values.out, values.keys);
const repos = [...new Set(pairs.map((p) => p.repo))].sort();
for (const repo of repos) {
  const short = repo.slice(repo.indexOf('/') + 1);
  const rows = new Map<string, { family: TaskFamily; ids: Map<string, string> }>();
  for (const p of pairs.filter((p) => p.repo === repo)) {
    const row = rows.get(prediction(p.family)) ?? { family: p.family, ids: new Map<string, string>() };
    row.ids.set(`${p.source}/${p.family.id}`, p.split);
    rows.set(prediction(p.family), row);
  }
  const families = [...rows.values()];
  shuffle(families, random);
  const blind = families.map((f, i) => ({ ...f, blind: `${short}-F${String(i + 1).padStart(2, '0')}` }));

  const window = windows.filter((w) => w.repo === repo).map((w) => w.item);
  const judged = window.filter(doesWork);
  const apart = window.filter((item) => !doesWork(item));
  const t0 = pairs.find((p) => p.repo === repo)!.t0;

  const dir = join(values.out, short);
  mkdirSync(dir, { recursive: true });
  writeLines(join(dir, 'window.jsonl'), judged.map(windowRow));
  writeLines(join(dir, 'apart.jsonl'), apart.map(apartRow));
  writeLines(join(dir, 'families.jsonl'), blind.map((f) => familyRow(f.blind, f.family)));
  writeFileSync(join(dir, 'meta.json'), JSON.stringify({ repo, t0: t0.slice(0, 10), window: '6m', laterWork: judged.length, apart: apart.length, families: blind.length }, null, 2) + '\n');
  mkdirSync(join(keys, short), { recursive: true });
  writeLines(
    join(keys, short, 'key.jsonl'),
    blind.map((f) => ({ blind: f.blind, title: f.family.title, families: [...f.ids].map(([id, split]) => ({ id, split })) })),
  );
  console.log(`${short}: ${blind.length} families (${[...rows.values()].reduce((n, r) => n + r.ids.size, 0)} of eval/pairs), ${judged.length} later work items, ${apart.length} apart`);
}
console.log(`keys: ${keys}/<repo>/key.jsonl (keep them from the labellers)`);
