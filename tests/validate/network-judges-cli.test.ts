import Database from 'better-sqlite3';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { runCli, runCliJson } from '../cli/run-cli.js';
import { hashEmbedding, startOpenAIServer, type OpenAIServer } from '../fixtures/openai-server.js';
import { demoSnapshot } from '../forecast/demo-fixture.js';

let demo: Awaited<ReturnType<typeof demoSnapshot>>;
let forecast: number;
let server: OpenAIServer;

beforeAll(async () => {
  demo = await demoSnapshot();
  forecast = (await runCliJson(['forecast', '--snapshot', String(demo.snapshotId), '--db', demo.db])).forecast.id;
  // Chat: every family judged strong on whichever candidate comes first in the prompt.
  server = await startOpenAIServer({
    chat: (request) => {
      const key = /"key":"([^"]+)"/.exec(String(request.body.messages[1]?.content ?? ''))?.[1] ?? 'pr#0';
      return JSON.stringify({ label: 'strong', reason: 'scripted', matches: [{ key, label: 'strong', reason: 'scripted' }] });
    },
    embed: (text) => hashEmbedding(text, 256),
  });
});
afterAll(() => server.close());

test('validate --judge embedding talks to the endpoint once per text and caches the vectors in the store', async () => {
  const args = ['validate', '--forecast', String(forecast), '--db', demo.db, '--judge', 'embedding', '--embedding-base-url', server.baseURL, '--embedding-model', 'test-embed'];
  const first = await runCliJson(args);
  expect(first.validation.judge).toBe('embedding');
  expect(first.verdicts).toHaveLength(first.metrics.families);
  const requests = server.requestsTo('embeddings').length;
  expect(requests).toBeGreaterThan(0);
  const conn = new Database(demo.db, { readonly: true });
  expect(conn.prepare("SELECT COUNT(*) FROM embeddings WHERE model = 'test-embed'").pluck().get()).toBeGreaterThan(0);
  conn.close();
  await runCliJson([...args, '--window', '5m']);
  expect(server.requestsTo('embeddings').length).toBe(requests);
});

test('validate --judge llm stores every model call with the validation, and no call carries a patch', async () => {
  const out = await runCliJson(['validate', '--forecast', String(forecast), '--db', demo.db, '--judge', 'llm', '--llm-base-url', server.baseURL, '--llm-model', 'test-chat']);
  expect(out.validation.judge).toBe('llm');
  const conn = new Database(demo.db, { readonly: true });
  const calls = conn.prepare('SELECT purpose, request FROM model_calls WHERE validation_id = ?').all(out.validation.id) as { purpose: string; request: string }[];
  conn.close();
  expect(calls.length).toBe(out.metrics.families);
  for (const call of calls) expect(call.request).not.toMatch(/^(\+\+\+|---|@@) /m);
});

test('a network judge without its endpoint flags is a user error naming them', async () => {
  const run = await runCli(['validate', '--forecast', String(forecast), '--db', demo.db, '--judge', 'embedding']);
  expect(run.code).toBe(2);
  expect(run.stderr).toMatch(/--embedding-base-url/);
});

test('validate --judge llm --llm-concurrency 4 gives the verdicts one request at a time gives; 0 is a bad option', async () => {
  const args = ['validate', '--forecast', String(forecast), '--db', demo.db, '--judge', 'llm', '--llm-base-url', server.baseURL, '--llm-model', 'test-chat'];
  const one = await runCliJson(args);
  const four = await runCliJson([...args, '--llm-concurrency', '4']);
  expect(four.verdicts).toEqual(one.verdicts);
  const bad = await runCli([...args, '--llm-concurrency', '0']);
  expect(bad.code).toBe(2);
  expect(bad.stderr).toMatch(/^swe-future: Option --llm-concurrency: .*\n$/);
});

test('validate --judge llm whose request fails under --llm-concurrency is one line, exit 2, and saves no validation', async () => {
  const failing = await startOpenAIServer(() => ({ status: 500 }));
  try {
    const count = () => {
      const conn = new Database(demo.db, { readonly: true });
      const n = conn.prepare('SELECT COUNT(*) FROM validations').pluck().get();
      conn.close();
      return n;
    };
    const before = count();
    const run = await runCli(['validate', '--forecast', String(forecast), '--db', demo.db, '--judge', 'llm', '--llm-base-url', failing.baseURL, '--llm-model', 'test-chat', '--llm-retries', '0', '--llm-concurrency', '4']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^swe-future: [^\n]+\n$/);
    expect(count()).toBe(before);
  } finally {
    await failing.close();
  }
});
