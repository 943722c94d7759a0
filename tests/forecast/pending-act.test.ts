import { expect, test } from 'vitest';
import { snapshotRepository } from '../../src/api/snapshot.js';
import { createHeuristicForecaster } from '../../src/forecast/index.js';
import { calibrate, calibrationInputOf, PENDING_ACTS, ROUND_18_CALIBRATION, SCORE_CALIBRATION } from '../../src/forecast/backtest/calibration.js';
import { pendingActOf, withPendingAct } from '../../src/forecast/backtest/pending-act.js';
import type { TaskFamily } from '../../src/forecast/model.js';
import { makeRepo, tempDir, type CommitSpec } from '../fixtures/repo.js';

const dev = { name: 'Dana Dev', email: 'dana@example.com' };
const T0 = '2024-06-01';
const cargo = (v: string) => `[package]\nname = "lib"\nversion = "0.1.0"\nrust-version = "${v}"\n`;
const workflow = (versions: string[]) =>
  `name: tests\non: [push]\njobs:\n  test:\n    strategy:\n      matrix:\n        python-version: [${versions.map((v) => `"${v}"`).join(', ')}]\n    steps:\n      - run: pytest\n`;
const skipped = ['import pytest', '@pytest.mark.skip(reason="nonce reuse is not detected")', 'def test_nonce_reuse():', '    pass', ''].join('\n');
const before: CommitSpec[] = [
  {
    at: '2023-01-10', msg: 'Initial commit', author: dev,
    files: {
      'Cargo.toml': cargo('1.60'),
      'src/lib.rs': 'pub fn f() {}\n',
      'pyproject.toml': '[project]\nname = "lib"\nrequires-python = ">=3.8"\n',
      '.github/workflows/tests.yml': workflow(['3.8', '3.9', '3.10', '3.11']),
      'py/lib/api.py': '# parse_legacy is deprecated and will be removed in 3.0\ndef parse_legacy(): pass\n',
      'py/lib/params.py': '# Tuple types with complex sub-types are not currently supported\ndef convert(t): pass\n',
      'tests/test_auth.py': skipped,
      'package.json': '{"name": "lib-js", "engines": {"node": ">=18"}}\n',
      '.github/workflows/node.yml': 'name: node\non: [push]\njobs:\n  test:\n    strategy:\n      matrix:\n        node-version: [18, 20]\n    steps:\n      - run: npm test\n',
    },
  },
  { at: '2023-06-10', msg: 'Raise MSRV to 1.65 (#3)', author: dev, files: { 'Cargo.toml': cargo('1.65') } },
  { at: '2023-12-10', msg: 'Raise MSRV to 1.70 (#7)', author: dev, files: { 'Cargo.toml': cargo('1.70') } },
  { at: '2024-03-10', msg: 'Fix parsing of empty input (#9)', author: dev, files: { 'src/lib.rs': 'pub fn f() -> u8 { 1 }\n' } },
];

const forecastOf = async (commits: CommitSpec[]) => {
  const { snapshot } = await snapshotRepository({ repo: (await makeRepo(commits)).dir, t0: T0, db: `${await tempDir()}/a.db` });
  return (await createHeuristicForecaster().forecast({ snapshot, seed: 0, maxFamilies: 10 })).draft.families;
};
const actOf = (f: TaskFamily) => PENDING_ACTS.find((a) => f.score_components[`calibration_act_${a}`] === 1);

test('every pending line maker\'s family records its act at T0, the one its title states, and the score the map gives it with that act', async () => {
  const families = await forecastOf(before);
  const titles = families.map((f) => `${f.title} [${actOf(f) ?? '-'}]`).join(' | ');
  const by = (re: RegExp) => families.find((f) => re.test(f.title));
  // A raise of Cargo.toml's rust-version (pending/msrv.ts), a drop and an add from the calendar (pending/runtimes.ts),
  // a removal of code deprecated for removal (pending/signals.ts), a known failure and missing support (pending/stated.ts).
  const expected: [RegExp, string][] = [
    [/^Raise the minimum supported Rust version from 1\.70/, 'raise'],
    [/^Drop support for Python 3\.8/, 'drop'],
    [/^Add (Python 3\.12|Node\.js 22) to the test matrix/, 'add'],
    [/^Remove `parse_legacy`/, 'remove'],
    [/^Make `test_nonce_reuse` pass/, 'pass'],
    [/^Support tuple types with complex sub-types/i, 'support'],
  ];
  for (const [re, act] of expected) {
    const f = by(re);
    expect(f, `${re} in ${titles}`).toBeDefined();
    expect(actOf(f!), f!.title).toBe(act);
    const input = calibrationInputOf(f!.score_components)!;
    expect(input.act).toBe(act);
    expect(pendingActOf(input.kind, f!.title)).toBe(act);
    // The score, `calibrated` and the rationale are the map's with the act: a raise and a removal read their own weights.
    expect(f!.score).toBe(calibrate(input));
    expect(f!.score_components.calibrated).toBe(f!.score);
    expect(f!.rationale).toContain(`Score ${f!.score.toFixed(2)} is the probability`);
  }
  expect(by(/^Raise the minimum/)!.score_components.calibration_raise).toBe(1);
  expect(by(/^Raise the minimum/)!.score).toBeLessThan(by(/^Drop support/)!.score);
  expect(by(/^Raise the minimum/)!.rationale).toContain('raise a declared minimum version');
  expect(by(/^Remove `parse_legacy`/)!.score_components.calibration_remove).toBe(1);
  // Directions, series and `more` lines carry no act.
  for (const f of families) if (!calibrationInputOf(f.score_components) || !['runtime', 'deprecation', 'plan', 'stated', 'note'].includes(calibrationInputOf(f.score_components)!.kind)) expect(actOf(f), f.title).toBeUndefined();
});

test('the act is recorded whether or not the map reads it: under calib39\'s map a raise keeps the pending score', async () => {
  const families = await forecastOf(before);
  const raise = families.find((f) => f.title.startsWith('Raise the minimum supported Rust version'))!;
  // The family as a line maker renders it, without its act, scored by calib39's map (which reads no act).
  const { calibration_act_raise: _, calibration_raise: __, ...bare } = raise.score_components;
  const input = { ...calibrationInputOf(bare)! };
  const plain: TaskFamily = { ...raise, score: calibrate(input, ROUND_18_CALIBRATION), score_components: { ...bare, calibrated: calibrate(input, ROUND_18_CALIBRATION) } };
  const d = withPendingAct({ score: plain.score, render: (id: string) => ({ ...plain, id }) }, ROUND_18_CALIBRATION);
  const f = d.render('F3');
  expect(f.id).toBe('F3');
  expect(f.score_components.calibration_act_raise).toBe(1);
  expect(d.score).toBe(plain.score);
  expect(f.score).toBe(calibrate({ ...input, act: 'raise' }, ROUND_18_CALIBRATION));
  expect(f.score).toBe(0.617);
  // Under the shipped map the same family scores as a raise.
  expect(withPendingAct({ score: plain.score, render: (id: string) => ({ ...plain, id }) }).score).toBe(calibrate({ ...input, act: 'raise' }, SCORE_CALIBRATION));
});

test('each line maker\'s opening reads as its act', () => {
  expect(pendingActOf('runtime', 'Drop support for Node.js 18 in .github/workflows/tests.yml')).toBe('drop');
  expect(pendingActOf('runtime', 'Add Node.js 22 to the test matrix in .github/workflows/ci.yaml')).toBe('add');
  expect(pendingActOf('runtime', 'Raise the minimum supported Rust version from 1.74 to 1.79 in Cargo.toml')).toBe('raise');
  expect(pendingActOf('deprecation', 'Deprecate `URL.raw` in httpx/_urls.py, as announced for a future release')).toBe('deprecate');
  expect(pendingActOf('deprecation', 'Remove `PoolManager` deprecated for removal in a future version in src/urllib3')).toBe('remove');
  expect(pendingActOf('plan', 'Land the v2-exp branch work on main: table fixes, adaptive fixes')).toBe('land');
  expect(pendingActOf('plan', 'Support HTTP/3 in the client')).toBe('plan');
  expect(pendingActOf('stated', 'Make `the old stacktrace is recovered` pass: blocked by https://github.com/istanbuljs/nyc/issues/619')).toBe('pass');
  expect(pendingActOf('stated', 'Support createRoot options in src/jsx/dom/client.ts')).toBe('support');
  expect(pendingActOf('note', 'Implement auth-int in httpx/_auth.py')).toBe('note');
  expect(pendingActOf('more', 'Add more filters like zip, sum and lines in minijinja/src/defaults.rs')).toBeUndefined();
  expect(pendingActOf('bugfix', 'Fix rich formatting in typer/rich_utils.py')).toBeUndefined();
});
