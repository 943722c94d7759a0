/**
 * Scores people's blind family labels (eval/families/README.md): per forecaster,
 * people's strong rate, relevance, specificity, strong@5 and coverage@10 with
 * Wilson intervals; the same families as the judges labelled them in the
 * store's validations; people against each judge (agreement, kappa); and
 * people against people where a second labeller labelled a packet too.
 *
 *   npx tsx scripts/score-family-labels.ts --dir eval/families/<set> [--db [REPO=]STORE ...] [--settled FILE] [--json]
 *
 * With --settled (eval/families/settled.jsonl, scripts/settled-labels.ts), a family the adjudication settled
 * (an entry not from a family set's own labeller) takes that label in place of its primary label.
 *
 * With --db (REPO= for one packet's store), each packet's judges' verdicts are first written to its
 * verdicts.jsonl (forecast id, family id, judge, label, strong keys), so the
 * scores can be recomputed later from the committed files alone. The store may be one rebuilt from the set's config:
 * each key's family is found there by repository, forecaster and title (scripts/packet-keys.ts), and its verdicts are
 * written under the key's own ids; a title the store lacks or cannot tell apart ends the run with one line (exit 2).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cohenKappa, kappaInterval } from '../src/stats/kappa.js';
import { wilsonInterval } from '../src/stats/wilson.js';
import { readLines } from './jsonl.js';
import { keyedPackets, keyOf, orExit, resolvePacketKeys } from './packet-keys.js';
import { fail, parseFlags } from './exit.js';

const USAGE = 'usage: npx tsx scripts/score-family-labels.ts --dir eval/families/<set> [--keys DIR] [--db STORE] [--json]';
const { values } = parseFlags({
  options: { dir: { type: 'string' }, keys: { type: 'string' }, db: { type: 'string', multiple: true }, settled: { type: 'string' }, json: { type: 'boolean' }, top: { type: 'string', default: '5' } },
}, USAGE);
if (!values.dir) fail(USAGE);
const TOP = Number(values.top);

type Label = 'strong' | 'related' | 'rejected';
interface Key { blind: string; forecaster: string; forecastId: number; rank: number; familyId: string; score: number }
interface PeopleLabel { blind: string; label: Label; specificity: 0 | 1 | 2; strong: string[]; related: string[]; reason: string; labeller: string }
interface Verdict { forecastId: number; familyId: string; judge: string; label: Label; strong: string[] }
interface Row { repo: string; key: Key; people: PeopleLabel; second: PeopleLabel | null; judges: Map<string, Verdict> }


const packets = keyedPackets(values.dir, values.keys);

for (const spec of values.db ?? []) {
  const [name, file] = spec.includes('=') ? (spec.split('=', 2) as [string, string]) : [null, spec];
  await exportVerdicts(file, name === null ? packets : packets.filter((p) => p === name));
}

interface SettledLine { repo: string; title: string; label: Label; strong: string[]; related: string[]; from: string }
const adjudicated = new Map(
  (values.settled ? readLines<SettledLine>(values.settled) : [])
    .filter((l) => !/^(dev|heldout|dev2|heldout2) /.test(l.from))
    .map((l) => [`${l.repo.toLowerCase()}\u0000${l.title}`, l]),
);
let settledCount = 0;
const rows: Row[] = [];
const laterWork = new Map<string, number>();
/** Each packet's judged items: coverage counts only these (a key of an item counted apart, apart.jsonl, never). */
const windowKeys = new Map<string, string[]>();
/** The window item a labeller's key names: the key itself, or a commit written by a prefix of its SHA (7+ digits). */
function inWindow(repo: string, key: string): string | null {
  const keys = windowKeys.get(repo) ?? [];
  if (keys.includes(key)) return key;
  const m = /^commit:([0-9a-f]{7,40})$/.exec(key);
  return m ? (keys.find((k) => k.startsWith(`commit:${m[1]}`)) ?? null) : null;
}
const labellers = new Set<string>();
for (const repo of packets) {
  const dir = join(values.dir, repo);
  const labelFiles = readdirSync(dir).filter((f) => /^labels-.+\.jsonl$/.test(f)).sort();
  if (labelFiles.length === 0) continue;
  const [first, ...rest] = labelFiles.map((f) => new Map(readLines<PeopleLabel>(join(dir, f)).map((l) => [l.blind, l])));
  const verdicts = existsSync(join(dir, 'verdicts.jsonl')) ? readLines<Verdict>(join(dir, 'verdicts.jsonl')) : [];
  const meta = JSON.parse(readFileSync(join(dir, 'meta.json'), 'utf8')) as { laterWork: number };
  const keys = readLines<Key>(keyOf(values.dir, repo, values.keys));
  if (keys.some((k) => !first!.has(k.blind))) continue; // a packet counts only once every family has its primary label
  laterWork.set(repo, meta.laterWork);
  windowKeys.set(repo, readLines<{ key: string }>(join(dir, 'window.jsonl')).map((w) => w.key));
  const titles = new Map(readLines<{ blind: string; title: string }>(join(dir, 'families.jsonl')).map((f) => [f.blind, f.title]));
  for (const key of keys) {
    let people = first!.get(key.blind)!;
    const settled = adjudicated.get(`${repo.toLowerCase()}\u0000${titles.get(key.blind)}`);
    if (settled) {
      people = { ...people, label: settled.label, strong: settled.strong, related: settled.related, labeller: `${people.labeller}+${settled.from}` };
      settledCount++;
    }
    labellers.add(people.labeller);
    const second = rest.map((m) => m.get(key.blind)).find((l) => l !== undefined) ?? null;
    const judges = new Map(verdicts.filter((v) => v.forecastId === key.forecastId && v.familyId === key.familyId).map((v) => [v.judge, v]));
    rows.push({ repo, key, people, second, judges });
  }
}

const pct = (x: number, n: number) => {
  const w = wilsonInterval(x, n);
  return n === 0 || !w ? '-' : `${((100 * x) / n).toFixed(1)}% [${(100 * w.low).toFixed(1)}, ${(100 * w.high).toFixed(1)}] (${x}/${n})`;
};
const forecasters = [...new Set(rows.map((r) => r.key.forecaster))].sort((a, b) => (a === 'heuristic' || a === 'llm' ? -1 : b === 'heuristic' || b === 'llm' ? 1 : a.localeCompare(b)));
const totalLater = [...laterWork.values()].reduce((a, b) => a + b, 0);

function figures(label: (r: Row) => Label, strongKeys: (r: Row) => string[], of: Row[]) {
  const n = of.length;
  const strong = of.filter((r) => label(r) === 'strong').length;
  const relevant = of.filter((r) => label(r) !== 'rejected').length;
  const top = of.filter((r) => r.key.rank <= TOP);
  const covered = (k: number) => {
    const set = new Set<string>();
    for (const r of of)
      if (r.key.rank <= k)
        for (const key of strongKeys(r)) {
          const item = inWindow(r.repo, key);
          if (item !== null) set.add(`${r.repo}/${item}`);
        }
    return set.size;
  };
  // Every repository's later work, also where the forecaster abstained: work it did not forecast is uncovered.
  const later = totalLater;
  return {
    families: n,
    strong,
    related: relevant - strong,
    rejected: n - relevant,
    strongRate: pct(strong, n),
    relevance: pct(relevant, n),
    strongAtTop: pct(top.filter((r) => label(r) === 'strong').length, top.length),
    relevantAtTop: pct(top.filter((r) => label(r) !== 'rejected').length, top.length),
    coverageAt10: pct(covered(10), later),
    coverageAtTop: pct(covered(TOP), later),
  };
}

const people = Object.fromEntries(
  forecasters.map((f) => {
    const of = rows.filter((r) => r.key.forecaster === f);
    const spec2 = of.filter((r) => r.people.specificity === 2).length;
    const specMean = of.length === 0 ? null : of.reduce((a, r) => a + r.people.specificity, 0) / of.length;
    return [f, { ...figures((r) => r.people.label, (r) => (r.people.label === 'strong' ? r.people.strong : []), of), specificity2: pct(spec2, of.length), specificityMean: specMean === null ? null : Number(specMean.toFixed(2)) }];
  }),
);

const judgeNames = [...new Set(rows.flatMap((r) => [...r.judges.keys()]))].sort();
const judges = Object.fromEntries(
  judgeNames.map((j) => [
    j,
    Object.fromEntries(
      forecasters.map((f) => {
        const of = rows.filter((r) => r.key.forecaster === f && r.judges.has(j));
        return [f, figures((r) => r.judges.get(j)!.label, (r) => r.judges.get(j)!.strong, of)];
      }),
    ),
  ]),
);

/**
 * Agreement of two labellings of the same families. Each kappa carries its 95% bootstrap interval over the families
 * (src/stats/kappa.ts kappaInterval: 2000 replicates, fixed seed, families in the rows' order; null where kappa is
 * undefined in every replicate, e.g. both sides rejected every family); `labels` and `relevant` (agreement in percent)
 * carry their Wilson intervals over the families. Each row here is one family, the unit sampled, so the family
 * bootstrap judge-eval gives pair accuracy (src/stats/clustered-rate.ts) would resample single families: the plain
 * bootstrap, which at these n is no wider than Wilson and leans to 100% (6 of 7: Wilson [49, 97], bootstrap [57, 100];
 * eval/results/stats58.md). Wilson is kept.
 */
function agreement(pairs: readonly (readonly [Label, Label])[]) {
  const relevantPairs = pairs.map(([a, b]) => [a !== 'rejected', b !== 'rejected'] as const);
  const three = cohenKappa(pairs);
  const rel = cohenKappa(relevantPairs);
  const strong = cohenKappa(pairs.map(([a, b]) => [a === 'strong', b === 'strong'] as const));
  const r = (x: number | null) => (x === null ? null : Number(x.toFixed(3)));
  const interval = (i: { low: number; high: number } | null) => (i === null ? null : [r(i.low), r(i.high)]);
  const alike = pairs.filter(([a, b]) => a === b).length;
  const labelsInterval = wilsonInterval(alike, pairs.length);
  const relevantInterval = wilsonInterval(relevantPairs.filter(([a, b]) => a === b).length, pairs.length);
  return {
    families: pairs.length,
    labels: r(three.percent),
    labelsInterval: labelsInterval === null ? null : [r(100 * labelsInterval.low), r(100 * labelsInterval.high)],
    kappa: r(three.kappa),
    kappaInterval: interval(kappaInterval(pairs.map((p) => [p]))),
    relevant: r(rel.percent),
    relevantInterval: relevantInterval === null ? null : [r(100 * relevantInterval.low), r(100 * relevantInterval.high)],
    relevantKappa: r(rel.kappa),
    relevantKappaInterval: interval(kappaInterval(relevantPairs.map((p) => [p]))),
    strongKappa: r(strong.kappa),
  };
}
/** `0.56 [0.40, 0.71]`: a kappa and its interval; the kappa alone without one. */
const kappaText = (k: number | null, i: (number | null)[] | null) => (i === null ? `${k}` : `${k} [${i[0]}, ${i[1]}]`);
const labelsText = (x: number | null, i: (number | null)[] | null) => (i === null ? `${x}%` : `${x}% [${i[0]}, ${i[1]}]`);
const versus = Object.fromEntries(
  judgeNames.map((j) => {
    const of = rows.filter((r) => r.judges.has(j));
    const byForecaster = Object.fromEntries(forecasters.map((f) => [f, agreement(of.filter((r) => r.key.forecaster === f).map((r) => [r.people.label, r.judges.get(j)!.label] as const))]));
    return [j, { all: agreement(of.map((r) => [r.people.label, r.judges.get(j)!.label] as const)), ...byForecaster }];
  }),
);
const seconds = rows.filter((r) => r.second !== null);
const peopleVsPeople = seconds.length === 0 ? null : agreement(seconds.map((r) => [r.people.label, r.second!.label] as const));

const bounds = (i: { low: number; high: number } | null) => (i === null ? null : [Number(i.low.toFixed(3)), Number(i.high.toFixed(3))]);
/** Predicted score bins (0.1 wide) against people's observed strong rate (with its Wilson interval over the bin's families), per forecaster. */
const reliability = Object.fromEntries(
  forecasters.map((f) => {
    const bins = new Map<number, Row[]>();
    for (const r of rows.filter((x) => x.key.forecaster === f)) {
      const bin = Math.min(9, Math.floor(r.key.score * 10));
      bins.set(bin, [...(bins.get(bin) ?? []), r]);
    }
    return [
      f,
      [...bins.entries()]
        .sort(([a], [b]) => a - b)
        .map(([bin, of]) => ({
          bin: `${(bin / 10).toFixed(1)}-${((bin + 1) / 10).toFixed(1)}`,
          families: of.length,
          meanScore: Number((of.reduce((a, r) => a + r.key.score, 0) / of.length).toFixed(3)),
          observedStrong: Number((of.filter((r) => r.people.label === 'strong').length / of.length).toFixed(3)),
          observedStrongInterval: bounds(wilsonInterval(of.filter((r) => r.people.label === 'strong').length, of.length)),
        })),
    ];
  }),
);

const result = { set: values.dir, settled: settledCount, packets: [...laterWork.keys()], labellers: [...labellers], laterWork: totalLater, top: TOP, people, judges, versus, peopleVsPeople, reliability };
if (values.json) {
  console.log(JSON.stringify(result, null, 2));
} else {
  console.log(`${values.dir}: ${rows.length} families on ${laterWork.size} repositories (${[...laterWork.keys()].join(', ')}), ${totalLater} later work items; labellers ${[...labellers].join(', ')}${values.settled ? `; ${settledCount} labels settled by ${values.settled}` : ''}`);
  const table = (title: string, data: Record<string, ReturnType<typeof figures> & { specificity2?: string; specificityMean?: number | null }>) => {
    console.log(`\n${title}`);
    console.log('| forecaster | families | S/R/X | strong rate | relevance | strong@' + TOP + ' | coverage@10 | specificity 2 (mean) |');
    console.log('|---|---|---|---|---|---|---|---|');
    for (const [f, d] of Object.entries(data)) {
      console.log(`| ${f} | ${d.families} | ${d.strong}/${d.related}/${d.rejected} | ${d.strongRate} | ${d.relevance} | ${d.strongAtTop} | ${d.coverageAt10} | ${d.specificity2 ? `${d.specificity2} (${d.specificityMean})` : ''} |`);
    }
  };
  table("People's labels", people);
  for (const j of judgeNames) table(`Judge ${j}, same families`, judges[j]!);
  console.log('\nPeople against each judge (families): three-label agreement / kappa; relevant-vs-rejected agreement / kappa; strong-vs-rest kappa');
  console.log('  [low, high]: 95% intervals over the families (n), Wilson for agreement, a bootstrap for kappa (2000 replicates, fixed seed; none where kappa is undefined)');
  for (const [j, by] of Object.entries(versus)) for (const [f, a] of Object.entries(by)) console.log(`  ${j} ${f}: n=${a.families} labels ${labelsText(a.labels, a.labelsInterval)} kappa ${kappaText(a.kappa, a.kappaInterval)}; relevant ${labelsText(a.relevant, a.relevantInterval)} kappa ${kappaText(a.relevantKappa, a.relevantKappaInterval)}; strong kappa ${a.strongKappa}`);
  console.log("\nReliability (people's strong rate per predicted score bin):");
  for (const [f, bins] of Object.entries(reliability)) console.log(`  ${f}: ${bins.map((b) => `${b.bin} n=${b.families} mean ${b.meanScore} observed ${kappaText(b.observedStrong, b.observedStrongInterval)}`).join('; ')}`);
  if (peopleVsPeople) console.log(`People against people (${seconds.length} families labelled twice): labels ${labelsText(peopleVsPeople.labels, peopleVsPeople.labelsInterval)} kappa ${kappaText(peopleVsPeople.kappa, peopleVsPeople.kappaInterval)}; relevant ${labelsText(peopleVsPeople.relevant, peopleVsPeople.relevantInterval)} kappa ${kappaText(peopleVsPeople.relevantKappa, peopleVsPeople.relevantKappaInterval)}`);
}

async function exportVerdicts(db: string, repos: readonly string[]): Promise<void> {
  const { openStore } = await import('../src/store/open.js');
  const store = openStore(db);
  try {
    for (const repo of repos) {
      // Each key's family in this store (by repository, forecaster and title: scripts/packet-keys.ts), its verdicts
      // written under the key's own ids, as rejudge-families.ts writes them.
      const keys = orExit(() => resolvePacketKeys<Key>(store.db, values.dir!, repo, values.keys));
      const out: Verdict[] = [];
      for (const id of [...new Set(keys.map((k) => k.inStore.forecastId))]) {
        const vs = store.db
          .prepare(
            `SELECT v.id, v.family_id, v.label, val.judge FROM verdicts v JOIN validations val ON val.id = v.validation_id
              WHERE val.forecast_id = ? AND val.id IN (SELECT MAX(id) FROM validations WHERE forecast_id = ? GROUP BY judge)`,
          )
          .all(id, id) as { id: number; family_id: string; label: Label; judge: string }[];
        for (const v of vs) {
          const strong = (store.db.prepare(`SELECT work_item_key FROM matches WHERE verdict_id = ? AND label = 'strong' ORDER BY ord`).all(v.id) as { work_item_key: string }[]).map((m) => m.work_item_key);
          for (const k of keys.filter((x) => x.inStore.forecastId === id && x.inStore.familyId === v.family_id)) out.push({ forecastId: k.forecastId, familyId: k.familyId, judge: v.judge, label: v.label, strong });
        }
      }
      writeFileSync(join(values.dir!, repo, 'verdicts.jsonl'), out.map((v) => JSON.stringify(v)).join('\n') + '\n');
    }
  } finally {
    store.close();
  }
}
