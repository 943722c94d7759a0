import { beforeAll, expect, test } from 'vitest';
import { snapshotRepository } from '../../src/api/snapshot.js';
import { createHeuristicForecaster, type TaskFamily } from '../../src/forecast/index.js';
import { calibrate, calibrationInputOf, SCORE_CALIBRATION } from '../../src/forecast/backtest/calibration.js';
import { makeRepo, tempDir, type CommitSpec } from '../fixtures/repo.js';
import { EVERY_DIRECTION } from '../fixtures/forecast.js';

/**
 * Two lines of work that name checkable tasks: an older bugfix line (quoted-string parsing in the lexer) and a hotter
 * feature line (retry backoff of the HTTP client). By ranking score (heat and backtest) the feature line leads; the
 * calibrated score reads the kind of family (people labelled bugfix directions strong 2 of 6 times on dev, feature
 * directions 0 of 10), so the bugfix line is shown first.
 */
function history(): CommitSpec[] {
  const specs: CommitSpec[] = [{ at: '2024-01-02', msg: 'Initial commit', files: { 'src/lexer/scan.py': 'x = 0\n', 'src/client/retry.py': 'y = 0\n' } }];
  const add = (at: string, msg: string, path: string, i: number) => specs.push({ at, msg, files: { [path]: `${'line\n'.repeat(i + 2)}` } });
  ['Fix quoted string parsing with escaped quotes (#10)', 'Fix quoted string parsing with trailing spaces (#11)', 'Fix quoted string parsing with empty values (#12)']
    .forEach((m, i) => add(`2024-0${3 + i}-10`, m, 'src/lexer/scan.py', i));
  // Not five "Add retry <x> option" changes: read right (newcomer22), each added one option, a `more` line scored apart
  // (the old "Retry timeout, limit and jitter option to the HTTP client" read "retry" as the verb).
  ['Add retry backoff to the HTTP client (#20)', 'Add retry backoff with jitter (#21)', 'Add retry backoff for idempotent requests (#22)', 'Add retry backoff with a cap (#23)', 'Add retry backoff for streamed uploads (#24)']
    .forEach((m, i) => add(`2024-${10 + Math.floor(i / 2)}-${String(3 + 5 * i).padStart(2, '0')}`, m, 'src/client/retry.py', i));
  return specs;
}

let families: TaskFamily[];
beforeAll(async () => {
  const repo = await makeRepo(history());
  const { snapshot } = await snapshotRepository({ repo: repo.dir, t0: '2025-01-01', db: `${await tempDir()}/t.db` });
  families = (await createHeuristicForecaster(EVERY_DIRECTION).forecast({ snapshot, seed: 0, maxFamilies: 10 })).draft.families;
});

test('shown families are ordered by the calibrated score, which reads the kind of family, not by the ranking score', () => {
  const titles = families.map((f) => `${f.title} (${f.score}, rank ${f.score_components.rank_score})`).join(' | ');
  const lexer = families.find((f) => /quoted string parsing/.test(f.title));
  const client = families.find((f) => /retry/i.test(f.title));
  expect(lexer, titles).toBeDefined();
  expect(client, titles).toBeDefined();
  expect(lexer!.score_components.calibration_kind_bugfix, titles).toBe(1);
  expect(client!.score_components.calibration_kind_feature, titles).toBe(1);
  // The feature line ranks higher by ranking score, yet the bugfix line is shown first.
  expect(client!.score_components.rank_score!, titles).toBeGreaterThan(lexer!.score_components.rank_score!);
  expect(families.indexOf(lexer!), titles).toBeLessThan(families.indexOf(client!));
  expect(lexer!.score).toBeGreaterThan(client!.score);
  // Scores never rise down the list; equal scores are ordered by the ranking score.
  for (let i = 1; i < families.length; i++) {
    const [a, b] = [families[i - 1]!, families[i]!];
    expect(a.score).toBeGreaterThanOrEqual(b.score);
    if (a.score === b.score) expect(a.score_components.rank_score!).toBeGreaterThanOrEqual(b.score_components.rank_score!);
  }
});

test('each family says what its score rests on: its kind, the map\'s features and the fitted families of that kind, with counts', () => {
  for (const f of families) {
    const input = calibrationInputOf(f.score_components);
    expect(input, f.title).not.toBeNull();
    expect(f.score).toBe(calibrate(input!));
    expect(Object.keys(f.score_components)).toEqual(expect.arrayContaining([...SCORE_CALIBRATION.features.map((name) => `calibration_${name}`), 'calibrated', 'backtest_continued']));
  }
  const lexer = families.find((f) => /quoted string parsing/.test(f.title))!;
  expect(lexer.rationale).toContain('to bugfix directions of recurring work, of which 2 of 6 got strong work there');
  const client = families.find((f) => /retry/i.test(f.title))!;
  expect(client.rationale).toContain('to feature directions of recurring work, of which 0 of 10 got strong work there');
});
