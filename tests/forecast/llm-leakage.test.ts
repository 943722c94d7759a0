import { afterEach, expect, test } from 'vitest';
import { UserError } from '../../src/errors.js';
import { createLlmForecaster } from '../../src/forecast/llm/index.js';
import { createOpenAIChat } from '../../src/llm/openai-chat.js';
import type { Evidence } from '../../src/snapshot/model.js';
import { startOpenAIServer, type OpenAIServer, type Reply } from '../fixtures/openai-server.js';
import { answer, BACKOFF, family } from '../llm/answers.js';
import { EVIDENCE, LATER, makeSnapshot, todo, workItem } from '../llm/snapshot-literal.js';

let server: OpenAIServer | undefined;
afterEach(async () => {
  await server?.close();
});

async function forecast(evidence: Evidence[], script: Reply[]) {
  server = await startOpenAIServer(script);
  const chat = createOpenAIChat({ baseURL: server.baseURL, model: 'm', maxRetries: 0 });
  const forecaster = createLlmForecaster({ chat, cutoff: '2023-10-01', allowModelAfterT0: false });
  return forecaster.forecast({ snapshot: makeSnapshot(evidence), seed: 5, maxFamilies: 5 });
}

test('every request carries the snapshot\'s evidence texts and none of the later work', async () => {
  const outcome = await forecast(EVIDENCE, ['{"families": "oops"}', answer(family(), BACKOFF)]);
  expect(server!.requests).toHaveLength(2);
  const expected = [
    'Fix escaped quotes in the parser', 'Add a retry loop to the HTTP client', 'Parser: support nested quotes in attributes',
    'handle nested quotes in attribute values', 'no backoff yet between retries', 'parser accepts nested quotes',
    'exponential backoff for retries', 'hotspot:src/parser', 'v0.1.0', 'quill', '2024-07-01',
  ];
  for (const request of server!.requests) {
    for (const text of expected) expect(request.raw).toContain(text);
    for (const text of [...LATER, 'CANARY']) expect(request.raw).not.toContain(text);
    // Bot work, done roadmap items and the path on disk are not sent either.
    for (const text of ['Bump lodash', 'parser skeleton', '/home/ana']) expect(request.raw).not.toContain(text);
  }
  expect(JSON.stringify(outcome)).not.toContain('CANARY');
});

test('a snapshot row dated after T0 makes the forecaster throw before any request', async () => {
  const leaked = [...EVIDENCE, todo('src/parser/tokenize.js', 1, '2024-07-10T00:00:00.000Z', 'TODO', LATER[2]!)];
  const err = await forecast(leaked, [answer(family())]).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(UserError);
  expect((err as UserError).code).toBe('EVIDENCE_AFTER_T0');
  expect((err as UserError).message).toContain('todo:src/parser/tokenize.js:1');
  expect(server!.requests).toHaveLength(0);
});

test('a work item merged after T0 behind a row dated before it is refused too', async () => {
  const row = workItem('pr#9', '2024-06-30T00:00:00.000Z', LATER[0]!, ['src/http/retry.js']);
  const smuggled = { ...row, item: { ...row.item, mergedAt: '2024-07-02T00:00:00.000Z' } };
  const err = await forecast([...EVIDENCE, smuggled], [answer(family())]).catch((e: unknown) => e);
  expect((err as UserError).code).toBe('EVIDENCE_AFTER_T0');
  expect(server!.requests).toHaveLength(0);
});
