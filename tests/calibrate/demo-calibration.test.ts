import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, test } from 'vitest';
import { runDemo, type DemoResult } from '../../src/api/demo.js';
import { runNamedQuery } from '../../src/queries/run.js';
import { openStore } from '../../src/store/open.js';
import { tempDir } from '../fixtures/repo.js';

let demo: DemoResult;
beforeAll(async () => {
  demo = await runDemo({ out: join(await tempDir('swe-future-demo-'), 'demo') });
});

// The demo's round has four tasks: one per validated family (the Node.js 18 drop its CI matrix states F1, the parser
// direction F2, the LRU-split note F3 and the retry direction F4, in the order of the calibrated score, which reads
// the kind of family and a pending family's act: runtime drop 0.804, bugfix direction 0.364, note 0.058, feature
// direction 0.025; calib44's map as refitted in session 20); the act-and-area "Extend the FAQ page in docs/faq.md" and "Continue restructuring src/cache" are rejected by
// the judge, direction-v8; the loose test-suite and CI directions are held back by the loose-family cap,
// docs/forecast.md). The agent draws from one seeded stream over the tasks in order, not by family, so calib39's
// and calib44's reorders left the draws by position as they were (4, 0, 4, 5 since fixes41's fourth task; F1 was 3
// of 5 before it): since calib44 the note (F3) is at the frontier and the retry direction (F4) always solved.
test("the demo's synthetic agent is seeded: 4, 0, 4 and 5 of 5 runs solve its four tasks", () => {
  const c = demo.calibration.calibration;
  expect(c.tasks.map((t) => [t.familyId, t.resolved, t.attempts, t.band])).toEqual([
    ['F1', 4, 5, 'frontier'],
    ['F2', 0, 5, 'never'],
    ['F3', 4, 5, 'frontier'],
    ['F4', 5, 5, 'always'],
  ]);
  expect(c.format).toBe('swebench-run');
});

test('the next round under the calibration moves tasks toward the frontier family, as the plan says', () => {
  const next = demo.nextRound.synthesis;
  const per = (f: string) => next.tasks.filter((t) => t.familyId === f).length;
  // The never family (F2, bugfix) is steered easier and the always family (F4, feature) harder; the frontier
  // families (F1 and F3, refactor) keep their level. Learnability bugfix 1/3, feature 1/3, refactor 3/4 (F1's and F3's
  // two banded, both at the frontier; sum 1.417); with window prevalence 7/19, 9/19, 3/19 the shares are .184 + .118 =
  // .302, .237 + .118 = .354 and .079 + .265 = .344. Of the eight (twice the round): refactor 2.75, bugfix 2.41,
  // feature 2.84 -> floors 2, 2, 2, the two left to feature (.84) and refactor (.75): 3, 2, 3. Within refactor by
  // learnability x score x label: F1 (2/3 x 0.804 = .536) outweighs F3 (2/3 x 0.058 = .039), 2.80 to 0.20 of the
  // three, so F1 takes all three; the always family F4 gets its three, each steered harder.
  expect(['F1', 'F2', 'F3', 'F4'].map(per)).toEqual([3, 2, 0, 3]);
  expect(next.tasks.map((t) => t.allocation.steer)).toEqual(['keep', 'keep', 'keep', 'easier', 'easier', 'harder', 'harder', 'harder']);
  expect(next.tasks.filter((t) => t.familyId === 'F2').every((t) => t.allocation.steer === 'easier')).toBe(true);
  expect(next.tasks.filter((t) => t.familyId === 'F4').every((t) => t.allocation.steer === 'harder')).toBe(true);
  expect(demo.calibration.calibration.plan.families.F4).toMatchObject({ steer: 'harder' });
  expect(next.config).toMatchObject({ calibration: demo.calibration.id });
});

test("the named queries give the report's calibration figures, and the report shows them", () => {
  const store = openStore(demo.db, { readonly: true });
  try {
    const [row] = runNamedQuery(store, 'calibrations');
    // 4 + 0 + 4 + 5 of 20 attempts; two families at the frontier.
    expect(row).toMatchObject({ calibration: demo.calibration.id, agent: 'swe-future/synthetic-agent', attempts: 20, resolved: 13, never: 1, frontier: 2, always: 1, frontier_share: 1 / 2 });
    const bins = runNamedQuery(store, 'calibration_histogram');
    expect(bins).toHaveLength(10);
    // Pass rates 0.8, 0, 0.8 and 1: bins 8, 0, 8 and 9.
    expect(bins.filter((b) => Number(b.tasks) > 0).map((b) => [b.bin, b.tasks])).toEqual([[0, 1], [8, 2], [9, 1]]);
    // next_tasks at the round's own total, 4: refactor 1.37, bugfix 1.21, feature 1.42 -> floors 1, 1, 1, the one left
    // to feature (.42): F1 1 (all of refactor's), F2 1, F3 0, F4 2; next_made is the round of eight.
    const families = runNamedQuery(store, 'calibration_families');
    expect(families.map((f) => [f.family, f.frontier_share, f.steer, f.previous_tasks, f.next_tasks, f.next_synthesis, f.next_made])).toEqual([
      ['F1', 1, 'keep', 1, 1, demo.nextRound.id, 3],
      ['F2', 0, 'easier', 1, 1, demo.nextRound.id, 2],
      ['F3', 1, 'keep', 1, 0, demo.nextRound.id, 0],
      ['F4', 0, 'harder', 1, 2, demo.nextRound.id, 3],
    ]);
    const tasks = runNamedQuery(store, 'calibration_tasks');
    expect(tasks.map((t) => t.pass_rate)).toEqual([0.8, 0, 0.8, 1]);
    expect(runNamedQuery(store, 'calibration_signals').map((s) => [s.signal, s.tasks, s.spearman])).toEqual([['goldLines', 0, null], ['filesTouched', 0, null], ['failToPass', 0, null]]);
    expect(runNamedQuery(store, 'calibration_categories').map((c) => c.category)).toEqual(['bugfix', 'feature', 'refactor']);
  } finally {
    store.close();
  }
  const html = readFileSync(demo.report, 'utf8');
  expect(html).toContain('<section id="calibration">');
  expect(html).toContain('Pass-rate histogram, calibration');
  expect(html).toContain(`<th>Made in synthesis ${demo.nextRound.id}</th>`);
});
