import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { exportTasks } from '../../src/api/export.js';
import { forecastSnapshot } from '../../src/api/forecast.js';
import { snapshotRepository } from '../../src/api/snapshot.js';
import { synthesizeTasks } from '../../src/api/synthesize.js';
import { validateForecast } from '../../src/api/validate.js';
import { isUserError } from '../../src/errors.js';
import { createLlmForecaster } from '../../src/forecast/llm/index.js';
import { createOpenAIChat } from '../../src/llm/openai-chat.js';
import { createOpenAIToolChat } from '../../src/llm/tools.js';
import { harborReward, solve } from '../export/harbor-sandbox.js';
import { replayClone } from '../fixtures/clone-replays.js';
import { startOpenAIServer, type Reply } from '../fixtures/openai-server.js';
import { tempDir } from '../fixtures/repo.js';

/**
 * Real-model synthesis runs (tests/fixtures/synthesis-exchanges/README.md), replayed through a local
 * OpenAI-compatible server and the real openai client: the recorded replies are served in order, and the pipeline
 * (snapshot, the recorded LLM forecast, validation, the agent's tools, the execution gate, export) runs for real.
 * The recorded requests embed the repository's files, so they are not kept: the replay needs the repository itself.
 */
const DIR = join(import.meta.dirname, '../fixtures/synthesis-exchanges');

interface Answer { family: string; task: number; content?: string; toolCalls?: { name: string; arguments: unknown }[] }
interface Meta {
  repo: string; github: string; t0: string; tgen: { commit: string }; testCommand: string; modelCutoff: string; forecastFixture: string;
  calls: number; counts: { verified: number; rejections: Record<string, number> };
  tasks: { family: string; status: string; rejection: string | null; failToPass?: string[]; passToPass?: number }[];
}

const read = <T>(name: string, file: string): T => JSON.parse(readFileSync(join(DIR, name, file), 'utf8')) as T;
const replies = (answers: Answer[]): Reply[] => answers.map((a) => (a.toolCalls ? { toolCalls: a.toolCalls } : a.content!));

test('the recorded express run is compact, at a T0 after the model\'s stated cutoff, and ends with a verified task', () => {
  const meta = read<Meta>('express', 'meta.json');
  const answers = read<Answer[]>('express', 'answers.json');
  expect(Date.parse(meta.modelCutoff)).toBeLessThan(Date.parse(meta.t0));
  expect(answers).toHaveLength(meta.calls);
  expect(meta.counts.verified).toBeGreaterThanOrEqual(1);
  expect(readFileSync(join(DIR, 'express', 'answers.json'), 'utf8').length).toBeLessThan(40_000);
  // Every tool the agent called is one it was offered, with arguments it can read.
  const tools = new Set(['list_files', 'read_file', 'search', 'write_file', 'edit_file', 'delete_file', 'run_tests', 'submit']);
  for (const a of answers) for (const c of a.toolCalls ?? []) expect(tools.has(c.name), c.name).toBe(true);
});

const { path: express, why } = replayClone('express');

// Opt-in (a minute or two): SWE_FUTURE_CLONE_REPLAYS=1 and an express clone in SWE_FUTURE_CLONES or clones/ (tests/README.md).
test.skipIf(why !== null)(`replayed on the express clone, the recorded run verifies the same task, and its Harbor verifier gives gold 1, empty 0, decoy 0 in the sandbox${why ? ` (skipped: ${why})` : ''}`, async (ctx) => {
  const meta = read<Meta>('express', 'meta.json');
  const answers = read<Answer[]>('express', 'answers.json');
  const dir = await tempDir('swe-future-express-replay-');
  const db = join(dir, 'swe-future.db');
  const snapshot = await snapshotRepository({ repo: express!, t0: meta.t0, db, name: meta.repo, manifestDir: join(dir, 'snapshots') });

  // The families: the recorded LLM forecast of the same snapshot (tests/fixtures/llm-exchanges/express).
  const forecastAnswer = readFileSync(join(import.meta.dirname, '../fixtures/llm-exchanges', meta.forecastFixture, 'answer.json'), 'utf8');
  const forecastServer = await startOpenAIServer([forecastAnswer]);
  const forecast = await forecastSnapshot({
    db, snapshot: snapshot.id, forecaster: 'llm',
    llm: () => createLlmForecaster({ chat: createOpenAIChat({ baseURL: forecastServer.baseURL, model: 'replay', maxRetries: 0 }), cutoff: meta.modelCutoff, allowModelAfterT0: false }),
  }).finally(() => forecastServer.close());
  const validation = await validateForecast({ db, forecast: forecast.id });

  const server = await startOpenAIServer(replies(answers));
  let result;
  try {
    result = await synthesizeTasks({
      db, validation: validation.id, tgen: 'HEAD', backend: 'llm', runs: 1,
      chat: createOpenAIToolChat({ baseURL: server.baseURL, model: 'replay' }),
      // Offline, from the npm cache the recording filled (it ran with --install-network).
      install: { network: false },
    });
  } catch (err) {
    if (isUserError(err) && err.code === 'INSTALL_FAILED') ctx.skip(`express's dependencies are not in this machine's npm cache (${err.message}); run the recording's synthesize once with --install-network`);
    throw err;
  } finally {
    await server.close();
  }
  expect(server.requestsTo('chat')).toHaveLength(meta.calls);
  const synthesis = result.synthesis;
  expect(synthesis.tgen.commit).toBe(meta.tgen.commit);
  expect(synthesis.testCommand).toBe(meta.testCommand);
  expect(synthesis.tasks.map((t) => [t.familyId, t.status, t.rejection?.code ?? null])).toEqual(meta.tasks.map((t) => [t.family, t.status, t.rejection]));
  const recorded = meta.tasks.find((t) => t.status === 'verified')!;
  const task = synthesis.tasks.find((t) => t.status === 'verified')!;
  expect([...task.failToPass].sort()).toEqual([...recorded.failToPass!].sort());
  expect(task.passToPass.length).toBe(recorded.passToPass);

  const out = join(dir, 'harbor-out');
  const exported = await exportTasks({ db, format: 'harbor', out, synthesis: result.id, repo: meta.github });
  expect(exported.exported).toBe(1);
  const folder = join(out, 'harbor', readdirSync(join(out, 'harbor'))[0]!);
  // The image's install step (environment/Dockerfile), from the npm cache: Harbor's container has node_modules.
  const install = (app: string) => execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', '--no-package-lock', '--offline'], { cwd: app, stdio: 'ignore' });
  const f2p = task.failToPass[0]!;

  const gold = await harborReward(folder, (app, logs) => {
    install(app);
    solve(folder)(app, logs);
  });
  expect(gold.reward, gold.output).toBe('1');
  const empty = await harborReward(folder, install);
  expect(empty.reward, empty.output).toBe('0');
  // A decoy: a new mocha file whose test has the FAIL_TO_PASS test's full title and passes, with no fix.
  const [, suite, name] = /^res (\.attachment\(filename, options\)) (.*)$/.exec(f2p)!;
  const decoy = await harborReward(folder, (app) => {
    install(app);
    writeFileSync(join(app, 'test', 'res.attachment.decoy.js'), `describe('res', function(){\n  describe(${JSON.stringify(suite)}, function(){\n    it(${JSON.stringify(name)}, function(){})\n  })\n})\n`);
  });
  expect(decoy.reward, decoy.output).toBe('0');
}, 900_000);
