import { afterEach, expect, test } from 'vitest';
import { UserError } from '../../src/errors.js';
import { createOpenAIEmbeddings } from '../../src/llm/openai-embeddings.js';
import { cachedEmbeddings, createEmbeddingCache } from '../../src/store/embedding-cache.js';
import { createEmbeddingJudge, EMBEDDING_DEFAULTS, type EmbeddingJudgeOptions } from '../../src/validate/judges/embedding.js';
import { Verdict } from '../../src/validate/model.js';
import { hashEmbedding, startOpenAIServer, type OpenAIServer } from '../fixtures/openai-server.js';
import { count, tempStore } from '../store/temp-store.js';
import { BACKOFF, item, PARAPHRASE, QUOTES, UNRELATED } from './judge-literals.js';

const servers: OpenAIServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** The local server embeds a text as a 256-dimension bag of its words: shared words, similar vectors. */
async function serve(): Promise<OpenAIServer> {
  const server = await startOpenAIServer({ embed: (text) => hashEmbedding(text, 256) });
  servers.push(server);
  return server;
}

async function judgeWith(server: OpenAIServer, options: Partial<EmbeddingJudgeOptions> = {}) {
  const embeddings = createOpenAIEmbeddings({ baseURL: server.baseURL, model: 'embed-small', maxRetries: 0, batchSize: 4 });
  return createEmbeddingJudge({ embeddings, ...options });
}

/** Every text the server was asked to embed, in order. */
function embeddedTexts(server: OpenAIServer): string[] {
  return server.requestsTo('embeddings').flatMap((r) => r.body.input as string[]);
}

test('a paraphrase of the family is strong and an unrelated pull request is rejected', async () => {
  const server = await serve();
  const judge = await judgeWith(server);
  const { verdicts, config, calls } = await judge.judge({ families: [BACKOFF, QUOTES], later: [UNRELATED, PARAPHRASE] });
  expect(verdicts.map((v) => Verdict.parse(v))).toEqual(verdicts);
  expect(verdicts.map((v) => [v.familyId, v.label])).toEqual([['F1', 'strong'], ['F2', 'rejected']]);
  const [backoff, quotes] = verdicts;
  expect(backoff!.matches.map((m) => [m.key, m.label])).toEqual([['pr#21', 'strong']]);
  expect(backoff!.matches[0]!.score).toBeGreaterThanOrEqual(EMBEDDING_DEFAULTS.strongAt);
  expect(backoff!.reason).toMatch(/^strong: pr#21 "Add exponential backoff between HTTP retries" \(direction: does its title's [a-z, ]+; shares [a-z, +0-9]+; cosine 0\.\d\d, touches src\/http, src\/http\/retry\.ts, also feature\)$/);
  expect(quotes!.matches).toEqual([]);
  expect(quotes!.reason).toMatch(/^rejected: nearest was pr#2\d /);
  expect(config).toEqual({
    version: 'embedding-judge-v31', model: 'embed-small', baseURL: server.baseURL, ...EMBEDDING_DEFAULTS,
    itemText: 'title, first 1000 characters of the body, changed directories',
  });
  expect(calls).toEqual([]);
});

test('work of the family\'s kind in its area but on another topic is rejected: related needs the same direction', async () => {
  const server = await serve();
  const judge = await judgeWith(server);
  const inArea = item('pr#32', 'feat: support proxies', ['src/http/proxy.ts'], 'Reads HTTPS_PROXY.');
  const { verdicts } = await judge.judge({ families: [BACKOFF], later: [inArea] });
  expect(verdicts[0]!.label).toBe('rejected');
  expect(verdicts[0]!.matches).toEqual([]);
});

test('in the family\'s area a lower cosine is enough for related, never none at all', async () => {
  const server = await serve();
  const retries = item('pr#33', 'feat: make HTTP retries configurable', ['src/http/retry.ts'], 'Retries of failed requests can be capped.');
  const [elsewhere, inArea] = [['src/net/retry.ts'], ['src/http/retry.ts']].map((paths, i) => ({ ...retries, key: `pr#${34 + i}`, paths }));
  const { matches } = await (await judgeWith(server, { strongAt: 0.99, anchorStrongAt: 0.99, relatedAt: 0.9, anchorRelatedAt: 0.3 })).judgePairs!({ families: [BACKOFF], later: [elsewhere!, inArea!] });
  const cosine = matches[0]![0]!.score;
  expect(cosine).toBeGreaterThanOrEqual(0.3);
  expect(cosine).toBeLessThan(0.9);
  expect(matches[0]!.map((m) => m.label)).toEqual(['rejected', 'related']);
});

test('matches hold every strong item and the five best related ones, best first', async () => {
  const server = await serve();
  const judge = await judgeWith(server, { strongAt: 0.99, relatedAt: 0.98, anchorRelatedAt: 0 });
  // Each shares a direction with the family (retry backoff), so only the thresholds decide.
  const related = [1, 2, 3, 4, 5, 6, 7].map((n) => item(`pr#${40 + n}`, `feat: ${'pool '.repeat(n)}retry backoff`, [`src/http/pool${n}.ts`]));
  const { verdicts } = await judge.judge({ families: [BACKOFF], later: [...related, PARAPHRASE, UNRELATED] });
  const matches = verdicts[0]!.matches;
  expect(matches[0]!.key).toBe('pr#21');
  expect(matches.slice(1).map((m) => m.label)).toEqual(['related', 'related', 'related', 'related', 'related']);
  const scores = matches.slice(1).map((m) => m.score);
  expect(scores).toEqual([...scores].sort((a, b) => b - a));
});

test('each distinct text is embedded once, and texts hold no patch, evidence or rationale', async () => {
  const server = await serve();
  const judge = await judgeWith(server);
  const patched = item('pr#50', 'Retry tweak', ['src/http/retry.ts'], 'Small change.\n```diff\n-  PATCH-SECRET old line\n+  new line\n```\nDone.');
  const twin = { ...PARAPHRASE, key: 'pr#51' };
  await judge.judge({ families: [BACKOFF, { ...BACKOFF, id: 'F9' }], later: [PARAPHRASE, twin, patched] });
  const texts = embeddedTexts(server);
  expect(texts).toHaveLength(3);
  expect(new Set(texts).size).toBe(3);
  expect(server.requestsTo('embeddings').map((r) => r.body.input.length)).toEqual([3]);
  const sent = server.requestsTo('embeddings').map((r) => r.raw).join('\n');
  expect(sent).not.toMatch(/PATCH-SECRET|EVIDENCE-SECRET|RATIONALE-SECRET/);
  expect(sent).toContain('Small change. Done.');
});

test('with the store cache the second run sends no embedding request and gives the same verdicts', async () => {
  const server = await serve();
  const store = tempStore();
  const embeddings = createOpenAIEmbeddings({ baseURL: server.baseURL, model: 'embed-small', maxRetries: 0 });
  const request = { families: [BACKOFF, QUOTES], later: [PARAPHRASE, UNRELATED] };
  const first = await createEmbeddingJudge({ embeddings, cache: createEmbeddingCache(store) }).judge(request);
  expect(server.requestsTo('embeddings')).toHaveLength(1);
  expect(count(store, 'embeddings')).toBe(4);
  const second = await createEmbeddingJudge({ embeddings, cache: createEmbeddingCache(store) }).judge(request);
  expect(server.requestsTo('embeddings')).toHaveLength(1);
  expect(second).toEqual(first);
  // A new text goes to the endpoint alone.
  await createEmbeddingJudge({ embeddings, cache: createEmbeddingCache(store) }).judge({ ...request, later: [PARAPHRASE, item('pr#60', 'feat: new thing', ['x.ts'])] });
  expect(server.requestsTo('embeddings').map((r) => r.body.input.length)).toEqual([4, 1]);
});

test('cached vectors are float32 and read back as stored; a model that changed size is refused', async () => {
  const store = tempStore();
  const cache = createEmbeddingCache(store);
  cache.put('m', 'http://x/v1', ['a', 'b'], [[0.1, 0.2, 0.3], [1, 0, 0]]);
  expect(cache.get('m', 'http://x/v1', ['b', 'c', 'a'])).toEqual([[1, 0, 0], undefined, [0.1, 0.2, 0.3].map(Math.fround)]);
  expect(cache.get('other', 'http://x/v1', ['a'])).toEqual([undefined]);
  const grown = { model: 'm', baseURL: 'http://x/v1', embed: async (texts: string[]) => texts.map(() => [1, 0, 0, 0]) };
  const err = await cachedEmbeddings(grown, cache).embed(['a', 'new']).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(UserError);
  expect((err as UserError).code).toBe('EMBEDDING_CACHE_MISMATCH');
});

test('with no later work every family is rejected and nothing is sent', async () => {
  const server = await serve();
  const judge = await judgeWith(server);
  const { verdicts } = await judge.judge({ families: [BACKOFF, QUOTES], later: [] });
  expect(verdicts.map((v) => [v.familyId, v.label, v.reason])).toEqual([
    ['F1', 'rejected', 'rejected: no later work in the window'],
    ['F2', 'rejected', 'rejected: no later work in the window'],
  ]);
  expect(server.requests).toHaveLength(0);
});

test('thresholds that contradict each other are refused before any request', async () => {
  const server = await serve();
  const err = await judgeWith(server, { strongAt: 0.4, relatedAt: 0.6 }).catch((e: unknown) => e);
  expect((err as UserError).code).toBe('JUDGE_BAD_OPTION');
  expect(server.requests).toHaveLength(0);
});
