import { execFileSync } from 'node:child_process';
import { afterEach, beforeAll, expect, test } from 'vitest';
import { synthesizeTasks } from '../../src/api/synthesize.js';
import { createOpenAIToolChat } from '../../src/llm/tools.js';
import { openStore } from '../../src/store/open.js';
import { startOpenAIServer, type OpenAIServer, type Reply } from '../fixtures/openai-server.js';
import { call, codePointFix, NEW_TEST, PARSER_TESTS } from './code-point-task.js';
import { demoValidation } from './demo-validation.js';

let demo: Awaited<ReturnType<typeof demoValidation>>;
beforeAll(async () => {
  demo = await demoValidation();
});

const servers: OpenAIServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function serve(script: Reply[]): Promise<OpenAIServer> {
  const server = await startOpenAIServer({ chat: script });
  servers.push(server);
  return server;
}

const show = (rev: string, path: string) => execFileSync('git', ['show', `${rev}:${path}`], { cwd: demo.repo, encoding: 'utf8' });

test('the scripted agent writes tests and a fix at Tgen; the execution gate verifies the task over three runs per state', async () => {
  const quote = show('HEAD', 'src/parser/quote.js');
  const tests = show('HEAD', 'test/parser.test.js');
  // Four tasks at the category shares of the demo's T0: twice the Node.js 18 drop (F1), then the parser (F2) and the
  // retry (F4) directions, in that order. The agent gives up on all but the parser direction's (the bug the script
  // fixes is in src/parser), so its script comes third.
  const giveUp: Reply[] = ['I cannot finish.', 'Still nothing.', 'Giving up.'];
  const server = await serve([
    ...giveUp,
    ...giveUp,
    call('list_files', { path: 'src/parser' }),
    call('read_file', { path: 'src/parser/quote.js' }),
    { toolCalls: [
      { name: 'write_file', arguments: { path: 'test/parser.test.js', content: tests + NEW_TEST } },
      { name: 'write_file', arguments: { path: 'src/parser/quote.js', content: codePointFix(quote) } },
    ] },
    call('submit', {
      title: 'Code-point escapes like \\u{1F600} are rejected in quoted values',
      problem_statement: 'A config value such as `smile = "\\u{1F600}"` fails with "unknown escape \\u". Characters outside the Basic Multilingual Plane cannot be written with the four-digit form, so the braced form should be accepted in double-quoted values.',
      hints: 'Escapes are read in one place.',
    }),
    ...giveUp,
  ]);
  // The parser's test file is the test command (each of the six gate runs then takes a fraction of the whole suite's time).
  const result = await synthesizeTasks({
    db: demo.db, validation: demo.validationId, tgen: 'HEAD', total: 4, backend: 'llm', runs: 3,
    testCommand: PARSER_TESTS,
    chat: createOpenAIToolChat({ baseURL: server.baseURL, model: 'scripted' }),
  });
  // Four tasks over the validated F1 and F3 (refactor: the Node.js 18 drop, the LRU split), F2 (bugfix) and F4
  // (feature; the loose directions are held back, maxLoose 0) by the forecast's mix 2, 1, 1 of 4: one each category
  // but two for refactor, both to F1 by score (0.804 against 0.058, calib44's map as refitted in session 20: 1.87 and 0.13).
  expect(result.synthesis.tasks.map((t) => [t.familyId, t.rejection?.code ?? t.status])).toEqual([['F1', 'AGENT_GAVE_UP'], ['F1', 'AGENT_GAVE_UP'], ['F2', 'verified'], ['F4', 'AGENT_GAVE_UP']]);
  const task = result.synthesis.tasks.find((t) => t.familyId === 'F2');
  expect(task).toMatchObject({ status: 'verified', rejection: null, familyId: 'F2', category: 'bugfix', backend: 'llm' });
  expect(task!.failToPass).toEqual(['reads \\u{...} code point escapes in double-quoted values']);
  expect(task!.passToPass).toContain('parses key = value lines');
  expect(task!.passToPass.length).toBeGreaterThan(15);
  expect(task!.execution).toMatchObject({ runsPerState: 3, goldResolves: true, emptyPatchResolves: false, flaky: [], broken: [] });
  expect(task!.execution!.runs.gold).toHaveLength(3);
  expect(task!.execution!.runs.testsOnly).toHaveLength(3);
  expect(task!.testPatch).toMatch(/^diff --git a\/test\/parser\.test\.js/);
  expect(task!.goldPatch).toMatch(/^diff --git a\/src\/parser\/quote\.js/);
  expect(task!.leakage!.patch!.score).toBeLessThan(0.5);
  expect(result.synthesis.counts).toMatchObject({ tasks: 4, verified: 1, rejected: 3 });

  // The agent saw the tools, the family and the code at Tgen; its tool results were real.
  const all = server.requestsTo('chat');
  expect(all).toHaveLength(13);
  const chats = all.slice(6, 10); // the parser direction's session, after two sessions of three replies each
  expect(chats[0]!.body.tools.map((t: { function: { name: string } }) => t.function.name)).toEqual(['list_files', 'read_file', 'search', 'write_file', 'edit_file', 'delete_file', 'run_tests', 'submit']);
  expect(chats[1]!.body.messages.at(-1)).toMatchObject({ role: 'tool', content: expect.stringContaining('src/parser/quote.js') });
  const store = openStore(demo.db, { readonly: true });
  try {
    expect(store.db.prepare('SELECT count(*) FROM model_calls WHERE synthesis_id = ?').pluck().get(result.id)).toBe(13);
  } finally {
    store.close();
  }
});

test('a planted replay of a validating pull request is rejected by the leakage check before anything runs', async () => {
  const store = openStore(demo.db, { readonly: true });
  const pr = store.db.prepare<[], { sha: string; title: string; body: string }>("SELECT sha, title, body FROM work_items WHERE key = 'pr#339'").get()!;
  store.close();
  expect(pr.title).toBe('fix(parser): support \\t, \\n and \\r escapes');
  const server = await serve([
    { toolCalls: [
      { name: 'write_file', arguments: { path: 'src/parser/quote.js', content: show(pr.sha, 'src/parser/quote.js') } },
      { name: 'write_file', arguments: { path: 'test/parser.test.js', content: show(pr.sha, 'test/parser.test.js') } },
    ] },
    call('submit', { title: pr.title, problem_statement: `${pr.title}\n\n${pr.body}` }),
  ]);
  // Tgen inside the validation window, before the pull request landed.
  const result = await synthesizeTasks({
    db: demo.db, validation: demo.validationId, tgen: '2025-02-01', total: 1, backend: 'llm',
    chat: createOpenAIToolChat({ baseURL: server.baseURL, model: 'scripted' }),
  });
  const [task] = result.synthesis.tasks;
  expect(task!.status).toBe('rejected');
  expect(task!.rejection!.code).toBe('LEAKAGE_PATCH');
  expect(task!.rejection!.reason).toContain('pr#339');
  expect(task!.leakage!.patch).toMatchObject({ key: 'pr#339', scope: 'window' });
  expect(task!.leakage!.patch!.score).toBeGreaterThanOrEqual(0.5);
  expect(task!.leakage!.text.key).toBe('pr#339');
  expect(task!.execution).toBeNull();
  expect(result.synthesis.counts.rejections).toEqual({ LEAKAGE_PATCH: 1 });
});

test('tests for behaviour that already exists at Tgen pass without the gold patch: the task is rejected', async () => {
  const tests = show('HEAD', 'test/parser.test.js');
  const quote = show('HEAD', 'src/parser/quote.js');
  const server = await serve([
    { toolCalls: [
      { name: 'write_file', arguments: { path: 'test/parser.test.js', content: `${tests}\ntest('reads a tab escape', () => {\n  assert.equal(parse('a = "x\\\\ty"').a, 'x\\ty');\n});\n` } },
      { name: 'write_file', arguments: { path: 'src/parser/quote.js', content: `// Escapes of double-quoted values.\n${quote}` } },
    ] },
    call('run_tests', {}),
    call('submit', { title: 'Keep a record of what the reader accepts', problem_statement: 'Add coverage so that nobody breaks the accepted input by accident.' }),
  ]);
  // A narrower test command keeps this test quick: one file, one run per state.
  const result = await synthesizeTasks({
    db: demo.db, validation: demo.validationId, tgen: 'HEAD', total: 1, backend: 'llm', runs: 1,
    testCommand: PARSER_TESTS,
    chat: createOpenAIToolChat({ baseURL: server.baseURL, model: 'scripted' }),
  });
  expect(result.synthesis.tasks[0]!.rejection!.code).toBe('BEHAVIOUR_EXISTS');
  expect(result.synthesis.tasks[0]!.execution!.failToPass).toEqual([]);
  // run_tests answered with the real outcome of the suite.
  expect(server.requestsTo('chat')[2]!.body.messages.at(-1).content).toMatch(/^exit 0; \d+ passed, 0 failed/);
});

test('a synthesis that fails at task 2 keeps task 1 and its model calls, each call with its task id', async () => {
  // Task 1: one step, no submit (AGENT_GAVE_UP); task 2: the endpoint fails (script exhausted: HTTP 500, no retries).
  const server = await serve([call('list_files', { path: 'src' })]);
  const failed = synthesizeTasks({
    db: demo.db, validation: demo.validationId, tgen: 'HEAD', total: 2, backend: 'llm', maxSteps: 1,
    testCommand: PARSER_TESTS,
    chat: createOpenAIToolChat({ baseURL: server.baseURL, model: 'scripted', maxRetries: 0 }),
  });
  await expect(failed).rejects.toThrow();
  const store = openStore(demo.db, { readonly: true });
  try {
    const synthesis = store.db.prepare<[], { id: number; state: string; error: string; counts: string }>('SELECT id, state, error, counts FROM syntheses ORDER BY id DESC LIMIT 1').get()!;
    expect(synthesis.state).toBe('failed');
    expect(synthesis.error).toMatch(/500|script exhausted/);
    expect(JSON.parse(synthesis.counts)).toMatchObject({ tasks: 1, rejected: 1 });
    const tasks = store.db.prepare<[number], { id: number; ord: number; rejection_code: string }>('SELECT id, ord, rejection_code FROM tasks WHERE synthesis_id = ?').all(synthesis.id);
    expect(tasks).toEqual([{ id: expect.any(Number), ord: 0, rejection_code: 'AGENT_GAVE_UP' }]);
    const calls = store.db.prepare<[number], { task_id: number | null; error: string | null }>('SELECT task_id, error FROM model_calls WHERE synthesis_id = ? ORDER BY id').all(synthesis.id);
    // Task 1's call carries its id; the failed call of task 2 is kept too, with its error and no task row to point to.
    expect(calls[0]).toEqual({ task_id: tasks[0]!.id, error: null });
    expect(calls.slice(1).every((c) => c.task_id === null && c.error !== null)).toBe(true);
    expect(calls.length).toBeGreaterThanOrEqual(2);
  } finally {
    store.close();
  }
});

test('a reply cut at finish_reason "length" is answered with what happened and what to do, not a JSON error; the model is told the test environment', async () => {
  const cut = {
    id: 'c1', object: 'chat.completion', created: 0, model: 'scripted',
    choices: [{ index: 0, finish_reason: 'length', message: { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'write_file', arguments: '{"path":"src/parser/quote.js","content":"export function rea' } }] } }],
    usage: { prompt_tokens: 10, completion_tokens: 4096 },
  };
  const server = await serve([{ rawBody: JSON.stringify(cut), contentType: 'application/json' }, 'thinking']);
  const result = await synthesizeTasks({
    db: demo.db, validation: demo.validationId, tgen: 'HEAD', total: 1, backend: 'llm', maxSteps: 2, testCommand: PARSER_TESTS,
    chat: createOpenAIToolChat({ baseURL: server.baseURL, model: 'scripted', maxRetries: 0 }),
  });
  expect(result.synthesis.tasks[0]!.rejection!.code).toBe('AGENT_GAVE_UP');
  const chats = server.requestsTo('chat');
  expect(chats[0]!.body.messages[0].content).toContain('CI=1 NO_COLOR=1 FORCE_COLOR=0');
  const answer = chats[1]!.body.messages.at(-1);
  expect(answer).toMatchObject({ role: 'tool', tool_call_id: 'call_1' });
  expect(answer.content).toContain('finish_reason "length"');
  expect(answer.content).not.toContain('not valid JSON');
  expect(execFileSync('git', ['status', '--short'], { cwd: demo.repo, encoding: 'utf8' })).toBe('');
});
