/**
 * Families the pair labels and the family labels label differently, labelled again blind (labels63, study B):
 * reads the packets of scripts/contested-packets.ts once people's labels-<id>.jsonl are in them, and reports per
 * family the two old labels (the pair label: the best of its labelled pairs in the fit half of eval/pairs; the family
 * label: labels-1 of eval/families/dev20 or dev20b) beside the new blind labels and their majority, then how often the
 * new majority sides with the pair label and how often with the family label: on three labels over every contested
 * family, and on relevant-vs-rejected over the families the two old labels split that way. Each new labeller's labels
 * are also counted one by one (every labeller, not only the majority). Counts carry n and the 95% Wilson interval.
 *
 *   npx tsx scripts/score-contested-labels.ts --dir /tmp/labels63/packets/contested [--keys DIR] [--settled eval/families/settled.jsonl] [--json]
 *
 * --settled adds a column: the label eval/families/settled.jsonl gives the family (by repository and title; `from`
 * L12 is the third labeller who adjudicated the session-15 conflicts against an older window, else a family set's
 * primary). Only the lines of the contested families' repositories and titles are kept.
 *
 * Majority: the label more than half the new labellers gave; none (a split) when no label has that. With one
 * labeller, that labeller's label.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { readLines } from './jsonl.js';
import { countWithWilson as pct } from './rate-text.js';
import { keyedPackets, keyOf } from './packet-keys.js';
import { fail, parseFlags } from './exit.js';

const USAGE = 'usage: npx tsx scripts/score-contested-labels.ts --dir /tmp/labels63/packets/contested [--keys DIR] [--json]';
const { values } = parseFlags({ options: { dir: { type: 'string' }, keys: { type: 'string' }, settled: { type: 'string' }, json: { type: 'boolean' } } }, USAGE);
if (!values.dir) fail(USAGE);

type Label = 'strong' | 'related' | 'rejected';
interface Key { blind: string; set: string; setBlinds: string[]; title: string; binary: boolean; pairLabel: Label; pairIds: string[]; familyLabel: Label; familyLabels: string[] }
interface PeopleLabel { blind: string; label: Label; strong: string[]; related: string[]; reason: string; labeller: string }
type Side = 'pair' | 'family' | 'neither' | 'split' | 'unlabelled';
interface Row { repo: string; key: Key; labels: PeopleLabel[]; majority: Label | null; side: Side; relevantSide: Side | null; settled: string | null }
interface SettledLine { repo: string; title: string; label: Label; from: string }

const relevant = (l: Label) => l !== 'rejected';
/** The label more than half of `labels` carry, or null. */
function majority<T>(labels: readonly T[]): T | null {
  for (const l of new Set(labels)) if (2 * labels.filter((x) => x === l).length > labels.length) return l;
  return null;
}
/** Which old label `label` agrees with (under `same`): the pair's, the family's, or neither; never both (they differ). */
function sideOf(label: Label | null, key: Key, same: (a: Label, b: Label) => boolean, labelled: boolean): Side {
  if (!labelled) return 'unlabelled';
  if (label === null) return 'split';
  if (same(label, key.pairLabel)) return 'pair';
  if (same(label, key.familyLabel)) return 'family';
  return 'neither';
}

const settledLines = values.settled ? readLines<SettledLine>(values.settled) : [];
const rows: Row[] = [];
for (const repo of keyedPackets(values.dir, values.keys)) {
  const dir = join(values.dir, repo);
  const files = readdirSync(dir).filter((f) => /^labels-.+\.jsonl$/.test(f)).sort();
  const byFile = files.map((f) => new Map(readLines<PeopleLabel>(join(dir, f)).map((l) => [l.blind, l])));
  for (const key of readLines<Key>(keyOf(values.dir, repo, values.keys))) {
    const labels = byFile.map((m) => m.get(key.blind)).filter((l): l is PeopleLabel => l !== undefined);
    const three = majority(labels.map((l) => l.label));
    const rel = majority(labels.map((l) => relevant(l.label)));
    const relLabel: Label | null = rel === null ? null : rel ? 'related' : 'rejected';
    rows.push({
      repo,
      key,
      labels,
      majority: three,
      side: sideOf(three, key, (a, b) => a === b, labels.length > 0),
      relevantSide: key.binary ? sideOf(relLabel, key, (a, b) => relevant(a) === relevant(b), labels.length > 0) : null,
      settled: ((l) => (l ? `${l.label} (${l.from})` : null))(settledLines.find((l) => l.repo.toLowerCase() === repo && l.title === key.title)),
    });
  }
}

function tally(sides: Side[]) {
  const decided = sides.filter((s) => s !== 'unlabelled');
  const count = (s: Side) => decided.filter((x) => x === s).length;
  return { n: decided.length, unlabelled: sides.length - decided.length, pair: pct(count('pair'), decided.length), family: pct(count('family'), decided.length), neither: count('neither'), split: count('split') };
}
const threeLabel = tally(rows.map((r) => r.side));
const binaryRows = rows.filter((r) => r.key.binary);
const relevantVsRejected = tally(binaryRows.map((r) => r.relevantSide!));
// Every new label one by one (a family labelled by two people counts twice).
const single = tally(rows.flatMap((r) => r.labels.map((l) => sideOf(l.label, r.key, (a, b) => a === b, true))));
const singleBinary = tally(binaryRows.flatMap((r) => r.labels.map((l) => sideOf(l.label, r.key, (a, b) => relevant(a) === relevant(b), true))));

if (values.json) {
  console.log(JSON.stringify({ families: rows.length, threeLabel, relevantVsRejected, eachLabel: { threeLabel: single, relevantVsRejected: singleBinary }, rows }, null, 2));
} else {
  console.log(`contested families: ${rows.length} (${binaryRows.length} split on relevant-vs-rejected), ${new Set(rows.map((r) => r.repo)).size} repositories; labelled: ${rows.filter((r) => r.labels.length > 0).length}`);
  console.log(`\n| repo | new blind | family set id | title | pair label | family label |${values.settled ? ' settled |' : ''} new labels | majority | sides with |`);
  console.log(`|---|---|---|---|---|---|${values.settled ? '---|' : ''}---|---|---|`);
  for (const r of rows)
    console.log(
      `| ${r.repo} | ${r.key.blind} | ${r.key.set} ${r.key.setBlinds.join(',')} | ${r.key.title} | ${r.key.pairLabel} | ${r.key.familyLabels.join(' ')} |${values.settled ? ` ${r.settled ?? '-'} |` : ''} ${r.labels.map((l) => `${l.labeller}=${l.label}`).join(' ') || '-'} | ${r.majority ?? (r.labels.length ? 'split' : '-')} | ${r.side}${r.relevantSide ? ` (rel/rej: ${r.relevantSide})` : ''} |`,
    );
  const line = (name: string, t: ReturnType<typeof tally>) =>
    console.log(`  ${name}: n=${t.n}${t.unlabelled ? ` (${t.unlabelled} unlabelled)` : ''}; with the pair label ${t.pair}; with the family label ${t.family}; neither ${t.neither}; split ${t.split}`);
  console.log('\nThe new majority sides with:');
  line('three labels, every contested family', threeLabel);
  line('relevant-vs-rejected, families the old labels split that way', relevantVsRejected);
  console.log('Each new label one by one:');
  line('three labels', single);
  line('relevant-vs-rejected', singleBinary);
}
