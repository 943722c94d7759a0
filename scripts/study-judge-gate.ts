/**
 * Study (issue 16, judges61): does a small fitted decision over the semantic judge's own evidence
 * (src/validate/semantic/evidence.ts familyEvidence) agree with people better than the judge's label, out of fold?
 *
 * Folds: each readable family set (people = labels-1.jsonl) and the fit half of eval/pairs (gold = the best label
 * of each family's labelled pairs), one fold each. For each fold a ridge logistic regression (src/stats/logistic.ts)
 * is fitted on the other folds' families, predicting people's relevant (strong or related) against rejected, and a
 * cut on its probability is chosen on those same folds (the cut with the best relevant kappa there). Two decisions
 * are scored against the judge's own label:
 * - gate: a related/strong call of the judge stands only when p >= cut (it can only remove calls);
 * - full: p >= cut makes the family relevant (the judge's label when it called one, else related, when some pair
 *   shares a direction to name), else rejected.
 * Deterministic: no sampling; same inputs, same table.
 *
 *   npx tsx scripts/rejudge-families.ts --dir SETCOPY --db STORE --judge semantic --evidence OUT/<set>.evidence.jsonl   (per set)
 *   node bin/swe-future.js judge-eval --pairs eval/pairs --judge semantic --split fit --families OUT/fit-fam.jsonl
 *   npx tsx scripts/study-judge-gate.ts --dir OUT [--fit OUT/fit-fam.jsonl] [--features all|few] [--l2 1] [--json FILE]
 *
 * OUT holds the packet copies (<set>/<repo>/labels-1.jsonl) beside each <set>.evidence.jsonl.
 */
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cohenKappa } from '../src/stats/kappa.js';
import { dot, fitLogistic, sigmoid } from '../src/stats/logistic.js';
import type { FamilyEvidence } from '../src/validate/semantic/evidence.js';
import type { Label } from '../src/validate/model.js';
import { readLines } from './jsonl.js';
import { fail, parseFlags } from './exit.js';

const USAGE = 'usage: npx tsx scripts/study-judge-gate.ts --dir OUT [--fit FAMILIES.jsonl] [--features all|few] [--l2 1] [--json FILE]';
const { values } = parseFlags({ options: { dir: { type: 'string' }, fit: { type: 'string' }, features: { type: 'string', default: 'all' }, model: { type: 'string', default: 'one' }, verbose: { type: 'boolean' }, l2: { type: 'string', default: '1' }, json: { type: 'string' } } }, USAGE);
if (!values.dir) fail(USAGE);

interface Row { fold: string; id: string; people: Label; e: FamilyEvidence }

const rows: Row[] = [];
for (const file of readdirSync(values.dir).filter((f) => f.endsWith('.evidence.jsonl')).sort()) {
  const set = file.replace(/\.evidence\.jsonl$/, '');
  const people = new Map<string, Label>();
  for (const repo of readdirSync(join(values.dir, set))) {
    const labels = join(values.dir, set, repo, 'labels-1.jsonl');
    if (existsSync(labels)) for (const l of readLines<{ blind: string; label: Label }>(labels)) people.set(`${repo}/${l.blind}`, l.label);
  }
  for (const line of readLines<FamilyEvidence & { repo: string; blind: string; judge: string }>(join(values.dir, file))) {
    const label = people.get(`${line.repo}/${line.blind}`);
    if (line.judge === 'semantic' && label !== undefined) rows.push({ fold: set, id: `${line.repo}/${line.blind}`, people: label, e: line });
  }
}
if (values.fit) {
  for (const line of readLines<{ judge: string; repo: string; family: string; gold: Label; evidence?: FamilyEvidence }>(values.fit)) {
    if (line.judge === 'semantic' && line.evidence) rows.push({ fold: 'fit-half', id: `${line.repo}/${line.family}`, people: line.gold, e: line.evidence });
  }
}

const DOES = new Set(['task', 'pending-does', 'act-area', 'does-file', 'does-lint', 'does-taken', 'does-objects']);
const NAMED = new Set(['symbol', 'diff', 'issue']);
const LINES = new Set(['quoted-head', 'checker', 'dependency', 'removal', 'runtime', 'pending-line']);
const relevant = (l: Label) => l !== 'rejected';

/** The features of one family, by name (the study's two sets: all, and a handful). */
function features(e: FamilyEvidence): Record<string, number> {
  const calls = e.strong + e.related;
  return {
    judgeRelevant: Number(relevant(e.label)),
    judgeStrong: Number(e.label === 'strong'),
    basisDoes: Number(DOES.has(e.basis)),
    basisNamed: Number(NAMED.has(e.basis)),
    basisPhrase: Number(e.basis === 'phrase'),
    basisQuotedFiles: Number(e.basis === 'quoted-files'),
    basisLine: Number(LINES.has(e.basis)),
    logCalls: Math.log1p(calls),
    logDirections: Math.log1p(e.directions),
    similarity: e.similarity,
    shared: Math.min(e.shared, 4),
    touches: Number(e.touches),
    agrees: Number(e.agrees === true),
    kindOther: Number(e.agrees === false),
    vague: Number(e.vague),
    listed: Number(e.listed),
    quotes: Number(e.quotes),
    objects: Number(e.objects),
    stated: Number(e.stated),
    standing: Number(e.standing),
    logWindow: Math.log1p(e.window),
    nearSimilarity: e.nearSimilarity ?? 0,
    nearShared: Math.min(e.nearShared ?? 0, 4),
    logNearTouching: Math.log1p(e.nearTouching ?? 0),
  };
}
const FEW = ['judgeRelevant', 'basisDoes', 'basisNamed', 'basisPhrase', 'basisQuotedFiles', 'logCalls', 'similarity', 'listed', 'vague'];
const names = values.features === 'few' ? FEW : values.features === 'all' ? Object.keys(features(rows[0]!.e)) : values.features.split(',');
const vector = (e: FamilyEvidence) => {
  const f = features(e);
  return names.map((n) => f[n]!);
};

/**
 * One model over all families (`--model one`), or one per side of the judge's call (`--model split`: the features
 * may weigh differently where the judge called the family relevant and where it rejected it; a depth-1 interaction).
 */
function fit(train: readonly Row[]): { w: number[]; mean: number[]; sd: number[]; p: (e: FamilyEvidence) => number } {
  if (values.model === 'tree') {
    const called = fitTree(train.filter((r) => relevant(r.e.label)));
    const rejected = fitTree(train.filter((r) => !relevant(r.e.label)));
    return { w: [], mean: [], sd: [], p: (e) => (relevant(e.label) ? called(e) : rejected(e)) };
  }
  if (values.model !== 'split') return fitOne(train);
  const called = fitOne(train.filter((r) => relevant(r.e.label)));
  const rejected = fitOne(train.filter((r) => !relevant(r.e.label)));
  return { ...called, p: (e) => (relevant(e.label) ? called.p(e) : rejected.p(e)) };
}

/**
 * `--model tree`: a depth-2 decision tree per side of the judge's call (feature > threshold splits, thresholds at the
 * feature's distinct training values, leaves of at least MIN_LEAF families), the split chosen by the fewest
 * misclassified families (majority leaves); a leaf's probability is its people-relevant rate. Ties: first feature,
 * lowest threshold (deterministic).
 */
const MIN_LEAF = 10;
type Leaf = (e: FamilyEvidence) => number;
function fitTree(train: readonly Row[], depth = 2): Leaf {
  const rate = train.length === 0 ? 0 : train.filter((r) => relevant(r.people)).length / train.length;
  const errors = (rs: readonly Row[]) => {
    const k = rs.filter((r) => relevant(r.people)).length;
    return Math.min(k, rs.length - k);
  };
  if (depth === 0 || train.length < 2 * MIN_LEAF) return () => rate;
  let best: { j: number; t: number; err: number } | undefined;
  const xs = train.map((r) => vector(r.e));
  names.forEach((_, j) => {
    for (const t of [...new Set(xs.map((x) => x[j]!))].sort((a, b) => a - b)) {
      const lo = train.filter((_, i) => xs[i]![j]! <= t);
      const hi = train.filter((_, i) => xs[i]![j]! > t);
      if (lo.length < MIN_LEAF || hi.length < MIN_LEAF) continue;
      const err = errors(lo) + errors(hi);
      if (best === undefined || err < best.err) best = { j, t, err };
    }
  });
  if (best === undefined || best.err >= errors(train)) return () => rate;
  const { j, t } = best;
  const lo = fitTree(train.filter((_, i) => xs[i]![j]! <= t), depth - 1);
  const hi = fitTree(train.filter((_, i) => xs[i]![j]! > t), depth - 1);
  if (values.verbose) console.log(`  tree split (n ${train.length}, depth ${depth}): ${names[j]} > ${t.toFixed(3)}`);
  return (e) => (vector(e)[j]! <= t ? lo(e) : hi(e));
}

// Standardised on the training rows (the ridge penalty is then even across features).
function fitOne(train: readonly Row[]) {
  const xs = train.map((r) => vector(r.e));
  const mean = names.map((_, j) => xs.reduce((s, x) => s + x[j]!, 0) / xs.length);
  const sd = names.map((_, j) => Math.sqrt(xs.reduce((s, x) => s + (x[j]! - mean[j]!) ** 2, 0) / xs.length) || 1);
  const z = (x: readonly number[]) => x.map((v, j) => (v - mean[j]!) / sd[j]!);
  const w = fitLogistic(train.map((r, i) => ({ x: z(xs[i]!), y: relevant(r.people) ? 1 : 0 })), { l2: Number(values.l2) });
  const p = (e: FamilyEvidence) => sigmoid(dot(w, [1, ...z(vector(e))]));
  return { w, mean, sd, p };
}

/**
 * gate: only removes calls; full: also adds where some pair shares a direction (a reason can name it); free: adds
 * wherever p says so, a diagnostic only (a related call naming no shared direction breaks issue 16's rule).
 */
type Decision = 'gate' | 'full' | 'free';
function decide(e: FamilyEvidence, p: number, cut: number, how: Decision): Label {
  if (how === 'gate') return relevant(e.label) && p < cut ? 'rejected' : e.label;
  if (p < cut) return 'rejected';
  return relevant(e.label) ? e.label : e.directions > 0 || how === 'free' ? 'related' : 'rejected';
}

const relKappa = (pairs: [Label, Label][]) => cohenKappa(pairs.map(([a, b]) => [relevant(a), relevant(b)] as const)).kappa ?? 0;
const triKappa = (pairs: [Label, Label][]) => cohenKappa(pairs).kappa ?? 0;
const CUTS = Array.from({ length: 17 }, (_, i) => 0.1 + 0.05 * i);

const folds = [...new Set(rows.map((r) => r.fold))];
const out: Record<string, { n: number; judge: [number, number]; gate: [number, number]; full: [number, number]; free: [number, number]; cuts: number[]; under: number[]; over: number[] }> = {};
const pooled: Record<'judge' | Decision, [Label, Label][]> = { judge: [], gate: [], full: [], free: [] };
const changed: { fold: string; id: string; people: Label; judge: Label; gate: Label; full: Label; free: Label; p: number }[] = [];
for (const fold of folds) {
  const train = rows.filter((r) => r.fold !== fold);
  const test = rows.filter((r) => r.fold === fold);
  const model = fit(train);
  const best = (how: Decision) => CUTS.reduce((a, c) => (relKappa(train.map((r) => [r.people, decide(r.e, model.p(r.e), c, how)])) > relKappa(train.map((r) => [r.people, decide(r.e, model.p(r.e), a, how)])) ? c : a), CUTS[0]!);
  const cuts = [best('gate'), best('full'), best('free')];
  const on = (how: Decision, cut: number) => test.map((r): [Label, Label] => [r.people, decide(r.e, model.p(r.e), cut, how)]);
  const pairs = { judge: test.map((r): [Label, Label] => [r.people, r.e.label]), gate: on('gate', cuts[0]!), full: on('full', cuts[1]!), free: on('free', cuts[2]!) };
  for (const k of ['judge', 'gate', 'full', 'free'] as const) pooled[k].push(...pairs[k]);
  test.forEach((r, i) => {
    if (pairs.gate[i]![1] !== r.e.label || pairs.full[i]![1] !== r.e.label || pairs.free[i]![1] !== r.e.label) changed.push({ fold, id: r.id, people: r.people, judge: r.e.label, gate: pairs.gate[i]![1], full: pairs.full[i]![1], free: pairs.free[i]![1], p: Math.round(model.p(r.e) * 1000) / 1000 });
  });
  const errs = (ps: [Label, Label][]) => [ps.filter(([a, b]) => relevant(a) && !relevant(b)).length, ps.filter(([a, b]) => !relevant(a) && relevant(b)).length];
  out[fold] = { n: test.length, judge: [relKappa(pairs.judge), triKappa(pairs.judge)], gate: [relKappa(pairs.gate), triKappa(pairs.gate)], full: [relKappa(pairs.full), triKappa(pairs.full)], free: [relKappa(pairs.free), triKappa(pairs.free)], cuts, under: (['judge', 'gate', 'full', 'free'] as const).map((k) => errs(pairs[k])[0]!), over: (['judge', 'gate', 'full', 'free'] as const).map((k) => errs(pairs[k])[1]!) };
}

const f3 = (x: number) => x.toFixed(3);
console.log(`features (${values.features}, l2 ${values.l2}): ${names.join(', ')}`);
console.log(`model ${values.model}`);
console.log('| fold | n | judge rel / 3-label | gate rel / 3-label | full rel / 3-label | free (diagnostic) rel / 3-label | cut gate, full, free | under judge/gate/full/free | over judge/gate/full/free |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const fold of folds) {
  const o = out[fold]!;
  console.log(`| ${fold} | ${o.n} | ${f3(o.judge[0])} / ${f3(o.judge[1])} | ${f3(o.gate[0])} / ${f3(o.gate[1])} | ${f3(o.full[0])} / ${f3(o.full[1])} | ${f3(o.free[0])} / ${f3(o.free[1])} | ${o.cuts.map((c) => c.toFixed(2)).join(', ')} | ${o.under.join('/')} | ${o.over.join('/')} |`);
}
const row = (k: 'judge' | Decision) => `${f3(relKappa(pooled[k]))} / ${f3(triKappa(pooled[k]))}`;
const errsAll = (k: 'judge' | Decision) => `${pooled[k].filter(([a, b]) => relevant(a) && !relevant(b)).length}`;
const overAll = (k: 'judge' | Decision) => `${pooled[k].filter(([a, b]) => !relevant(a) && relevant(b)).length}`;
console.log(`| pooled | ${pooled.judge.length} | ${row('judge')} | ${row('gate')} | ${row('full')} | ${row('free')} | | ${(['judge', 'gate', 'full', 'free'] as const).map(errsAll).join('/')} | ${(['judge', 'gate', 'full', 'free'] as const).map(overAll).join('/')} |`);
for (const how of ['gate', 'full', 'free'] as const) {
  const worse = folds.filter((f) => out[f]![how][0] <= out[f]!.judge[0] - 0.02).length;
  const better = folds.filter((f) => out[f]![how][0] >= out[f]!.judge[0] + 0.02).length;
  console.log(`${how}: pooled relevant kappa ${f3(relKappa(pooled[how]) - relKappa(pooled.judge))} vs judge; folds >= .02 better ${better}, worse ${worse}`);
}
const sides = values.model === 'tree' ? [] : values.model === 'split' ? ([['judge called relevant', rows.filter((r) => relevant(r.e.label))], ['judge rejected', rows.filter((r) => !relevant(r.e.label))]] as const) : ([['all families', rows]] as const);
for (const [side, sub] of sides) {
  const all = fitOne(sub);
  console.log(`weights, ${side} (${sub.length} families; standardised features):`);
  console.log(`  intercept ${all.w[0]!.toFixed(3)}`);
  names.forEach((n, j) => console.log(`  ${n} ${all.w[j + 1]!.toFixed(3)} (mean ${all.mean[j]!.toFixed(3)}, sd ${all.sd[j]!.toFixed(3)})`));
}
if (values.model === 'tree') {
  console.log('trees on all families:');
  values.verbose = true;
}
const all = fit(rows);
if (values.json) writeFileSync(values.json, JSON.stringify({ features: names, model: values.model, folds: out, changed, weights: all.w }, null, 1));
