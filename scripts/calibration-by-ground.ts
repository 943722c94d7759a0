/**
 * The score calibration refitted on round 18's labels with what a family records at T0 about its ground (calib39,
 * issue 15; docs/forecast.md "Score calibration by ground"): does a map that tells a list page's "more" line from a
 * code line's, and a statement from an open note, hold the development bins and mend the unseen ones?
 *
 *   npx tsx scripts/calibration-by-ground.ts [--json]
 *
 * Fit sets (primary labels, heuristic families): DEV is dev18 with the families of dev13, dev9 and dev5 it does not
 * show (loadFitFamilies: the loose titles and feature directions the round-18 default holds back); AUDIT is audit18;
 * UNSEEN the five unseen sets of round 18 (newcomer18, newcomer2-18, newcomer3-18, newcomer4-18, newcomer5-18).
 * Held-out labels are never read here (the lead checks held-out once after the merge).
 * Prints: each candidate form (FORMS) under each penalty (PENALTIES), scored left-one-repository-out over DEV + AUDIT
 * + UNSEEN (each repository predicted by the map fitted on the others; log loss for dev, audit, unseen repositories
 * and all); the chosen form (lowest left-one-repository-out log loss over all); its constants with the n behind each;
 * and the reliability bins (0.1 wide: families, mean, strong, observed, Wilson 95%) of dev18 alone, the unseen sets
 * pooled, and dev18 + audit18 + unseen pooled, under round 13's map (before), the refit (in sample) and the refit's
 * left-one-repository-out predictions.
 */
import { calibrate, fitScoreCalibration, ROUND_13_CALIBRATION, type CalibrationFeature, type CalibrationInput, type ScoreCalibration } from '../src/forecast/backtest/calibration.js';
import { loadFitFamilies, loadLabelledFamilies, logLoss, loro, reliability, strongAt, type LabelledFamily } from './fit-score-calibration.js';
import { parseFlags } from './exit.js';

const F = 'eval/families';
export const UNSEEN_SETS = ['newcomer18', 'newcomer2-18', 'newcomer3-18', 'newcomer4-18', 'newcomer5-18'];

/** Candidate forms: the features each reads (the intercept, the middle group's rate, is implied). */
export const FORMS: Record<string, CalibrationFeature[]> = {
  'round 13\'s form (loose + note + feature + more)': ['loose', 'note', 'feature', 'more'],
  '+ more_code': ['loose', 'note', 'feature', 'more', 'more_code'],
  '+ stated': ['loose', 'note', 'feature', 'more', 'stated'],
  '+ more_code + stated': ['loose', 'note', 'feature', 'more', 'more_code', 'stated'],
  '+ more_code + stated + runtime': ['loose', 'note', 'feature', 'more', 'more_code', 'stated', 'runtime'],
  '+ more_code + stated + direction': ['loose', 'note', 'feature', 'more', 'more_code', 'stated', 'direction'],
  '+ more_code + stated + direction + runtime': ['loose', 'note', 'feature', 'more', 'more_code', 'stated', 'direction', 'runtime'],
  '+ stated + direction': ['loose', 'note', 'feature', 'more', 'stated', 'direction'],
  'every kind + more_code + stated': ['loose', 'runtime', 'deprecation', 'note', 'stated', 'bugfix', 'feature', 'upkeep', 'more', 'more_code'],
};
export const PENALTIES = [0.05, 0.2, 0.5, 1, 2];

export interface FitSets {
  dev: LabelledFamily[];
  audit: LabelledFamily[];
  unseen: LabelledFamily[];
  dev18: LabelledFamily[];
}

/** Repository names are unique within a set, not across sets: prefix each family's repository with its set. */
function tagged(set: string, of: readonly LabelledFamily[]): LabelledFamily[] {
  return of.map((f) => ({ ...f, repo: `${set}/${f.repo}` }));
}

export function loadSets(): FitSets {
  const dev = tagged('dev', loadFitFamilies(`${F}/dev18`, [`${F}/dev13`, `${F}/dev9`, `${F}/dev5`]));
  const audit = tagged('audit', loadLabelledFamilies(`${F}/audit18`));
  const unseen = UNSEEN_SETS.flatMap((s) => tagged(s, loadLabelledFamilies(`${F}/${s}`)));
  const dev18 = tagged('dev', loadLabelledFamilies(`${F}/dev18`));
  return { dev, audit, unseen, dev18 };
}

/** dev18's families as the pool holds them (the same objects, so a map keyed by the pool's families reads them). */
export function dev18Of(sets: FitSets, pool: readonly LabelledFamily[]): LabelledFamily[] {
  return sets.dev18.map((f) => pool.find((p) => p.repo === f.repo && p.title === f.title) ?? f);
}

const rows = (of: readonly LabelledFamily[]) => of.map((f) => ({ input: f.input, strong: f.strong }));

/** Every form under every penalty, left-one-repository-out over the pool; the chosen one has the lowest log loss over all. */
export function compareForms(sets: FitSets) {
  const pool = [...sets.dev, ...sets.audit, ...sets.unseen];
  const dev18 = dev18Of(sets, pool);
  const compared = Object.entries(FORMS).flatMap(([name, features]) =>
    PENALTIES.map((l2) => {
      const m = loro(pool, (of) => fitScoreCalibration(rows(of), features, l2));
      const ll = (of: readonly LabelledFamily[]) => logLoss(of, (f) => m.get(f)!);
      return { name, features, l2, dev: ll(sets.dev), dev18: ll(dev18), audit: ll(sets.audit), unseen: ll(sets.unseen), all: ll(pool), predicted: m };
    }),
  );
  const chosen = [...compared].sort((a, b) => a.all - b.all)[0]!;
  return { pool, compared, chosen };
}

function binRows(label: string, of: readonly LabelledFamily[], score: (f: LabelledFamily) => number): string[] {
  return reliability(of, score).map(
    (r) =>
      `| ${label} | ${r.bin} | ${r.families} | ${r.mean.toFixed(3)} | ${r.strong} | ${r.observed.toFixed(3)} | ${r.low.toFixed(2)}-${r.high.toFixed(2)} | ${r.families >= 10 ? (Math.abs(r.observed - r.mean) <= 0.1 ? 'yes' : `NO (${Math.round(100 * Math.abs(r.observed - r.mean))} pts)`) : '(n<10)'} |`,
  );
}

/** A sample input of each group the forms read, for the constants table. */
const SAMPLES: [string, CalibrationInput][] = [
  ['more, list page', { rank: 0.5, loose: false, kind: 'more', backtest: null, changes: null, ground: 'list' }],
  ['more, code examples', { rank: 0.5, loose: false, kind: 'more', backtest: null, changes: null, ground: 'examples' }],
  ['more, code line', { rank: 0.5, loose: false, kind: 'more', backtest: null, changes: null, ground: 'code' }],
  ['more, dependencies', { rank: 0.5, loose: false, kind: 'more', backtest: null, changes: null, ground: 'dependencies' }],
  ['runtime', { rank: 0.5, loose: false, kind: 'runtime', backtest: null, changes: null }],
  ['deprecation, plan, series (pending)', { rank: 0.5, loose: false, kind: 'deprecation', backtest: null, changes: null }],
  ['bugfix, refactor, upkeep direction', { rank: 0.5, loose: false, kind: 'bugfix', backtest: null, changes: null }],
  ['stated', { rank: 0.5, loose: false, kind: 'stated', backtest: null, changes: null }],
  ['note', { rank: 0.5, loose: false, kind: 'note', backtest: null, changes: null }],
  ['feature direction', { rank: 0.5, loose: false, kind: 'feature', backtest: null, changes: null }],
  ['loose', { rank: 0.5, loose: true, kind: 'bugfix', backtest: null, changes: null }],
];

/** Families and strong labels of the pool per sample group (what is behind each constant). */
function behind(pool: readonly LabelledFamily[], i: CalibrationInput): string {
  const same = (f: LabelledFamily) =>
    f.input.loose === i.loose &&
    (i.loose || (i.kind === 'deprecation' ? ['deprecation', 'plan', 'series'].includes(f.input.kind) : i.kind === 'bugfix' ? ['bugfix', 'refactor', 'docs', 'ci', 'tests'].includes(f.input.kind) : f.input.kind === i.kind && (i.kind !== 'more' || f.input.ground === i.ground)));
  const of = pool.filter(same);
  return `${of.filter((f) => f.strong).length}/${of.length}`;
}

const USAGE = 'usage: npx tsx scripts/calibration-by-ground.ts [--json]';

function main(): void {
  const { values } = parseFlags({ options: { json: { type: 'boolean' } } }, USAGE);
  const sets = loadSets();
  const { pool, compared, chosen } = compareForms(sets);
  const refit = fitScoreCalibration(rows(pool), chosen.features, chosen.l2);
  if (values.json) {
    console.log(JSON.stringify({ form: chosen.name, refit }, null, 2));
    return;
  }
  const count = (of: readonly LabelledFamily[]) => `${of.length} families, ${of.filter((f) => f.strong).length} strong, ${new Set(of.map((f) => f.repo)).size} repositories`;
  const lines = [`DEV ${count(sets.dev)}; AUDIT ${count(sets.audit)}; UNSEEN ${count(sets.unseen)}; dev18 alone ${count(sets.dev18)}`, ''];
  const shipped = (f: LabelledFamily) => calibrate(f.input, ROUND_13_CALIBRATION);
  const dev18InPool = dev18Of(sets, pool);
  lines.push('| map | l2 | LORO log loss, dev fit set | dev18 alone | audit18 | unseen | all |', '|---|---|---|---|---|---|---|');
  lines.push(`| before: round 13's constants (fitted on dev13+9+5; dev in sample) | ${ROUND_13_CALIBRATION.l2} | ${logLoss(sets.dev, shipped).toFixed(4)} | ${logLoss(dev18InPool, shipped).toFixed(4)} | ${logLoss(sets.audit, shipped).toFixed(4)} | ${logLoss(sets.unseen, shipped).toFixed(4)} | ${logLoss(pool, shipped).toFixed(4)} |`);
  for (const c of compared) lines.push(`| ${c.name} | ${c.l2} | ${c.dev.toFixed(4)} | ${c.dev18.toFixed(4)} | ${c.audit.toFixed(4)} | ${c.unseen.toFixed(4)} | ${c.all.toFixed(4)} |`);
  lines.push('', `Chosen: ${chosen.name}, l2 ${chosen.l2} (LORO log loss over all ${chosen.all.toFixed(4)}).`);
  lines.push(`Refit on all: ${JSON.stringify({ features: refit.features, intercept: refit.intercept, weights: refit.weights, l2: refit.l2, families: refit.families, strong: refit.strong })}`, '');
  lines.push('| group | strong/families in the fit | before (round 13) | refit |', '|---|---|---|---|');
  for (const [name, i] of SAMPLES) lines.push(`| ${name} | ${behind(pool, i)} | ${calibrate(i, ROUND_13_CALIBRATION).toFixed(3)} | ${calibrate(i, refit).toFixed(3)} |`);
  lines.push('');
  const predicted = chosen.predicted;
  const head = ['| map | bin | families | mean | strong | observed | Wilson 95% | within 10 pts |', '|---|---|---|---|---|---|---|---|'];
  for (const [name, of] of [
    ['dev18 alone', dev18InPool],
    ['unseen sets pooled (newcomer..newcomer5, round 18)', sets.unseen],
    ['dev18 + audit18 + unseen pooled', [...dev18InPool, ...sets.audit, ...sets.unseen]],
  ] as const) {
    lines.push(`${name} (${count(of)})`, ...head);
    lines.push(...binRows('before (round 13)', of, shipped), ...binRows('refit (in sample)', of, (f) => calibrate(f.input, refit)), ...binRows('refit (LORO)', of, (f) => predicted.get(f) ?? calibrate(f.input, refit)), '');
  }
  const at = (x: { strong: number; families: number }) => `${x.strong}/${x.families}`;
  for (const [name, of] of [['dev18', sets.dev18], ['audit18', sets.audit], ['unseen', sets.unseen]] as const) {
    lines.push(`strong@5 ${name}: as labelled ${at(strongAt(of, null))}; by round 13's map ${at(strongAt(of, shipped))}; by refit ${at(strongAt(of, (f) => calibrate(f.input, refit)))}`);
  }
  console.log(lines.join('\n'));
}

if (process.argv[1]?.endsWith('calibration-by-ground.ts')) main();
