import { expect, test } from 'vitest';
import { CANDIDATES, chosenForm, compareCandidates, comparePenalties, L2_CANDIDATES, loadFitFamilies, loadLabelledFamilies, reliability, strongAt } from '../../scripts/fit-score-calibration.js';
import {
  calibrate,
  calibrationComponents,
  calibrationFeatures,
  calibrationInputOf,
  calibrationWhy,
  FAMILY_KINDS,
  fitScoreCalibration,
  ROUND_13_CALIBRATION,
  ROUND_13_FEATURES,
  groupOf,
  CALIBRATION_L2,
  SCORE_CALIBRATION,
  MEASURED_NOT_SHIPPED,
  SHIPPED_FEATURES,
  type CalibrationInput,
  type FamilyKind,
  type MoreGround,
} from '../../src/forecast/backtest/calibration.js';
import { logit, sigmoid } from '../../src/stats/logistic.js';

/** Round 13's fit set: dev13 with the dev9 and dev5 families it does not show. */
const DEV = loadFitFamilies('eval/families/dev13', ['eval/families/dev9', 'eval/families/dev5']);
/** Round 8's fit set, which the map before round 13 was fitted on. */
const DEV8 = loadFitFamilies('eval/families/dev8', ['eval/families/dev5']);
const input = (kind: FamilyKind, loose = false, rank = 0.3, backtest: number | null = null, changes: number | null = null): CalibrationInput => ({ rank, loose, kind, backtest, changes });

test('the calibrated score reads the kind of family and whether the title is loose, not the ranking score, the backtest or the stream size', () => {
  for (const kind of FAMILY_KINDS) {
    for (const loose of [false, true]) {
      const scores = new Set<number>();
      for (let i = 0; i <= 100; i++) scores.add(calibrate(input(kind, loose, i / 100, i % 2 ? i / 100 : null, i % 3 ? i : null)));
      expect(scores.size).toBe(1);
      const [score] = [...scores];
      expect(score).toBeGreaterThan(0);
      expect(score).toBeLessThan(1);
    }
  }
  // calib44 (round 19's development, audit and unseen labels and newcomer7's, with older rounds' families round 19 does
  // not show): a list page's or a documentation page's "more" line (10/10) above pending work, which scores alike
  // whatever its kind (runtime drops and adds 18/24, an announced deprecation 1/1, plan and branch work: no weight of
  // their own), above a code line's "more" (11/17), above directions of recurring code and upkeep work and statements
  // (3/16); open notes, feature directions and loose titles far below (1/23, 0/10, 0/14). A pending family's act splits pending work: a
  // minimum raise (0/2) and a removal of code deprecated for removal (0/4) score with the notes.
  const more = (ground: MoreGround) => calibrate({ ...input('more'), ground });
  const [runtime, bugfix, refactor, stated, note, feature, loose] = [input('runtime'), input('bugfix'), input('refactor'), input('stated'), input('note'), input('feature'), input('bugfix', true)].map((i) => calibrate(i));
  expect(more('list')).toBe(more('examples'));
  expect(more('code')).toBe(more('dependencies'));
  expect(more('list')).toBeGreaterThan(runtime!);
  expect(calibrate(input('deprecation'))).toBe(runtime);
  expect(calibrate(input('plan'))).toBe(runtime);
  expect(calibrate(input('series'))).toBe(runtime);
  expect(calibrate({ ...input('runtime'), act: 'drop' })).toBe(runtime);
  expect(calibrate({ ...input('runtime'), act: 'add' })).toBe(runtime);
  expect(calibrate({ ...input('deprecation'), act: 'deprecate' })).toBe(runtime);
  expect(calibrate({ ...input('plan'), act: 'land' })).toBe(runtime);
  expect(calibrate({ ...input('runtime'), act: 'raise' })).toBeLessThan(0.15);
  expect(calibrate({ ...input('deprecation'), act: 'remove' })).toBeLessThan(0.15);
  expect(runtime).toBeGreaterThan(more('code'));
  expect(more('code')).toBeGreaterThan(bugfix!);
  expect(bugfix).toBe(refactor);
  expect(calibrate(input('docs'))).toBe(refactor);
  expect(refactor).toBeGreaterThan(stated!);
  expect(stated).toBeGreaterThan(note! + 0.1);
  expect(Math.max(note!, feature!)).toBeLessThan(0.07);
  expect(loose).toBeLessThan(Math.min(note!, feature!));
  // Every loose family scores below every specific one, whatever its kind.
  const specific = FAMILY_KINDS.map((k) => calibrate(input(k)));
  for (const k of FAMILY_KINDS) expect(calibrate(input(k, true))).toBeLessThan(Math.min(...specific));
});

test('round 13\'s constants are what scripts/fit-score-calibration.ts fits on the committed development labels (dev13, with dev9\'s and dev5\'s other families)', () => {
  // 33 dev13 families and 30 of dev9 and dev5 that dev13 does not show (14 loose among them).
  expect(DEV.length).toBe(63);
  expect(DEV.filter((f) => f.strong).length).toBe(16);
  expect(DEV.length).toBe(ROUND_13_CALIBRATION.families);
  // Its groups (the counts `why` quotes) were round 13's: notes with statements, every `more` line as one.
  const { groups: _, ...fitted } = fitScoreCalibration(DEV.map((f) => ({ input: f.input, strong: f.strong })), ROUND_13_FEATURES);
  const { groups: __, ...shipped13 } = ROUND_13_CALIBRATION;
  expect(fitted).toEqual(shipped13);
  expect(SCORE_CALIBRATION.features).toEqual(SHIPPED_FEATURES);
});

test('round 13\'s form has the lowest left-one-repository-out log loss on dev13 of the candidate maps that read no feature measured and not shipped; the backtest feature does not help', () => {
  const compared = compareCandidates(DEV);
  expect(CANDIDATES[chosenForm(compared)]).toEqual(ROUND_13_FEATURES);
  const ranked = [...compared].sort((a, b) => a.loro.logLoss - b.loro.logLoss);
  const loss = (name: string) => ranked.find((c) => c.name === name)!.loro.logLoss;
  // Round 13 (penalty 0.05): loose + note + feature + more 0.254; + bugfix 0.263; + runtime 0.285; + runtime + bugfix
  // (the form shipped before) 0.293; loose 0.511; constant 0.578 (docs/forecast.md).
  expect(loss('loose + note + feature + more')).toBeLessThan(loss('loose + note + bugfix + feature + more'));
  expect(loss('loose + note + feature + more')).toBeLessThan(loss('loose + runtime + note + feature + more'));
  expect(loss('loose + note + feature + more')).toBeLessThan(loss('loose + runtime + note + bugfix + feature + more') - 0.02);
  expect(loss('loose + runtime + note + bugfix + feature + more')).toBeLessThan(loss('loose + runtime + note + bugfix + feature'));
  expect(loss('loose + runtime + note + bugfix + feature')).toBeLessThan(loss('loose') - 0.02);
  expect(loss('loose')).toBeLessThan(loss('constant'));
  // The stream size wins again (0.251), as on dev9: the selector leaves out the features measured and not shipped.
  expect(ranked[0]!.name).toBe('loose + note + feature + more + changes');
  expect(MEASURED_NOT_SHIPPED).toEqual(['backtest', 'changes']);
  // The repository's own backtest record (logit of a direction's backtest continuation) makes every form worse.
  expect(loss('loose + runtime + note + bugfix + feature + backtest')).toBeGreaterThan(loss('loose + runtime + note + bugfix + feature'));
  expect(loss('backtest + loose')).toBeGreaterThan(loss('loose'));
});

test('round 13\'s penalty has the lowest left-one-repository-out log loss on dev13 of the penalties compared', () => {
  const ranked = comparePenalties(DEV, [], ROUND_13_FEATURES).sort((a, b) => a.loro.logLoss - b.loro.logLoss);
  expect(ranked[0]!.name).toBe(`l2 ${SCORE_CALIBRATION.l2}`);
  expect(L2_CANDIDATES).toContain(CALIBRATION_L2);
  // Round 13: 0.254 at 0.05 (the grid's edge), 0.264 at 0.1, 0.355 at 1, the N(0, 1) prior shipped before round 8's refit.
  expect(ranked.find((c) => c.name === 'l2 1')!.loro.logLoss - ranked[0]!.loro.logLoss).toBeGreaterThan(0.02);
  expect(ranked.find((c) => c.name === 'l2 0.1')!.loro.logLoss).toBeGreaterThan(ranked[0]!.loro.logLoss);
});

test('on held-out round 8 the map discriminates (log loss below the constant\'s) and its one bin of ten or more is within 10 points; ordering by it gives strong@5 10/33 on dev and 8/24 on held-out', () => {
  const heldout = loadLabelledFamilies('eval/families/heldout8');
  const [constant, shipped] = ['constant', 'loose + runtime + note + bugfix + feature + more'].map((name) => compareCandidates(DEV8, [heldout]).find((c) => c.name === name)!.checks[0]!.logLoss);
  // Round 8's form fitted on round 8's fit set: 0.454 against 0.598 at penalty 0.1.
  expect(shipped).toBeLessThan(constant! - 0.1);
  const bins = reliability(heldout, (f) => calibrate(f.input, ROUND_13_CALIBRATION)).filter((b) => b.families >= 10);
  // The shipped map (round 13's): 0.3-0.4: 27 families (runtime, bugfix, deprecations, docs/CI/tests, refactors) at
  // 0.350, 7 strong (0.259).
  expect(bins.map((b) => [b.bin, b.families, b.strong])).toEqual([['0.3-0.4', 27, 7]]);
  expect(bins.map((b) => Math.abs(b.observed - b.mean) <= 0.1)).toEqual([true]);
  // The order as labelled (ranking score, specific first) against the calibrated order (ties by ranking score).
  expect(strongAt(loadLabelledFamilies('eval/families/dev8'), null)).toEqual({ strong: 10, families: 33 });
  expect(strongAt(loadLabelledFamilies('eval/families/dev8'), (f) => calibrate(f.input, ROUND_13_CALIBRATION))).toEqual({ strong: 10, families: 33 });
  expect(strongAt(heldout, null)).toEqual({ strong: 8, families: 24 });
  // 9/24 under round 8's map, whose +0.006 on runtime and bugfix families put fastify's runtime task ahead of its
  // test-suite and CI directions; round 13's map orders that group by the ranking score.
  expect(strongAt(heldout, (f) => calibrate(f.input, ROUND_13_CALIBRATION))).toEqual({ strong: 8, families: 24 });
});

/** The map round 5 was labelled under (and round 7 carried): the loose title alone, fitted on dev5. */
const ROUND_5_MAP = (loose: boolean) => (loose ? 0.072 : 0.175);

test('on round 5, the map its families were labelled under is within 10 points of their strong rate in every pooled bin of ten or more', () => {
  const pooled = [...loadLabelledFamilies('eval/families/dev5'), ...loadLabelledFamilies('eval/families/heldout5')];
  const bins = reliability(pooled, (f) => ROUND_5_MAP(f.input.loose)).filter((b) => b.families >= 10);
  // 0.0-0.1: the 25 loose families (mean 0.072, 2 strong, 0.080); 0.1-0.2: the other 77 (0.175, 16 strong, 0.208).
  expect(bins.map((b) => [b.bin, b.families, b.strong])).toEqual([['0.0-0.1', 25, 2], ['0.1-0.2', 77, 16]]);
  for (const b of bins) expect(Math.abs(b.observed - b.mean)).toBeLessThanOrEqual(0.1);
  // The scores the families carried when labelled (the round-2 map below) were not: 0.3-0.4, 20 families, mean 0.318, 3 strong.
  const before = reliability(pooled, (f) => f.score).find((b) => b.bin === '0.3-0.4')!;
  expect([before.families, before.strong]).toEqual([20, 3]);
  expect(before.mean - before.observed).toBeGreaterThan(0.1);
});

/**
 * The map rounds 2-4 were labelled under: Platt on logit(rank_score), fitted on round 2's dev labels
 * (eval/families/dev2, 68 families, 16 strong), shipped until round 5. Their labels read the rule more
 * leniently than round 5's GUIDE.md (act-and-area titles were not yet rejected as such), and their
 * score-inputs.jsonl carry no `loose` (the forecaster had no such notion then). Under today's map every
 * one of their families reads as specific (0.175) where people's pooled strong rate was 0.261 (round 2,
 * 31 of 119), 0.277 (round 3, 33 of 119: 10.2 points off) and 0.261 (round 4): the round-5 map does not
 * hold for the lenient rounds, and is not meant to. What still holds is what they were labelled with.
 */
const ROUND_2_MAP = (rank: number) => Math.round(sigmoid(-1.055 + 0.332 * logit(rank)) * 1000) / 1000;

test.each([
  { round: 2, dev: 'eval/families/dev2', heldout: 'eval/families/heldout2', families: 119, bins: [21, 74, 24] },
  { round: 3, dev: 'eval/families/dev3', heldout: 'eval/families/heldout3', families: 119, bins: [21, 74, 24] },
  { round: 4, dev: 'eval/families/dev4', heldout: 'eval/families/heldout4', families: 119, bins: [21, 76, 22] },
])('on round $round ($dev, $heldout), the round-2 map the families were labelled under is within 10 points of their strong rate in every pooled bin of ten or more', ({ round, dev, heldout, families, bins: sizes }) => {
  const pooled = [...loadLabelledFamilies(dev), ...loadLabelledFamilies(heldout)];
  expect(pooled.length).toBe(families);
  // Rounds 3 and 4 carried the round-2 map of their ranking scores; round 2 was labelled before it and is checked by it.
  if (round > 2) for (const f of pooled) expect(f.score).toBe(ROUND_2_MAP(f.input.rank));
  const bins = reliability(pooled, (f) => ROUND_2_MAP(f.input.rank)).filter((b) => b.families >= 10);
  expect(bins.map((b) => b.families)).toEqual(sizes);
  for (const b of bins) expect(Math.abs(b.observed - b.mean)).toBeLessThanOrEqual(0.1);
});

test('the score says in words what it rests on: the kind of family, and how many fitted families of that kind got strong work', () => {
  for (const i of [input('runtime'), input('note'), input('bugfix', true), input('docs')]) {
    const group = groupOf(i);
    expect(group.families).toBeGreaterThan(0);
    expect(calibrationWhy(i)).toContain(`of which ${group.strong} of ${group.families} got strong work there`);
    expect(calibrationWhy(i)).toMatch(/^Score 0\.\d\d is the probability that people label this family strong/);
  }
  expect(calibrationWhy(input('runtime'))).toContain('runtime-support tasks from the release calendar, of which 18 of 24');
  expect(calibrationWhy({ ...input('runtime'), act: 'raise' })).toContain('raise a declared minimum version (a minimum supported Rust version), of which 0 of 2');
  expect(calibrationWhy(input('bugfix', true))).toContain('loose titles');
  expect(calibrationWhy({ ...input('more'), ground: 'code' })).toContain('a code line that added one per change (an option, a filter, a mapping, a dependency removed), of which 11 of 17');
  expect(calibrationWhy({ ...input('more'), ground: 'list' })).toContain('one more entry of a list page or one more corrected code example of a documentation page, of which 10 of 10');
  expect(calibrationWhy(input('stated'))).toContain('statements of a known failure or of missing support, of which 3 of 16');
  // The score components name the kind and every feature the map reads, and read back to the same input.
  const components = calibrationComponents(input('runtime'));
  expect(components).toEqual({
    rank_score: 0.3,
    calibration_kind_runtime: 1,
    calibration_loose: 0,
    calibration_note: 0,
    calibration_feature: 0,
    calibration_more: 0,
    calibration_more_code: 0,
    calibration_stated: 0,
    calibration_direction: 0,
    calibration_raise: 0,
    calibration_remove: 0,
    calibrated: calibrate(input('runtime')),
  });
  // A pending family's components name its act (calib44), and read back with it.
  const raise = { ...input('runtime'), act: 'raise' as const };
  expect(calibrationComponents(raise)).toMatchObject({ calibration_kind_runtime: 1, calibration_act_raise: 1, calibration_raise: 1 });
  expect(calibrationInputOf(calibrationComponents(raise))).toEqual(raise);
  expect(calibrationInputOf(components)).toEqual(input('runtime'));
  // A `more` family's components name its ground (calib39), and read back with it.
  const code = { ...input('more'), ground: 'dependencies' as const };
  expect(calibrationComponents(code)).toMatchObject({ calibration_kind_more: 1, calibration_ground_dependencies: 1, calibration_more: 1, calibration_more_code: 1 });
  expect(calibrationInputOf(calibrationComponents(code))).toEqual(code);
  expect(calibrationComponents({ ...input('more'), ground: 'list' })).toMatchObject({ calibration_ground_list: 1, calibration_more: 1, calibration_more_code: 0 });
});

/** Dev9 with the dev8 and dev5 families it does not show: the only labelled set whose inputs carry a code direction's stream size. */
const DEV9 = loadFitFamilies('eval/families/dev9', ['eval/families/dev8', 'eval/families/dev5']);

test('the stream-size feature reads log(1 + changes) - log 6 for a specific code direction only, 0 when the size is unknown', () => {
  const changes = (i: CalibrationInput) => calibrationFeatures(i, { features: ['changes'] })[0];
  expect(changes(input('bugfix', false, 0.3, null, 5))).toBeCloseTo(0, 10);
  expect(changes(input('refactor', false, 0.3, null, 2))).toBeCloseTo(Math.log(3 / 6), 10);
  expect(changes(input('feature', false, 0.3, null, 11))).toBeCloseTo(Math.log(12 / 6), 10);
  expect(changes(input('bugfix'))).toBe(0);
  expect(changes(input('bugfix', true, 0.3, null, 2))).toBe(0);
  for (const kind of ['more', 'docs', 'tests', 'ci', 'runtime', 'series', 'note'] as const) expect(changes(input(kind, false, 0.3, null, 2))).toBe(0);
  // Read back off a direction's score components: its stream size is `items` (streams.ts); pending work carries none.
  expect(calibrationInputOf({ items: 3, backtest_continued: 0.5, ...calibrationComponents(input('bugfix', false, 0.3, 0.5, 3)) })).toEqual(input('bugfix', false, 0.3, 0.5, 3));
  expect(calibrationInputOf(calibrationComponents(input('runtime')))!.changes).toBeNull();
});

test('the stream size wins left-one-repository-out on dev9 and loses on held-out round 9, so the map does not read it (rank19)', () => {
  // 35 dev9 families (inputs from a store of dbbe9c4) and 26 of dev8 and dev5 that dev9 does not show; 19 with a size.
  expect(DEV9.length).toBe(61);
  expect(DEV9.filter((f) => f.input.changes !== null).length).toBe(19);
  const heldout = loadLabelledFamilies('eval/families/heldout9');
  const [shipped, sized] = ['loose + runtime + note + bugfix + feature + more', 'loose + runtime + note + bugfix + feature + more + changes'].map((name) => compareCandidates(DEV9, [heldout]).find((c) => c.name === name)!);
  // At penalty 0.1: dev LORO 0.359 -> 0.341; heldout9 (fitted on all of DEV9) 0.495 -> 0.581 (docs/forecast.md); the
  // same at the shipped penalty.
  expect(sized!.loro.logLoss).toBeLessThan(shipped!.loro.logLoss - 0.01);
  expect(sized!.checks[0]!.logLoss).toBeGreaterThan(shipped!.checks[0]!.logLoss + 0.05);
  // Ordered by it, heldout9's strong@5 drops from 9/23 to 8/23; dev9 cannot tell (only typer shows more than five).
  const fitted = fitScoreCalibration(DEV9.map((f) => ({ input: f.input, strong: f.strong })), CANDIDATES['loose + runtime + note + bugfix + feature + more + changes'], 0.1);
  // The shipped map (round 13's) gives 8/23 too; round 8's map, which ranked runtime and bugfix families 0.001 above
  // the rest of the middle group, gave 9/23.
  expect(strongAt(heldout, (f) => calibrate(f.input, ROUND_13_CALIBRATION))).toEqual({ strong: 8, families: 23 });
  expect(strongAt(heldout, (f) => calibrate(f.input, fitted))).toEqual({ strong: 8, families: 23 });
  expect(strongAt(loadLabelledFamilies('eval/families/dev9'), (f) => calibrate(f.input, fitted))).toEqual({ strong: 11, families: 31 });
});

test('round 13\'s map calibrates round 13: every bin of ten or more families of dev13, and of dev13 and heldout13 pooled, is within 10 points', () => {
  const dev13 = loadLabelledFamilies('eval/families/dev13');
  const heldout13 = loadLabelledFamilies('eval/families/heldout13');
  const within = (rows: ReturnType<typeof reliability>) => rows.filter((b) => b.families >= 10).map((b) => [b.bin, b.families, b.strong, Math.abs(b.observed - b.mean) <= 0.1]);
  // dev13 alone: the 0.3-0.4 bin (runtime, bugfix, refactoring, deprecation and test-suite families at 0.350, 6 of 16
  // strong); its 8 `more` families (0.974, all strong) and 9 notes and statements (0.019, none) are bins under ten.
  expect(within(reliability(dev13, (f) => calibrate(f.input, ROUND_13_CALIBRATION)))).toEqual([['0.3-0.4', 16, 6, true]]);
  // The committed keys carry the shipped map's scores (round 13's sets were written from main's final studies).
  expect(reliability(dev13, (f) => f.score)).toEqual(reliability(dev13, (f) => calibrate(f.input, ROUND_13_CALIBRATION)));
  // Pooled with heldout13 (never fitted on, read once after the choice): 0.0-0.1 14 / 0.019 / 0 strong; 0.3-0.4 43 /
  // 0.350 / 14 (0.326); 0.9-1.0 12 / 0.974 / 12. Under round 8's map 0.7-0.8 held those 12 at 0.763, 24 points off.
  expect(within(reliability([...dev13, ...heldout13], (f) => calibrate(f.input, ROUND_13_CALIBRATION)))).toEqual([
    ['0.0-0.1', 14, 0, true],
    ['0.3-0.4', 43, 14, true],
    ['0.9-1.0', 12, 12, true],
  ]);
  // Strong@5 by the calibrated order: dev13 14/28; heldout13 10/23, as the committed order (under round 8's map 11/23:
  // fastify's runtime task, rank 3 then, falls to 6th behind its test-suite and CI directions of higher ranking score).
  expect(strongAt(dev13, (f) => calibrate(f.input, ROUND_13_CALIBRATION))).toEqual({ strong: 14, families: 28 });
  expect(strongAt(heldout13, null)).toEqual({ strong: 10, families: 23 });
  expect(strongAt(heldout13, (f) => calibrate(f.input, ROUND_13_CALIBRATION))).toEqual({ strong: 10, families: 23 });
});

test('round 13\'s map calibrates round 14 (dependency-removal families, newcomer22 titles, chores counted apart): pooled dev14 and heldout14 bins of ten or more are within 10 points', () => {
  const dev14 = loadLabelledFamilies('eval/families/dev14');
  const heldout14 = loadLabelledFamilies('eval/families/heldout14');
  const within = (rows: ReturnType<typeof reliability>) => rows.filter((b) => b.families >= 10).map((b) => [b.bin, b.families, b.strong, Math.abs(b.observed - b.mean) <= 0.1]);
  // The committed keys carry the shipped map's scores (round 14's sets were written from main's studies).
  expect(reliability(dev14, (f) => f.score)).toEqual(reliability(dev14, (f) => calibrate(f.input, ROUND_13_CALIBRATION)));
  expect(reliability(heldout14, (f) => f.score)).toEqual(reliability(heldout14, (f) => calibrate(f.input, ROUND_13_CALIBRATION)));
  // Two dependency-removal families (express, axum) join the `more` group at 0.974, both strong by people (L63, L64).
  expect(within(reliability([...dev14, ...heldout14], (f) => calibrate(f.input, ROUND_13_CALIBRATION)))).toEqual([
    ['0.0-0.1', 14, 0, true],
    ['0.3-0.4', 43, 13, true],
    ['0.9-1.0', 14, 14, true],
  ]);
  expect(strongAt(dev14, (f) => calibrate(f.input, ROUND_13_CALIBRATION))).toEqual({ strong: 16, families: 30 });
  expect(strongAt(heldout14, (f) => calibrate(f.input, ROUND_13_CALIBRATION))).toEqual({ strong: 9, families: 23 });
});
