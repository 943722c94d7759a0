import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { forecastSnapshot } from '../../src/api/forecast.js';
import { snapshotRepository } from '../../src/api/snapshot.js';
import { synthesizeTasks } from '../../src/api/synthesize.js';
import { validateForecast } from '../../src/api/validate.js';
import type { Forecaster } from '../../src/forecast/forecaster.js';
import { ForecastDraft } from '../../src/forecast/model.js';
import { createOpenAIToolChat } from '../../src/llm/tools.js';
import { runCliJson } from '../cli/run-cli.js';
import { harborReward, solve } from '../export/harbor-sandbox.js';
import { replayClone } from '../fixtures/clone-replays.js';
import { startOpenAIServer, type Reply } from '../fixtures/openai-server.js';
import { tempDir } from '../fixtures/repo.js';

/*
 * A real model's synthesis run on click (tests/fixtures/synthesis-exchanges/README.md), replayed through the real
 * openai client against a local server that serves the recorded answers in order: on the real clone, the same
 * snapshot, forecast and validation, the agent's tools run for real (its tests fail 5 of 6, then pass), the gate
 * verifies the task in bubblewrap, and the exported Harbor verifier gives gold 1, empty 0, decoy 0.
 *
 * For speed the replay's test command runs the options tests only (the recorded run ran the whole suite, 25 s a
 * run): the same FAIL_TO_PASS, fewer PASS_TO_PASS. The answers do not depend on the command's output.
 *
 * Opt-in (about a minute): SWE_FUTURE_CLONE_REPLAYS=1 and a click clone in SWE_FUTURE_CLONES or clones/ (tests/README.md).
 */

const DIR = join(import.meta.dirname, '../fixtures/synthesis-exchanges/click');
const meta = JSON.parse(readFileSync(join(DIR, 'meta.json'), 'utf8')) as {
  t0: string; window: string; tgenCommit: string; family: { id: string; title: string; label: string };
  result: { title: string; failToPass: string[] };
};
/**
 * The heuristic forecast the recording was made from (main at 61634ef; the heuristic has changed since), replayed as
 * it was drafted, so the replay does not depend on today's heuristic: forecast.json is that draft, frozen again here
 * against the same snapshot.
 */
const recordedDraft = ForecastDraft.parse(JSON.parse(readFileSync(join(DIR, 'forecast.json'), 'utf8')));
const recordedForecaster = (): Forecaster => ({ name: 'heuristic', forecast: async () => ({ draft: recordedDraft, calls: [] }) });
const answers = JSON.parse(readFileSync(join(DIR, 'answers.json'), 'utf8')) as { tool_calls: { id: string; function: { name: string; arguments: string } }[] }[];

const replay = replayClone('click', meta.tgenCommit);
const clone = replay.path;
const pytest = clone !== null && spawnSync('python', ['-m', 'pytest', '--version']).status === 0;
const bwrap = clone !== null && spawnSync('bwrap', ['--version']).status === 0;
const why = replay.why ?? (!pytest ? 'python with pytest is not installed' : !bwrap ? 'bubblewrap is not installed' : null);
/** The options test files only (the shell's glob takes the decoy's too): collecting click's whole suite takes 20 s. */
const TEST_CMD = 'PYTHONPATH=src python -m pytest -rA -p no:cacheprovider tests/test_options*.py';
/** pyenv's shims read PYENV_ROOT (HOME is /tmp in the Harbor sandbox); the official python image needs nothing. */
const HARBOR_ENV = { PYENV_ROOT: process.env.PYENV_ROOT ?? join(process.env.HOME ?? '/root', '.pyenv') };

describe.skipIf(why !== null)(`click replay${why ? ` (skipped: ${why})` : ''}`, () => {
  test('the recorded real-model run on click replays to the verified task, whose Harbor verifier gives gold 1, empty 0 and decoy 0 in bubblewrap', async () => {
    const dir = await tempDir('swe-future-click-');
    const db = join(dir, 'swe-future.db');
    const snapshot = await snapshotRepository({ repo: clone!, t0: meta.t0, db, name: 'click', manifestDir: join(dir, 'snapshots') });
    const forecast = await forecastSnapshot({ db, snapshot: snapshot.id, forecaster: 'llm', llm: recordedForecaster });
    const validation = await validateForecast({ db, forecast: forecast.id, window: meta.window });
    const family = forecast.forecast.families.find((f) => f.id === meta.family.id);
    expect(family?.title, 'the recorded forecast has the recorded family').toBe(meta.family.title);
    expect(validation.validation.verdicts.find((v) => v.familyId === meta.family.id)?.label).toBe(meta.family.label);

    const script: Reply[] = answers.map((m) => ({ toolCalls: m.tool_calls.map((c) => ({ id: c.id, name: c.function.name, arguments: c.function.arguments })) }));
    const server = await startOpenAIServer({ chat: script });
    let result;
    try {
      result = await synthesizeTasks({
        db, validation: validation.id, tgen: 'HEAD', total: 1, backend: 'llm', runs: 1, testCommand: TEST_CMD, seed: 17,
        chat: createOpenAIToolChat({ baseURL: server.baseURL, model: 'replay' }),
      });
      } finally {
      await server.close();
    }
    const requests = server.requestsTo('chat');
    expect(requests).toHaveLength(answers.length);
    // The agent's tools ran for real: the new test failed 5 of 6 before the fix, and passed after.
    const toolText = (i: number) => (requests[i]!.body as { messages: { role: string; content: string | null }[] }).messages.filter((m) => m.role === 'tool').map((m) => m.content ?? '').join('\n');
    expect(toolText(6)).toMatch(/exit 1; 1 passed, 5 failed/);
    expect(toolText(7)).toMatch(/exit 0; \d+ passed, 0 failed/);

    const [task] = result.synthesis.tasks;
    expect(task).toMatchObject({ status: 'verified', rejection: null, familyId: meta.family.id, title: meta.result.title });
    expect(result.synthesis.tgen.commit).toBe(meta.tgenCommit);
    expect([...task!.failToPass].sort()).toEqual([...meta.result.failToPass].sort());
    expect(task!.passToPass.length).toBeGreaterThan(600);
    expect(task!.testPatch).toMatch(/^diff --git a\/tests\/test_options\.py/);
    expect(task!.goldPatch).toMatch(/^diff --git a\/src\/click\/core\.py/);

    const out = join(dir, 'harbor-out');
    const exported = await runCliJson(['export', '--db', db, '--format', 'harbor', '--out', out, '--synthesis', String(result.id), '--repo', 'pallets/click']);
    expect(exported.export.exported).toBe(1);
    const harbor = join(out, 'harbor', readdirSync(join(out, 'harbor'))[0]!);
    const gold = await harborReward(harbor, solve(harbor, HARBOR_ENV), HARBOR_ENV);
    expect(gold.reward, gold.output).toBe('1');
    const empty = await harborReward(harbor, () => {}, HARBOR_ENV);
    expect(empty.reward, empty.output).toBe('0');
    // A decoy: a new test file whose parametrized test has the FAIL_TO_PASS test's name and cases, passing, no fix.
    const decoy = await harborReward(harbor, (app) => writeFileSync(join(app, 'tests/test_options_decoy.py'), [
      'import pytest', '', '',
      '@pytest.mark.parametrize(("envvar_value", "expected"), [("1", 1), ("true", 1), ("upper", 1), ("0", 1), ("off", 1), ("random", 1)])',
      'def test_envvar_multiple_flag_value(envvar_value, expected):', '    assert expected == 1', '',
    ].join('\n')), HARBOR_ENV);
    expect(decoy.reward, decoy.output).toBe('0');
    expect(decoy.output).toContain(`did not pass: ${meta.result.failToPass[0]}`);
  }, 600_000);
});
