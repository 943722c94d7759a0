import { afterEach, expect, test } from 'vitest';
import { UserError } from '../../src/errors.js';
import { ModelCall } from '../../src/llm/model.js';
import { createOpenAIChat } from '../../src/llm/openai-chat.js';
import { createLlmJudge, JUDGE_OUTPUT_INVALID } from '../../src/validate/judges/llm.js';
import { Verdict } from '../../src/validate/model.js';
import type { WorkItem } from '../../src/sources/model.js';
import type { TaskFamily } from '../../src/forecast/model.js';
import { startOpenAIServer, type CapturedRequest, type OpenAIServer, type Script } from '../fixtures/openai-server.js';
import { BACKOFF, item, PARAPHRASE, QUOTES, UNRELATED } from './judge-literals.js';

const servers: OpenAIServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const QUOTES_FIX = item('pr#23', 'fix(parser): single quotes inside attribute values', ['src/parser/attr.ts'], 'Attribute values with quotes parse again.');

async function run(script: Script, families: TaskFamily[], later: WorkItem[], options: { maxCandidates?: number; maxRetries?: number } = {}) {
  const server = await startOpenAIServer(script);
  servers.push(server);
  const chat = createOpenAIChat({ baseURL: server.baseURL, model: 'judge-model', maxRetries: options.maxRetries ?? 0 });
  const judge = createLlmJudge({ chat, ...(options.maxCandidates !== undefined ? { maxCandidates: options.maxCandidates } : {}) });
  const outcome = await judge.judge({ families, later });
  for (const v of outcome.verdicts) expect(Verdict.parse(v)).toEqual(v);
  for (const c of outcome.calls) expect(ModelCall.parse(c)).toEqual(c);
  return { server, ...outcome };
}

function answer(label: string, matches: { key: string; label: string; reason?: string }[], reason = 'because'): string {
  return JSON.stringify({ label, matches: matches.map((m) => ({ reason: `${m.key} fits`, ...m })), reason });
}

/** The user message of a captured chat request (the family and its candidates). */
function prompt(request: CapturedRequest): string {
  return request.body.messages[1].content as string;
}

/** Answers by family: F1 finds pr#21 strong, F2 finds pr#23 related. */
const byFamily: Script = (request) =>
  prompt(request).startsWith('Forecast task family F1')
    ? answer('strong', [{ key: 'pr#21', label: 'strong', reason: 'adds the exponential backoff the family predicted' }])
    : answer('related', [{ key: 'pr#23', label: 'related', reason: 'another parser quoting fix' }]);

test('one call per family labels each family from the model\'s answer, naming the best item', async () => {
  const { server, verdicts, calls, config } = await run(byFamily, [BACKOFF, QUOTES], [UNRELATED, PARAPHRASE, QUOTES_FIX]);
  expect(verdicts.map((v) => [v.familyId, v.label])).toEqual([['F1', 'strong'], ['F2', 'related']]);
  expect(verdicts[0]!.reason).toBe('strong: pr#21 "Add exponential backoff between HTTP retries" (adds the exponential backoff the family predicted)');
  expect(verdicts[0]!.matches).toEqual([
    { key: 'pr#21', title: PARAPHRASE.title, label: 'strong', score: verdicts[0]!.score, reason: 'adds the exponential backoff the family predicted' },
  ]);
  expect(verdicts[1]!.matches.map((m) => [m.key, m.label])).toEqual([['pr#23', 'related']]);
  const requests = server.requestsTo('chat');
  expect(requests).toHaveLength(2);
  for (const r of requests) {
    expect(r.body).toMatchObject({ model: 'judge-model', temperature: 0, seed: 0, max_tokens: 1024, response_format: { type: 'json_object' } });
  }
  expect(prompt(requests[0]!)).toContain('"key":"pr#21"');
  expect(calls.map((c) => [c.purpose, c.error])).toEqual([['judge', null], ['judge', null]]);
  expect(config).toEqual({
    prompt: 'llm-judge-v7', model: 'judge-model', baseURL: server.baseURL, maxCandidates: 8, candidateBodyChars: 600,
    directionBonus: 0.3, specificTouchBonus: 0.1, directionRules: 'direction-v28', standingNoteRule: 'standing-note-v2', temperature: 0, seed: 0, maxTokens: 1024,
  });
});

test('the same inputs, later work in any order, send the same requests and give the same verdicts', async () => {
  const first = await run(byFamily, [BACKOFF, QUOTES], [UNRELATED, PARAPHRASE, QUOTES_FIX]);
  const second = await run(byFamily, [BACKOFF, QUOTES], [QUOTES_FIX, PARAPHRASE, UNRELATED]);
  expect(second.verdicts).toEqual(first.verdicts);
  expect(second.server.requests.map((r) => r.raw)).toEqual(first.server.requests.map((r) => r.raw));
});

test('a key that names no candidate gets one repair request; what the repair names is kept, in the model\'s order', async () => {
  const first = answer('strong', [{ key: 'pr#999', label: 'strong' }, { key: 'pr#21', label: 'related' }]);
  const repaired = answer('strong', [{ key: 'pr#21', label: 'strong' }]);
  const { server, verdicts, calls } = await run([first, repaired], [BACKOFF], [PARAPHRASE, UNRELATED]);
  expect(verdicts[0]!.label).toBe('strong');
  expect(verdicts[0]!.matches.map((m) => [m.key, m.label])).toEqual([['pr#21', 'strong']]);
  expect(JSON.stringify(verdicts)).not.toMatch(/pr#999/);
  expect(calls.map((c) => [c.purpose, c.error])).toEqual([['judge', 'dropped keys not among the candidates: pr#999'], ['judge-repair', null]]);
  const repair = server.requestsTo('chat')[1]!.body.messages as { role: string; content: string }[];
  expect(repair[3]!.content).toMatch(/keys that are not among the candidates: pr#999; use the keys exactly as given/);
});

test('when the repair fails too, the first answer\'s matches that name candidates stay', async () => {
  const first = answer('strong', [{ key: 'pr#999', label: 'strong' }, { key: 'pr#21', label: 'related' }]);
  const { verdicts } = await run([first, 'not json'], [BACKOFF], [PARAPHRASE, UNRELATED]);
  expect(verdicts[0]!.matches.map((m) => [m.key, m.label])).toEqual([['pr#21', 'related']]);
});

test('keys written "PR #21", "#21" or a short SHA are read as the candidates they name, with no repair', async () => {
  const direct = { ...item('commit:0123456789abcdef0123456789abcdef01234567', 'Add backoff to HTTP retries for the stream client', ['src/http/stream.ts']), sha: '0123456789abcdef0123456789abcdef01234567' };
  const quotes = item('pr#4578', 'Backoff for HTTP retries of uploads', ['src/http/upload.ts']);
  const reply = answer('strong', [{ key: 'PR #21', label: 'strong' }, { key: '#4578', label: 'related' }, { key: '0123456', label: 'related' }, { key: 'pr#21', label: 'strong' }]);
  const { verdicts, calls } = await run([reply], [BACKOFF], [PARAPHRASE, quotes, direct]);
  expect(verdicts[0]!.matches.map((m) => [m.key, m.label])).toEqual([['pr#21', 'strong'], ['pr#4578', 'related'], [direct.key, 'related']]);
  expect(calls.map((c) => [c.purpose, c.error])).toEqual([['judge', null]]);
});

test('the verdict keeps every match the model named, in the model\'s order, and its reason names the model\'s first', async () => {
  const others = [1, 2, 3, 4, 5, 6].map((n) => item(`pr#${60 + n}`, `HTTP retries: backoff case ${n}`, ['src/http/retry.ts']));
  const named = [{ key: 'pr#66', label: 'strong', reason: 'the one the model ranks first' }, { key: 'pr#21', label: 'strong' }, ...[61, 62, 63, 64, 65].map((n) => ({ key: `pr#${n}`, label: 'related' }))];
  const { verdicts } = await run([answer('strong', named)], [BACKOFF], [PARAPHRASE, ...others]);
  expect(verdicts[0]!.matches.map((m) => m.key)).toEqual(['pr#66', 'pr#21', 'pr#61', 'pr#62', 'pr#63', 'pr#64', 'pr#65']);
  expect(verdicts[0]!.reason).toMatch(/^strong: pr#66 "HTTP retries: backoff case 6" \(the one the model ranks first\); 7 matches in all$/);
});

test('wide work that touches a busy family path does not outrank the real matches, and each candidate says whether it touches the family\'s paths and which files', async () => {
  // BACKOFF names src/http; most later work touches it (a busy path): touching it earns no bonus.
  const wide = [1, 2, 3, 4, 5, 6].map((n) => item(`pr#${80 + n}`, `chore: reorder imports ${n}`, [`src/http/m${n}.ts`, ...Array.from({ length: 14 }, (_, j) => `src/other${j}/f.ts`)]));
  const target = item('pr#90', 'Exponential backoff between retries', [...Array.from({ length: 14 }, (_, j) => `lib/a${j}/x.ts`), 'src/http/retry.ts'], 'Failed HTTP requests now wait longer.');
  const { server } = await run(() => answer('rejected', [], 'none'), [BACKOFF], [...wide, target], { maxCandidates: 2 });
  const sent = prompt(server.requestsTo('chat')[0]!);
  const lines = sent.split('\n').filter((l) => l.startsWith('{"key"')).map((l) => JSON.parse(l) as { key: string; touches_family_paths: boolean; files: string[] });
  expect(lines[0]!.key).toBe('pr#90');
  // The family's file first, never hidden behind "+N more".
  expect(lines[0]!.touches_family_paths).toBe(true);
  expect(lines[0]!.files[0]).toBe('src/http/retry.ts');
  expect(lines[0]!.files.at(-1)).toBe('+3 more');
});

test('a malformed answer is repaired once, with the answer and its problem sent back', async () => {
  const { server, verdicts, calls } = await run(['{"label": "strong", "matches": [', answer('strong', [{ key: 'pr#21', label: 'strong' }])], [BACKOFF], [PARAPHRASE]);
  expect(verdicts[0]!.label).toBe('strong');
  const repair = server.requestsTo('chat')[1]!.body.messages as { role: string; content: string }[];
  expect(repair.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
  expect(repair[2]!.content).toBe('{"label": "strong", "matches": [');
  expect(repair[3]!.content).toMatch(/^Your answer could not be used:\n- not JSON: /);
  expect(calls.map((c) => c.purpose)).toEqual(['judge', 'judge-repair']);
  expect(calls[0]!.error).toMatch(/^output did not validate: not JSON/);
  expect(calls[1]!.error).toBeNull();
});

test('an answer of the wrong shape is repaired like malformed JSON', async () => {
  const { verdicts, calls } = await run([JSON.stringify({ label: 'maybe', matches: [] }), answer('rejected', [], 'nothing fits')], [BACKOFF], [PARAPHRASE]);
  expect(calls[0]!.error).toContain('label: Invalid option');
  expect(calls[0]!.error).toContain('reason:');
  expect(verdicts[0]!.label).toBe('rejected');
  expect(verdicts[0]!.reason).toMatch(/^rejected: nearest was pr#21 .*not named by the model.*; model: nothing fits$/);
});

test('an answer still malformed after the repair rejects that family with a reason, and the next family is judged', async () => {
  const { verdicts, calls } = await run(['not json', '{"label": "strong"}', answer('related', [{ key: 'pr#23', label: 'related' }])], [BACKOFF, QUOTES], [PARAPHRASE, QUOTES_FIX]);
  expect(verdicts[0]).toEqual({ familyId: 'F1', category: 'feature', label: 'rejected', score: 0, reason: JUDGE_OUTPUT_INVALID, matches: [] });
  expect(verdicts[1]!.label).toBe('related');
  expect(calls.map((c) => c.purpose)).toEqual(['judge', 'judge-repair', 'judge']);
  expect(calls[1]!.error).toContain('output did not validate: reason:');
});

test('requests hold no patch, no family evidence or rationale, and no later item beyond the candidates', async () => {
  const patched = item('pr#30', 'Retry jitter for HTTP retries', ['src/http/retry.ts'], 'Adds jitter.\n```diff\n- PATCH-SECRET old\n+ new\n```\ndiff --git a/x b/x\n@@ -1 +1 @@\nThanks.');
  const runnerUp = item('pr#31', 'RUNNER-UP retries for http', ['docs/http.md'], 'RUNNER-UP-BODY');
  const { server } = await run(() => answer('rejected', [], 'none'), [BACKOFF], [PARAPHRASE, patched, runnerUp, UNRELATED], { maxCandidates: 2 });
  const sent = server.requests.map((r) => r.raw).join('\n');
  expect(sent).toContain('pr#21');
  expect(sent).toContain('Adds jitter. Thanks.');
  expect(sent).not.toMatch(/PATCH-SECRET|diff --git|@@ -1|EVIDENCE-SECRET|RATIONALE-SECRET|RUNNER-UP|typo in README|install command/);
});

test('a family no later item shares a word or path with is rejected without a call', async () => {
  const { server, verdicts, calls } = await run([], [QUOTES], [item('pr#40', 'Release 2.0', ['package.json'], 'Version bump.')]);
  expect(verdicts[0]).toMatchObject({ label: 'rejected', reason: 'rejected: none of the 1 later items shares a word or a path with the family' });
  expect(server.requests).toHaveLength(0);
  expect(calls).toEqual([]);
});

test('a rate-limited request is retried after retry-after and then succeeds', async () => {
  const { server, verdicts, calls } = await run(
    [{ status: 429, headers: { 'retry-after': '0' } }, answer('strong', [{ key: 'pr#21', label: 'strong' }])],
    [BACKOFF],
    [PARAPHRASE],
    { maxRetries: 2 },
  );
  expect(server.requestsTo('chat')).toHaveLength(2);
  expect(verdicts[0]!.label).toBe('strong');
  // Every attempt is a recorded call (cli-contract.md): the rate-limited one, then the answer.
  expect(calls).toHaveLength(2);
  expect(calls[0]!.error).toMatch(/^attempt 1 of 2 failed: HTTP 429/);
  expect(calls[1]!.error).toBeNull();
});

test('a bad candidate limit is refused before any request', () => {
  const chat = createOpenAIChat({ baseURL: 'http://127.0.0.1:9/v1', model: 'm' });
  const err = (() => {
    try {
      createLlmJudge({ chat, maxCandidates: 0 });
    } catch (e) {
      return e;
    }
  })();
  expect(err).toBeInstanceOf(UserError);
  expect((err as UserError).code).toBe('JUDGE_BAD_OPTION');
});

test('a candidate shows what its diff adds where the clone had it, the family\'s own symbols first, and nothing when it had not', async () => {
  const family = { ...BACKOFF, target_hints: { paths: ['src/http'], symbols: ['retry_after_seconds'] } };
  const target = item('pr#90', 'Tidy the HTTP client', ['src/http/client.ts']);
  const other = item('pr#91', 'Exponential backoff in the HTTP client', ['src/http/other.ts']);
  const server = await startOpenAIServer(() => answer('rejected', [], 'none'));
  servers.push(server);
  const chat = createOpenAIChat({ baseURL: server.baseURL, model: 'judge-model', maxRetries: 0 });
  const added = { 'pr#90': ['aaaa', 'client.retry_after_seconds', 'retry_after_seconds', 'zzzz_helper'] };
  await createLlmJudge({ chat }).judge({ families: [family], later: [target, other], added });
  const lines = prompt(server.requestsTo('chat')[0]!).split('\n').filter((l) => l.startsWith('{"key"')).map((l) => JSON.parse(l) as { key: string; diff_adds?: string[] });
  expect(lines.find((l) => l.key === 'pr#90')!.diff_adds).toEqual(['retry_after_seconds', 'client.retry_after_seconds', 'zzzz_helper', 'aaaa']);
  expect(lines.find((l) => l.key === 'pr#91')).not.toHaveProperty('diff_adds');
});

test('a family whose note still stands at the window end is rejected whatever the model said, its matches kept in the model\'s order', async () => {
  const server = await startOpenAIServer(byFamily);
  servers.push(server);
  const judge = createLlmJudge({ chat: createOpenAIChat({ baseURL: server.baseURL, model: 'judge-model', maxRetries: 0 }) });
  const { verdicts, calls } = await judge.judge({ families: [BACKOFF, QUOTES], later: [UNRELATED, PARAPHRASE, QUOTES_FIX], standing: { F1: 'TODO: back off between retries' } });
  expect(verdicts.map((v) => [v.familyId, v.label])).toEqual([['F1', 'rejected'], ['F2', 'related']]);
  expect(verdicts[0]!.matches.map((m) => [m.key, m.label])).toEqual([['pr#21', 'rejected']]);
  expect(verdicts[0]!.reason).toMatch(/^rejected: its note "TODO: back off between retries" still stands at the window's end \(work not done\); the model said strong: pr#21/);
  // The model is asked as before (recorded exchanges replay unchanged).
  expect(calls.map((c) => c.purpose)).toEqual(['judge', 'judge']);
});
