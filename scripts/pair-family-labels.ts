/**
 * Folds people's blind labels of eval/pairs' forecaster families against their whole windows (packets written by
 * scripts/pair-family-packets.ts, labelled under eval/families/GUIDE.md) into eval/pairs/families/: one line per
 * family of eval/pairs, by its id, as judge-eval reads a family's gold.
 *
 *   npx tsx scripts/pair-family-labels.ts --dir PACKETS [--keys DIR] --labeller ID [--labeller ID ...] --out FILE
 *
 * Each packet's labels come from the first labeller named that has a labels-<ID>.jsonl there. A packet row that stands
 * for two families (two forecasters froze the same prediction) gives both the same label. Every family of every
 * labelled packet must have a line; a missing or unknown blind id ends the run with one line (exit 2).
 * Out: `{"id": "<owner/name>/<source>/<family id>", "split", "label", "specificity", "strong", "related", "reason", "labeller"}`.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { familyLabelKey } from '../src/validate/pairs.js';
import { fail, parseFlags } from './exit.js';
import { readLines, writeLines } from './jsonl.js';
import { keyedPackets, keyOf } from './packet-keys.js';

const USAGE = 'usage: npx tsx scripts/pair-family-labels.ts --dir PACKETS [--keys DIR] --labeller ID [...] --out FILE';
const { values } = parseFlags({ options: { dir: { type: 'string' }, keys: { type: 'string' }, labeller: { type: 'string', multiple: true }, out: { type: 'string' } } }, USAGE);
if (!values.dir || !values.out || !values.labeller?.length) fail(USAGE);

interface Key { blind: string; title: string; families: { id: string; split: string }[] }
interface PeopleLabel { blind: string; label: string; specificity: number; strong: string[]; related: string[]; reason: string; labeller: string }

const out: unknown[] = [];
for (const packet of keyedPackets(values.dir!, values.keys)) {
  const labeller = values.labeller!.find((id) => existsSync(join(values.dir!, packet, `labels-${id}.jsonl`)));
  if (labeller === undefined) continue;
  const repo = (JSON.parse(readFileSync(join(values.dir!, packet, 'meta.json'), 'utf8')) as { repo: string }).repo;
  const labels = new Map(readLines<PeopleLabel>(join(values.dir!, packet, `labels-${labeller}.jsonl`)).map((l) => [l.blind, l]));
  for (const key of readLines<Key>(keyOf(values.dir!, packet, values.keys))) {
    const l = labels.get(key.blind);
    if (!l) fail(`${packet}: labels-${labeller}.jsonl has no line for ${key.blind}`);
    labels.delete(key.blind);
    for (const f of key.families) out.push({ id: familyLabelKey(repo, f.id), split: f.split, label: l.label, specificity: l.specificity, strong: l.strong, related: l.related, reason: l.reason, labeller: l.labeller ?? labeller });
  }
  if (labels.size) fail(`${packet}: labels-${labeller}.jsonl names ${[...labels.keys()].join(', ')}, which the packet has not`);
  console.log(`${packet}: ${labeller}`);
}
mkdirSync(dirname(values.out), { recursive: true });
writeLines(values.out, out);
console.log(`${out.length} families -> ${values.out}`);
