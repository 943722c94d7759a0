/**
 * Refits the heuristic's score calibration (src/forecast/backtest/calibration.ts)
 * from people's blind family labels, and prints its reliability and strong@5.
 * Since calib39 the shipped map is fitted by scripts/calibration-by-ground.ts (round 18's development, audit and
 * unseen sets); this script's --loro and its CANDIDATES are round 13's protocol on the development labels, and its
 * --db export writes each family's inputs, a `more` family's recorded ground included.
 *
 *   npx tsx scripts/fit-score-calibration.ts --dir eval/families/dev7 --add eval/families/dev5 [--check eval/families/heldout7 ...] [--json]
 *   npx tsx scripts/fit-score-calibration.ts --dir eval/families/<set> --db STORE     # (re)write score-inputs.jsonl
 *   npx tsx scripts/fit-score-calibration.ts --dir eval/families/dev7 --add eval/families/dev5 --loro [--check ...]  # compare candidate maps
 *
 * Fits on the heuristic's families of --dir and those of each --add set that --dir
 * does not hold (loadFitFamilies), by their primary labels (labels-1.jsonl) and
 * calibration inputs (score-inputs.jsonl), then prints the constants beside the
 * shipped SCORE_CALIBRATION and, for the fit set, each --check set and all of
 * them pooled, the reliability table (0.1 score bins: families, mean score,
 * people's strong rate) of the scores the families carried (key.jsonl) and of the
 * calibrated scores of the same families, then strong@5 of --dir and each --check
 * set as labelled and ordered by the calibrated score (strongAt).
 *
 * With --db, each packet's score-inputs.jsonl is first written from the store the
 * packet was made from: the heuristic's family of the same title in the packet's
 * repository, its ranking score, whether its title is loose, its kind, its
 * backtest continuation and a direction's stream size (`changes`, its `items`):
 * the calibration's inputs. A family the store does not show (its title changed
 * since) keeps the input written before. A store whose families carry
 * no `calibration_loose` (made before it, e.g. round 5's at 95e0d28) says it by
 * its order: the loose families shown are the last `config.loose.found -
 * config.loose.heldBack`; one whose families carry no `calibration_kind_<kind>`
 * (before rank15) gives the kind by what they carry (storedKind).
 *
 * With --loro, each candidate map (CANDIDATES: the features it reads) is scored
 * left-one-repository-out on the fit set (log loss and Brier of each family
 * predicted by the map fitted on the other repositories), the selector for the
 * shipped form; the --check sets' log loss of the map fitted on all of it is
 * printed beside it, to read after choosing. The form chosen is the lowest
 * left-one-repository-out log loss among candidates that read no feature
 * measured and not shipped (chosenForm). Then the shipped map under each
 * penalty of L2_CANDIDATES, scored the same way: the selector for CALIBRATION_L2.
 *
 * Rounds 2-4's score-inputs.jsonl carry no `loose` and rounds 2-4 no `kind`: they
 * are read as `loose: false` and a refactoring direction, for a check, never for a fit.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { wilsonInterval } from '../src/stats/wilson.js';
import { calibrate, calibrationInputOf, fitScoreCalibration, MEASURED_NOT_SHIPPED, SCORE_CALIBRATION, SHIPPED_FEATURES, type CalibrationFeature, type CalibrationInput, type FamilyKind, type MoreGround, type PendingAct, type ScoreCalibration } from '../src/forecast/backtest/calibration.js';
import { readLines } from './jsonl.js';
import { keyedPackets, keyOf, orExit, packetFamilies, resolveKey } from './packet-keys.js';
import { fail, parseFlags } from './exit.js';

export interface LabelledFamily {
  repo: string;
  blind: string;
  title: string;
  rank: number;
  /** The score the family carried when labelled (key.jsonl). */
  score: number;
  input: CalibrationInput;
  strong: boolean;
}


/** A score-inputs.jsonl line's input as written (rounds 2-4 carry no `loose`, rounds 2-5 before rank15 no `kind`). */
interface WrittenInput {
  rank: number;
  loose?: boolean;
  kind?: FamilyKind;
  backtest?: number | null;
  changes?: number | null;
  ground?: MoreGround;
  act?: PendingAct;
}

/**
 * The heuristic's labelled families of a set, with their calibration inputs and people's primary label. An input
 * written before kinds were recorded reads as a refactoring direction (group "other") with no backtest: for a check
 * of the older maps, never for a fit.
 */
export function loadLabelledFamilies(dir: string, keys?: string): LabelledFamily[] {
  const out: LabelledFamily[] = [];
  for (const repo of keyedPackets(dir, keys)) {
    const inputsFile = join(dir, repo, 'score-inputs.jsonl');
    if (!existsSync(inputsFile) || !existsSync(join(dir, repo, 'labels-1.jsonl'))) continue;
    const labels = new Map(readLines<{ blind: string; label: string }>(join(dir, repo, 'labels-1.jsonl')).map((l) => [l.blind, l.label]));
    const titles = new Map(readLines<{ blind: string; title: string }>(join(dir, repo, 'families.jsonl')).map((f) => [f.blind, f.title]));
    const inputs = new Map(
      readLines<{ blind: string; input: WrittenInput }>(inputsFile).map((l) => [
        l.blind,
        { rank: l.input.rank, loose: l.input.loose ?? false, kind: l.input.kind ?? 'refactor', backtest: l.input.backtest ?? null, changes: l.input.changes ?? null, ...(l.input.ground ? { ground: l.input.ground } : {}), ...(l.input.act ? { act: l.input.act } : {}) } satisfies CalibrationInput,
      ]),
    );
    for (const key of readLines<{ blind: string; forecaster: string; rank: number; score: number }>(keyOf(dir, repo, keys))) {
      if (key.forecaster !== 'heuristic') continue;
      const input = inputs.get(key.blind);
      const label = labels.get(key.blind);
      if (!input || !label) throw new Error(`${dir}/${repo}: ${key.blind} has no ${input ? 'primary label' : 'score input'}`);
      const title = titles.get(key.blind) ?? '';
      // A `more` family written before its ground was recorded (calib39) has it read off its title (storedGround).
      const grounded: CalibrationInput = input.kind === 'more' && !input.ground ? { ...input, ground: storedGround(title) } : input;
      out.push({ repo, blind: key.blind, title, rank: key.rank, score: key.score, input: grounded, strong: label === 'strong' });
    }
  }
  return out;
}

/**
 * The families of --dir, and those of each --add set that --dir does not hold (round 5's families round 7 no longer
 * shows: loose ones held back, titles since mended). A family of --add is left out when the same repository's
 * packet in --dir has its title, carries its label (`carried`), or has a family of the same kind, looseness and
 * place (the title's " in <path>": round 5's "Remove the code, deprecated for removal … in httpx/_urls.py" is round
 * 7's "Deprecate `URL.raw` in httpx/_urls.py …", the same notice).
 */
export function loadFitFamilies(dir: string, add: readonly string[] = [], keys?: string): LabelledFamily[] {
  const out = loadLabelledFamilies(dir, keys);
  // The place: the last path named after " in " (a file or folder, "in httpx/_urls.py, as announced …").
  const place = (f: LabelledFamily) => [...f.title.matchAll(/\sin\s([\w.\-/]*[\w/])/g)].map((m) => m[1]!).filter((p) => /[/.]/.test(p)).pop() ?? '';
  for (const more of add) {
    const seen = new Set(out.flatMap((f) => [`${f.repo} title ${f.title}`, `${f.repo} kind ${f.input.kind} ${f.input.loose} ${place(f)}`]));
    const carried = new Set(
      keyedPackets(dir, keys).flatMap((repo) => (existsSync(join(dir, repo, 'labels-1.jsonl')) ? readLines<{ carried?: string }>(join(dir, repo, 'labels-1.jsonl')).flatMap((l) => (l.carried ? [l.carried] : [])) : [])),
    );
    out.push(...loadLabelledFamilies(more, keys).filter((f) => !carried.has(f.blind) && !seen.has(`${f.repo} title ${f.title}`) && !seen.has(`${f.repo} kind ${f.input.kind} ${f.input.loose} ${place(f)}`)));
  }
  return out;
}

/**
 * The kind of a family stored before `calibration_kind_<kind>` was recorded (round 5's store at 95e0d28, round 7's
 * at 2e0c5b9), read off what it carries: a stated family's `stated_<signal>`, a series' `series_changes`, a pending
 * family's rate (0.25 a notice: a runtime task by its template's words, else a deprecation; 0.15 an open note; 0.2
 * a plan item), a direction's people factor (0.6 the test suite, 0.525 the CI) or a documentation title, else its
 * category.
 */
export function storedKind(title: string, category: string, c: Record<string, number>): FamilyKind {
  const stated = Object.keys(c).find((k) => k.startsWith('stated_') && k !== 'stated_rows');
  if (stated) return stated === 'stated_deprecation' ? 'deprecation' : 'stated';
  if (c.series_changes !== undefined) return 'series';
  if (c.heat === undefined) {
    if (c.pending_rate === 0.25) return /^(Drop support for|Add .+ to the test matrix|Raise the minimum supported)/.test(title) ? 'runtime' : 'deprecation';
    return c.pending_rate === 0.15 ? 'note' : 'plan';
  }
  if (/^(Add|Support|Implement|Expose) more /.test(title)) return 'more';
  if (c.people_factor === 0.6) return 'tests';
  if (c.people_factor === 0.525) return 'ci';
  if (/^(Document|Extend the .+ page|Fix the .+ page)\b/.test(title) || /\.(md|rst)$/.test(title)) return 'docs';
  return category as FamilyKind;
}

/**
 * The ground of a `more` family written before calib39 recorded it, read off its title as the line makers word it:
 * a list page's "Add more entries like … to the … list/team in …" (upkeep.ts), a page's "Fix more code examples like …"
 * (doc-examples.ts), a dependency line's "Remove more runtime dependencies like …" / "Replace more dependencies with the
 * standard library like …" (pending/dependency-line.ts); else an additive code line's instances (direction.ts). A test
 * holds it to the ground the forecaster records for the same families (tests/forecast/score-calibration-ground.test.ts).
 */
export function storedGround(title: string): MoreGround {
  if (/^Add more entries like /.test(title)) return 'list';
  if (/^Fix more code examples\b/.test(title)) return 'examples';
  if (/^(Remove more runtime dependencies|Replace more dependencies with the standard library)\b/.test(title)) return 'dependencies';
  return 'code';
}

/** The mean log loss of predictions `p` of the families' strong labels (0 with no family). */
export function logLoss(of: readonly LabelledFamily[], p: (f: LabelledFamily) => number): number {
  return -of.reduce((a, f) => a + Math.log(f.strong ? p(f) : 1 - p(f)), 0) / Math.max(1, of.length);
}

/**
 * Left one repository out: each family of `rows` predicted by the map `train` fits on the families of `pool` (by
 * default `rows` itself) from the other repositories, one repository at a time in `rows`' order.
 */
export function loro<F extends LabelledFamily>(rows: readonly F[], train: (of: readonly F[]) => ScoreCalibration, pool: readonly F[] = rows): Map<F, number> {
  const out = new Map<F, number>();
  for (const repo of new Set(rows.map((f) => f.repo))) {
    const c = train(pool.filter((f) => f.repo !== repo));
    for (const f of rows.filter((x) => x.repo === repo)) out.set(f, calibrate(f.input, c));
  }
  return out;
}

/** Reliability rows: 0.1-wide score bins with families, mean score and observed strong rate. */
export function reliability(families: readonly LabelledFamily[], score: (f: LabelledFamily) => number) {
  const bins = new Map<number, LabelledFamily[]>();
  for (const f of families) {
    const bin = Math.min(9, Math.floor(score(f) * 10));
    bins.set(bin, [...(bins.get(bin) ?? []), f]);
  }
  return [...bins]
    .sort((a, b) => a[0] - b[0])
    .map(([bin, of]) => {
      const mean = of.reduce((a, f) => a + score(f), 0) / of.length;
      const strong = of.filter((f) => f.strong).length;
      const interval = wilsonInterval(strong, of.length)!;
      return { bin: `${(bin / 10).toFixed(1)}-${((bin + 1) / 10).toFixed(1)}`, families: of.length, mean, strong, observed: strong / of.length, low: interval.low, high: interval.high };
    });
}

async function exportInputs(dir: string, db: string, keys?: string): Promise<void> {
  const { default: Database } = await import('better-sqlite3');
  const store = new Database(db, { readonly: true });
  for (const repo of keyedPackets(dir, keys)) {
    const forecasts = store
      .prepare("SELECT f.id, f.config FROM forecasts f JOIN snapshots s ON s.id = f.snapshot_id JOIN repos r ON r.id = s.repo_id WHERE f.forecaster = 'heuristic' AND r.name = ?")
      .all(repo) as { id: number; config: string }[];
    if (forecasts.length !== 1) throw new Error(`${db}: ${forecasts.length} heuristic forecasts of ${repo}, expected 1`);
    const rows = store.prepare('SELECT family_id, title, category, score, data FROM families WHERE forecast_id = ?').all(forecasts[0]!.id) as { family_id: string; title: string; category: string; score: number; data: string }[];
    // Loose families are shown last (order.ts): the last found - heldBack of the forecast, for a store made before calibration_loose.
    const { loose } = JSON.parse(forecasts[0]!.config) as { loose: { found: number; heldBack: number } };
    const order = rows.map((r) => Number(r.family_id.slice(1))).sort((a, b) => a - b);
    const firstLoose = order[order.length - (loose.found - loose.heldBack)] ?? Infinity;
    const titles = new Map(readLines<{ blind: string; title: string }>(join(dir, repo, 'families.jsonl')).map((f) => [f.blind, f.title]));
    // A family the store does not show (its title since changed) keeps the input written before, if any.
    const inputsFile = join(dir, repo, 'score-inputs.jsonl');
    const written = new Map(existsSync(inputsFile) ? readLines<{ blind: string }>(inputsFile).map((l) => [l.blind, JSON.stringify(l)]) : []);
    const lines: string[] = [];
    const packet = packetFamilies(dir, repo);
    for (const key of readLines<{ blind: string; forecaster: string; forecastId: number; familyId: string; score: number }>(keyOf(dir, repo, keys))) {
      if (key.forecaster !== 'heuristic') continue;
      // Matched by title in the packet's repository, the family id breaking ties (scripts/packet-keys.ts): a store of
      // another commit may number its families otherwise.
      const found = orExit(() => resolveKey(store, packet, key));
      const row = found === null ? undefined : rows.find((r) => r.family_id === found.familyId);
      if (!row && written.has(key.blind)) {
        lines.push(written.get(key.blind)!);
        continue;
      }
      if (!row) throw new Error(`${repo}: ${key.blind} "${titles.get(key.blind)}" is not a family of the store's forecast`);
      // The ranking score: the score the family carried before calibration (rank_score once calibrated).
      const components = (JSON.parse(row.data) as { score_components: Record<string, number> }).score_components;
      const input: CalibrationInput = calibrationInputOf(components) ?? {
        rank: components.rank_score ?? row.score,
        loose: components.calibration_loose !== undefined ? components.calibration_loose === 1 : Number(row.family_id.slice(1)) >= firstLoose,
        kind: storedKind(row.title, row.category, components),
        backtest: components.backtest_continued ?? null,
        changes: components.items ?? null,
      };
      lines.push(JSON.stringify({ blind: key.blind, familyId: row.family_id, input }));
    }
    writeFileSync(inputsFile, lines.join('\n') + '\n');
  }
  store.close();
}

function table(name: string, families: readonly LabelledFamily[], fitted: ScoreCalibration): string[] {
  const fmt = (rows: ReturnType<typeof reliability>) =>
    rows.map((r) => `| ${r.bin} | ${r.families} | ${r.mean.toFixed(3)} | ${r.strong} | ${r.observed.toFixed(3)} | ${r.low.toFixed(2)}-${r.high.toFixed(2)} | ${r.families >= 10 ? (Math.abs(r.observed - r.mean) <= 0.1 ? 'yes' : 'NO') : '(n<10)'} |`);
  const head = ['| bin | families | mean score | strong | observed | Wilson 95% | within 10 pts |', '|---|---|---|---|---|---|---|'];
  return [
    `${name}, before (scores as labelled):`,
    ...head,
    ...fmt(reliability(families, (f) => f.score)),
    `${name}, after (calibrated):`,
    ...head,
    ...fmt(reliability(families, (f) => calibrate(f.input, fitted))),
    '',
  ];
}

/** Candidate maps for --loro: the features each reads (the intercept is implied). */
export const CANDIDATES: Record<string, CalibrationFeature[]> = {
  constant: [],
  loose: ['loose'],
  'loose + runtime + note': ['loose', 'runtime', 'note'],
  'loose + runtime + note + bugfix': ['loose', 'runtime', 'note', 'bugfix'],
  'loose + runtime + note + bugfix + feature': ['loose', 'runtime', 'note', 'bugfix', 'feature'],
  'loose + runtime + note + bugfix + feature + more': ['loose', 'runtime', 'note', 'bugfix', 'feature', 'more'],
  'every kind': ['loose', 'runtime', 'deprecation', 'note', 'bugfix', 'feature', 'upkeep', 'more'],
  // Fewer features (round 13): no separate weight for a group whose strong rate is the intercept's, so a weight at
  // noise level cannot reorder the families of the middle groups (runtime, bugfix, deprecation, upkeep, refactor).
  'loose + note + feature + more': ['loose', 'note', 'feature', 'more'],
  'loose + runtime + note + feature + more': ['loose', 'runtime', 'note', 'feature', 'more'],
  'loose + note + bugfix + feature + more': ['loose', 'note', 'bugfix', 'feature', 'more'],
  'loose + note + feature + more + changes': ['loose', 'note', 'feature', 'more', 'changes'],
  'backtest + loose': ['backtest', 'loose'],
  'loose + runtime + note + bugfix + feature + backtest': ['loose', 'runtime', 'note', 'bugfix', 'feature', 'backtest'],
  'every kind + backtest': ['loose', 'runtime', 'deprecation', 'note', 'bugfix', 'feature', 'upkeep', 'backtest'],
  'loose + runtime + note + bugfix + feature + more + changes': ['loose', 'runtime', 'note', 'bugfix', 'feature', 'more', 'changes'],
  'every kind + changes': ['loose', 'runtime', 'deprecation', 'note', 'bugfix', 'feature', 'upkeep', 'more', 'changes'],
};

/** Penalties --loro compares for the shipped features: the Gaussian prior's precision on each weight. */
export const L2_CANDIDATES = [0.05, 0.1, 0.2, 0.5, 1, 2];

/** Log loss and Brier score of predictions [p, strong]. */
function losses(preds: readonly [number, boolean][]): { logLoss: number; brier: number } {
  const n = preds.length;
  return {
    logLoss: -preds.reduce((a, [p, y]) => a + Math.log(y ? p : 1 - p), 0) / n,
    brier: preds.reduce((a, [p, y]) => a + (p - (y ? 1 : 0)) ** 2, 0) / n,
  };
}

/** A map fitted with `train`, scored left-one-repository-out on `fit` and, fitted on all of it, on each check set. */
function scored(fit: readonly LabelledFamily[], checks: readonly (readonly LabelledFamily[])[], train: (rows: readonly LabelledFamily[]) => ScoreCalibration) {
  const predict = (c: ScoreCalibration, f: LabelledFamily): [number, boolean] => [calibrate(f.input, c), f.strong];
  const loro: [number, boolean][] = [];
  for (const repo of [...new Set(fit.map((f) => f.repo))]) {
    const c = train(fit.filter((f) => f.repo !== repo));
    loro.push(...fit.filter((f) => f.repo === repo).map((f) => predict(c, f)));
  }
  const all = train(fit);
  return { loro: losses(loro), checks: checks.map((c) => losses(c.map((f) => predict(all, f)))) };
}

/** Each candidate left-one-repository-out on `fit`, and fitted on all of it against each check set. */
export function compareCandidates(fit: readonly LabelledFamily[], checks: readonly (readonly LabelledFamily[])[] = []) {
  return Object.entries(CANDIDATES).map(([name, features]) => ({ name, ...scored(fit, checks, (rows) => fitScoreCalibration(rows, features, SCORE_CALIBRATION.l2)) }));
}

/**
 * The selector for the shipped form: of the candidates compared, the one with the lowest left-one-repository-out log
 * loss among those reading no feature measured and not shipped (MEASURED_NOT_SHIPPED: `backtest`, `changes`).
 */
export function chosenForm(compared: readonly { name: string; loro: { logLoss: number } }[]): string {
  const eligible = compared.filter((c) => !CANDIDATES[c.name]!.some((f) => MEASURED_NOT_SHIPPED.includes(f)));
  return [...eligible].sort((a, b) => a.loro.logLoss - b.loro.logLoss)[0]!.name;
}

/** The shipped features (or `features`) under each penalty of L2_CANDIDATES, scored as compareCandidates scores maps. */
export function comparePenalties(fit: readonly LabelledFamily[], checks: readonly (readonly LabelledFamily[])[] = [], features: CalibrationFeature[] = SHIPPED_FEATURES) {
  return L2_CANDIDATES.map((l2) => ({ name: `l2 ${l2}`, ...scored(fit, checks, (rows) => fitScoreCalibration(rows, features, l2)) }));
}

/**
 * Strong@k of a set's families when each repository's families are ordered by `score` (ties by the ranking score,
 * then by the order they were labelled in): what the shown order gives, since labels are per family against the
 * whole window. Every shown family of these sets is labelled, so re-ordering needs no new labels.
 */
export function strongAt(families: readonly LabelledFamily[], score: ((f: LabelledFamily) => number) | null, k = 5): { strong: number; families: number } {
  let strong = 0;
  let n = 0;
  for (const repo of [...new Set(families.map((f) => f.repo))]) {
    const of = families.filter((f) => f.repo === repo);
    const ordered = score ? [...of].sort((a, b) => score(b) - score(a) || b.input.rank - a.input.rank || a.rank - b.rank) : [...of].sort((a, b) => a.rank - b.rank);
    const top = ordered.slice(0, k);
    n += top.length;
    strong += top.filter((f) => f.strong).length;
  }
  return { strong, families: n };
}

const USAGE = 'usage: npx tsx scripts/fit-score-calibration.ts --dir eval/families/<set> [--add <set> ...] [--check <set> ...] [--keys DIR] [--db STORE] [--json]';

async function main(): Promise<void> {
  const { values } = parseFlags({ options: { dir: { type: 'string' }, keys: { type: 'string' }, add: { type: 'string', multiple: true }, check: { type: 'string', multiple: true }, db: { type: 'string' }, json: { type: 'boolean' }, loro: { type: 'boolean' } } }, USAGE);
  if (!values.dir) fail(USAGE);
  if (values.db) await exportInputs(values.dir, values.db, values.keys);
  const fit = loadFitFamilies(values.dir, values.add ?? [], values.keys);
  const checks = (values.check ?? []).map((c) => [c, loadLabelledFamilies(c, values.keys)] as const);
  if (values.loro) {
    console.log(`| map | ${values.dir} (+${(values.add ?? []).join(', ')}) left-one-repo-out log loss | Brier | ${checks.map(([c]) => `${c} log loss (fitted on all dev)`).join(' | ')} |`);
    const forms = compareCandidates(fit, checks.map(([, f]) => f));
    const penalties = comparePenalties(fit, checks.map(([, f]) => f));
    for (const c of [...forms, ...penalties]) {
      console.log(`| ${c.name} | ${c.loro.logLoss.toFixed(4)} | ${c.loro.brier.toFixed(4)} | ${c.checks.map((x) => x.logLoss.toFixed(4)).join(' | ')} |`);
    }
    const penalty = [...penalties].sort((a, b) => a.loro.logLoss - b.loro.logLoss)[0]!.name;
    console.log(`Chosen: ${chosenForm(forms)} (shipped: ${SHIPPED_FEATURES.join(' + ')}); penalty ${penalty} (shipped: l2 ${SCORE_CALIBRATION.l2}).`);
    return;
  }
  const fitted = fitScoreCalibration(fit.map((f) => ({ input: f.input, strong: f.strong })));
  if (values.json) {
    console.log(JSON.stringify(fitted, null, 2));
    return;
  }
  const same = JSON.stringify(fitted) === JSON.stringify(SCORE_CALIBRATION);
  const lines = [`Fitted on ${values.dir} (${fit.length} families, with ${(values.add ?? []).join(', ') || 'nothing'} added): ${JSON.stringify(fitted)}`, same ? 'Same as the shipped SCORE_CALIBRATION.' : `Shipped SCORE_CALIBRATION differs: ${JSON.stringify(SCORE_CALIBRATION)}`, ''];
  lines.push(...table(values.dir, fit, fitted));
  const pooled = [...fit];
  for (const [check, of] of checks) {
    pooled.push(...of);
    lines.push(...table(`${check} (never fitted on)`, of, fitted));
  }
  if (checks.length) lines.push(...table('pooled', pooled, fitted));
  const at = (x: { strong: number; families: number }) => `${x.strong}/${x.families} = ${((100 * x.strong) / Math.max(1, x.families)).toFixed(1)}%`;
  for (const [name, of] of [[values.dir, loadLabelledFamilies(values.dir, values.keys)] as const, ...checks]) {
    lines.push(`strong@5 ${name}: as labelled ${at(strongAt(of, null))}; ordered by the calibrated score ${at(strongAt(of, (f) => calibrate(f.input, fitted)))}`);
  }
  console.log(lines.join('\n'));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
