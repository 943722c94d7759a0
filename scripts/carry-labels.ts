/**
 * Carries blind family labels by title from an earlier labelled set to new
 * packets of the same forecaster (eval/families/README.md, "Round 7"): a family
 * whose title the earlier set labelled, in the same repository and window,
 * keeps that label, primary and second. The families no earlier label covers
 * go into packets of their own, for a new blind round.
 *
 *   npx tsx scripts/carry-labels.ts --from eval/families/dev7 --packets DIR --new DIR2 [--forecaster heuristic ...] [--keys DIR]
 *   # label DIR2/<set>-<repo>/ blind (labels-<labeller>.jsonl), then fold those labels in:
 *   npx tsx scripts/carry-labels.ts --from eval/families/dev7 --packets DIR --labelled DIR2
 *
 * A label is of a title against a window, whoever wrote it: with several --forecaster (the three baselines, whose
 * packets `label-packets.ts --forecaster A --forecaster B ...` writes together) a title any of them labelled carries.
 * DIR holds `scripts/label-packets.ts --forecaster NAME` packets (one folder per
 * repository). Each gets `labels-P.jsonl` (primary) and, where the earlier set
 * or the new round has one, `labels-S.jsonl` (second); every carried line says
 * where it came from (`carried`: "<set>/<blind id>"). `scripts/join-label-rounds.ts
 * --round DIR` then joins them to the earlier set's other forecasters.
 * The earlier set's window must be the packets' (same item keys), or hold it: when the packets' window only
 * leaves out items the earlier one had (work now counted apart as chores), a label is narrowed to the items left
 * (its `strong` and `related` keys kept only where still in the window; strong while a strong key is left, else
 * related while any key is, else rejected; `narrowed` says how many keys went). A label read against a window
 * with items the earlier one lacked is not carried.
 * The earlier set's keys are read beside its packets or from --keys DIR (scripts/packet-keys.ts).
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { readLinesIfAny, writeLines } from './jsonl.js';
import { findKey } from './packet-keys.js';
import { fail, parseFlags } from './exit.js';

const USAGE = 'usage: npx tsx scripts/carry-labels.ts --from SET --packets DIR (--new DIR2 | --labelled DIR2) [--forecaster NAME ...] [--keys DIR]';
const { values } = parseFlags({
  options: {
    from: { type: 'string' },
    packets: { type: 'string' },
    new: { type: 'string' },
    labelled: { type: 'string' },
    keys: { type: 'string' },
    forecaster: { type: 'string', multiple: true, default: ['heuristic'] },
  },
}, USAGE);
if (!values.from || !values.packets || (!values.new && !values.labelled)) {
  fail(USAGE);
}
const { from, packets } = values as Required<Pick<typeof values, 'from' | 'packets'>>;
const forecasters = new Set(values.forecaster);
const set = basename(from);
const side = set.replace(/\d+$/, ''); // dev7 -> dev: the prefix of the new round's packet folders

type Line = Record<string, unknown> & { blind: string };
const read = (file: string) => readLinesIfAny<Line>(file);
const titles = (dir: string) => new Map(read(join(dir, 'families.jsonl')).map((f) => [f.blind, String(f.title)]));
const windowKeys = (dir: string) => new Set(read(join(dir, 'window.jsonl')).map((w) => String(w.key)));

/** Whether labels read against the earlier window `was` hold for the window `now`: the same items, or fewer. */
const carries = (was: ReadonlySet<string>, now: ReadonlySet<string>) => [...now].every((k) => was.has(k));

/** A label read against a larger window, narrowed to the keys of `now`. */
function narrowed(l: Line, now: ReadonlySet<string>): Line {
  const keys = (x: unknown) => (Array.isArray(x) ? x.map(String) : []);
  const strong = keys(l.strong).filter((k) => now.has(k));
  const related = keys(l.related).filter((k) => now.has(k));
  const gone = keys(l.strong).length + keys(l.related).length - strong.length - related.length;
  if (gone === 0) return l;
  const label = l.label === 'strong' && strong.length ? 'strong' : l.label !== 'rejected' && strong.length + related.length ? 'related' : 'rejected';
  return { ...l, label, strong, related, narrowed: gone };
}

/** The earlier set's labels of one repository's families by the forecasters, by title: [primary, second]. */
function earlier(repo: string): [Map<string, Line>, Map<string, Line>] {
  const dir = join(from, repo);
  const key = findKey(from, repo, values.keys);
  const of = new Map((key === null ? [] : read(key)).map((k) => [k.blind, k.forecaster]));
  const title = titles(dir);
  const byTitle = (file: string) =>
    new Map(read(join(dir, file)).filter((l) => forecasters.has(String(of.get(l.blind)))).map((l) => [title.get(l.blind)!, { ...l, carried: `${set}/${l.blind}` }]));
  return [byTitle('labels-1.jsonl'), byTitle('labels-2.jsonl')];
}

/** The new round's labels of one repository, by title: the first labeller's file is primary, the second's second. */
function labelled(repo: string): [Map<string, Line>, Map<string, Line>] {
  const dir = join(values.labelled ?? '', `${side}-${repo}`);
  if (!values.labelled || !existsSync(dir)) return [new Map(), new Map()];
  const title = titles(dir);
  const files = readdirSync(dir).filter((f) => /^labels-.+\.jsonl$/.test(f)).sort();
  const byTitle = (file?: string) => new Map(file ? read(join(dir, file)).map((l) => [title.get(l.blind)!, l] as const) : []);
  return [byTitle(files[0]), byTitle(files[1])];
}

let carried = 0;
let fresh = 0;
let missing = 0;
for (const repo of readdirSync(packets).sort()) {
  const dir = join(packets, repo);
  if (!existsSync(join(dir, 'families.jsonl'))) continue;
  const now = windowKeys(dir);
  const [p0, s0] = existsSync(join(from, repo)) && carries(windowKeys(join(from, repo)), now) ? earlier(repo) : [new Map(), new Map()];
  const [p1, s1] = labelled(repo);
  const families = read(join(dir, 'families.jsonl'));
  const primary: Line[] = [];
  const second: Line[] = [];
  const unlabelled: Line[] = [];
  for (const f of families) {
    const title = String(f.title);
    const p = p0.get(title) ?? p1.get(title);
    const s = p0.has(title) ? s0.get(title) : s1.get(title);
    if (!p) {
      unlabelled.push(f);
      continue;
    }
    if (p0.has(title)) carried++;
    else fresh++;
    primary.push({ ...narrowed(p, now), blind: f.blind });
    if (s) second.push({ ...narrowed(s, now), blind: f.blind });
  }
  writeLines(join(dir, 'labels-P.jsonl'), primary);
  if (second.length) writeLines(join(dir, 'labels-S.jsonl'), second);
  missing += unlabelled.length;
  if (unlabelled.length && values.new) {
    const out = join(values.new, `${side}-${repo}`);
    mkdirSync(out, { recursive: true });
    writeLines(join(out, 'families.jsonl'), unlabelled);
    for (const f of ['meta.json', 'window.jsonl', 'apart.jsonl']) if (existsSync(join(dir, f))) copyFileSync(join(dir, f), join(out, f));
  }
  for (const f of unlabelled) console.log(`${repo}: no label for ${f.blind} "${f.title}"`);
}
console.log(`${carried} labels carried from ${set}, ${fresh} from the new round, ${missing} families unlabelled`);
if (missing && values.labelled) process.exitCode = 1;
