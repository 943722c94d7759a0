/**
 * The score calibration refitted on round 19's labels, with what a pending family records at T0 about its act
 * (calib44, issue 15; docs/forecast.md "Score calibration", the map by act): does a map that tells a runtime drop from a
 * minimum raise, or a deprecation's removal from the rest of pending work, predict people's labels better left one
 * repository out? And do families of older rounds the forecaster no longer shows belong in the fit at full weight?
 *
 *   npx tsx scripts/calibration-by-act.ts [--json]
 *
 * Fit sets (primary labels, heuristic families; held-out labels are never read here): per line of studies, round 19's
 * set (the families the current forecaster shows) and, from older rounds, only the families round 19 does not show
 * (loadFitFamilies: the loose titles, feature directions and directions the default now holds back): DEV dev19 (+
 * dev18, dev13, dev9, dev5), AUDIT audit19 (+ audit18), UNSEEN newcomer19 .. newcomer5-19 (+ their round-18 sets)
 * newcomer6-19 and newcomer7-blind (session 20, after its first reading). A family of an older round weighs DECAY^k in the fit, k its rounds back in that line (dev18 1,
 * dev13 2, dev9 3, dev5 4); DECAYS are compared like the forms. A family's act is recorded at T0 by the forecaster of
 * this version, and read off its title for stores made before it (pendingActOf: the line makers' fixed openings).
 * Prints: each form x penalty x decay, scored left-one-repository-out (each repository, all its rounds, predicted by
 * the map fitted on the others); the log loss is over round 19's families (dev, audit, unseen, all), the ones the
 * forecaster shows; the chosen map has the lowest; then its constants with the n behind each and the reliability
 * bins (0.1 wide) of round 19's dev + audit + unseen families under the shipped map (calib39's), the refit in sample
 * and the refit left one repository out.
 */
import { calibrate, fitScoreCalibration, ROUND_18_CALIBRATION, ROUND_18_FEATURES, type CalibrationFeature, type ScoreCalibration } from '../src/forecast/backtest/calibration.js';
import { pendingActOf } from '../src/forecast/backtest/pending-act.js';
import { loadFitFamilies, logLoss, loro, reliability, strongAt, type LabelledFamily } from './fit-score-calibration.js';
import { parseFlags } from './exit.js';

const F = 'eval/families';

/** Each line of studies: its round-19 set and its older sets, newest first. */
export const LINES: { group: 'dev' | 'audit' | 'unseen'; name: string; current: string; older: string[] }[] = [
  { group: 'dev', name: 'dev', current: 'dev19', older: ['dev18', 'dev13', 'dev9', 'dev5'] },
  { group: 'audit', name: 'audit', current: 'audit19', older: ['audit18'] },
  { group: 'unseen', name: 'newcomer', current: 'newcomer19', older: ['newcomer18'] },
  { group: 'unseen', name: 'newcomer2', current: 'newcomer2-19', older: ['newcomer2-18'] },
  { group: 'unseen', name: 'newcomer3', current: 'newcomer3-19', older: ['newcomer3-18'] },
  { group: 'unseen', name: 'newcomer4', current: 'newcomer4-19', older: ['newcomer4-18'] },
  { group: 'unseen', name: 'newcomer5', current: 'newcomer5-19', older: ['newcomer5-18'] },
  { group: 'unseen', name: 'newcomer6', current: 'newcomer6-19', older: [] },
  { group: 'unseen', name: 'newcomer7', current: 'newcomer7-blind', older: [] },
];

export interface PoolFamily extends LabelledFamily {
  group: 'dev' | 'audit' | 'unseen';
  /** Rounds back from round 19 of the set the family was labelled in (0: round 19 shows it). */
  back: number;
}

/** The pool: round 19's families and the older ones round 19 does not show, each with its act (recorded, else read off its title). */
export function loadPool(): PoolFamily[] {
  const out: PoolFamily[] = [];
  for (const line of LINES) {
    const dirs = line.older.map((s) => `${F}/${s}`);
    const all = loadFitFamilies(`${F}/${line.current}`, dirs);
    // loadFitFamilies appends each older set's families in order: the lengths of the prefixes tell which set each came from.
    const ends = [0, 1, 2, 3, 4].slice(0, dirs.length + 1).map((k) => loadFitFamilies(`${F}/${line.current}`, dirs.slice(0, k)).length);
    all.forEach((f, i) => {
      const back = ends.findIndex((e) => i < e);
      const act = f.input.act ?? pendingActOf(f.input.kind, f.title);
      out.push({ ...f, repo: `${line.name}/${f.repo}`, group: line.group, back, input: { ...f.input, ...(act ? { act } : {}) } });
    });
  }
  return out;
}

export const FORMS: Record<string, CalibrationFeature[]> = {
  "calib39's form": ROUND_18_FEATURES,
  '+ raise': [...ROUND_18_FEATURES, 'raise'],
  '+ remove': [...ROUND_18_FEATURES, 'remove'],
  '+ raise + remove': [...ROUND_18_FEATURES, 'raise', 'remove'],
  '+ weak_act (raise, remove, deprecate)': [...ROUND_18_FEATURES, 'weak_act'],
  '+ raise + deprecation': [...ROUND_18_FEATURES, 'raise', 'deprecation'],
  '+ runtime': [...ROUND_18_FEATURES, 'runtime'],
};
export const PENALTIES = [0.05, 0.2, 0.5, 1];
export const DECAYS = [1, 0.5, 0.25, 0];

/**
 * A family's weight in the fit: 1 if round 19 shows it; an older round's family of a kind round 19 still shows (its
 * pending work, open notes) DECAY^k, k its rounds back: round 19's own families of that kind supersede it; an older
 * family of a kind round 19 no longer shows (loose titles, feature directions, directions held back) 1, since nothing
 * newer stands for it and the map still scores such families when they are shown (`--max-loose`).
 */
export function weightOf(f: PoolFamily, decay: number, shownKinds: ReadonlySet<string>): number {
  return f.back === 0 || !shownKinds.has(kindKey(f)) ? 1 : decay ** f.back;
}
const kindKey = (f: PoolFamily) => `${f.input.kind} ${f.input.loose}`;
export const shownKindsOf = (pool: readonly PoolFamily[]) => new Set(pool.filter((f) => f.back === 0).map(kindKey));
let SHOWN: ReadonlySet<string> = new Set();
const rows = (of: readonly PoolFamily[], decay: number) => of.map((f) => ({ input: f.input, strong: f.strong, weight: weightOf(f, decay, SHOWN) }));

export function compareForms(pool: readonly PoolFamily[]) {
  SHOWN = shownKindsOf(pool);
  const now = pool.filter((f) => f.back === 0);
  const compared = Object.entries(FORMS).flatMap(([name, features]) =>
    PENALTIES.flatMap((l2) =>
      DECAYS.map((decay) => {
        const m = loro(pool, (of) => fitScoreCalibration(rows(of, decay), features, l2));
        const ll = (of: readonly PoolFamily[]) => logLoss(of, (f) => m.get(f as PoolFamily)!);
        return { name, features, l2, decay, dev: ll(now.filter((f) => f.group === 'dev')), audit: ll(now.filter((f) => f.group === 'audit')), unseen: ll(now.filter((f) => f.group === 'unseen')), now: ll(now), predicted: m };
      }),
    ),
  );
  const chosen = [...compared].sort((a, b) => a.now - b.now)[0]!;
  return { now, compared, chosen };
}

function binRows(label: string, of: readonly LabelledFamily[], score: (f: LabelledFamily) => number): string[] {
  return reliability(of, score).map(
    (r) =>
      `| ${label} | ${r.bin} | ${r.families} | ${r.mean.toFixed(3)} | ${r.strong} | ${r.observed.toFixed(3)} | ${r.low.toFixed(2)}-${r.high.toFixed(2)} | ${r.families >= 10 ? (Math.abs(r.observed - r.mean) <= 0.1 ? 'yes' : `NO (${(100 * Math.abs(r.observed - r.mean)).toFixed(1)} pts)`) : '(n<10)'} |`,
  );
}

const USAGE = 'usage: npx tsx scripts/calibration-by-act.ts [--json]';

function main(): void {
  const { values } = parseFlags({ options: { json: { type: 'boolean' } } }, USAGE);
  const pool = loadPool();
  const { now, compared, chosen } = compareForms(pool);
  const refit = fitScoreCalibration(rows(pool, chosen.decay), chosen.features, chosen.l2);
  if (values.json) {
    console.log(JSON.stringify({ form: chosen.name, decay: chosen.decay, refit }, null, 2));
    return;
  }
  const count = (of: readonly LabelledFamily[]) => `${of.length} families, ${of.filter((f) => f.strong).length} strong, ${new Set(of.map((f) => f.repo)).size} repositories`;
  const lines = [`POOL ${count(pool)}; round 19 ${count(now)} (dev ${count(now.filter((f) => f.group === 'dev'))}; audit ${count(now.filter((f) => f.group === 'audit'))}; unseen ${count(now.filter((f) => f.group === 'unseen'))})`];
  for (let k = 1; k <= 4; k++) lines.push(`  older, ${k} round(s) back: ${count(pool.filter((f) => f.back === k))}`);
  const acts = new Map<string, PoolFamily[]>();
  for (const f of pool) if (f.input.act) acts.set(`${f.input.act} (back ${f.back})`, [...(acts.get(`${f.input.act} (back ${f.back})`) ?? []), f]);
  lines.push('', 'Acts (strong/families): ' + [...acts].sort().map(([a, of]) => `${a} ${of.filter((f) => f.strong).length}/${of.length}`).join('; '), '');
  const shipped = (f: LabelledFamily) => calibrate(f.input, ROUND_18_CALIBRATION);
  lines.push('| map | l2 | decay | dev19 | audit19 | unseen-19 | round 19 all |', '|---|---|---|---|---|---|---|');
  const ll = (of: readonly PoolFamily[], p: (f: LabelledFamily) => number) => logLoss(of, p).toFixed(4);
  lines.push(`| shipped (calib39's constants, not refitted) | ${ROUND_18_CALIBRATION.l2} | - | ${ll(now.filter((f) => f.group === 'dev'), shipped)} | ${ll(now.filter((f) => f.group === 'audit'), shipped)} | ${ll(now.filter((f) => f.group === 'unseen'), shipped)} | ${ll(now, shipped)} |`);
  for (const c of compared) lines.push(`| ${c.name} | ${c.l2} | ${c.decay} | ${c.dev.toFixed(4)} | ${c.audit.toFixed(4)} | ${c.unseen.toFixed(4)} | ${c.now.toFixed(4)} |`);
  lines.push('', `Chosen: ${chosen.name}, l2 ${chosen.l2}, decay ${chosen.decay} (LORO log loss over round 19 ${chosen.now.toFixed(4)}).`);
  lines.push(`Refit on all: ${JSON.stringify({ features: refit.features, intercept: refit.intercept, weights: refit.weights, l2: refit.l2, families: refit.families, strong: refit.strong })}`, '');
  const head = ['| map | bin | families | mean | strong | observed | Wilson 95% | within 10 pts |', '|---|---|---|---|---|---|---|---|'];
  for (const [name, of] of [
    ['round 19 dev + audit + unseen', now],
    ['dev19 alone', now.filter((f) => f.group === 'dev')],
    ['unseen-19 pooled', now.filter((f) => f.group === 'unseen')],
  ] as const) {
    lines.push(`${name} (${count(of)})`, ...head);
    lines.push(...binRows('shipped (calib39)', of, shipped), ...binRows('refit (in sample)', of, (f) => calibrate(f.input, refit)), ...binRows('refit (LORO)', of, (f) => chosen.predicted.get(f as PoolFamily)!), '');
  }
  const at = (x: { strong: number; families: number }) => `${x.strong}/${x.families}`;
  for (const g of ['dev', 'audit', 'unseen'] as const) {
    const of = now.filter((f) => f.group === g);
    lines.push(`strong@5 ${g}19: as labelled ${at(strongAt(of, null))}; by the shipped map ${at(strongAt(of, shipped))}; by refit ${at(strongAt(of, (f) => calibrate(f.input, refit)))}`);
  }
  console.log(lines.join('\n'));
}

if (process.argv[1]?.endsWith('calibration-by-act.ts')) main();
