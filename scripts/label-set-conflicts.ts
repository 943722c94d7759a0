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
 *   npx tsx scripts/label-set-conflicts.ts --readable [--json]
 *
 * --readable reads only what an engineer may read: the fit half of eval/pairs
 * (rows with "split": "fit"; every held row is dropped as it is read, never
 * compared or printed) against the readable family sets of the development
 * repositories, eval/families/dev20 (the heuristic) and dev20b (the baselines'
 * top five); eval/heldout-pairs and eval/families/heldout are not opened. It
 * lists every family the two sets label differently on three labels (a strong
 * against a related is a conflict too; `binary` marks the ones that differ on
 * relevant-vs-rejected) with each side's labels, the pairs' ids and the family
 * set's blind ids: what scripts/contested-packets.ts packs for a blind third
 * reading (labels63).
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pairFiles, readPairs } from '../src/api/judge-eval.js';
import { isVagueTitle } from '../src/validate/judges/vagueness.js';
import { readLines } from './jsonl.js';
import type { Conflict, Label } from './label-conflict.js';
import { parseFlags } from './exit.js';

const USAGE = 'usage: npx tsx scripts/label-set-conflicts.ts [--readable] [--json]';
const { values } = parseFlags({ options: { json: { type: 'boolean' }, readable: { type: 'boolean' } } }, USAGE);
const readable = values.readable === true;

interface FamilyLabel { blind: string; label: Label; strong: string[]; related: string[]; reason: string; labeller: string }

const RANK: Record<Label, number> = { rejected: 0, related: 1, strong: 2 };

const SETS: readonly (readonly [string, readonly string[]])[] = readable
  ? [['eval/pairs', ['eval/families/dev20', 'eval/families/dev20b']]]
  : [
      ['eval/pairs', ['eval/families/dev']],
      ['eval/heldout-pairs', ['eval/families/heldout']],
    ];

/** The labelled pairs of a pair set; with --readable, the fit half only (held rows dropped as read). */
function pairsOf(pairSet: string) {
  const all = readPairs(pairFiles([pairSet]));
  return readable ? all.filter((p) => p.split === 'fit') : all;
}

let both = 0;
const conflicts: Conflict[] = [];
for (const [pairSet, familySets] of SETS) {
  const pairs = pairsOf(pairSet);
  const seen = new Set<string>();
  for (const familySet of familySets)
  for (const repo of readdirSync(familySet).filter((r) => existsSync(join(familySet, r, 'families.jsonl'))).sort()) {
    const dir = join(familySet, repo);
    const labelFiles = readdirSync(dir).filter((f) => /^labels-.+\.jsonl$/.test(f)).sort();
    const labels = labelFiles.map((f) => new Map(readLines<FamilyLabel>(join(dir, f)).map((l) => [l.blind, l])));
    const families = readLines<{ blind: string; title: string }>(join(dir, 'families.jsonl'));
    for (const family of families) {
      const mine = pairs.filter((p) => p.family.title === family.title && p.repo.toLowerCase().endsWith(`/${repo}`));
      const people = labels.map((m) => m.get(family.blind)).filter((l): l is FamilyLabel => l !== undefined);
      if (mine.length === 0 || people.length === 0 || seen.has(`${repo}\u0000${family.title}`)) continue;
      seen.add(`${repo}\u0000${family.title}`);
      both++;
      const gold = mine.reduce<Label>((g, p) => (RANK[p.label] > RANK[g] ? p.label : g), 'rejected');
      const binary = (gold === 'rejected') !== (people[0]!.label === 'rejected');
      if (readable ? gold === people[0]!.label : !binary) continue;
      conflicts.push({
        set: familySet.split('/').pop()!,
        repo,
        blind: family.blind,
        blinds: families.filter((f) => f.title === family.title).map((f) => f.blind),
        title: family.title,
        binary,
        pairs: { label: gold, sources: [...new Set(mine.map((p) => p.id.split('/')[1]!))], ids: mine.map((p) => p.id), relevant: mine.filter((p) => p.label !== 'rejected').map((p) => `${p.item.key}=${p.label}`) },
        families: {
          label: people[0]!.label,
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
  for (const p of pairsOf(pairSet)) {
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
  const binary = conflicts.filter((c) => c.binary).length;
  console.log(`families in both label sets${readable ? ' (fit half of eval/pairs; dev20, dev20b)' : ''}: ${both}; relevant-vs-rejected agree on ${both - binary} (${((100 * (both - binary)) / both).toFixed(1)}%), disagree on ${binary}`);
  if (readable) console.log(`three labels agree on ${both - conflicts.length} (${((100 * (both - conflicts.length)) / both).toFixed(1)}%); listed below: all ${conflicts.length} that differ (${binary} on relevant-vs-rejected, marked *)`);
  for (const c of conflicts) {
    console.log(`\n${c.binary ? '* ' : ''}${c.set}/${c.repo} ${c.blinds.join(',')} "${c.title}"`);
    console.log(`  pairs (${c.pairs.sources.join(', ')}): ${c.pairs.label} [${c.pairs.relevant.join(' ')}]`);
    console.log(`  families: ${c.families.labels.join(' ')} [${c.families.named.join(' ')}] ${c.families.reason}`);
  }
  console.log(`\nVague (list-shaped) families the pair labels call strong: ${vagueStrong.length}`);
  for (const f of vagueStrong) console.log(`  ${f.set} ${f.repo} "${f.title}": strong ${f.strong.join(' ')}`);
}
