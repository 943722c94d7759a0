import { beforeAll, expect, test } from 'vitest';
import { snapshotRepository } from '../../src/api/snapshot.js';
import { createHeuristicForecaster, type ForecastDraft } from '../../src/forecast/index.js';
import { detectSeries } from '../../src/forecast/heuristic/series.js';
import type { Snapshot } from '../../src/snapshot/model.js';
import { makeRepo, tempDir, type CommitSpec } from '../fixtures/repo.js';
import { EVERY_DIRECTION } from '../fixtures/forecast.js';

const T0 = '2025-01-01';
const dev = { name: 'Dana Dev', email: 'dana@example.com' };
const py = (name: string, typed: boolean) => `def ${name}()${typed ? ' -> None' : ''}:\n    assert True\n`;

/** A package with five test modules; the series types three of them before T0, a canary types the rest after it. */
function typingRepo(typed: readonly string[]): CommitSpec[] {
  const modules = ['a', 'b', 'c', 'd', 'e'];
  const specs: CommitSpec[] = [
    { at: '2024-02-01', msg: 'Add the parser package', author: dev, files: { 'src/pkg/parser.py': 'x = 1\n', ...Object.fromEntries(modules.map((m) => [`tests/test_${m}.py`, py(`test_${m}`, false)])) } },
  ];
  // Ordinary work in the year before T0, so the forecaster has directions too.
  for (let i = 0; i < 6; i++) {
    specs.push({ at: `2024-0${i + 3}-10`, msg: `Fix quoted string parsing of escaped quotes, case ${i} (#${10 + i})`, author: dev, files: { 'src/pkg/parser.py': `x = ${i + 2}\n` } });
  }
  typed.forEach((m, i) => {
    specs.push({ at: `2024-12-1${i}`, msg: `Add type hints to \`test_${m}.py\` (#${30 + i})`, author: dev, files: { [`tests/test_${m}.py`]: py(`test_${m}`, true) } });
  });
  return specs;
}

const after: CommitSpec[] = ['d', 'e'].map((m, i) => ({
  at: `2025-02-0${i + 1}`, msg: `CANARY Add type hints to \`test_${m}.py\` (#${90 + i})`, author: dev, files: { [`tests/test_${m}.py`]: py(`test_${m}`, true) },
}));

async function forecastOf(commits: CommitSpec[]): Promise<{ snapshot: Snapshot; draft: ForecastDraft }> {
  const repo = await makeRepo(commits);
  const { snapshot } = await snapshotRepository({ repo: repo.dir, t0: T0, db: `${await tempDir()}/s.db` });
  const { draft } = await createHeuristicForecaster(EVERY_DIRECTION).forecast({ snapshot, seed: 0, maxFamilies: 10 });
  return { snapshot, draft };
}

let midway: { snapshot: Snapshot; draft: ForecastDraft };
let midwayWithFuture: { snapshot: Snapshot; draft: ForecastDraft };
let finished: { snapshot: Snapshot; draft: ForecastDraft };

beforeAll(async () => {
  midway = await forecastOf(typingRepo(['a', 'b', 'c']));
  midwayWithFuture = await forecastOf([...typingRepo(['a', 'b', 'c']), ...after]);
  finished = await forecastOf(typingRepo(['a', 'b', 'c', 'd', 'e']));
}, 120_000);

test('a series of three "Add type hints to" changes with two untyped siblings gives a family naming those two', () => {
  const family = midway.draft.families.find((f) => f.score_components.series_changes !== undefined);
  expect(family).toBeDefined();
  expect(family!.title).toBe('Add type hints to the remaining test modules in tests (`test_d.py`, `test_e.py`)');
  expect(family!.target_hints.paths).toEqual(['tests/test_d.py', 'tests/test_e.py']);
  expect(family!.acceptance_criteria.slice(0, 2)).toEqual([
    'Add type hints to `test_d.py`: done as for `test_c.py`.',
    'Add type hints to `test_e.py`: done as for `test_c.py`.',
  ]);
  // The evidence is the series' changes, newest first.
  expect(family!.evidence.map((e) => e.text)).toEqual(['Add type hints to `test_c.py`', 'Add type hints to `test_b.py`', 'Add type hints to `test_a.py`']);
  expect(family!.score_components).toMatchObject({ series_changes: 3, series_done: 3, series_remaining: 2, series_last_days: 20 });
  expect(family!.score_components.rank_score).toBeGreaterThan(0);
  expect(family!.score).toBe(family!.score_components.calibrated);
});

test('the series replaces the direction of its component: no other family cites the series changes', () => {
  const others = midway.draft.families.filter((f) => f.score_components.series_changes === undefined);
  for (const f of others) expect(f.evidence.map((e) => e.text).join('\n')).not.toMatch(/type hints/);
});

test('a series whose targets are all done gives no family, and no direction restates it', () => {
  expect(detectSeries(finished.snapshot, { lookbackDays: 365 }).map((s) => [s.changes.length, s.remaining])).toEqual([[5, []]]);
  expect(finished.draft.families.some((f) => f.score_components.series_changes !== undefined)).toBe(false);
  expect(finished.draft.families.map((f) => f.title)).toEqual(['Fix quoted string parsing of escaped quotes in src/pkg']);
});

test('the series family is identical with and without the commits after T0, and no canary reaches it', () => {
  expect(midwayWithFuture.snapshot.hash).toBe(midway.snapshot.hash);
  expect(midwayWithFuture.draft).toEqual(midway.draft);
  expect(JSON.stringify(midwayWithFuture.draft)).not.toMatch(/CANARY/);
});

test('chores never form a series: typo fixes, releases, sponsors, bumps and translations', async () => {
  const files = Object.fromEntries(['a', 'b', 'c', 'd', 'e'].map((m) => [`docs/${m}.md`, `# ${m}\n`]));
  const specs: CommitSpec[] = [{ at: '2024-02-01', msg: 'Add the docs', author: dev, files: { ...files, 'src/x.py': 'x = 0\n' } }];
  const chores = [
    (m: string) => `Fix typo in \`${m}.md\``,
    (m: string) => `Translate \`${m}.md\` to French`,
    (m: string) => `Add ${m.toUpperCase()}corp to sponsors`,
    (m: string) => `Bump \`${m}lib\` from 1.0 to 2.0`,
    (m: string) => `Release 1.${m.charCodeAt(0) - 96}.0`,
    (m: string) => `Update dependency \`${m}lib\``,
  ];
  let day = 1;
  for (const chore of chores) {
    for (const m of ['a', 'b', 'c']) {
      specs.push({ at: `2024-06-${String(day++).padStart(2, '0')}`, msg: chore(m), author: dev, files: { [`docs/${m}.md`]: `# ${m} ${day}\n`, 'src/x.py': `x = ${day}\n` } });
    }
  }
  const repo = await makeRepo(specs);
  const { snapshot } = await snapshotRepository({ repo: repo.dir, t0: T0, db: `${await tempDir()}/c.db` });
  expect(detectSeries(snapshot, { lookbackDays: 365 })).toEqual([]);
}, 60_000);

test('two changes with a backticked identifier slot form a series; the remaining targets are identifiers of their shape the snapshot names', async () => {
  const specs: CommitSpec[] = [
    { at: '2024-03-01', msg: 'Add the extractors', author: dev, files: { 'src/extract/query.rs': 'q\n', 'src/extract/form.rs': 'f\n', 'src/extract/json.rs': 'j\n', 'src/lib.rs': 'l\n' } },
    { at: '2024-05-01', msg: 'Return a `JsonRejection` for bodies that fail to parse\n\nThe `JsonRejection` now says why.', author: dev, files: { 'src/extract/json.rs': 'j2\n' } },
    { at: '2024-11-01', msg: 'Use rejection macros for `QueryRejection` (#5)', author: dev, files: { 'src/extract/query.rs': 'q2\n' } },
    { at: '2024-11-02', msg: 'Use rejection macros for `FormRejection` (#6)', author: dev, files: { 'src/extract/form.rs': 'f2\n' } },
  ];
  const repo = await makeRepo(specs);
  const { snapshot } = await snapshotRepository({ repo: repo.dir, t0: T0, db: `${await tempDir()}/r.db` });
  const [series] = detectSeries(snapshot, { lookbackDays: 365 });
  expect(series).toMatchObject({ slotKind: 'identifier', done: ['FormRejection', 'QueryRejection'], remaining: ['JsonRejection'], noun: 'rejections', enumerable: true });
  const { draft } = await createHeuristicForecaster(EVERY_DIRECTION).forecast({ snapshot, seed: 0, maxFamilies: 10 });
  expect(draft.families.map((f) => f.title)).toContain('Use rejection macros for `JsonRejection` in src/extract');
}, 60_000);

test('a series whose targets cannot be named (identifiers with no shared shape) is not called finished, so its direction stays', async () => {
  const specs: CommitSpec[] = [{ at: '2024-03-01', msg: 'Add the utils', author: dev, files: { 'src/pkg/utils.py': 'u\n', 'tests/test_utils.py': 't\n' } }];
  ['same_origin', 'is_https_redirect', 'parse_header_links'].forEach((fn, i) => {
    specs.push({ at: `2024-11-0${i + 1}`, msg: `test \`${fn}\` via public api (#${40 + i})`, author: dev, files: { 'tests/test_utils.py': `t${i}\n` } });
  });
  const repo = await makeRepo(specs);
  const { snapshot } = await snapshotRepository({ repo: repo.dir, t0: T0, db: `${await tempDir()}/u.db` });
  const [series] = detectSeries(snapshot, { lookbackDays: 365 });
  expect(series).toMatchObject({ slotKind: 'identifier', remaining: [], enumerable: false });
  const { draft } = await createHeuristicForecaster(EVERY_DIRECTION).forecast({ snapshot, seed: 0, maxFamilies: 10 });
  expect(draft.families.some((f) => f.evidence.some((e) => e.text.includes('via public api')))).toBe(true);
}, 60_000);
