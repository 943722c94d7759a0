import { expect, test } from 'vitest';
import { classifyRuns, runGate } from '../../src/synthesize/gate.js';
import type { TestOutcome, TestRun } from '../../src/synthesize/model.js';
import type { Workspace } from '../../src/synthesize/workspace.js';

/** Results keyed by ids an object literal would type as Object's own members. */
function named(...entries: [string, TestOutcome][]): Record<string, TestOutcome> {
  return Object.fromEntries(entries);
}

function run(results: Record<string, TestOutcome>, extra: Partial<TestRun> = {}): TestRun {
  return { format: 'tap', results, exitCode: 0, timedOut: false, memoryExceeded: false, durationMs: 5, tail: '', ...extra };
}

test('FAIL_TO_PASS are tests failing with the new tests alone and passing with the gold patch; PASS_TO_PASS pass in both', () => {
  const e = classifyRuns({
    gold: [run({ old: 'pass', new: 'pass' }), run({ old: 'pass', new: 'pass' }), run({ old: 'pass', new: 'pass' })],
    testsOnly: [run({ old: 'pass', new: 'fail' }), run({ old: 'pass', new: 'fail' }), run({ old: 'pass', new: 'fail' })],
    base: [],
  }, 'npm test');
  expect(e).toMatchObject({ failToPass: ['new'], passToPass: ['old'], flaky: [], broken: [], goldResolves: true, emptyPatchResolves: false, runsPerState: 3 });
});

test('a test whose outcome changes between runs of a state is flaky and dropped from both lists', () => {
  const e = classifyRuns({
    gold: [run({ a: 'pass', b: 'pass', new: 'pass' }), run({ a: 'pass', b: 'fail', new: 'pass' }), run({ a: 'pass', b: 'pass', new: 'pass' })],
    testsOnly: [run({ a: 'pass', b: 'pass', new: 'fail' }), run({ a: 'pass', b: 'pass', new: 'fail' }), run({ a: 'pass', new: 'fail' })],
    base: [],
  }, 't');
  expect(e.flaky).toEqual(['b']);
  expect(e.failToPass).toEqual(['new']);
  expect(e.passToPass).toEqual(['a']);
});

test('tests of a file that failed to load with the new tests alone count as passing before when they passed at Tgen', () => {
  const e = classifyRuns({
    gold: [run({ old: 'pass', new: 'pass' })],
    testsOnly: [run({ 'test/x.test.js': 'fail' })],
    base: [run({ old: 'pass' })],
  }, 't');
  expect(e.failToPass).toEqual(['new']);
  expect(e.passToPass).toEqual(['old']);
});

test('a previously passing test that fails with the gold patch is reported as broken', () => {
  const e = classifyRuns({ gold: [run({ old: 'fail', new: 'pass' })], testsOnly: [run({ old: 'pass', new: 'fail' })], base: [] }, 't');
  expect(e.broken).toEqual(['old']);
});

/** An in-memory work tree: test outcomes depend on which patches are applied. */
function fakeWorkspace(outcomes: (applied: string[]) => Record<string, TestOutcome>) {
  let applied: string[] = [];
  const calls: string[] = [];
  const ws: Workspace = {
    listFiles: async () => [],
    deleteFile: async () => false,
    readFile: async () => null,
    writeFile: async () => {},
    search: async () => [],
    runTests: async () => {
      calls.push(`run:${applied.join('+') || 'base'}`);
      return run(outcomes(applied));
    },
    diff: async () => '',
    reset: async () => {
      applied = [];
    },
    apply: async (patch) => {
      if (patch === 'broken') return false;
      if (patch !== '') applied.push(patch);
      return true;
    },
  };
  return { ws, calls };
}

test('the gate runs the gold state and the tests-only state three times each and verifies a task the gold patch resolves', async () => {
  const { ws, calls } = fakeWorkspace((a) => ({ old: 'pass', new: a.includes('gold') ? 'pass' : 'fail' }));
  const { execution, rejection } = await runGate(ws, { test: 'test', gold: 'gold' }, { runs: 3, testCommand: 't' });
  expect(rejection).toBeNull();
  expect(calls).toEqual(['run:test+gold', 'run:test+gold', 'run:test+gold', 'run:test', 'run:test', 'run:test']);
  expect(execution).toMatchObject({ failToPass: ['new'], passToPass: ['old'], goldResolves: true, emptyPatchResolves: false });
});

test('new tests that already pass without the gold patch mean the behaviour exists at Tgen: rejected', async () => {
  const { ws } = fakeWorkspace(() => ({ old: 'pass', new: 'pass' }));
  const { rejection } = await runGate(ws, { test: 'test', gold: 'gold' }, { runs: 2, testCommand: 't' });
  expect(rejection?.code).toBe('BEHAVIOUR_EXISTS');
});

test('a gold patch that breaks a passing test, a patch that does not apply, and unreadable output are rejected', async () => {
  const breaks = fakeWorkspace((a) => (a.includes('gold') ? { old: 'fail', new: 'pass' } : { old: 'pass', new: 'fail' }));
  expect((await runGate(breaks.ws, { test: 'test', gold: 'gold' }, { runs: 1, testCommand: 't' })).rejection?.code).toBe('BREAKS_TESTS');
  const stale = fakeWorkspace(() => ({}));
  expect((await runGate(stale.ws, { test: 'test', gold: 'broken' }, { runs: 1, testCommand: 't' })).rejection?.code).toBe('PATCH_DOES_NOT_APPLY');
  expect((await runGate(stale.ws, { test: 'test', gold: 'gold' }, { runs: 1, testCommand: 't' })).rejection?.code).toBe('NO_TEST_RESULTS');
});

test('tests named like Object\'s own properties are tests like any other', () => {
  // With the new tests alone their file fails to load: absent there, so the base run decides what they were before.
  const e = classifyRuns({
    gold: [run(named(['constructor', 'pass'], ['toString', 'pass'])), run(named(['constructor', 'pass'], ['toString', 'pass']))],
    testsOnly: [run({ other: 'pass' }), run({ other: 'pass' })],
    base: [run(named(['constructor', 'fail'], ['toString', 'pass']))],
  }, 't');
  expect(e.failToPass).toEqual(['constructor']);
  expect(e.passToPass).toEqual(['toString']);
});

test('a new test that fails with the gold patch rejects the task instead of being dropped', async () => {
  // "extra" is one of the task's own tests (absent at Tgen) that the gold patch does not make pass.
  const { ws, calls } = fakeWorkspace((a): Record<string, TestOutcome> => (a.length === 0
    ? { old: 'pass', knownBad: 'fail' }
    : { old: 'pass', knownBad: 'fail', new: a.includes('gold') ? 'pass' : 'fail', extra: 'fail' }));
  const { execution, rejection } = await runGate(ws, { test: 'test', gold: 'gold' }, { runs: 2, testCommand: 't' });
  expect(rejection?.code).toBe('NEW_TEST_FAILS_WITH_GOLD');
  expect(rejection?.reason).toContain('extra');
  // The repository's own failing test is not the task's: it is not held against it.
  expect(execution?.newFailing).toEqual(['extra']);
  expect(calls.filter((c) => c === 'run:base')).toHaveLength(2);
});

test('a new test that passes in only some gold runs rejects the task', () => {
  const e = classifyRuns({
    gold: [run({ old: 'pass', new: 'pass', shaky: 'pass' }), run({ old: 'pass', new: 'pass', shaky: 'fail' })],
    testsOnly: [run({ old: 'pass', new: 'fail', shaky: 'fail' }), run({ old: 'pass', new: 'fail', shaky: 'fail' })],
    base: [run({ old: 'pass' })],
  }, 't');
  expect(e.newFailing).toEqual(['shaky']);
  expect(e.failToPass).toEqual(['new']);
});

test('a repository test failing at Tgen and with the gold patch alike does not reject the task', async () => {
  const { ws } = fakeWorkspace((a) => ({ old: 'pass', knownBad: 'fail', ...(a.length ? { new: a.includes('gold') ? 'pass' : 'fail' } : {}) }));
  const { rejection, execution } = await runGate(ws, { test: 'test', gold: 'gold' }, { runs: 1, testCommand: 't' });
  expect(rejection).toBeNull();
  expect(execution?.failToPass).toEqual(['new']);
});
