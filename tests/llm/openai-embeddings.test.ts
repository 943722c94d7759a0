import { afterEach, expect, test } from 'vitest';
import { UserError } from '../../src/errors.js';
import { createOpenAIEmbeddings } from '../../src/llm/openai-embeddings.js';
import { hashEmbedding, startOpenAIServer, type OpenAIServer, type ServerScript } from '../fixtures/openai-server.js';

const servers: OpenAIServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function serve(script: ServerScript = {}): Promise<OpenAIServer> {
  const server = await startOpenAIServer(script);
  servers.push(server);
  return server;
}

test('texts are embedded in batches and come back in input order', async () => {
  const server = await serve();
  const model = createOpenAIEmbeddings({ baseURL: server.baseURL, model: 'embed-small', batchSize: 2 });
  const texts = ['retry with backoff', 'parser nested quotes', 'tokenizer', '', 'retry with backoff'];
  const vectors = await model.embed(texts);
  expect(vectors).toEqual(texts.map((t) => hashEmbedding(t === '' ? ' ' : t)));
  const batches = server.requestsTo('embeddings').map((r) => r.body);
  expect(batches.map((b) => b.input)).toEqual([['retry with backoff', 'parser nested quotes'], ['tokenizer', ' '], ['retry with backoff']]);
  expect(batches.every((b) => b.model === 'embed-small' && b.encoding_format === 'float')).toBe(true);
});

test('the same text always gets the same vector, and no texts make no request', async () => {
  const server = await serve();
  const model = createOpenAIEmbeddings({ baseURL: server.baseURL, model: 'e' });
  expect(await model.embed([])).toEqual([]);
  expect(server.requests).toHaveLength(0);
  const [a] = await model.embed(['same text']);
  const [b] = await model.embed(['same text']);
  expect(a).toEqual(b);
});

test('embedding failures map to the chat client\'s error codes', async () => {
  const server = await serve({ embeddings: [{ status: 500, headers: { 'retry-after': '0' } }, { status: 503, headers: { 'retry-after': '0' } }, { status: 401 }] });
  const model = createOpenAIEmbeddings({ baseURL: server.baseURL, model: 'e', maxRetries: 1, apiKey: 'sk-embed-secret-1' });
  const first = await model.embed(['x']).catch((e: unknown) => e);
  expect(first).toBeInstanceOf(UserError);
  expect((first as UserError).code).toBe('LLM_SERVER_ERROR');
  const second = await model.embed(['x']).catch((e: unknown) => e);
  expect((second as UserError).code).toBe('LLM_AUTH');
  expect(server.requests[0]!.headers.authorization).toBe('Bearer sk-embed-secret-1');
});

test('a response with the wrong number of vectors is LLM_BAD_RESPONSE', async () => {
  const server = await serve({
    embeddings: [{ rawBody: JSON.stringify({ object: 'list', data: [{ object: 'embedding', index: 0, embedding: [1, 0] }], model: 'e', usage: {} }) }],
  });
  const err = await createOpenAIEmbeddings({ baseURL: server.baseURL, model: 'e' }).embed(['a', 'b']).catch((e: unknown) => e);
  expect((err as UserError).code).toBe('LLM_BAD_RESPONSE');
  expect((err as UserError).message).toContain('expected 2 vectors');
});
