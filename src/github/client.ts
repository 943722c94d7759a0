import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import { Octokit } from '@octokit/rest';
import { randomUUID } from 'node:crypto';
import { UserError } from '../errors.js';
import { nextKeyOf } from './keys.js';

/**
 * The GitHub client: @octokit/rest with its throttling plugin (primary and
 * secondary rate limits: waits for the reset or retry-after GitHub names) and
 * its retry plugin (5xx and network failures, with growing pauses). Responses
 * are read as raw text, so the archive keeps every body exactly as received
 * and a body cut short is caught (it is asked for again). Conditional
 * requests (If-None-Match) make a second fetch cheap: a 304 costs no rate
 * limit. The token is held by the Octokit instance only: never stored,
 * printed, or put in an error.
 */

export interface ClientOptions {
  token: string;
  /** REST base URL; default https://api.github.com (an Enterprise server: https://HOST/api/v3). */
  baseUrl?: string;
  /** GraphQL URL; default derived from baseUrl (…/api/v3 -> …/api/graphql). */
  graphqlUrl?: string;
  /** Milliseconds per second of GitHub's wait hints and of the retry pauses (1000; tests pass a few). */
  waitScale?: number;
  /** Told before each wait for a rate limit (seconds as GitHub said them). */
  onWait?: (what: string, seconds: number) => void;
  /** Give up on one attempt after this many seconds without a whole answer (default 120). */
  timeoutSeconds?: number;
}

export type Page = { notModified: true } | { notModified: false; body: string; etag: string | null; nextKey: string | null };

export interface GithubTransport {
  /** GET `key` (a path and query), conditionally on `etag`; the body is JSON, checked. */
  get(key: string, etag: string | null): Promise<Page>;
  /** A GraphQL query; the raw body, JSON with `data`, checked. */
  graphql(query: string, variables: Record<string, unknown>): Promise<string>;
}

/** An answer GitHub gave that is not usable (a 4xx other than rate limits); `status` says which. */
export class GithubHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const Client = Octokit.plugin(throttling, retry);
const BODY_ATTEMPTS = 4;
const RATE_RETRIES = 8;

export function createTransport(options: ClientOptions): GithubTransport {
  const baseUrl = (options.baseUrl ?? 'https://api.github.com').replace(/\/$/, '');
  const graphqlUrl = options.graphqlUrl ?? `${baseUrl.replace(/\/api\/v3$/, '/api')}/graphql`;
  const scale = options.waitScale ?? 1000;
  const onWait = options.onWait ?? (() => {});
  const timeoutMs = (options.timeoutSeconds ?? 120) * 1000;
  const octokit = new Client({
    auth: options.token,
    baseUrl,
    userAgent: 'swe-future',
    log: { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} },
    throttle: {
      // A fresh id per client: limits are kept per id, so two fetches in one process do not wait for each other.
      id: `swe-future-${randomUUID()}`,
      retryAfterBaseValue: scale,
      onRateLimit: (seconds: number, _o: unknown, _k: unknown, retryCount: number) => {
        if (retryCount >= RATE_RETRIES) return false;
        onWait('rate limit', seconds);
        return true;
      },
      onSecondaryRateLimit: (seconds: number, _o: unknown, _k: unknown, retryCount: number) => {
        if (retryCount >= RATE_RETRIES) return false;
        onWait('secondary rate limit', seconds);
        return true;
      },
    },
    retry: { retries: 5, retryAfterBaseValue: scale },
    // A fresh time limit for each attempt (a signal per request would also cut the waits between retries).
    request: { fetch: (url: string, init: RequestInit) => fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) }) },
  });

  /** Runs one request, again when its body arrives cut short or not as JSON, or it times out. */
  async function withBody<T>(what: string, send: () => Promise<{ status: number; headers: Record<string, unknown>; data: unknown }>, read: (text: string, headers: Record<string, unknown>) => T): Promise<T | null> {
    let lastProblem = '';
    for (let attempt = 1; attempt <= BODY_ATTEMPTS; attempt++) {
      try {
        const response = await send();
        const text = await new Response(response.data as ReadableStream).text();
        JSON.parse(text);
        return read(text, response.headers);
      } catch (err) {
        const status = (err as { status?: unknown }).status;
        if (status === 304) return null;
        if (typeof status === 'number' && status >= 400 && status < 500) throw failure(err, status, what);
        lastProblem = problemOf(err, status);
        // The retry plugin has already asked again for a 5xx or a dropped connection.
        if (typeof status === 'number') break;
        if (attempt < BODY_ATTEMPTS) await sleep(attempt * attempt * scale);
      }
    }
    throw new UserError(
      'GITHUB_UNAVAILABLE',
      `GitHub did not answer ${what} usably (${lastProblem})`,
      'Run fetch-github again later: it resumes where it stopped, and what was fetched is kept.',
    );
  }

  return {
    async get(key, etag) {
      const page = await withBody(
        `GET ${key}`,
        () =>
          octokit.request({
            method: 'GET',
            url: key,
            headers: etag ? { 'if-none-match': etag } : {},
            request: { parseSuccessResponseBody: false },
          }),
        (body, headers) => ({
          notModified: false as const,
          body,
          etag: typeof headers.etag === 'string' ? headers.etag : null,
          nextKey: nextKeyOf(typeof headers.link === 'string' ? headers.link : undefined, baseUrl),
        }),
      );
      return page ?? { notModified: true };
    },
    async graphql(query, variables) {
      for (let attempt = 1; ; attempt++) {
        const body = await withBody(
          'a GraphQL query',
          () => octokit.request({ method: 'POST', url: graphqlUrl, query, variables, request: { parseSuccessResponseBody: false } }),
          (text) => text,
        );
        const parsed = JSON.parse(body ?? 'null') as { data?: unknown; errors?: { type?: string; message?: string }[] } | null;
        const limited = parsed?.errors?.some((e) => e.type === 'RATE_LIMITED');
        if (parsed?.data && !limited) return body!;
        if (attempt >= RATE_RETRIES) {
          throw new UserError(
            limited ? 'GITHUB_RATE_LIMITED' : 'GITHUB_UNAVAILABLE',
            `GitHub's GraphQL endpoint answered without data: ${parsed?.errors?.[0]?.message ?? 'no data'}`,
            'Run fetch-github again later: it resumes where it stopped.',
          );
        }
        if (limited) onWait('GraphQL rate limit', 60);
        await sleep((limited ? 60 : attempt * attempt) * scale);
      }
    },
  };
}

/** A 4xx that is not a rate limit (those the throttling plugin waits out) ends the request for good. */
function failure(err: unknown, status: number, what: string): Error {
  if (status === 401) {
    return new UserError('GITHUB_AUTH', 'GitHub refused the token in GITHUB_TOKEN (401 Bad credentials)', 'Set GITHUB_TOKEN to a valid token that can read the repository.');
  }
  if (status === 403 || status === 429) {
    const headers = ((err as { response?: { headers?: Record<string, string> } }).response?.headers ?? {}) as Record<string, string>;
    if (headers['x-ratelimit-remaining'] === '0' || headers['retry-after']) {
      const reset = Number(headers['x-ratelimit-reset']);
      const when = Number.isFinite(reset) && reset > 0 ? ` until ${new Date(reset * 1000).toISOString()}` : '';
      return new UserError('GITHUB_RATE_LIMITED', `GitHub's rate limit stays exhausted${when}`, 'Run fetch-github again after that: it resumes where it stopped.');
    }
  }
  return new GithubHttpError(status, `GitHub answered ${status} to ${what}`);
}

function problemOf(err: unknown, status: unknown): string {
  if (typeof status === 'number') return `HTTP ${status}`;
  if (err instanceof SyntaxError) return 'a body that is not whole JSON';
  const name = (err as { name?: string }).name;
  if (name === 'TimeoutError' || name === 'AbortError') return 'no answer in time';
  return (err as Error).message || String(err);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
