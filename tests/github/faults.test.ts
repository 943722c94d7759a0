import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { fetchGithub } from '../../src/api/fetch-github.js';
import type { UserError } from '../../src/errors.js';
import { startGithubServer, type Fault, type GithubServer, type ItemSpec } from '../fixtures/github-server.js';
import { makeRepo, tempDir } from '../fixtures/repo.js';
import { queryRows, trackerRows } from './tracker-rows.js';
import { commits, TOKEN, trackerItems } from './world.js';

/**
 * The real octokit client against a local GitHub that misbehaves: rate
 * limits (primary and secondary, 403 and 429, with reset and retry-after
 * headers), 502s, bodies cut short, a failure that outlasts the retries, and
 * a fetch process killed halfway. Each run must end with exactly the rows of
 * a clean fetch.
 */
let repo: { dir: string; shas: string[] };
let specs: ItemSpec[];
let work: string;
let clean: ReturnType<typeof trackerRows>;

const fetchInto = (db: string, server: GithubServer, extra: { batchSize?: number } = {}) =>
  fetchGithub({ repo: repo.dir, github: 'acme/widgets', db, token: TOKEN, apiUrl: server.url, waitScale: 2, ...extra });

beforeAll(async () => {
  repo = await makeRepo(commits);
  specs = trackerItems(repo.shas);
  work = await tempDir();
  const server = await startGithubServer({ items: specs, token: TOKEN });
  await fetchInto(join(work, 'clean.db'), server);
  clean = trackerRows(join(work, 'clean.db'));
  await server.close();
});

const servers: GithubServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
});

async function serve(fault: (r: { method: string; url: string; index: number }) => Fault | undefined): Promise<GithubServer> {
  const server = await startGithubServer({ items: specs, token: TOKEN, fault });
  servers.push(server);
  return server;
}

test('rate limits, 502s and bodies cut short are waited out and asked again, losing nothing', async () => {
  const reset = () => String(Math.floor(Date.now() / 1000) + 1);
  const faults = new Map<number, () => Fault>([
    [0, () => ({ status: 403, headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset() }, body: JSON.stringify({ message: 'API rate limit exceeded for user ID 1.' }) })],
    [3, () => ({ status: 429, headers: { 'retry-after': '1' }, body: JSON.stringify({ message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.' }) })],
    [6, () => ({ status: 403, headers: { 'retry-after': '2' }, body: JSON.stringify({ message: 'You have exceeded a secondary rate limit.' }) })],
    [9, () => ({ status: 502, headers: { 'content-type': 'text/html' }, body: '<html><body>502 Bad Gateway</body></html>' })],
    [10, () => ({ status: 502, headers: { 'content-type': 'text/html' }, body: '<html><body>502 Bad Gateway</body></html>' })],
    [13, () => ({ truncate: 'socket' })],
    [17, () => ({ truncate: 'json' })],
  ]);
  let graphqlFailed = false;
  const server = await serve(({ url, index }) => {
    if (url === '/graphql' && !graphqlFailed) {
      graphqlFailed = true;
      return { status: 502 };
    }
    return faults.get(index)?.();
  });
  const db = join(work, 'faults.db');
  await fetchInto(db, server);
  const statuses = server.requests.map((r) => r.status);
  expect(statuses.filter((s) => s === 403)).toHaveLength(2);
  expect(statuses.filter((s) => s === 429)).toHaveLength(1);
  expect(statuses.filter((s) => s === 502)).toHaveLength(3);
  // Each faulted request was asked again, and answered.
  for (const i of faults.keys()) {
    const { url } = server.requests[i]!;
    expect(server.requests.slice(i + 1).some((r) => r.url === url && r.status === 200), url).toBe(true);
  }
  expect(trackerRows(db)).toEqual(clean);
});

test('a fetch stopped by a failure that outlasts the retries writes no rows, and the next run resumes where it stopped', async () => {
  let timelines = 0;
  const server = await serve(({ url }) => {
    if (url.includes('/timeline') && url.endsWith('per_page=100') && ++timelines > 7) return { status: 503 };
    return undefined;
  });
  const db = join(work, 'stopped.db');
  const err = await fetchInto(db, server, { batchSize: 6 }).catch((e: UserError) => e);
  expect((err as UserError).code).toBe('GITHUB_UNAVAILABLE');
  // Archived so far: responses, and the sync marks of the one whole batch. No items yet.
  expect(queryRows(db, 'SELECT count(*) AS n FROM github_items')[0]!.n).toBe(0);
  expect(queryRows(db, 'SELECT number FROM github_sync ORDER BY number').map((r) => r.number)).toEqual([1, 2, 3, 4, 5, 6]);

  server.setFault(undefined);
  const mark = server.requests.length;
  const resumed = await fetchInto(db, server, { batchSize: 6 });
  expect(resumed.fetch).toMatchObject({ itemsUpToDate: 6, itemsSynced: 6 });
  const again = server.requests.slice(mark).filter((r) => r.url.includes('/timeline'));
  expect(again.some((r) => /\/issues\/[1-6]\/timeline/.test(r.url))).toBe(false);
  expect(trackerRows(db)).toEqual(clean);
});

test('a fetch process killed halfway resumes: what it archived is asked again conditionally, and the result is a clean fetch', async () => {
  let timelines = 0;
  let hung: () => void = () => {};
  const halfway = new Promise<void>((resolve) => (hung = resolve));
  const server = await serve(({ url }) => {
    if (url.includes('/timeline') && ++timelines === 9) {
      hung();
      return { hang: true };
    }
    return undefined;
  });
  const db = join(work, 'killed.db');
  const cli = join(import.meta.dirname, '../../src/cli/main.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', cli, 'fetch-github', '--repo', repo.dir, '--github', 'acme/widgets', '--db', db, '--quiet'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, GITHUB_TOKEN: TOKEN, GITHUB_API_URL: server.url },
  });
  const exited = new Promise<number | null>((resolve) => child.on('close', (code, signal) => resolve(code ?? (signal ? -1 : null))));
  await halfway;
  child.kill('SIGKILL');
  expect(await exited).toBe(-1);
  const archived = queryRows(db, 'SELECT key FROM github_responses').map((r) => r.key as string);
  expect(archived.length).toBeGreaterThan(8);

  server.setFault(undefined);
  const mark = server.requests.length;
  await fetchInto(db, server);
  const asked = server.requests.slice(mark);
  const repeats = asked.filter((r) => archived.some((key) => r.url.endsWith(key.replace(/^\/repos\/acme\/widgets/, ''))));
  expect(repeats.length).toBeGreaterThan(0);
  expect(repeats.every((r) => r.headers['if-none-match'] && r.status === 304)).toBe(true);
  expect(trackerRows(db)).toEqual(clean);
});

test('a GraphQL rate limit that outlasts the retries is GITHUB_RATE_LIMITED; a 403 that is no rate limit is GITHUB_REFUSED; neither writes items', async () => {
  const limited = await serve(({ url }) => (url === '/graphql' ? { status: 200, body: JSON.stringify({ errors: [{ type: 'RATE_LIMITED', message: 'API rate limit exceeded for user ID 1.' }] }) } : undefined));
  const db = join(work, 'graphql-limited.db');
  const err = await fetchInto(db, limited).catch((e: UserError) => e);
  expect(err).toMatchObject({ code: 'GITHUB_RATE_LIMITED', message: "GitHub's GraphQL endpoint answered without data: API rate limit exceeded for user ID 1." });
  expect(limited.requests.filter((r) => r.url === '/graphql').length).toBe(8);
  expect(queryRows(db, 'SELECT count(*) AS n FROM github_items')[0]!.n).toBe(0);

  const forbidden = await serve(({ url }) => (url.includes('/issues?') ? { status: 403, body: JSON.stringify({ message: 'Resource not accessible by personal access token' }) } : undefined));
  const refusedDb = join(work, 'forbidden.db');
  const refused = await fetchInto(refusedDb, forbidden).catch((e: UserError) => e);
  expect(refused).toMatchObject({ code: 'GITHUB_REFUSED', message: expect.stringMatching(/^GitHub answered 403 to /) });
  expect(forbidden.requests.filter((r) => r.status === 403)).toHaveLength(1);
});
