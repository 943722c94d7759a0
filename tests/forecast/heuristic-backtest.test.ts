import { beforeAll, expect, test } from 'vitest';
import { snapshotRepository } from '../../src/api/snapshot.js';
import { calibrate, calibrationInputOf } from '../../src/forecast/backtest/calibration.js';
import { pastView } from '../../src/forecast/backtest/past-view.js';
import { createHeuristicForecaster, type ForecastDraft } from '../../src/forecast/index.js';
import type { Snapshot } from '../../src/snapshot/model.js';
import { carriesOut } from '../../src/text/work-match.js';
import { makeRepo, tempDir, type CommitSpec } from '../fixtures/repo.js';
import { EVERY_DIRECTION } from '../fixtures/forecast.js';

const T0 = '2025-01-01';
const dev = { name: 'Dana Dev', email: 'dana@example.com' };

/** Four streams of work, one commit each a month for 30 months before T0, and more of the same after it. */
const STREAMS = [
  { dir: 'src/parser', file: 'quote.js', title: (i: number) => `Fix quoted string parsing of escaped quotes, case ${i}` },
  { dir: 'src/http', file: 'retry.js', title: (i: number) => `Add retry backoff option to the http client, step ${i}` },
  { dir: 'src/cache', file: 'lru.js', title: (i: number) => `Refactor cache eviction into the lru store, part ${i}` },
  { dir: 'src/cli', file: 'args.js', title: (i: number) => `Fix argument parsing of repeated flags, case ${i}` },
];

function monthly(from: Date, months: number, canary: boolean): CommitSpec[] {
  const specs: CommitSpec[] = [];
  for (let m = 0; m < months; m++) {
    STREAMS.forEach((s, k) => {
      const at = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + m, 3 + 5 * k)).toISOString().slice(0, 10);
      const title = canary ? `CANARY ${s.title(100 + m)}` : s.title(m);
      specs.push({ at, msg: `${title} (#${1000 + specs.length + (canary ? 500 : 0)})`, author: dev, files: { [`${s.dir}/${s.file}`]: `export const v = ${m};\n// ${title}\n` } });
    });
  }
  return specs;
}

const before: CommitSpec[] = [
  { at: '2022-06-01', msg: 'Initial commit', author: dev, files: Object.fromEntries(STREAMS.map((s) => [`${s.dir}/${s.file}`, 'export {}\n'])) },
  ...monthly(new Date(Date.UTC(2022, 6, 1)), 30, false),
];
const after = monthly(new Date(Date.UTC(2025, 0, 1)), 4, true);

let withFuture: { snapshot: Snapshot; draft: ForecastDraft };
let withoutFuture: { snapshot: Snapshot; draft: ForecastDraft };

async function forecastOf(commits: CommitSpec[]) {
  const repo = await makeRepo(commits);
  const { snapshot } = await snapshotRepository({ repo: repo.dir, t0: T0, db: `${await tempDir()}/b.db` });
  const { draft } = await createHeuristicForecaster(EVERY_DIRECTION).forecast({ snapshot, seed: 0, maxFamilies: 10 });
  return { snapshot, draft };
}

beforeAll(async () => {
  withFuture = await forecastOf([...before, ...after]);
  withoutFuture = await forecastOf(before);
}, 120_000);

test('the backtested forecast is identical with and without the history after T0, and no canary reaches it', () => {
  expect(withFuture.snapshot.hash).toBe(withoutFuture.snapshot.hash);
  expect(withFuture.draft).toEqual(withoutFuture.draft);
  expect(JSON.stringify(withFuture.draft)).not.toMatch(/CANARY/);
});

test('the record comes from replays at T0-6m, -12m and -18m whose windows close by T0', () => {
  const backtest = withFuture.draft.config.backtest as { replays: { cutoff: string; candidates: number; hits: number }[]; candidates: number; hits: number };
  expect(backtest.replays.map((r) => r.cutoff.slice(0, 10))).toEqual(['2024-07-01', '2024-01-01', '2023-07-01']);
  expect(backtest.candidates).toBeGreaterThanOrEqual(10);
  // The streams go on every month, so what was forecast at each cutoff became later work.
  expect(backtest.hits).toBeGreaterThan(backtest.candidates / 2);
});

test('each family carries its backtest record and calibration in its score components, and the score is the fitted map of its record', () => {
  const families = withFuture.draft.families;
  expect(families.length).toBeGreaterThanOrEqual(3);
  for (const f of families) {
    expect(f.score_components).toMatchObject({ backtest_replays: 3, backtest_candidates: expect.any(Number), backtest_hits: expect.any(Number), heat: expect.any(Number) });
    for (const key of ['backtest_scaled', 'backtest_base', 'backtest_kind', 'backtest_continued', 'people_factor', 'rank_score', 'calibrated']) {
      expect(f.score_components[key]).toBeGreaterThan(0);
      expect(f.score_components[key]).toBeLessThanOrEqual(1);
    }
    // Every stream went on each month: the record says so, and it ranks the family above a pending note's rate.
    expect(f.score_components.backtest_continued).toBeGreaterThan(0.7);
    expect(f.score_components.rank_score).toBeCloseTo(f.score_components.backtest_continued! * f.score_components.people_factor!, 2);
    expect(f.score_components.rank_score).toBeGreaterThan(0.5);
    expect(f.score).toBe(calibrate(calibrationInputOf(f.score_components)!));
    expect(f.score).toBe(f.score_components.calibrated);
    expect(f.rationale).toMatch(/is the probability that people label this family strong/);
    expect(f.rationale).toMatch(/backtests at 2024-07-01, 2024-01-01, 2023-07-01/i);
  }
  const scores = families.map((f) => f.score);
  expect([...scores].sort((a, b) => b - a)).toEqual(scores);
});

test('a past view holds nothing dated after its cutoff', () => {
  const view = pastView(withoutFuture.snapshot, '2024-01-01T00:00:00.000Z');
  expect(view.evidence.length).toBeGreaterThan(10);
  for (const e of view.evidence) expect(e.date <= '2024-01-01T00:00:00.000Z').toBe(true);
  expect(view.evidence.filter((e) => e.kind === 'work_item').length).toBeLessThan(withoutFuture.snapshot.evidence.filter((e) => e.kind === 'work_item').length);
});

test('later work carries out a direction when it lands in its area and shares two topic words', () => {
  const direction = { areas: ['src/parser'], topic: new Set(['quot', 'string', 'pars']) };
  expect(carriesOut(direction, { paths: ['src/parser/quote.js'], topic: ['quot', 'string'] })).toBe(true);
  expect(carriesOut(direction, { paths: ['src/parser/quote.js'], topic: ['quot', 'cach'] })).toBe(false);
  expect(carriesOut(direction, { paths: ['src/http/retry.js'], topic: ['quot', 'string'] })).toBe(false);
  expect(carriesOut({ areas: ['src/click/core.py'], topic: new Set(['help', 'option']) }, { paths: ['src/click/core.py'], topic: ['help', 'option'] })).toBe(true);
});
