/**
 * Would the heuristic's single best loose family help where it abstains? (labels63, study A.) Scores people's blind
 * labels of the loose top-1 packets (`forecast --max-loose 1` on a copy of a store, packed by
 * `label-packets.ts --forecaster heuristic --top 1 --repo R`) beside the same repositories' hotspot, recency and
 * random-anchor top-1 families as people already labelled them in the committed family sets (eval/families/<set>,
 * labels-1 = people's primary label, the packet's key.jsonl gives forecaster and rank).
 *
 *   npx tsx scripts/score-loose-labels.ts --dir /tmp/labels63/packets/loose [--keys DIR] [--families eval/families] [--sets a,b,...] [--json]
 *
 * Per forecaster: people's strong rate and relevant (strong or related) rate of the top-1 family with n and the 95%
 * Wilson interval; the loose families also split by what they are (a loose title, score 0.019, or a specific
 * direction held back as not checkable, a higher score). People against people where a packet has two labellers
 * (the loose packets: the first labels file in name order is the primary, as eval/families/README.md reads them; the
 * committed sets: labels-1 and labels-2): three-label and relevant-vs-rejected agreement, k of n, Wilson. A loose
 * packet whose window differs from its committed set's (the keys of window.jsonl) is named, since the baselines were
 * labelled against that window.
 *
 * The committed sets looked in are readable ones only (--sets; default the baselines' sets of the stores this study
 * used). A repository found in two of them is an error.
 *
 * Mixed packets (`label-packets.ts --forecaster heuristic --forecaster hotspot --forecaster recency --forecaster
 * random-anchor --top 1 --repo R`: the loose top-1 shuffled among the baselines' top-1, so a labeller cannot tell which
 * is the loose one) are read too: their baseline families are reported again as this round's labellers labelled them
 * ("(this round)"), beside the committed labels, and this round's primary is set against the committed labels-1.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { readLines } from './jsonl.js';
import { countWithWilson as pct } from './rate-text.js';
import { keyedPackets, keyOf } from './packet-keys.js';
import { fail, parseFlags } from './exit.js';

const DEFAULT_SETS = ['dev20b', 'audit20b', 'newcomer4-20', 'newcomer5-20', 'newcomer6-20', 'newcomer7-20', 'newcomer8-blind', 'newcomer9-blind'];
const USAGE = 'usage: npx tsx scripts/score-loose-labels.ts --dir /tmp/labels63/packets/loose [--keys DIR] [--families eval/families] [--sets a,b] [--json]';
const { values } = parseFlags({
  options: {
    dir: { type: 'string' },
    keys: { type: 'string' },
    families: { type: 'string', default: 'eval/families' },
    sets: { type: 'string', default: DEFAULT_SETS.join(',') },
    json: { type: 'boolean' },
  },
}, USAGE);
if (!values.dir) fail(USAGE);
const sets = values.sets!.split(',').filter(Boolean);
for (const s of sets) if (/heldout|newcomer10/.test(s)) fail(`--sets: ${s} is held; read readable sets only (the default: ${DEFAULT_SETS.join(',')})`);

type Label = 'strong' | 'related' | 'rejected';
interface PeopleLabel { blind: string; label: Label; specificity?: number; reason: string; labeller: string }
interface Key { blind: string; forecaster: string; rank: number; score: number }
const BASELINES = ['hotspot', 'recency', 'random-anchor'] as const;
/** `loose`, a baseline as the committed set's people labelled it, or `<baseline> (this round)` from a mixed packet. */
type Forecaster = string;
interface Row { repo: string; forecaster: Forecaster; title: string; kind: string; people: Label[]; labellers: string[]; committed?: Label[] }

/** Every labels file of a packet, in name order (the first is the primary), each by blind id. */
function labelsOf(dir: string): { file: string; byBlind: Map<string, PeopleLabel> }[] {
  return readdirSync(dir)
    .filter((f) => /^labels-.+\.jsonl$/.test(f))
    .sort()
    .map((f) => ({ file: f, byBlind: new Map(readLines<PeopleLabel>(join(dir, f)).map((l) => [l.blind, l])) }));
}
const windowKeys = (dir: string) => readLines<{ key: string }>(join(dir, 'window.jsonl')).map((i) => i.key).sort().join('\n');

const rows: Row[] = [];
const notes: string[] = [];
const unlabelled: string[] = [];
for (const repo of keyedPackets(values.dir, values.keys)) {
  const dir = join(values.dir, repo);
  const key = readLines<Key>(keyOf(values.dir, repo, values.keys));
  const families = new Map(readLines<{ blind: string; title: string }>(join(dir, 'families.jsonl')).map((f) => [f.blind, f.title]));
  const labels = labelsOf(dir);
  if (labels.length === 0) unlabelled.push(repo);
  for (const k of key) {
    const people = labels.map((l) => l.byBlind.get(k.blind)).filter((l): l is PeopleLabel => l !== undefined);
    if (labels.length > 0 && people.length === 0) notes.push(`${repo} ${k.blind}: no label in ${labels.map((l) => l.file).join(', ')}`);
    const loose = k.forecaster === 'heuristic';
    rows.push({
      repo,
      forecaster: loose ? 'loose' : `${k.forecaster} (this round)`,
      title: families.get(k.blind) ?? '?',
      kind: loose ? (k.score <= 0.02 ? 'loose title' : 'held-back direction') : `rank ${k.rank}`,
      people: people.map((l) => l.label),
      labellers: people.map((l) => l.labeller),
    });
  }

  const found = sets.filter((s) => existsSync(join(values.families!, s, repo, 'families.jsonl')));
  if (found.length !== 1) fail(`${repo}: found in ${found.length ? found.join(', ') : 'none'} of --sets ${sets.join(',')}; name one set holding it`);
  const set = join(values.families!, found[0]!, repo);
  if (windowKeys(set) !== windowKeys(dir)) notes.push(`${repo}: the loose packet's window differs from ${found[0]}'s`);
  const setKey = readLines<Key>(keyOf(join(values.families!, found[0]!), repo));
  const setTitles = new Map(readLines<{ blind: string; title: string }>(join(set, 'families.jsonl')).map((f) => [f.blind, f.title]));
  const setLabels = labelsOf(set);
  for (const forecaster of BASELINES) {
    const top = setKey.find((k) => k.forecaster === forecaster && k.rank === 1);
    if (!top) {
      notes.push(`${repo}: ${found[0]} has no ${forecaster} top-1 family`);
      continue;
    }
    const people = setLabels.map((l) => l.byBlind.get(top.blind)).filter((l): l is PeopleLabel => l !== undefined);
    const row: Row = { repo, forecaster, title: setTitles.get(top.blind) ?? '?', kind: `${found[0]} ${top.blind}`, people: people.map((l) => l.label), labellers: people.map((l) => l.labeller) };
    rows.push(row);
    // The same family in a mixed packet (the baselines are deterministic: same title), labelled again this round.
    const again = rows.find((r) => r.repo === repo && r.forecaster === `${forecaster} (this round)`);
    if (again) {
      if (again.title !== row.title) notes.push(`${repo}: this round's ${forecaster} top-1 "${again.title}" is not ${found[0]}'s "${row.title}"`);
      else again.committed = row.people;
    }
  }
}

const rate = (rs: Row[], hit: (l: Label) => boolean) => {
  const labelled = rs.filter((r) => r.people.length > 0);
  const k = labelled.filter((r) => hit(r.people[0]!)).length;
  return { k, n: labelled.length, text: pct(k, labelled.length) };
};
const strong = (l: Label) => l === 'strong';
const relevant = (l: Label) => l !== 'rejected';

const mixed = rows.some((r) => r.forecaster.endsWith('(this round)'));
const groups: [string, Row[]][] = [
  ['loose top-1 (heuristic --max-loose 1)', rows.filter((r) => r.forecaster === 'loose')],
  ['  loose: loose titles (score 0.019)', rows.filter((r) => r.forecaster === 'loose' && r.kind === 'loose title')],
  ['  loose: held-back directions', rows.filter((r) => r.forecaster === 'loose' && r.kind !== 'loose title')],
  ...BASELINES.map((f) => [`${f} top-1 (committed labels)`, rows.filter((r) => r.forecaster === f)] as [string, Row[]]),
  ...(mixed ? BASELINES.map((f) => [`${f} top-1 (this round)`, rows.filter((r) => r.forecaster === `${f} (this round)`)] as [string, Row[]]) : []),
];
/** Agreement of two labels per row: `pick` gives the pair, or null to leave the row out. */
function agreement(rs: Row[], pick: (r: Row) => [Label, Label] | null) {
  const pairs = rs.map(pick).filter((p): p is [Label, Label] => p !== null);
  return {
    n: pairs.length,
    three: pct(pairs.filter(([a, b]) => a === b).length, pairs.length),
    relevant: pct(pairs.filter(([a, b]) => relevant(a) === relevant(b)).length, pairs.length),
  };
}
const firstTwo = (r: Row): [Label, Label] | null => (r.people.length >= 2 ? [r.people[0]!, r.people[1]!] : null);
const peoplePeople = [
  { side: 'loose top-1, two labellers of this round', ...agreement(rows.filter((r) => r.forecaster === 'loose'), firstTwo) },
  { side: 'baselines top-1, committed labels-1 vs labels-2', ...agreement(rows.filter((r) => (BASELINES as readonly string[]).includes(r.forecaster)), firstTwo) },
  ...(mixed
    ? [
        { side: 'baselines top-1, two labellers of this round', ...agreement(rows.filter((r) => r.forecaster.endsWith('(this round)')), firstTwo) },
        {
          side: "baselines top-1, this round's primary vs committed labels-1",
          ...agreement(rows.filter((r) => r.forecaster.endsWith('(this round)')), (r) => (r.people.length && r.committed?.length ? [r.people[0]!, r.committed[0]!] : null)),
        },
      ]
    : []),
];

if (values.json) {
  console.log(JSON.stringify({ rows, groups: groups.map(([name, rs]) => ({ name, strong: rate(rs, strong), relevant: rate(rs, relevant) })), peoplePeople, unlabelled, notes }, null, 2));
} else {
  console.log(`repositories: ${new Set(rows.map((r) => r.repo)).size}; loose packets without labels yet: ${unlabelled.length ? unlabelled.join(', ') : 'none'}`);
  console.log('\n| top-1 family of | people strong (k/n, 95% Wilson) | people relevant (strong or related) |');
  console.log('|---|---|---|');
  for (const [name, rs] of groups) console.log(`| ${name} | ${rate(rs, strong).text} | ${rate(rs, relevant).text} |`);
  console.log('\nPeople vs people (families with two labels; first labels file = primary):');
  for (const p of peoplePeople) console.log(`  ${p.side}: n=${p.n}; three labels ${p.three}; relevant-vs-rejected ${p.relevant}`);
  console.log('\n(Wilson intervals treat families as independent; n is small: read them as a range, not a ranking.)');
  console.log('\nPer repository (people: primary[, second]):');
  for (const repo of [...new Set(rows.map((r) => r.repo))]) {
    console.log(`  ${repo}`);
    for (const r of rows.filter((x) => x.repo === repo))
      console.log(`    ${r.forecaster.padEnd(26)} ${(r.people.join(', ') || 'unlabelled').padEnd(18)} "${r.title}" (${r.kind})`);
  }
  for (const n of notes) console.log(`note: ${n}`);
}
