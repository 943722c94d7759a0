import type { Execution, Rejection, RunSummary, TestOutcome, TestRun } from './model.js';
import type { Workspace } from './workspace.js';

/**
 * The execution gate. With the repository's test command, in a work tree at
 * Tgen, each state is run `runs` times (default 3):
 *
 *   gold       = test patch + gold patch
 *   testsOnly  = test patch alone (what "the empty patch" leaves)
 *   base       = Tgen untouched, only when a test that passes with gold is
 *                absent from every testsOnly run (its file failed to load),
 *                or when some test does not pass in every gold run (is it new?)
 *
 * A test whose outcome differs between runs of a state is flaky and dropped.
 * FAIL_TO_PASS: passes in every gold run and fails (or is absent, and did not
 * pass at base) in every testsOnly run. PASS_TO_PASS: passes in every gold run
 * and passed before (testsOnly, or base when absent there). The task is
 * verified only when FAIL_TO_PASS is non-empty, no previously passing test
 * fails with the gold patch, the gold patch resolves the task in every run and
 * the empty patch resolves it in none. Every NEW test (seen with the test
 * patch, absent from every base run) must pass in every gold run: one that
 * fails or flips means the gold patch does not implement what the tests ask
 * (NEW_TEST_FAILS_WITH_GOLD), and is never dropped silently.
 */
export async function runGate(
  ws: Workspace,
  patches: { test: string; gold: string },
  options: { runs: number; testCommand: string },
): Promise<{ execution: Execution | null; rejection: Rejection | null }> {
  const runs = Math.max(1, options.runs);
  try {
    await ws.reset();
    if (!(await ws.apply(patches.test))) return noExecution('PATCH_DOES_NOT_APPLY', 'the test patch does not apply to Tgen');
    if (!(await ws.apply(patches.gold))) return noExecution('PATCH_DOES_NOT_APPLY', 'the gold patch does not apply on top of the test patch');
    const gold = await repeat(ws, runs);
    const limited = gold.find((r) => r.timedOut || r.memoryExceeded);
    if (limited) return noExecution('TEST_LIMIT', `the test command ${limited.timedOut ? 'ran out of time' : 'went over the memory limit'} with the gold patch`);

    await ws.reset();
    await ws.apply(patches.test);
    const testsOnly = await repeat(ws, runs);

    const goldOutcomes = stableOutcomes(gold);
    const absent = Object.keys(goldOutcomes.stable).some((id) => testsOnly.every((r) => !(id in r.results)));
    const notPassing = goldOutcomes.flaky.size > 0 || Object.values(goldOutcomes.stable).some((o) => o !== 'pass');
    let base: TestRun[] = [];
    if (absent || notPassing) {
      await ws.reset();
      base = await repeat(ws, runs);
    }
    const execution = classifyRuns({ gold, testsOnly, base }, options.testCommand);
    return { execution, rejection: verdictOf(execution, testsOnly) };
  } finally {
    await ws.reset();
  }
}

async function repeat(ws: Workspace, runs: number): Promise<TestRun[]> {
  const out: TestRun[] = [];
  for (let i = 0; i < runs; i++) out.push(await ws.runTests());
  return out;
}

function noExecution(code: Rejection['code'], reason: string): { execution: null; rejection: Rejection } {
  return { execution: null, rejection: { code, reason } };
}

/**
 * Per test seen in some run: its outcome when every run of the state agrees;
 * flaky when they differ (absent from a run counts as an outcome).
 */
export function stableOutcomes(runs: readonly TestRun[]): { stable: Record<string, TestOutcome>; flaky: Set<string> } {
  const ids = new Set(runs.flatMap((r) => Object.keys(r.results)));
  const stable: Record<string, TestOutcome> = {};
  const flaky = new Set<string>();
  for (const id of ids) {
    const seen = new Set(runs.map((r) => own(r.results, id) ?? 'absent'));
    if (seen.size > 1) flaky.add(id);
    else stable[id] = [...seen][0] as TestOutcome;
  }
  return { stable, flaky };
}

/** A test's outcome in a record keyed by test id; undefined when absent (a test named "constructor" is not Object's). */
function own(results: Readonly<Record<string, TestOutcome>>, id: string): TestOutcome | undefined {
  return Object.hasOwn(results, id) ? results[id] : undefined;
}

/** FAIL_TO_PASS, PASS_TO_PASS, flaky and broken tests from the runs of each state (pure). */
export function classifyRuns(states: { gold: readonly TestRun[]; testsOnly: readonly TestRun[]; base: readonly TestRun[] }, testCommand: string): Execution {
  const gold = stableOutcomes(states.gold);
  const before = stableOutcomes(states.testsOnly);
  const base = stableOutcomes(states.base);
  const flaky = new Set([...gold.flaky, ...before.flaky, ...base.flaky]);
  const failToPass: string[] = [];
  const passToPass: string[] = [];
  const broken: string[] = [];
  for (const [id, outcome] of Object.entries(gold.stable)) {
    if (flaky.has(id) || outcome !== 'pass') continue;
    // Absent from every run with the new tests alone: its file failed to load; base says whether it passed before.
    const prior = own(before.stable, id) ?? (own(base.stable, id) === 'pass' ? 'pass' : 'absent');
    if (prior === 'pass') passToPass.push(id);
    else if (prior === 'fail' || prior === 'absent') failToPass.push(id);
  }
  for (const [id, outcome] of Object.entries(before.stable)) {
    if (flaky.has(id) || outcome !== 'pass') continue;
    const after = own(gold.stable, id);
    if (after === 'fail' || (after === undefined && !gold.flaky.has(id))) broken.push(id);
  }
  // New tests (absent from every base run) that do not pass in every gold run; only known when base ran.
  const newFailing: string[] = [];
  if (states.base.length > 0) {
    for (const id of new Set(states.gold.flatMap((r) => Object.keys(r.results)))) {
      if (own(gold.stable, id) === 'pass' || states.base.some((r) => own(r.results, id) !== undefined)) continue;
      newFailing.push(id);
    }
  }
  const sort = (xs: string[]) => xs.sort();
  const resolves = (run: TestRun) => failToPass.length > 0 && [...failToPass, ...passToPass].every((id) => own(run.results, id) === 'pass');
  const format = states.gold.find((r) => r.format)?.format ?? null;
  return {
    testCommand,
    runsPerState: Math.max(states.gold.length, 1),
    format,
    failToPass: sort(failToPass),
    passToPass: sort(passToPass),
    flaky: sort([...flaky]),
    broken: sort(broken),
    newFailing: sort(newFailing),
    goldResolves: states.gold.length > 0 && states.gold.every(resolves),
    emptyPatchResolves: states.testsOnly.some(resolves),
    runs: { gold: states.gold.map(summary), testsOnly: states.testsOnly.map(summary), base: states.base.map(summary) },
    log: { gold: states.gold.at(-1)?.tail ?? '', testsOnly: states.testsOnly.at(-1)?.tail ?? '', base: states.base.at(-1)?.tail ?? '' },
    swebench: swebenchLists(states, testCommand),
  };
}

/**
 * The same classification over the keys SWE-bench's parser gives each run
 * (the last status of a key wins, as in its dict): the lists an exported
 * instance carries, and whether the harness would see the gold patch resolve
 * the task in every run and the empty patch in none. Null when a run has no
 * parser for its format.
 */
function swebenchLists(states: { gold: readonly TestRun[]; testsOnly: readonly TestRun[]; base: readonly TestRun[] }, testCommand: string): Execution['swebench'] {
  const all = [...states.gold, ...states.testsOnly, ...states.base];
  const parser = states.gold[0]?.swebench?.parser;
  if (!parser || all.some((r) => r.swebench?.parser !== parser)) return null;
  const keyed = (runs: readonly TestRun[]) => runs.map((r) => ({ ...r, results: r.swebench!.results, swebench: null }));
  const e = classifyRuns({ gold: keyed(states.gold), testsOnly: keyed(states.testsOnly), base: keyed(states.base) }, testCommand);
  return { parser, failToPass: e.failToPass, passToPass: e.passToPass, goldResolves: e.goldResolves, emptyPatchResolves: e.emptyPatchResolves };
}

/** The gate's decision: null when the task is verified, else why not. */
function verdictOf(e: Execution, testsOnly: readonly TestRun[]): Rejection | null {
  if (e.failToPass.length + e.passToPass.length === 0 && e.flaky.length === 0) {
    return { code: 'NO_TEST_RESULTS', reason: `no per-test results could be read from \`${e.testCommand}\` (node:test and mocha TAP, vitest and jest verbose, pytest -rA, go test -v and cargo test output are understood)` };
  }
  if (e.newFailing.length > 0) {
    return { code: 'NEW_TEST_FAILS_WITH_GOLD', reason: `${e.newFailing.length} new test(s) do not pass in every run with the gold patch (${e.runsPerState} runs): ${list(e.newFailing)}; the gold patch must implement everything its tests ask` };
  }
  if (e.broken.length > 0) {
    return { code: 'BREAKS_TESTS', reason: `the gold patch makes ${e.broken.length} previously passing test(s) fail: ${list(e.broken)}` };
  }
  if (e.failToPass.length === 0) {
    const stillFailing = Object.entries(stableOutcomes(testsOnly).stable).some(([, o]) => o === 'fail');
    return stillFailing
      ? { code: 'NO_FAIL_TO_PASS', reason: 'no test fails before the gold patch and passes after it' }
      : { code: 'BEHAVIOUR_EXISTS', reason: 'every test, the new ones included, already passes at Tgen without the gold patch: the behaviour exists' };
  }
  if (e.emptyPatchResolves) return { code: 'EMPTY_PATCH_RESOLVES', reason: 'the empty patch resolves the task in some run' };
  if (!e.goldResolves) return { code: 'NO_FAIL_TO_PASS', reason: 'the gold patch does not resolve the task in every run' };
  return null;
}

function summary(run: TestRun): RunSummary {
  const outcomes = Object.values(run.results);
  return {
    passed: outcomes.filter((o) => o === 'pass').length,
    failed: outcomes.filter((o) => o === 'fail').length,
    exitCode: run.exitCode,
    timedOut: run.timedOut,
    memoryExceeded: run.memoryExceeded,
    durationMs: run.durationMs,
  };
}

function list(ids: readonly string[]): string {
  return ids.length > 5 ? `${ids.slice(0, 5).join('; ')} (and ${ids.length - 5} more)` : ids.join('; ');
}
