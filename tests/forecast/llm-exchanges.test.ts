import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { createLlmForecaster } from '../../src/forecast/llm/index.js';
import { createOpenAIChat } from '../../src/llm/openai-chat.js';
import { Snapshot } from '../../src/snapshot/model.js';
import { startOpenAIServer, type OpenAIServer, type Reply } from '../fixtures/openai-server.js';

/**
 * Real-model exchanges (tests/fixtures/llm-exchanges/README.md), replayed
 * through a local OpenAI-compatible server: the recorded answer is served for
 * the forecaster's request whatever its exact bytes, so the test holds the
 * answer to today's reading rules, not the prompt to its recorded form.
 */

const DIR = join(import.meta.dirname, '../fixtures/llm-exchanges');
const EXCHANGES = readdirSync(DIR, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();

interface Meta {
  repo: string;
  t0: string;
  model: string;
  modelCutoff: string;
}

const read = (name: string, file: string) => readFileSync(join(DIR, name, file), 'utf8');

const servers: OpenAIServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function replay(name: string, answers: string[]) {
  const meta = JSON.parse(read(name, 'meta.json')) as Meta;
  const snapshot = Snapshot.parse(JSON.parse(read(name, 'snapshot.json')));
  const script: Reply[] = answers.map((content) => ({ content, usage: { prompt_tokens: 0, completion_tokens: 0 } }));
  const server = await startOpenAIServer(script);
  servers.push(server);
  const chat = createOpenAIChat({ baseURL: server.baseURL, model: 'replay', maxRetries: 0 });
  const forecaster = createLlmForecaster({ chat, cutoff: meta.modelCutoff, allowModelAfterT0: false });
  const outcome = await forecaster.forecast({ snapshot, seed: 0, maxFamilies: 5 });
  return { meta, snapshot, server, outcome };
}

/** The recorded exchanges (README table); a missing folder fails here rather than shrinking test.each. */
const RECORDED = ['axum', 'bat', 'click', 'express', 'httpx', 'typer', 'zustand'];

test('at least three real-model exchanges are recorded, each at a T0 after the model\'s stated cutoff', () => {
  expect(EXCHANGES.length).toBeGreaterThanOrEqual(3);
  expect(EXCHANGES).toEqual(expect.arrayContaining(RECORDED));
  for (const name of EXCHANGES) {
    const meta = JSON.parse(read(name, 'meta.json')) as Meta;
    expect(Date.parse(meta.modelCutoff)).toBeLessThan(Date.parse(meta.t0));
    expect(read(name, 'prompt.txt')).toMatch(new RegExp(`^Repository: ${meta.repo.replace('+', '\\+')}\\nT0: ${meta.t0.slice(0, 10)} `));
  }
});

test.each(EXCHANGES)('the recorded real answer for %s keeps every family: at least 4 valid, none dropped, no repair', async (name) => {
  const answer = read(name, 'answer.json');
  const { server, outcome, snapshot } = await replay(name, [answer]);
  expect(server.requests).toHaveLength(1);
  expect(outcome.draft.abstained).toBe(false);
  expect(outcome.dropped).toEqual([]);
  const proposed = (JSON.parse(answer) as { families: unknown[] }).families.length;
  expect(outcome.draft.families.length).toBe(Math.min(5, proposed));
  expect(outcome.draft.families.length).toBeGreaterThanOrEqual(4);
  // every citation survived, and the replayed prompt showed every row the model cited
  const cited = (JSON.parse(answer) as { families: { evidence: { ref: string }[] }[] }).families.flatMap((f) => f.evidence.map((e) => e.ref));
  const kept = outcome.draft.families.flatMap((f) => f.evidence.map((e) => e.ref));
  expect(kept.sort()).toEqual([...cited].sort());
  const prompt = server.requests[0]!.body.messages[1].content as string;
  for (const ref of cited) expect(prompt).toContain(`[${ref}]`);
  const rows = new Set(snapshot.evidence.map((e) => e.ref));
  for (const ref of kept) expect(rows.has(ref)).toBe(true);
  expect(outcome.calls[0]!.error).toBeNull();
});

test('a deliberately sloppy answer is read tolerantly, its one unreadable family repaired, and nothing is dropped', async () => {
  const { server, outcome } = await replay('click', [read('click', 'answer-sloppy.json'), read('click', 'answer-sloppy-repair.json')]);
  expect(server.requests).toHaveLength(2);
  const repair = server.requests[1]!.body.messages.at(-1).content as string;
  expect(repair).toMatch(/^One family of your answer could not be used/);
  expect(repair).toContain('"Fix pager, editor and progress-bar behaviour in termui":');
  expect(repair).toContain('families[4].score');
  expect(outcome.dropped).toEqual([]);
  expect(outcome.draft.families).toHaveLength(5);
  const byTitle = new Map(outcome.draft.families.map((f) => [f.title, f]));
  const defaults = byTitle.get('Fix regressions in default, flag_value and envvar handling after the Sentinel.UNSET change')!;
  expect(defaults).toMatchObject({ category: 'bugfix', score: 0.85 });
  expect(defaults.acceptance_criteria).toHaveLength(1);
  expect(defaults.evidence.map((e) => e.ref)).toContain('pr#3079');
  expect(defaults.evidence.map((e) => e.ref)).toContain('commit:81a482fbfdd5a553cf4704f822ade04c3b102fbc');
  expect(byTitle.get('Continue converting the documentation from reStructuredText to MyST Markdown')).toMatchObject({ category: 'refactor', score: 0.8 });
  expect(byTitle.get('Fix shell completion edge cases (fish, zsh, nested groups, nargs and flag options)')!.category).toBe('bugfix');
  const runner = byTitle.get('Fix CliRunner and testing-helper behaviour (stream capture, input, exceptions)')!;
  expect(runner).toMatchObject({ category: 'bugfix', target_hints: { paths: ['src/click/testing.py'], symbols: ['CliRunner.invoke'] } });
  expect(runner.evidence.map((e) => e.ref)).toContain('commit:fde47b4b4f978f179b9dff34583cb2b99021f482');
  expect(byTitle.get('Fix pager, editor and progress-bar behaviour in termui')!.score).toBe(0.45);
  expect(outcome.calls[0]!.error).toMatch(/read tolerantly: .*category "Bugfix" read as "bugfix".*score "0\.85" read as 0\.85/);
  expect(outcome.calls[0]!.error).toContain('commit:81a482f read as commit:81a482fbfdd5a553cf4704f822ade04c3b102fbc');
});
