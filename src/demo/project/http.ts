import type { FileTemplate } from './template.js';

/**
 * src/http: loading configs from a URL. The planted feature stream: retries,
 * then (planned in ROADMAP.md and TODOs before T0, built after it) backoff,
 * timeouts, Retry-After and cancellation.
 *
 *  0 client and loadRemote           5 exponential backoff with jitter (after T0)
 *  1 User-Agent header               6 request timeouts (after T0)
 *  2 retries on network errors       7 Retry-After on 429/503 (after T0)
 *  3 retries on 502/503/504          8 AbortSignal (after T0)
 *  4 HttpError counts attempts
 */

const client = String.raw`
@..6|import { HttpError } from './errors.js';
@6|import { HttpError, TimeoutError } from './errors.js';
@5|import { backoffDelay } from './backoff.js';

@1|const USER_AGENT = 'quarry-http/1';
@2..5|// TODO: exponential backoff with jitter between retries (see ROADMAP.md)
@3..6|// TODO: per-request timeouts; a server that never answers hangs the client
@4..7|// TODO: honour Retry-After on 429 and 503 responses
@3..7|const RETRY_STATUS = new Set([502, 503, 504]);
@7|const RETRY_STATUS = new Set([429, 502, 503, 504]);

/** Node's fetch as a transport: (request) => Promise<{ status, headers, body }>. */
export async function fetchTransport(request) {
@..6|  const response = await fetch(request.url, { method: request.method, headers: request.headers });
@6|  const init = { method: request.method, headers: request.headers, signal: request.signal };
@6|  const response = await fetch(request.url, init);
  return { status: response.status, headers: Object.fromEntries(response.headers), body: await response.text() };
}

/**
 * An HTTP client for remote configs. The transport sends one request; tests
 * pass a fake one.
@2| * Options: retries (how many times a failed request is tried again),
@5| * sleep and random (for the backoff between tries),
@6| * timeout (ms per try, 0 for none).
 */
export function createClient(options = {}) {
  const transport = options.transport ?? fetchTransport;
@2|  const retries = options.retries ?? 0;
@5|  const sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
@5|  const random = options.random ?? Math.random;
@6|  const timeout = options.timeout ?? 0;
@6|
@6|  async function send(request) {
@6|    if (!timeout) return transport(request);
@6|    const controller = new AbortController();
@8|    const forward = () => controller.abort(request.signal.reason);
@8|    request.signal?.addEventListener('abort', forward, { once: true });
@6|    let timer;
@6|    const expired = new Promise((resolve, reject) => {
@6|      timer = setTimeout(() => {
@6|        controller.abort();
@6|        reject(new TimeoutError(request.url, timeout));
@6|      }, timeout);
@6|    });
@6|    try {
@6|      return await Promise.race([transport({ ...request, signal: controller.signal }), expired]);
@6|    } finally {
@6|      clearTimeout(timer);
@8|      request.signal?.removeEventListener('abort', forward);
@6|    }
@6|  }
@5|
@5|  function pause(attempt, response) {
@7|    const after = Number(response?.headers?.['retry-after']);
@7|    if (response && Number.isFinite(after) && after >= 0) return sleep(after * 1000);
@5|    return sleep(backoffDelay(attempt, { random }));
@5|  }

  return {
@..8|    async get(url) {
@8|    async get(url, { signal } = {}) {
@..1|      const request = { method: 'GET', url, headers: {} };
@1..8|      const request = { method: 'GET', url, headers: { 'user-agent': USER_AGENT } };
@8|      const request = { method: 'GET', url, headers: { 'user-agent': USER_AGENT }, signal };
@..2|      const response = await transport(request);
@..2|      if (response.status >= 400) throw new HttpError(response.status, url);
@..2|      return response;
@2|      for (let attempt = 1; ; attempt++) {
@8|        signal?.throwIfAborted();
@2|        let response;
@2|        try {
@2..6|          response = await transport(request);
@6|          response = await send(request);
@2|        } catch (error) {
@2..8|          if (attempt > retries) throw error;
@8|          if (attempt > retries || signal?.aborted) throw error;
@5|          await pause(attempt, null);
@2|          continue;
@2|        }
@2..3|        if (response.status >= 400) throw new HttpError(response.status, url);
@2..3|        return response;
@3|        if (response.status < 400) return response;
@3..4|        if (attempt > retries || !RETRY_STATUS.has(response.status)) throw new HttpError(response.status, url);
@4|        if (attempt > retries || !RETRY_STATUS.has(response.status)) {
@4|          throw new HttpError(response.status, url, attempt);
@4|        }
@5|        await pause(attempt, response);
@2|      }
    },
  };
}
`;

const errors = String.raw`
export class HttpError extends Error {
@..4|  constructor(status, url) {
@..4|    super('HTTP ' + status + ' from ' + url);
@4|  constructor(status, url, attempts = 1) {
@4|    super('HTTP ' + status + ' from ' + url + (attempts > 1 ? ' after ' + attempts + ' attempts' : ''));
    this.name = 'HttpError';
    this.status = status;
    this.url = url;
@4|    this.attempts = attempts;
  }
}
@6|
@6|export class TimeoutError extends Error {
@6|  constructor(url, ms) {
@6|    super('no response from ' + url + ' within ' + ms + ' ms');
@6|    this.name = 'TimeoutError';
@6|    this.url = url;
@6|  }
@6|}
`;

const backoff = String.raw`
/**
 * The delay before retry number 'attempt' (1-based): exponential growth from
 * 'base' ms, capped at 'max', with full jitter (a random point in [0, delay]).
 */
export function backoffDelay(attempt, { base = 100, max = 10000, random = Math.random } = {}) {
  const ceiling = Math.min(max, base * 2 ** (attempt - 1));
  return Math.round(random() * ceiling);
}
`;

const index = String.raw`
import { parse } from '../parser/index.js';
import { createClient } from './client.js';

@5|export { backoffDelay } from './backoff.js';
export { createClient, fetchTransport } from './client.js';
@..6|export { HttpError } from './errors.js';
@6|export { HttpError, TimeoutError } from './errors.js';

/** Fetches a config file over HTTP and parses it. */
export async function loadRemote(url, { client = createClient() } = {}) {
  const response = await client.get(url);
  return parse(response.body);
}
`;

const tests = String.raw`
import assert from 'node:assert/strict';
import { test } from 'node:test';
@5|import { backoffDelay } from '../src/http/index.js';
import { createClient, HttpError, loadRemote } from '../src/http/index.js';
@6|import { TimeoutError } from '../src/http/index.js';

/** A fake transport that answers from a script, one answer per request, and keeps the requests. */
function scripted(...answers) {
  const requests = [];
  const transport = async (request) => {
    requests.push(request);
    const next = answers.shift();
    if (next instanceof Error) throw next;
    return { headers: {}, body: '', ...next };
  };
  return { transport, requests };
}

test('loads and parses a remote config', async () => {
  const { transport } = scripted({ status: 200, body: 'name = demo' });
  const config = await loadRemote('http://configs.test/app.conf', { client: createClient({ transport }) });
  assert.deepEqual(config, { name: 'demo' });
});

test('turns an error status into an HttpError', async () => {
  const { transport } = scripted({ status: 404 });
  await assert.rejects(createClient({ transport }).get('http://configs.test/x'), (e) => e instanceof HttpError && e.status === 404);
});
@1|
@1|test('sends a User-Agent header', async () => {
@1|  const { transport, requests } = scripted({ status: 200 });
@1|  await createClient({ transport }).get('http://configs.test/x');
@1|  assert.match(requests[0].headers['user-agent'], /^quarry/);
@1|});
@2|
@2|test('retries network errors up to retries times', async () => {
@2|  const reset = () => new Error('ECONNRESET');
@2|  const ok = scripted(reset(), reset(), { status: 200, body: 'a = 1' });
@2..5|  const client = createClient({ transport: ok.transport, retries: 2 });
@5|  const client = createClient({ transport: ok.transport, retries: 2, sleep: async () => {} });
@2|  assert.equal((await client.get('http://configs.test/x')).body, 'a = 1');
@2|  assert.equal(ok.requests.length, 3);
@2|  const failing = scripted(reset(), reset());
@2..5|  await assert.rejects(createClient({ transport: failing.transport, retries: 1 }).get('http://configs.test/x'), /ECONNRESET/);
@5|  const once = createClient({ transport: failing.transport, retries: 1, sleep: async () => {} });
@5|  await assert.rejects(once.get('http://configs.test/x'), /ECONNRESET/);
@2|});
@3|
@3|test('retries 502, 503 and 504 responses but not 500', async () => {
@3|  const gateway = scripted({ status: 502 }, { status: 503 }, { status: 504 }, { status: 200 });
@3..5|  await createClient({ transport: gateway.transport, retries: 3 }).get('http://configs.test/x');
@5|  await createClient({ transport: gateway.transport, retries: 3, sleep: async () => {} }).get('http://configs.test/x');
@3|  assert.equal(gateway.requests.length, 4);
@3|  const broken = scripted({ status: 500 }, { status: 200 });
@3|  await assert.rejects(createClient({ transport: broken.transport, retries: 3 }).get('http://configs.test/x'), HttpError);
@3|});
@4|
@4|test('an HttpError says how many attempts were made', async () => {
@4|  const { transport } = scripted({ status: 503 }, { status: 503 });
@4..5|  const client = createClient({ transport, retries: 1 });
@5|  const client = createClient({ transport, retries: 1, sleep: async () => {} });
@4|  await assert.rejects(client.get('http://configs.test/x'), (e) => e.attempts === 2 && /after 2 attempts/.test(e.message));
@4|});
@5|
@5|test('waits an exponential, jittered delay between retries', async () => {
@5|  const waits = [];
@5|  const { transport } = scripted(new Error('reset'), { status: 503 }, { status: 200 });
@5|  const client = createClient({ transport, retries: 2, random: () => 1, sleep: async (ms) => { waits.push(ms); } });
@5|  await client.get('http://configs.test/x');
@5|  assert.deepEqual(waits, [100, 200]);
@5|  assert.equal(backoffDelay(10, { random: () => 1 }), 10000);
@5|  assert.equal(backoffDelay(3, { random: () => 0.5 }), 200);
@5|});
@6|
@6|test('gives up on a try that takes longer than timeout', async () => {
@6|  let seen;
@6|  const transport = (request) => {
@6|    seen = request.signal;
@6|    return new Promise(() => {});
@6|  };
@6|  await assert.rejects(createClient({ transport, timeout: 20 }).get('http://configs.test/slow'), TimeoutError);
@6|  assert.equal(seen.aborted, true);
@6|});
@7|
@7|test('waits as long as Retry-After says, and retries 429', async () => {
@7|  const waits = [];
@7|  const { transport } = scripted({ status: 429, headers: { 'retry-after': '2' } }, { status: 200 });
@7|  await createClient({ transport, retries: 1, sleep: async (ms) => { waits.push(ms); } }).get('http://configs.test/x');
@7|  assert.deepEqual(waits, [2000]);
@7|});
@8|
@8|test('stops retrying once the signal is aborted', async () => {
@8|  const controller = new AbortController();
@8|  const requests = [];
@8|  const transport = async (request) => {
@8|    requests.push(request);
@8|    controller.abort();
@8|    throw new Error('reset');
@8|  };
@8|  const client = createClient({ transport, retries: 5, sleep: async () => {} });
@8|  await assert.rejects(client.get('http://configs.test/x', { signal: controller.signal }));
@8|  assert.equal(requests.length, 1);
@8|  await assert.rejects(client.get('http://configs.test/x', { signal: controller.signal }), { name: 'AbortError' });
@8|  assert.equal(requests.length, 1);
@8|});
`;

export const httpFiles: FileTemplate[] = [
  { path: 'src/http/index.js', stream: 'http', template: index },
  { path: 'src/http/client.js', stream: 'http', template: client },
  { path: 'src/http/errors.js', stream: 'http', template: errors },
  { path: 'src/http/backoff.js', stream: 'http', template: backoff, from: 5 },
  { path: 'test/http.test.js', stream: 'http.test', template: tests },
];
