import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { detectTestCommand } from '../../src/synthesize/test-command.js';
import { parseTestLog, passLinePattern } from '../../src/synthesize/test-log.js';
import { tempDir } from '../fixtures/repo.js';

test('node --test TAP output is read per test, suites joined with " > ", skips apart, a file that fails to load is one failure', async () => {
  const dir = await tempDir();
  mkdirSync(join(dir, 'test'));
  writeFileSync(join(dir, 'package.json'), '{"type":"module"}');
  writeFileSync(join(dir, 'test', 'a.test.js'), [
    "import { test, describe } from 'node:test';",
    "import assert from 'node:assert';",
    "test('top ok', () => {});",
    "test('top fail', () => { assert.equal(1, 2); });",
    "describe('suite', () => { test('inner ok', () => {}); test('inner # hash', () => {}); });",
    "test('skipped', { skip: true }, () => {});",
  ].join('\n'));
  writeFileSync(join(dir, 'test', 'b.test.js'), "import { nope } from '../missing.js';\n");
  const run = spawnSync('node', ['--test', '--test-reporter=tap'], { cwd: dir, encoding: 'utf8' });
  const log = parseTestLog(run.stdout + run.stderr, dir);
  expect(log.format).toBe('tap');
  expect(log.results).toEqual({
    'top ok': 'pass',
    'top fail': 'fail',
    'suite > inner ok': 'pass',
    'suite > inner # hash': 'pass',
    skipped: 'skip',
    'test/b.test.js': 'fail',
  });

  // The Harbor test script greps these patterns: each matches its test's pass line and no other line.
  const grep = (pattern: string) => spawnSync('grep', ['-cE', '--', pattern], { input: run.stdout, encoding: 'utf8' }).stdout.trim();
  expect(grep(passLinePattern('tap', 'top ok'))).toBe('1');
  expect(grep(passLinePattern('tap', 'suite > inner # hash'))).toBe('1');
  expect(grep(passLinePattern('tap', 'top fail'))).toBe('0');
});

test('pytest -rA, go test -v and cargo test summaries are read; the reader that finds the most tests wins', () => {
  expect(parseTestLog([
    '=========== short test summary info ===========',
    'PASSED tests/test_a.py::test_one',
    'PASSED tests/test_a.py::TestX::test_two[param-1]',
    'FAILED tests/test_a.py::test_three - AssertionError: boom',
    'ERROR tests/test_b.py::test_four - fixture missing',
    'XFAIL tests/test_b.py::test_five',
    // Parameter ids with spaces (and brackets) are whole ids: click's test_styling[styles62-\x1b[30mx y].
    'PASSED tests/test_style.py::test_styling[styles62-\\x1b[30mx y]',
    'FAILED tests/test_style.py::test_styling[a - b] - AssertionError: [1] == [2]',
  ].join('\n'))).toMatchObject({
    format: 'pytest',
    results: {
      'tests/test_a.py::test_one': 'pass',
      'tests/test_a.py::TestX::test_two[param-1]': 'pass',
      'tests/test_a.py::test_three': 'fail',
      'tests/test_b.py::test_four': 'fail',
      'tests/test_b.py::test_five': 'pass',
      'tests/test_style.py::test_styling[styles62-\\x1b[30mx y]': 'pass',
      'tests/test_style.py::test_styling[a - b]': 'fail',
    },
  });
  expect(parseTestLog('=== RUN   TestA\n--- PASS: TestA (0.00s)\n    --- FAIL: TestA/sub (0.01s)\n--- SKIP: TestB (0.00s)\nok  \tpkg\t0.1s').results)
    .toEqual({ 'pkg > TestA': 'pass', 'pkg > TestA/sub': 'fail', 'pkg > TestB': 'skip' });
  expect(parseTestLog('running 3 tests\ntest a::b ... ok\ntest a::c ... FAILED\ntest d ... ignored\n').results)
    .toEqual({ 'a::b': 'pass', 'a::c': 'fail', d: 'skip' });
  expect(parseTestLog('nothing a runner would print')).toEqual({ format: null, results: {}, swebench: null });
});

test('a test that runs twice under one name is kept twice', () => {
  expect(parseTestLog('ok 1 - same\nnot ok 2 - same\n').results).toEqual({ same: 'pass', 'same [2]': 'fail' });
});

test('pass-line patterns escape what extended regular expressions would read as syntax', () => {
  const line = 'PASSED tests/t.py::test_x[a.b(c)*]';
  const out = execFileSync('grep', ['-cE', '--', passLinePattern('pytest', 'tests/t.py::test_x[a.b(c)*]')], { input: `${line}\nPASSED tests/t.py::test_x[aXb(c)]\n`, encoding: 'utf8' });
  expect(out.trim()).toBe('1');
});

test('vitest --reporter=verbose output (real, from the vitest this project runs on) is read per test, with its file and suites', async () => {
  const dir = await tempDir();
  mkdirSync(join(dir, 'test'));
  writeFileSync(join(dir, 'package.json'), '{"type":"module","scripts":{"test":"vitest run && npm run lint"}}');
  writeFileSync(join(dir, 'vitest.config.js'), 'export default {}\n');
  execFileSync('ln', ['-s', join(process.cwd(), 'node_modules'), join(dir, 'node_modules')]);
  writeFileSync(join(dir, 'test', 'math.test.js'), [
    "import { describe, expect, test } from 'vitest';",
    "describe('add', () => {",
    "  test('adds two numbers', () => { expect(1 + 1).toBe(2); });",
    "  describe('with negatives', () => { test('keeps the sign', () => { expect(-1 + -1).toBe(-2); }); });",
    '});',
    "test('fails on purpose', () => { expect(2 * 2).toBe(5); });",
    "test.skip('skipped one', () => {});",
  ].join('\n'));
  writeFileSync(join(dir, 'test', 'other.test.js'), "import { test, expect } from 'vitest';\ntest('adds two numbers', () => { expect(3).toBe(3); });\n");
  const command = detectTestCommand(['package.json', 'test/math.test.js'], '{"scripts":{"test":"vitest run && npm run lint"}}');
  expect(command).toBe('npx vitest run --reporter=verbose');
  const run = spawnSync('sh', ['-c', command!], { cwd: dir, encoding: 'utf8', env: { ...process.env, CI: '1', NO_COLOR: '1', FORCE_COLOR: '0' } });
  const log = parseTestLog(run.stdout + run.stderr, dir);
  expect(log.format).toBe('vitest');
  expect(log.results).toEqual({
    'test/math.test.js > add > adds two numbers': 'pass',
    'test/math.test.js > add > with negatives > keeps the sign': 'pass',
    'test/math.test.js > fails on purpose': 'fail',
    'test/math.test.js > skipped one': 'skip',
    'test/other.test.js > adds two numbers': 'pass',
  });
  // The Harbor verifier's pass line for a vitest id matches the real line, and not the failed one.
  const pattern = new RegExp(passLinePattern('vitest', 'test/math.test.js > add > adds two numbers').replace('[[:space:]]', '\\s'));
  const lines = (run.stdout + run.stderr).split('\n');
  expect(lines.filter((l) => pattern.test(l))).toHaveLength(1);
  const failed = new RegExp(passLinePattern('vitest', 'test/math.test.js > fails on purpose').replace('[[:space:]]', '\\s'));
  expect(lines.some((l) => failed.test(l))).toBe(false);
});

test('a test script of several steps is cut to the runner\'s own step, so the reporter flag lands on it', () => {
  expect(detectTestCommand(['package.json'], '{"scripts":{"test":"node --test && npm run check:type:ts"}}')).toBe('node --test --test-reporter=tap');
  expect(detectTestCommand(['package.json'], '{"scripts":{"test":"npm run build && node --test test/ --test-reporter=spec"}}')).toBe('node --test test/ --test-reporter=tap');
  expect(detectTestCommand(['package.json'], '{"scripts":{"test":"eslint . && mocha"}}')).toBe('npx mocha --reporter tap');
});
