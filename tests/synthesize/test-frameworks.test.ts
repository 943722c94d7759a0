import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { detectTestSetup, targetedCommand } from '../../src/synthesize/test-command.js';
import { failLinePattern } from '../../src/synthesize/export/verifier.js';
import { GO_QUALIFY_AWK, parseTestLog, passLinePattern } from '../../src/synthesize/test-log.js';

/*
 * One fixture of output per framework (tests/fixtures/swebench/logs/): node:test, vitest, pytest and cargo output
 * made on this machine; jest --verbose, mocha --reporter tap and go test -v written from the reporters'
 * documented output (neither runner is installed here).
 */
const log = (name: string) => readFileSync(join(import.meta.dirname, '../fixtures/swebench/logs', `${name}.log`), 'utf8');

test('jest --verbose output is read per test as file > describe > name, skips apart, failure details not taken for tests', () => {
  expect(parseTestLog(log('jest'))).toMatchObject({
    format: 'jest',
    results: {
      'test/sum.test.js > sum > adds 1 + 2 to equal 3': 'pass',
      'test/sum.test.js > sum > nested > handles zero': 'pass',
      'test/sum.test.js > top level': 'pass',
      'test/sum.test.js > later': 'skip',
      'test/other.test.js > other > adds two numbers': 'fail',
      'test/other.test.js > other > adds 1 + 2 to equal 3': 'pass',
    },
  });
  expect(Object.keys(parseTestLog(log('jest')).results)).toHaveLength(6);
});

test('mocha --reporter tap output is read as TAP (full titles), the pending test as a skip', () => {
  expect(parseTestLog(log('mocha-tap')).results).toEqual({
    'parse reads a value': 'pass',
    // mocha does not escape "#" as TAP asks; the name is cut there, the same way in every run and in the verifier.
    'parse keeps': 'pass',
    'format reads a value': 'fail',
    'top level': 'pass',
    'parse later': 'skip',
  });
});

test('pytest -rA, go test -v and cargo test --no-fail-fast output (real where the tool is here) are read per test', () => {
  expect(parseTestLog(log('pytest')).results).toEqual({
    'tests/test_a.py::test_one': 'pass',
    'tests/test_a.py::TestGroup::test_one': 'pass',
    'tests/test_a.py::test_param[1]': 'pass',
    'tests/test_b.py::test_one': 'pass',
    'tests/test_a.py::test_xfail': 'pass',
    'tests/test_a.py::test_two': 'fail',
    'tests/test_a.py::test_param[2]': 'fail',
  });
  expect(parseTestLog(log('go')).results).toEqual({
    // Package-qualified: the two packages' TestAdd stay apart.
    'example.com/demo > TestAdd': 'pass', 'example.com/demo > TestSplit': 'fail', 'example.com/demo > TestSplit/empty': 'pass',
    'example.com/demo > TestSplit/comma': 'fail', 'example.com/demo > TestSkip': 'skip', 'example.com/demo/sub > TestAdd': 'pass',
  });
  // Both test targets ran (--no-fail-fast): the library's tests and the integration test.
  expect(parseTestLog(log('cargo')).results).toEqual({ 'tests::adds': 'pass', 'tests::fails': 'fail', 'tests::slow': 'skip', 'tests::nested::adds': 'pass', adds: 'pass' });
  expect(parseTestLog(log('tap')).format).toBe('tap');
  expect(parseTestLog(log('vitest')).format).toBe('vitest');
});

test('detection from package.json, pyproject.toml, go.mod and Cargo.toml gives a command whose output is read, and warns when it cannot be', () => {
  const pkg = (test: string) => detectTestSetup(['package.json'], JSON.stringify({ scripts: { test } }));
  expect(pkg('jest --coverage')).toEqual({ command: 'npx jest --verbose', format: 'jest', warning: null });
  expect(pkg('npm run lint && jest --config jest.config.cjs')).toMatchObject({ command: 'npx jest --verbose --config jest.config.cjs', format: 'jest' });
  expect(pkg('mocha --reporter spec test/**/*.test.js')).toMatchObject({ command: 'npx mocha test/**/*.test.js --reporter tap', format: 'tap' });
  expect(pkg('node --test test/ && tsd')).toMatchObject({ command: 'node --test test/ --test-reporter=tap', format: 'tap' });
  expect(pkg('vitest run')).toMatchObject({ command: 'npx vitest run --reporter=verbose', format: 'vitest' });
  const ava = pkg('ava --verbose');
  expect(ava).toMatchObject({ command: 'npm test --silent', format: null });
  expect(ava!.warning).toMatch(/`ava --verbose` runs no runner whose output swe-future reads per test .*NO_TEST_RESULTS\. Pass --test-cmd/);
  expect(detectTestSetup(['pyproject.toml'], null)).toEqual({ command: 'python -m pytest -rA -p no:cacheprovider', format: 'pytest', warning: null });
  expect(detectTestSetup(['go.mod'], null)).toMatchObject({ command: 'go test -v ./...', format: 'go' });
  expect(detectTestSetup(['Cargo.toml'], null)).toMatchObject({ command: 'cargo test --no-fail-fast', format: 'cargo' });
  expect(detectTestSetup(['README.md'], null)).toBeNull();
});

test('a test command is narrowed to files and test names in each runner\'s own terms', () => {
  expect(targetedCommand('npx vitest run --reporter=verbose', { files: ['test/a.test.js'], name: 'adds two' })).toBe("npx vitest run --reporter=verbose test/a.test.js -t 'adds two'");
  expect(targetedCommand('npx jest --verbose', { name: 'sum' })).toBe('npx jest --verbose -t sum');
  expect(targetedCommand('npx mocha test/**/*.js --reporter tap', { files: ['test/x.js'] })).toBe('npx mocha --reporter tap test/x.js');
  expect(targetedCommand('python -m pytest -rA -p no:cacheprovider', { files: ['tests/test_a.py'], name: 'one and not two' })).toBe("python -m pytest -rA -p no:cacheprovider -k 'one and not two' tests/test_a.py");
  expect(targetedCommand('go test -v ./...', { files: ['pkg/split/split_test.go'], name: 'TestSplit' })).toBe('go test -v -run TestSplit ./pkg/split');
  expect(targetedCommand('go test -v ./...', { name: 'example.com/demo > TestSplit/comma' })).toBe('go test -v ./... -run TestSplit/comma');
  expect(targetedCommand('cargo test --no-fail-fast', { name: 'tests::adds' })).toBe('cargo test --no-fail-fast tests::adds');
  expect(targetedCommand('npm test --silent', { name: 'x' })).toBeNull();
});

test('narrowing to a file drops every test folder the command named (express: test/ and test/acceptance/) and keeps the values of --require and --config', () => {
  // Seen recording express: run_tests on test/res.attachment.js also ran all of test/acceptance/ (121 tests, not 13).
  expect(targetedCommand('npx mocha --require test/support/env  --check-leaks test/ test/acceptance/ --reporter tap', { files: ['test/res.attachment.js'] }))
    .toBe('npx mocha --require test/support/env --check-leaks --reporter tap test/res.attachment.js');
  expect(targetedCommand('npx mocha -r test/setup.js ./test/unit/ --reporter tap', { files: ['test/unit/a.js'] })).toBe('npx mocha -r test/setup.js --reporter tap test/unit/a.js');
  expect(targetedCommand('npx vitest run --reporter=verbose --config vitest.config.ts', { files: ['test/a.test.ts'] })).toBe('npx vitest run --reporter=verbose --config vitest.config.ts test/a.test.ts');
});

test('go test -v output read by the exported verifier\'s awk gives the gate\'s package-qualified ids and outcomes, so a same-named test in a decoy package is not the task\'s', () => {
  const awk = (text: string) => execFileSync('awk', [GO_QUALIFY_AWK], { input: text, encoding: 'utf8' }).trim().split('\n');
  const outcome = { pass: 'PASS', fail: 'FAIL', skip: 'SKIP' } as const;
  const gate = Object.entries(parseTestLog(log('go')).results).map(([id, o]) => `${outcome[o]} ${id}`);
  expect(awk(log('go')).sort()).toEqual(gate.sort());
  // The task's TestAdd fails in its package; a decoy package's TestAdd passes.
  const decoyed = log('go').replace('--- PASS: TestAdd (0.00s)\n=== RUN   TestSplit', '--- FAIL: TestAdd (0.00s)\n=== RUN   TestSplit');
  const results = awk(decoyed).join('\n');
  const grep = (pattern: string) => spawnSync('grep', ['-qE', '--', pattern], { input: results }).status === 0;
  expect(grep(passLinePattern('go', 'example.com/demo > TestAdd'))).toBe(false);
  expect(grep(failLinePattern('go', 'example.com/demo > TestAdd'))).toBe(true);
  expect(grep(passLinePattern('go', 'example.com/demo/sub > TestAdd'))).toBe(true);
  // A run cut before its package line keeps bare names, in both readers.
  expect(awk('--- PASS: TestCut (0.00s)\n')).toEqual(['PASS TestCut']);
  expect(parseTestLog('--- PASS: TestCut (0.00s)\n').results).toEqual({ TestCut: 'pass' });
});
