import { afterEach, expect, test } from 'vitest';
import { UserError } from '../../src/errors.js';
import { ModelCall } from '../../src/llm/model.js';
import { createOpenAIChat } from '../../src/llm/openai-chat.js';
import { annotateLastCall, recordingChat } from '../../src/llm/record.js';
import { startOpenAIServer, type OpenAIServer } from '../fixtures/openai-server.js';

let server: OpenAIServer | undefined;
afterEach(async () => {
  await server?.close();
});

const request = { messages: [{ role: 'user' as const, content: 'hello' }], temperature: 0, json: true, seed: 3 };

test('every call is recorded with its request, raw response, tokens and timing, and no key', async () => {
  server = await startOpenAIServer([{ content: '{"a":1}', usage: { prompt_tokens: 9, completion_tokens: 4 } }]);
  const calls: ModelCall[] = [];
  const chat = recordingChat(createOpenAIChat({ baseURL: server.baseURL, model: 'm', apiKey: 'sk-record-SECRET-9' }), 'forecast', calls);
  await chat.complete(request);
  expect(calls).toHaveLength(1);
  const call = ModelCall.parse(calls[0]);
  expect(call).toMatchObject({ purpose: 'forecast', model: 'm', baseURL: server.baseURL, response: '{"a":1}', error: null, promptTokens: 9, completionTokens: 4 });
  expect(JSON.parse(call.request)).toEqual({ model: 'm', ...request });
  expect(Date.parse(call.startedAt)).not.toBeNaN();
  expect(call.durationMs).toBeGreaterThanOrEqual(0);
  expect(server.requests[0]!.headers.authorization).toBe('Bearer sk-record-SECRET-9');
  expect(JSON.stringify(calls)).not.toContain('SECRET');
});

test('a failed call is recorded with its error code, then the error is rethrown', async () => {
  server = await startOpenAIServer([{ status: 401, body: { error: { message: 'bad key sk-record-SECRET-9' } } }]);
  const calls: ModelCall[] = [];
  const chat = recordingChat(createOpenAIChat({ baseURL: server.baseURL, model: 'm', apiKey: 'sk-record-SECRET-9' }), 'judge', calls);
  const err = await chat.complete(request).catch((e: unknown) => e);
  expect((err as UserError).code).toBe('LLM_AUTH');
  expect(calls).toHaveLength(1);
  expect(calls[0]).toMatchObject({ purpose: 'judge', response: null, promptTokens: null });
  expect(calls[0]!.error).toMatch(/^LLM_AUTH: /);
  expect(JSON.stringify(calls)).not.toContain('SECRET');
});

test('a problem found after the call is noted on the latest record', () => {
  const calls: ModelCall[] = [];
  annotateLastCall(calls, 'nothing to note on');
  expect(calls).toEqual([]);
  calls.push({ purpose: 'p', model: 'm', baseURL: 'u', request: '{}', response: 'x', error: null, promptTokens: null, completionTokens: null, startedAt: '2024-01-01T00:00:00.000Z', durationMs: 1 });
  annotateLastCall(calls, 'output did not validate: families: required');
  expect(calls[0]!.error).toBe('output did not validate: families: required');
});
