/**
 * Blind packets of the families two label sets label differently (labels63): the output of
 * `scripts/label-set-conflicts.ts --readable --json` (the fit half of eval/pairs against eval/families/dev20 and
 * dev20b), one packet per repository, each family against its repository's whole window as the family set's packet
 * has it (window.jsonl and apart.jsonl copied from eval/families/<set>/<repo>/, the window the family label was given
 * against), under fresh blind ids and shuffled, with no label, forecaster or old blind id in the packet. The key,
 * `<keys>/<set>/<repo>/key.jsonl` outside the packets (scripts/packet-keys.ts: `--keys DIR`, by default `<out>-keys`),
 * maps each new blind id to the family set's blind ids, the title, the pair label (best of the family's labelled
 * pairs) and the family label(s), for scripts/score-contested-labels.ts.
 *
 *   npx tsx scripts/label-set-conflicts.ts --readable --json > CONFLICTS.json
 *   npx tsx scripts/contested-packets.ts --conflicts CONFLICTS.json --out DIR [--keys DIR] [--families eval/families] [--seed 1]
 *
 * A conflict from a held set (eval/families/heldout*) is refused: the packets are built from readable sets only.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { mulberry32, shuffle } from '../src/random.js';
import { readLines } from './jsonl.js';
import { keysFolder } from './packet-keys.js';
import type { Conflict, Label } from './label-conflict.js';
import { fail, parseFlags } from './exit.js';

const USAGE = 'usage: npx tsx scripts/contested-packets.ts --conflicts FILE (label-set-conflicts.ts --readable --json) --out DIR [--keys DIR] [--families eval/families] [--seed 1]';
const { values } = parseFlags({
  options: {
    conflicts: { type: 'string' },
    out: { type: 'string' },
    keys: { type: 'string' },
    families: { type: 'string', default: 'eval/families' },
    seed: { type: 'string', default: '1' },
  },
}, USAGE);
if (!values.conflicts || !values.out) fail(USAGE);

interface Family { blind: string; title: string; [field: string]: unknown }

const READABLE = new Set(['dev20', 'dev20b']);
const { conflicts } = JSON.parse(readFileSync(values.conflicts, 'utf8')) as { conflicts: Conflict[] };
for (const c of conflicts)
  if (!READABLE.has(c.set)) fail(`${c.set}/${c.repo} ${c.blind}: not a readable set (${[...READABLE].join(', ')}); run label-set-conflicts.ts with --readable`);
if (conflicts.length === 0) fail(`${values.conflicts}: no conflicts to pack; pass the --json output of label-set-conflicts.ts --readable over sets whose labels disagree`);

const byRepo = new Map<string, Conflict[]>();
for (const c of conflicts) byRepo.set(c.repo, [...(byRepo.get(c.repo) ?? []), c]);

const random = mulberry32(Number(values.seed));
const keys = keysFolder(values.out, values.keys);
const lines = (xs: readonly unknown[]) => xs.map((x) => JSON.stringify(x)).join('\n') + '\n';
// Every repository's sources are read and checked before anything is written: a conflicts file that does not match
// --families is one line and exit 2, with no packet half-written.
const STALE = `${values.conflicts} was not made from ${values.families}: run label-set-conflicts.ts --readable --json again, or pass the --families it was made from`;
const plans = [...byRepo].sort(([a], [b]) => a.localeCompare(b)).map(([repo, mine]) => {
  // One window per repository: every set the conflicts come from must hold the same one.
  const sources = [...new Set(mine.map((c) => join(values.families!, c.set, repo)))];
  const window = readFileSync(join(sources[0]!, 'window.jsonl'), 'utf8');
  for (const s of sources.slice(1))
    if (readFileSync(join(s, 'window.jsonl'), 'utf8') !== window) fail(`${repo}: ${sources[0]} and ${s} have different windows; ${STALE}`);

  const picked = mine.map((c) => {
    const family = readLines<Family>(join(values.families!, c.set, repo, 'families.jsonl')).find((f) => f.blind === c.blind);
    if (!family || family.title !== c.title) fail(`${c.set}/${repo}: no family ${c.blind} "${c.title}"; ${STALE}`);
    return { conflict: c, family };
  });
  return { repo, sources, window, picked };
});
mkdirSync(values.out, { recursive: true });
for (const { repo, sources, window, picked } of plans) {
  shuffle(picked, random);
  const blind = picked.map((p, i) => ({ ...p, id: `${repo}-F${String(i + 1).padStart(2, '0')}` }));

  const dir = join(values.out, repo);
  mkdirSync(dir, { recursive: true });
  copyFileSync(join(sources[0]!, 'window.jsonl'), join(dir, 'window.jsonl'));
  const apart = join(sources[0]!, 'apart.jsonl');
  writeFileSync(join(dir, 'apart.jsonl'), existsSync(apart) ? readFileSync(apart, 'utf8') : '');
  writeFileSync(join(dir, 'families.jsonl'), lines(blind.map(({ id, family }) => ({ ...family, blind: id }))));
  const meta = JSON.parse(readFileSync(join(sources[0]!, 'meta.json'), 'utf8')) as Record<string, unknown>;
  writeFileSync(join(dir, 'meta.json'), JSON.stringify({ ...meta, families: blind.length }, null, 2) + '\n');
  mkdirSync(join(keys, repo), { recursive: true });
  writeFileSync(
    join(keys, repo, 'key.jsonl'),
    lines(
      blind.map(({ id, conflict: c }) => ({
        blind: id,
        set: c.set,
        setBlinds: c.blinds,
        title: c.title,
        binary: c.binary,
        pairLabel: c.pairs.label,
        pairSources: c.pairs.sources,
        pairIds: c.pairs.ids,
        familyLabel: c.families.label,
        familyLabels: c.families.labels,
      })),
    ),
  );
  console.log(`${repo}: ${blind.length} families, ${window.split('\n').filter((l) => l.trim()).length} later work items (${meta.t0} .. ${meta.windowEnd})`);
}
console.log(`${conflicts.length} families, ${byRepo.size} repositories; keys: ${keys}/<repo>/key.jsonl (keep them from the labellers)`);
