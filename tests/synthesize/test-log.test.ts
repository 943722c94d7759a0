import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
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
  ].join('\n'))).toEqual({
    format: 'pytest',
    results: {
      'tests/test_a.py::test_one': 'pass',
      'tests/test_a.py::TestX::test_two[param-1]': 'pass',
      'tests/test_a.py::test_three': 'fail',
      'tests/test_b.py::test_four': 'fail',
      'tests/test_b.py::test_five': 'pass',
    },
  });
  expect(parseTestLog('=== RUN   TestA\n--- PASS: TestA (0.00s)\n    --- FAIL: TestA/sub (0.01s)\n--- SKIP: TestB (0.00s)\nok  \tpkg\t0.1s').results)
    .toEqual({ TestA: 'pass', 'TestA/sub': 'fail', TestB: 'skip' });
  expect(parseTestLog('running 3 tests\ntest a::b ... ok\ntest a::c ... FAILED\ntest d ... ignored\n').results)
    .toEqual({ 'a::b': 'pass', 'a::c': 'fail', d: 'skip' });
  expect(parseTestLog('nothing a runner would print')).toEqual({ format: null, results: {} });
});

test('a test that runs twice under one name is kept twice', () => {
  expect(parseTestLog('ok 1 - same\nnot ok 2 - same\n').results).toEqual({ same: 'pass', 'same [2]': 'fail' });
});

test('pass-line patterns escape what extended regular expressions would read as syntax', () => {
  const line = 'PASSED tests/t.py::test_x[a.b(c)*]';
  const out = execFileSync('grep', ['-cE', '--', passLinePattern('pytest', 'tests/t.py::test_x[a.b(c)*]')], { input: `${line}\nPASSED tests/t.py::test_x[aXb(c)]\n`, encoding: 'utf8' });
  expect(out.trim()).toBe('1');
});
