/**
 * Joins a new round of blind labels of one forecaster's families (or several
 * forecasters', as when the baselines are relabelled) to an earlier set whose
 * other forecasters wrote the same families word for word
 * (eval/families/README.md, "Rounds"): the new round's families take blind ids
 * `<repo>-<prefix>NN`, the earlier set's other families keep theirs, their
 * labels and their keys with forecast ids remapped to the new store.
 *
 *   npx tsx scripts/join-label-rounds.ts --base eval/families/dev2 --round DIR --db STORE --out eval/families/dev3 \
 *     [--forecaster heuristic ...] [--prefix H] [--keys DIR]
 *
 * Keys are read beside each packet or from the keys folder label-packets.ts wrote (--keys DIR, default `<round>-keys`:
 * scripts/packet-keys.ts); the joined set, to be committed, keeps its key.jsonl beside each packet.
 *
 * With several --forecaster (e.g. --forecaster hotspot --forecaster recency --forecaster random-anchor --prefix B),
 * the round's families of all of them replace the earlier set's, and their labels are kept as `baselines-labels-*`
 * when they are the three baselines (else `<a>+<b>-labels-*`).
 *
 * The round's packets come from `scripts/label-packets.ts --forecaster NAME`, labelled in place
 * (`labels-<labeller>.jsonl`; the first by file name is the primary label). The round's
 * meta.json and window.jsonl are kept; the labels as written are kept as `<forecaster>-labels-<labeller>.jsonl`.
 * Each earlier family is found in the new store by repository, forecaster and title, its family id breaking ties
 * (scripts/packet-keys.ts resolveKeys); one the new store lacks or cannot tell apart ends the run with one line (exit 2):
 * its label would not be the new family's.
 */
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { openStore } from '../src/store/open.js';
import { readLinesIfAny, writeLines } from './jsonl.js';
import { findKey, keyedPackets, orExit, type PacketKey, packetFamilies, resolveKeys } from './packet-keys.js';
import { fail, parseFlags } from './exit.js';

const USAGE = 'usage: npx tsx scripts/join-label-rounds.ts --base DIR --round DIR --db STORE --out DIR [--forecaster NAME] [--prefix H] [--keys DIR]';
const { values } = parseFlags({
  options: {
    base: { type: 'string' },
    round: { type: 'string' },
    keys: { type: 'string' },
    db: { type: 'string' },
    out: { type: 'string' },
    forecaster: { type: 'string', multiple: true, default: ['heuristic'] },
    prefix: { type: 'string', default: 'H' },
  },
}, USAGE);
if (!values.base || !values.round || !values.db || !values.out) {
  fail(USAGE);
}
const { base, round, db, out, prefix } = values as Required<Omit<typeof values, 'keys'>>;
const forecasters = new Set(values.forecaster);
const BASELINES = ['hotspot', 'recency', 'random-anchor'];
const tag = forecasters.size === BASELINES.length && BASELINES.every((b) => forecasters.has(b)) ? 'baselines' : [...forecasters].join('+');

type Line = Record<string, unknown> & { blind: string };
const read = (file: string | null) => readLinesIfAny<Line>(file);
const renamed = (id: string) => id.replace(/-F(\d+)$/, `-${prefix}$1`);

const store = openStore(db);
const repos = keyedPackets(round, values.keys);
for (const repo of repos) {
  const from = join(round, repo);
  const was = join(base, repo);
  const dir = join(out, repo);
  mkdirSync(dir, { recursive: true });

  const labelFiles = readdirSync(from).filter((f) => /^labels-.+\.jsonl$/.test(f)).sort();
  for (const f of labelFiles) copyFileSync(join(from, f), join(dir, `${tag}-${f}`));
  const [first, ...rest] = labelFiles.map((f) => read(join(from, f)).map((l) => ({ ...l, blind: renamed(l.blind) })));

  const oldKeys = read(findKey(base, repo, values.keys)).filter((k) => !forecasters.has(String(k.forecaster))) as (PacketKey & Line)[];
  const kept = new Set(oldKeys.map((k) => k.blind));
  const oldFamilies = read(join(was, 'families.jsonl')).filter((f) => kept.has(f.blind));
  // Each earlier family found in the new store by repository, forecaster and title (scripts/packet-keys.ts): the joined
  // key names it by the new store's ids. A title the new store lacks or cannot tell apart ends the run with one line.
  const remapped = oldKeys.length === 0
    ? []
    : orExit(() => resolveKeys(store.db, packetFamilies(base, repo), oldKeys)).map(({ inStore, ...k }) => ({ ...k, forecastId: inStore.forecastId, familyId: inStore.familyId }));
  writeLines(join(dir, 'families.jsonl'), [...read(join(from, 'families.jsonl')).map((f) => ({ ...f, blind: renamed(f.blind) })), ...oldFamilies]);
  writeLines(join(dir, 'key.jsonl'), [...read(findKey(round, repo, values.keys)).map((k) => ({ ...k, blind: renamed(k.blind) })), ...remapped]);
  writeLines(join(dir, 'labels-1.jsonl'), [...(first ?? []), ...read(join(was, 'labels-1.jsonl')).filter((l) => kept.has(l.blind))]);
  const second = [...rest.flat(), ...read(join(was, 'labels-2.jsonl')).filter((l) => kept.has(l.blind))];
  if (second.length) writeLines(join(dir, 'labels-2.jsonl'), second);
  for (const f of ['meta.json', 'window.jsonl']) copyFileSync(join(from, f), join(dir, f));
  console.log(`${repo}: ${first?.length ?? 0} ${tag} families labelled (${rest.length} second), ${remapped.length} earlier families kept`);
}
store.close();
