import { expect, test } from 'vitest';
import { snapshotRepository } from '../../src/api/snapshot.js';
import { createHeuristicForecaster } from '../../src/forecast/index.js';
import { makeRepo, tempDir, type CommitSpec } from '../fixtures/repo.js';

/**
 * A bugfix line titled "Fix <noun phrase> in <path>" names an area and says "fix", not what goes wrong or when: on
 * dev9's labels none of six such lines was specificity 2 ("Fix close contexts in src/click/core.py", "Keep clients in
 * sync in httpx/_client.py"). When two or more of its fixes state their defect, one with its case ("with no
 * commands", "on CLI exit"), the title names those defects in the fixes' own words as the class of the next fix;
 * when they state none, the line keeps its title and is shown (such lines come true: not loose).
 */
const alice = { name: 'Alice Kowalczyk', email: 'alice@example.com' };
const commits = (file: string, titles: string[]): CommitSpec[] =>
  titles.map((msg, i) => ({ at: `2024-${String(6 + i).padStart(2, '0')}-12`, msg, author: alice, files: { [file]: `export const v = ${i};\n` } }));

async function forecasts(titles: string[]) {
  const repo = await makeRepo([{ at: '2024-01-02', msg: 'Initial commit', files: { 'src/render/table.js': 'export {}\n' } }, ...commits('src/render/table.js', titles)]);
  const { snapshot } = await snapshotRepository({ repo: repo.dir, t0: '2025-01-01', db: `${await tempDir()}/t.db` });
  const shown = await createHeuristicForecaster().forecast({ snapshot, seed: 0, maxFamilies: 10 });
  const all = await createHeuristicForecaster({ maxLoose: 5 }).forecast({ snapshot, seed: 0, maxFamilies: 10 });
  return { shown: shown.draft, all: all.draft };
}

test('a bugfix line whose fixes state their defects, one with its case, names them as the class of the next fix', async () => {
  const { shown } = await forecasts(['Fix printing HTML from markup output (#61)', 'Fix markup formatting with no columns (#62)']);
  expect(shown.families.map((f) => [f.category, f.title])).toEqual([
    ['bugfix', 'Fix more defects like markup formatting with no columns and printing HTML from markup output in src/render'],
  ]);
  expect(shown.families[0]!.acceptance_criteria[1]).toBe('The defects fixed before T0 (markup formatting with no columns and printing HTML from markup output) keep their tests passing.');
});

test('a bugfix line whose fixes name no case keeps its title and is shown, not held back as loose', async () => {
  const { shown } = await forecasts(['Fix insensitive keys order comparison (#61)', 'Fix fallback iterator comparison (#62)']);
  expect(shown.config.loose).toEqual({ found: 0, heldBack: 0 });
  expect(shown.families.map((f) => [f.category, f.title, f.score_components.calibration_loose ?? 0])).toEqual([
    ['bugfix', 'Fix fallback iterator and insensitive keys order comparison in src/render', 0],
  ]);
});

test('a bugfix line whose changes state no fix at all keeps its title', async () => {
  const { shown } = await forecasts(['fix: keep markup columns in sync (#61)', 'fix: keep markup columns in sync (#62)']);
  expect(shown.families.map((f) => [f.category, f.title])).toEqual([['bugfix', 'Keep markup columns in sync in src/render']]);
});

test('a bugfix line whose title carries the case its fixes differ in is shown as it was', async () => {
  const { shown } = await forecasts(['Fix header parsing for folded lines (#61)', 'Fix header parsing for empty values (#62)']);
  expect(shown.families.map((f) => f.title)).toEqual(['Fix header parsing for empty values and folded lines in src/render']);
});

test('a fix whose phrase the title parser left garbled names no defect in the title', async () => {
  const { shown } = await forecasts(['Fix:(issue_2208) Fix markup width (#60)', 'Fix printing HTML from markup output (#61)', 'Fix markup formatting with no columns (#62)']);
  expect(shown.families.map((f) => f.title)).toEqual(['Fix more defects like markup formatting with no columns and printing HTML from markup output in src/render']);
});

test('a fix that states the right behaviour ("an empty cell is a value") names its defect by the input it went wrong on', async () => {
  const { shown } = await forecasts(['fix: an empty markup cell is a value, not a missing one (#60)', 'Fix printing HTML from markup output (#61)', 'Fix markup formatting with no columns (#62)']);
  expect(shown.families.map((f) => f.title)).toEqual(['Fix more defects like markup formatting with no columns, printing HTML from markup output and empty markup cell in src/render']);
});
