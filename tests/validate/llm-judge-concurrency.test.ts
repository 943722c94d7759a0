import { afterEach, expect, test } from 'vitest';
import { UserError } from '../../src/errors.js';
import type { ModelCall } from '../../src/llm/model.js';
import { createOpenAIChat } from '../../src/llm/openai-chat.js';
import { createLlmJudge } from '../../src/validate/judges/llm.js';
import type { TaskFamily } from '../../src/forecast/model.js';
import { startOpenAIServer, type CapturedRequest, type OpenAIServer, type Reply } from '../fixtures/openai-server.js';
import { BACKOFF, FILLER, item, PARAPHRASE, QUOTES, UNRELATED } from './judge-literals.js';

/**
 * The llm judge's `concurrency` (--llm-concurrency): that many families' requests in flight at once, against a real
 * HTTP server on 127.0.0.1 speaking the OpenAI wire format; the verdicts and the recorded calls are those of one
 * family at a time, in family order.
 */
const servers: OpenAIServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const QUOTES_FIX = item('pr#23', 'fix(parser): single quotes inside attribute values', ['src/parser/attr.ts'], 'Attribute values with quotes parse again.');
const LATER = [PARAPHRASE, QUOTES_FIX, UNRELATED, ...FILLER];

/** Six families: the backoff and quotes families three times each, under their own ids. */
const FAMILIES: TaskFamily[] = [1, 2, 3].flatMap((n) => [
  { ...BACKOFF, id: `B${n}` },
  { ...QUOTES, id: `Q${n}` },
]);

/** The family a request is about. */
function familyOf(request: CapturedRequest): string {
  return /^Forecast task family (\S+)/.exec(String(request.body.messages[1].content))![1]!;
}

/**
 * Answers by family, whatever the order requests come in: a backoff family finds pr#21 strong, a quotes family pr#23
 * related; Q2's first answer is not JSON (its repair, a longer conversation, answers), B3's names an unknown key first.
 */
function answerFor(request: CapturedRequest): Reply {
  const family = familyOf(request);
  const repair = request.body.messages.length > 2;
  if (family === 'Q2' && !repair) return 'not json at all';
  if (family === 'B3' && !repair) return JSON.stringify({ label: 'strong', matches: [{ key: 'pr#999', label: 'strong', reason: 'a guess' }], reason: 'guessed' });
  return family.startsWith('B')
    ? JSON.stringify({ label: 'strong', matches: [{ key: 'PR #21', label: 'strong', reason: `${family}: adds the backoff` }], reason: 'pr#21' })
    : JSON.stringify({ label: 'related', matches: [{ key: 'pr#23', label: 'related', reason: `${family}: another quoting fix` }], reason: 'pr#23' });
}

/** A script that counts requests in flight; with `hold`, each waits until a second is in flight (or a fallback lets it go). */
function countingScript(hold: boolean) {
  let inFlight = 0;
  let maxInFlight = 0;
  let open = !hold;
  const waiting: (() => void)[] = [];
  const release = () => {
    open = true;
    waiting.splice(0).forEach((go) => go());
  };
  const fallback = hold ? setTimeout(release, 3_000) : undefined;
  const script = async (request: CapturedRequest): Promise<Reply> => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    if (inFlight >= 2) release();
    if (!open) await new Promise<void>((go) => waiting.push(go));
    inFlight--;
    return answerFor(request);
  };
  return { script, maxInFlight: () => maxInFlight, done: () => clearTimeout(fallback) };
}

/** Judges FAMILIES through `server`, whose requests `counting` answers. */
async function judgeWith(server: OpenAIServer, counting: ReturnType<typeof countingScript>, concurrency: number) {
  const judge = createLlmJudge({ chat: createOpenAIChat({ baseURL: server.baseURL, model: 'judge-model', maxRetries: 0 }), concurrency });
  try {
    const outcome = await judge.judge({ families: FAMILIES, later: LATER });
    return { ...outcome, maxInFlight: counting.maxInFlight() };
  } finally {
    counting.done();
  }
}

/** A call without its timing (when it started and how long it took differ from run to run). */
const untimed = (calls: readonly ModelCall[]) => calls.map(({ startedAt: _s, durationMs: _d, ...rest }) => rest);

test('with concurrency 4 several requests are in flight, and the verdicts and calls are those of one at a time, in family order', async () => {
  // One server for both runs (the calls record its address), answering through the script of the run at hand.
  let counting = countingScript(false);
  const server = await startOpenAIServer((request) => counting.script(request));
  servers.push(server);
  const one = await judgeWith(server, counting, 1);
  counting = countingScript(true);
  const four = await judgeWith(server, counting, 4);
  expect(one.maxInFlight).toBe(1);
  expect(four.maxInFlight).toBeGreaterThan(1);
  expect(four.verdicts).toEqual(one.verdicts);
  expect(untimed(four.calls)).toEqual(untimed(one.calls));
  expect(four.config).toEqual(one.config);
  expect(one.verdicts.map((v) => [v.familyId, v.label])).toEqual([
    ['B1', 'strong'], ['Q1', 'related'], ['B2', 'strong'], ['Q2', 'related'], ['B3', 'strong'], ['Q3', 'related'],
  ]);
  // Calls in family order, each family's repair right after its first call.
  expect(one.calls.map((c) => [JSON.parse(c.request).messages[1].content.split('\n')[0], c.purpose])).toEqual([
    ['Forecast task family B1', 'judge'],
    ['Forecast task family Q1', 'judge'],
    ['Forecast task family B2', 'judge'],
    ['Forecast task family Q2', 'judge'],
    ['Forecast task family Q2', 'judge-repair'],
    ['Forecast task family B3', 'judge'],
    ['Forecast task family B3', 'judge-repair'],
    ['Forecast task family Q3', 'judge'],
  ]);
  expect(server.requestsTo('chat')).toHaveLength(16);
});

test('a request that fails under concurrency is the chat client\'s user error, and no verdict comes back', async () => {
  const server = await startOpenAIServer((request) => (familyOf(request) === 'Q2' ? { status: 500 } : answerFor(request)));
  servers.push(server);
  const judge = createLlmJudge({ chat: createOpenAIChat({ baseURL: server.baseURL, model: 'judge-model', maxRetries: 0 }), concurrency: 4 });
  const error = await judge.judge({ families: FAMILIES, later: LATER }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(UserError);
  expect((error as UserError).code).toBe('LLM_SERVER_ERROR');
});

test('concurrency outside 1..16 is a bad option', () => {
  const chat = createOpenAIChat({ baseURL: 'http://127.0.0.1:9/v1', model: 'm' });
  for (const concurrency of [0, 17, 1.5]) {
    expect(() => createLlmJudge({ chat, concurrency })).toThrow(/concurrency/);
  }
});

test('calls in progress at once share the judge\'s slots: at most `concurrency` requests in flight in all, each call\'s verdicts as alone', async () => {
  let counting = countingScript(false);
  const server = await startOpenAIServer((request) => counting.script(request));
  servers.push(server);
  const alone = await judgeWith(server, counting, 1);
  counting = countingScript(true);
  const judge = createLlmJudge({ chat: createOpenAIChat({ baseURL: server.baseURL, model: 'judge-model', maxRetries: 0 }), concurrency: 2 });
  try {
    const both = await Promise.all([judge.judge({ families: FAMILIES, later: LATER }), judge.judge({ families: FAMILIES.slice(0, 3), later: LATER })]);
    expect(counting.maxInFlight()).toBe(2);
    expect(both[0].verdicts).toEqual(alone.verdicts);
    expect(both[1].verdicts).toEqual(alone.verdicts.slice(0, 3));
  } finally {
    counting.done();
  }
});

test('a failed request ends every call in progress with its error; the judge\'s next call starts afresh', async () => {
  let fail = true;
  const server = await startOpenAIServer((request) => (fail && familyOf(request) === 'Q1' ? { status: 500 } : answerFor(request)));
  servers.push(server);
  const judge = createLlmJudge({ chat: createOpenAIChat({ baseURL: server.baseURL, model: 'judge-model', maxRetries: 0 }), concurrency: 2 });
  const results = await Promise.allSettled([judge.judge({ families: FAMILIES, later: LATER }), judge.judge({ families: FAMILIES.slice(2), later: LATER })]);
  for (const r of results) {
    expect(r.status).toBe('rejected');
    expect((r as PromiseRejectedResult).reason).toBeInstanceOf(UserError);
  }
  // Had every family of both calls been asked: 8 + 6 requests (Q2's and B3's repairs in each). The failure stopped them.
  expect(server.requestsTo('chat').length).toBeLessThan(14);
  fail = false;
  const again = await judge.judge({ families: FAMILIES, later: LATER });
  expect(again.verdicts.map((v) => v.label)).toEqual(['strong', 'related', 'strong', 'related', 'strong', 'related']);
});
