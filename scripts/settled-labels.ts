/**
 * The settled family labels (docs/judging.md, "Settled labels"): one gold per
 * family, keyed by repository and title, for every label set that reads
 * families against whole windows. A family's settled label is
 * - the third labeller's (eval/results/label-set-adjudication-L12.jsonl)
 *   where it adjudicated the family: the families the pair labels and the
 *   family labels disagree on, and the vague families the pair labels call
 *   strong (scripts/label-set-conflicts.ts); and, for round 5, the families
 *   its second labeller (L29) labelled otherwise than the primary one
 *   (eval/results/round5-adjudication-J16.jsonl);
 * - else its primary family label in eval/families/{dev,heldout,dev2,heldout2};
 * - else (judge-eval only: families with pair labels alone) the best of its
 *   pair labels, as before.
 * Writes eval/families/settled.jsonl; `judge-eval --settled` and
 * `scripts/score-family-labels.ts --settled` read it.
 *
 *   npx tsx scripts/settled-labels.ts [--adjudication FILE ...] [--out FILE]
 */
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readLines } from './jsonl.js';
import { fail, parseFlags } from './exit.js';

const USAGE = 'usage: npx tsx scripts/settled-labels.ts [--adjudication FILE ...] [--out FILE]';
const { values } = parseFlags({
  options: {
    adjudication: { type: 'string', multiple: true, default: ['eval/results/label-set-adjudication-L12.jsonl', 'eval/results/round5-adjudication-J16.jsonl'] },
    out: { type: 'string', default: 'eval/families/settled.jsonl' },
  },
}, USAGE);

type Label = 'strong' | 'related' | 'rejected';
interface FamilyLabel { blind: string; label: Label; strong: string[]; related: string[]; labeller: string }
interface Adjudication extends FamilyLabel { set: string; repo: string; reason: string }
interface Settled { repo: string; title: string; label: Label; strong: string[]; related: string[]; from: string }


const SETS = ['dev', 'heldout', 'dev2', 'heldout2'];
const settled = new Map<string, Settled>();
const titles = new Map<string, string>(); // `${set}/${blind}` -> title
const keyOf = (repo: string, title: string) => `${repo.toLowerCase()}\u0000${title}`;
let clashes = 0;
for (const set of SETS) {
  const root = join('eval/families', set);
  for (const repo of readdirSync(root).filter((r) => existsSync(join(root, r, 'families.jsonl'))).sort()) {
    const dir = join(root, repo);
    const first = readdirSync(dir).filter((f) => /^labels-.+\.jsonl$/.test(f)).sort()[0];
    const labels = first === undefined ? new Map<string, FamilyLabel>() : new Map(readLines<FamilyLabel>(join(dir, first)).map((l) => [l.blind, l]));
    for (const f of readLines<{ blind: string; title: string }>(join(dir, 'families.jsonl'))) {
      titles.set(`${set}/${f.blind}`, f.title);
      const l = labels.get(f.blind);
      if (!l) continue;
      const key = keyOf(repo, f.title);
      const had = settled.get(key);
      if (had && had.label !== l.label) clashes++;
      if (!had) settled.set(key, { repo, title: f.title, label: l.label, strong: l.strong, related: l.related, from: `${set} ${l.labeller}` });
    }
  }
}

// An adjudication may settle a family of a later round: its title is read from that round's set (its label is not).
for (const set of readdirSync('eval/families').filter((s) => !SETS.includes(s) && /^(dev|heldout)\d*$/.test(s))) {
  const root = join('eval/families', set);
  for (const repo of readdirSync(root).filter((r) => existsSync(join(root, r, 'families.jsonl')))) {
    for (const f of readLines<{ blind: string; title: string }>(join(root, repo, 'families.jsonl'))) titles.set(`${set}/${f.blind}`, f.title);
  }
}

let adjudicated = 0;
for (const a of values.adjudication.flatMap((file) => readLines<Adjudication>(file).map((line) => ({ ...line, file })))) {
  // Lines of a family set name its blind id; lines of a pair set name the family's title.
  const title = a.set === 'pairs' || a.set === 'heldout-pairs' ? a.blind : titles.get(`${a.set}/${a.blind}`);
  if (title === undefined) fail(`${a.file}: no family ${a.set}/${a.blind}; name a family of eval/families/${a.set} by its blind id`);
  settled.set(keyOf(a.repo, title), { repo: a.repo, title, label: a.label, strong: a.strong, related: a.related, from: a.labeller });
  adjudicated++;
}

const rows = [...settled.values()].sort((a, b) => (a.repo === b.repo ? (a.title < b.title ? -1 : 1) : a.repo < b.repo ? -1 : 1));
writeFileSync(values.out, rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
console.log(`${values.out}: ${rows.length} families (${adjudicated} settled by the adjudication; ${clashes} titles labelled differently in two sets, the first set's label kept)`);
