/**
 * Where the two label sets disagree on the same family: the pair labels
 * (eval/pairs, eval/heldout-pairs; a family's label is the best of its
 * labelled pairs, as judge-eval's family figures read it) and the family
 * labels (eval/families/dev, eval/families/heldout; each family against its
 * whole window). A family is in both when its repository and title are the
 * same. Prints how often the two agree on relevant-vs-rejected, then every
 * family they disagree on with the changes each side named; then the vague
 * (list-shaped) families the pair labels call strong, which the family rule
 * rejects unless a change plainly does what their words say. These are the
 * families a third labeller would settle (docs/judging.md).
 *
 *   npx tsx scripts/label-set-conflicts.ts [--json]
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { pairFiles, readPairs } from '../src/api/judge-eval.js';
import { isVagueTitle } from '../src/validate/judges/vagueness.js';
import { readLines } from './jsonl.js';

const { values } = parseArgs({ options: { json: { type: 'boolean' } } });

type Label = 'strong' | 'related' | 'rejected';
interface FamilyLabel { blind: string; label: Label; strong: string[]; related: string[]; reason: string; labeller: string }
interface Conflict {
  set: string;
  repo: string;
  blind: string;
  title: string;
  pairs: { label: Label; sources: string[]; relevant: string[] };
  families: { labels: string[]; named: string[]; reason: string };
}

const RANK: Record<Label, number> = { rejected: 0, related: 1, strong: 2 };

const SETS = [
  ['eval/pairs', 'eval/families/dev'],
  ['eval/heldout-pairs', 'eval/families/heldout'],
] as const;

let both = 0;
const conflicts: Conflict[] = [];
for (const [pairSet, familySet] of SETS) {
  const pairs = readPairs(pairFiles([pairSet]));
  for (const repo of readdirSync(familySet).filter((r) => existsSync(join(familySet, r, 'families.jsonl'))).sort()) {
    const dir = join(familySet, repo);
    const labelFiles = readdirSync(dir).filter((f) => /^labels-.+\.jsonl$/.test(f)).sort();
    const labels = labelFiles.map((f) => new Map(readLines<FamilyLabel>(join(dir, f)).map((l) => [l.blind, l])));
    const seen = new Set<string>();
    for (const family of readLines<{ blind: string; title: string }>(join(dir, 'families.jsonl'))) {
      const mine = pairs.filter((p) => p.family.title === family.title && p.repo.toLowerCase().endsWith(`/${repo}`));
      const people = labels.map((m) => m.get(family.blind)).filter((l): l is FamilyLabel => l !== undefined);
      if (mine.length === 0 || people.length === 0 || seen.has(family.title)) continue;
      seen.add(family.title);
      both++;
      const gold = mine.reduce<Label>((g, p) => (RANK[p.label] > RANK[g] ? p.label : g), 'rejected');
      if ((gold === 'rejected') === (people[0]!.label === 'rejected')) continue;
      conflicts.push({
        set: familySet.split('/').pop()!,
        repo,
        blind: family.blind,
        title: family.title,
        pairs: { label: gold, sources: [...new Set(mine.map((p) => p.id.split('/')[1]!))], relevant: mine.filter((p) => p.label !== 'rejected').map((p) => `${p.item.key}=${p.label}`) },
        families: {
          labels: people.map((l) => `${l.labeller}=${l.label}`),
          named: [...people[0]!.strong.map((k) => `${k}=strong`), ...people[0]!.related.map((k) => `${k}=related`)],
          reason: people[0]!.reason,
        },
      });
    }
  }
}

// Vague families the pair labellers called strong (every pair set, whether or not the family set has the family).
const vagueStrong: { set: string; repo: string; title: string; strong: string[] }[] = [];
for (const [pairSet] of SETS) {
  const byFamily = new Map<string, { repo: string; title: string; strong: string[] }>();
  for (const p of readPairs(pairFiles([pairSet]))) {
    if (!isVagueTitle(p.family.title)) continue;
    const key = `${p.repo}\u0000${p.family.title}`;
    const f = byFamily.get(key) ?? { repo: p.repo, title: p.family.title, strong: [] };
    if (p.label === 'strong' && !f.strong.includes(p.item.key)) f.strong.push(p.item.key);
    byFamily.set(key, f);
  }
  for (const f of byFamily.values()) if (f.strong.length > 0) vagueStrong.push({ set: pairSet, ...f });
}

if (values.json) console.log(JSON.stringify({ families: both, agree: both - conflicts.length, conflicts, vagueStrong }, null, 2));
else {
  console.log(`families in both label sets: ${both}; relevant-vs-rejected agree on ${both - conflicts.length} (${((100 * (both - conflicts.length)) / both).toFixed(1)}%), disagree on ${conflicts.length}`);
  for (const c of conflicts) {
    console.log(`\n${c.set}/${c.repo} ${c.blind} "${c.title}"`);
    console.log(`  pairs (${c.pairs.sources.join(', ')}): ${c.pairs.label} [${c.pairs.relevant.join(' ')}]`);
    console.log(`  families: ${c.families.labels.join(' ')} [${c.families.named.join(' ')}] ${c.families.reason}`);
  }
  console.log(`\nVague (list-shaped) families the pair labels call strong: ${vagueStrong.length}`);
  for (const f of vagueStrong) console.log(`  ${f.set} ${f.repo} "${f.title}": strong ${f.strong.join(' ')}`);
}
