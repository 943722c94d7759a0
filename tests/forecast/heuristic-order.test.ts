import { beforeAll, expect, test } from 'vitest';
import { snapshotRepository } from '../../src/api/snapshot.js';
import { createHeuristicForecaster, type TaskFamily } from '../../src/forecast/index.js';
import { showOrder } from '../../src/forecast/heuristic/order.js';
import type { Snapshot } from '../../src/snapshot/model.js';
import { makeRepo, tempDir, type CommitSpec } from '../fixtures/repo.js';

/**
 * One line of work that names a checkable task (one more lexer option like those each change added, older; a line of
 * fixes naming a defect class is a direction, not checkable: direction.ts `checkable`) beside hotter lines whose
 * changes name nothing in common: vague fixes in src/app, CI and FAQ touch-ups, test additions. By heat alone the
 * loose ones would lead.
 */
function history(): CommitSpec[] {
  const specs: CommitSpec[] = [{ at: '2024-01-02', msg: 'Initial commit', files: { 'src/lexer/scan.py': 'x = 0\n', 'src/app/main.py': 'y = 0\n', 'docs/faq.md': '# FAQ\n', '.github/workflows/ci.yml': 'on: push\n', 'tests/test_app.py': 'def test_a(): pass\n' } }];
  const add = (at: string, msg: string, path: string, i: number) => specs.push({ at, msg, files: { [path]: `${'line\n'.repeat(i + 2)}` } });
  ['Add `strict` option (#10)', 'Add `escape` option (#11)', 'Add `trim` option (#12)']
    .forEach((m, i) => add(`2024-0${3 + i}-10`, m, 'src/lexer/scan.py', i));
  ['Fix it (#20)', 'Fix regression (#21)', 'Fix another problem (#22)', 'Fix bug (#23)', 'Fix wrong thing (#24)']
    .forEach((m, i) => add(`2024-${10 + Math.floor(i / 2)}-${String(3 + 5 * i).padStart(2, '0')}`, m, 'src/app/main.py', i));
  ['ci: bump (#30)', 'Update ci.yml (#31)', 'ci: tweak (#32)'].forEach((m, i) => add(`2024-11-${String(5 + 7 * i).padStart(2, '0')}`, m, '.github/workflows/ci.yml', i));
  ['docs: wording (#40)', 'Update faq (#41)', 'docs: typo (#42)'].forEach((m, i) => add(`2024-12-${String(2 + 6 * i).padStart(2, '0')}`, m, 'docs/faq.md', i));
  ['Add tests (#50)', 'More tests (#51)', 'tests: extend (#52)'].forEach((m, i) => add(`2024-12-${String(4 + 6 * i).padStart(2, '0')}`, m, 'tests/test_app.py', i));
  return specs;
}

/** The titles the heuristic writes when a line's changes name no checkable work (direction.ts, upkeep.ts). */
const LOOSE = /^(Fix the next reported defects|Add the next requested capability|Continue restructuring|Update the CI workflows? in|Update the (examples|documentation) in|(Extend|Fix|Update) the .+ (page|tests) in|Extend the tests in)/;

let snapshot: Snapshot;
const forecast = async (options: { maxLoose?: number; scoreFloor?: number } = {}, maxFamilies = 10, on = () => snapshot) => (await createHeuristicForecaster(options).forecast({ snapshot: on(), seed: 0, maxFamilies })).draft;
let shown: TaskFamily[];
let all: TaskFamily[];
beforeAll(async () => {
  const repo = await makeRepo(history());
  snapshot = (await snapshotRepository({ repo: repo.dir, t0: '2025-01-01', db: `${await tempDir()}/t.db` })).snapshot;
  shown = (await forecast()).families;
  all = (await forecast({ maxLoose: 100 }, 20)).families;
});

test('specific families are shown before every loose one, whatever their ranking score', () => {
  const titles = all.map((f) => f.title).join(' | ');
  const loose = all.map((f) => LOOSE.test(f.title));
  expect(loose.filter(Boolean).length, titles).toBeGreaterThanOrEqual(3);
  expect(loose.indexOf(false), titles).toBe(0);
  // Once a loose family is shown, no specific one follows it.
  expect(loose.slice(loose.indexOf(true)).every(Boolean), titles).toBe(true);
  expect(all[0]!.title, titles).toMatch(/^Add more options like `trim`, `escape` and `strict` in src\/lexer/);
  // By ranking score alone a loose line would lead: the ordering moved it, the ranking score is its own.
  const best = Math.max(...all.filter((f) => LOOSE.test(f.title)).map((f) => f.score_components.rank_score!));
  expect(best, titles).toBeGreaterThan(all[0]!.score_components.rank_score!);
  // The calibrated score reads the loose title (backtest/calibration.ts): below every specific family's, as the order says.
  for (const f of all) expect(f.score_components.calibration_loose, f.title).toBe(LOOSE.test(f.title) ? 1 : 0);
  expect(Math.max(...all.filter((f) => LOOSE.test(f.title)).map((f) => f.score))).toBeLessThan(Math.min(...all.filter((f) => !LOOSE.test(f.title)).map((f) => f.score)));
});

test('no loose family is shown by default; maxLoose shows that many, after the specific ones, with their scores unchanged', async () => {
  const titles = shown.map((f) => f.title).join(' | ');
  // Default maxLoose 0: people rejected every loose family of round 5 (eval/families/dev5), so none is shown.
  expect(shown.filter((f) => LOOSE.test(f.title)), titles).toEqual([]);
  expect(shown.map((f) => [f.title, f.score])).toEqual(all.filter((f) => !LOOSE.test(f.title)).map((f) => [f.title, f.score]));
  // The option stays: with maxLoose 2 the two shown are the two best-ranked loose ones of the uncapped forecast, in its order, with the same scores.
  const two = (await forecast({ maxLoose: 2 })).families;
  const loose = two.filter((f) => LOOSE.test(f.title));
  const uncapped = all.filter((f) => LOOSE.test(f.title));
  expect(loose.map((f) => [f.title, f.score]), two.map((f) => f.title).join(' | ')).toEqual(uncapped.slice(0, 2).map((f) => [f.title, f.score]));
  expect(two.filter((f) => !LOOSE.test(f.title)).map((f) => [f.title, f.score])).toEqual(all.filter((f) => !LOOSE.test(f.title)).map((f) => [f.title, f.score]));
});

test('the forecast config records the cap and how many loose directions were held back', async () => {
  const byDefault = await forecast();
  const uncappedLoose = all.filter((f) => LOOSE.test(f.title)).length;
  expect(byDefault.config).toMatchObject({ maxLoose: 0, loose: { found: uncappedLoose, heldBack: uncappedLoose } });
  expect((await forecast({ maxLoose: 2 })).config).toMatchObject({ maxLoose: 2, loose: { found: uncappedLoose, heldBack: uncappedLoose - 2 } });
  expect((await forecast({ maxLoose: 100 }, 20)).config).toMatchObject({ maxLoose: 100, loose: { found: uncappedLoose, heldBack: 0 } });
  // The place limit holds loose families back too, and says so: with only as many places as specific families, none is loose.
  const specific = all.filter((f) => !LOOSE.test(f.title)).length;
  const tight = await forecast({ maxLoose: 100 }, specific);
  expect(tight.families.map((f) => f.title)).toEqual(all.slice(0, specific).map((f) => f.title));
  expect(tight.config).toMatchObject({ loose: { found: uncappedLoose, heldBack: uncappedLoose } });
});

test('loose families only fill a short forecast: none once it has looseFillTo specific ones, fewer as it nears it', async () => {
  const drafts = (specific: number, loose: number) => [
    ...Array.from({ length: specific }, (_, i) => ({ score: 0.2, rank: 0.5 - i / 100, specific: true, id: `s${i}` })),
    ...Array.from({ length: loose }, (_, i) => ({ score: 0.08, rank: 0.9 - i / 100, specific: false, id: `l${i}` })),
  ].sort((a, b) => b.score - a.score || b.rank - a.rank);
  const looseShown = (specific: number) => showOrder(drafts(specific, 3), 2, 10, 5).shown.filter((d) => !d.specific).map((d) => d.id);
  expect([1, 3, 4, 5, 7].map(looseShown)).toEqual([['l0', 'l1'], ['l0', 'l1'], ['l0'], [], []]);
  expect(showOrder(drafts(6, 3), 2, 10, 5).held).toBe(3);
  // Without a fill limit the cap alone holds.
  expect(showOrder(drafts(7, 3), 2, 10).shown.filter((d) => !d.specific)).toHaveLength(2);
  // The generated history has one specific family: with maxLoose 2 both loose places stay; with looseFillTo 1 none.
  expect((await forecast({ maxLoose: 2 })).families.filter((f) => LOOSE.test(f.title))).toHaveLength(2);
  expect((await createHeuristicForecaster({ maxLoose: 2, looseFillTo: 1 }).forecast({ snapshot, seed: 0, maxFamilies: 10 })).draft.families.some((f) => LOOSE.test(f.title))).toBe(false);
});

test('a repository whose every direction is loose gets an empty forecast: it abstains, saying how many were held back and why', async () => {
  // The same history without the lexer's line of work: vague fixes, CI, FAQ and test touch-ups only.
  const repo = await makeRepo(history().filter((c) => !/ option \(/.test(c.msg)));
  const onlyLoose = (await snapshotRepository({ repo: repo.dir, t0: '2025-01-01', db: `${await tempDir()}/t.db` })).snapshot;
  const uncapped = await forecast({ maxLoose: 100 }, 10, () => onlyLoose);
  const titles = uncapped.families.map((f) => f.title).join(' | ');
  expect(uncapped.families.length, titles).toBeGreaterThanOrEqual(3);
  expect(uncapped.families.every((f) => LOOSE.test(f.title)), titles).toBe(true);
  const draft = await forecast({}, 10, () => onlyLoose);
  expect(draft.families).toEqual([]);
  expect(draft.abstained).toBe(true);
  const n = uncapped.families.length;
  expect(draft.abstainReason).toBe(`${n} loose families held back (titles naming no checkable work), none specific (maxLoose 0)`);
  expect(draft.config).toMatchObject({ maxLoose: 0, loose: { found: n, heldBack: n } });
});

test('a score floor holds back the families whose calibrated chance is below it, whatever their kind, and the config says how many', async () => {
  const loose = all.filter((f) => LOOSE.test(f.title)).length;
  // Between the loose titles' score and the specific ones': the specific ones stay, in their order, with their scores.
  const floor = Math.min(...shown.map((f) => f.score));
  const kept = await forecast({ maxLoose: 100, scoreFloor: floor }, 20);
  expect(kept.families.map((f) => [f.title, f.score])).toEqual(shown.map((f) => [f.title, f.score]));
  expect(kept.config).toMatchObject({ scoreFloor: floor, floor: { heldBack: loose }, loose: { found: 0, heldBack: 0 } });
  // Above every family: none is shown, and the abstention says why.
  const none = await forecast({ scoreFloor: 1 });
  expect(none.families).toEqual([]);
  expect(none.abstainReason).toBe(`${all.length} families held back below the score floor 1, none at or above it`);
  // The default floor 0 holds nothing back and is not written into the config, so earlier forecasts keep their hashes.
  const byDefault = await forecast();
  expect(byDefault.config).not.toHaveProperty('scoreFloor');
  expect(byDefault.config).not.toHaveProperty('floor');
  // An option passed as undefined (an API caller's unset flag) keeps its default.
  expect((await forecast({ maxLoose: undefined, scoreFloor: undefined })).config).toEqual(byDefault.config);
});
