import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Evidence } from '../../src/snapshot/model.js';
import { startGithubServer, stateAt, type GithubServer, type ItemSpec } from '../fixtures/github-server.js';
import { makeRepo, tempDir } from '../fixtures/repo.js';
import { runCli, runCliJson } from '../cli/run-cli.js';
import { queryRows, storeText, trackerRows } from './tracker-rows.js';
import { commits, T0, TOKEN, trackerItems } from './world.js';

/**
 * fetch-github against a local GitHub, then snapshot: every issue and pull
 * request must appear exactly as it stood at T0 (checked against a model that
 * applies the history forwards), and nothing changed after T0 anywhere.
 */
let server: GithubServer;
let repo: { dir: string; shas: string[] };
let specs: ItemSpec[];
let work: string;
let db: string;
let fetched: any;
let snap: any;
let evidence: Evidence[];

const iso = (t: string | null) => (t === null ? null : new Date(t).toISOString());
const sorted = (xs: readonly string[]) => [...xs].sort();
const YEAR_MS = 365 * 86_400_000;

beforeAll(async () => {
  repo = await makeRepo(commits);
  specs = trackerItems(repo.shas);
  server = await startGithubServer({ items: specs, token: TOKEN });
  process.env.GITHUB_TOKEN = TOKEN;
  process.env.GITHUB_API_URL = server.url;
  work = await tempDir();
  db = join(work, 'store.db');
  fetched = await runCliJson(['fetch-github', '--repo', repo.dir, '--github', 'acme/widgets', '--db', db]);
  snap = (await runCliJson(['snapshot', '--repo', repo.dir, '--t0', T0, '--db', db])).snapshot;
  evidence = queryRows(db, `SELECT data FROM evidence WHERE snapshot_id = ${snap.id} ORDER BY ord`).map((r) => JSON.parse(r.data as string) as Evidence);
});

afterAll(async () => {
  delete process.env.GITHUB_TOKEN;
  delete process.env.GITHUB_API_URL;
  await server.close();
});

test('fetch-github archives every issue and pull request with its timeline, files and edit history', () => {
  expect(fetched.items).toMatchObject({ total: 12, issues: 7, pullRequests: 5, notSynced: 0 });
  expect(fetched.fetch).toMatchObject({ itemsListed: 12, itemsSynced: 12, notModified: 0 });
  const kinds = queryRows(db, 'SELECT kind, count(*) AS n FROM github_responses GROUP BY kind ORDER BY kind');
  expect(kinds.map((r) => r.kind)).toEqual(['files', 'graphql', 'issues', 'pulls', 'timeline']);
  // Pages came through Link headers (two items a page on this server).
  expect(server.requests.some((r) => r.url.startsWith('/repositories/4242/issues?') && r.url.includes('page=6'))).toBe(true);
});

test.each([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])('item #%i appears in the snapshot exactly as it stood at T0', (number) => {
  const spec = specs.find((s) => s.number === number)!;
  const at = stateAt(spec, T0);
  const row = evidence.find((e): e is Extract<Evidence, { kind: 'issue' }> => e.kind === 'issue' && e.number === number);
  const work = evidence.find((e): e is Extract<Evidence, { kind: 'work_item' }> => e.kind === 'work_item' && e.item.number === number);
  if (at === null) {
    expect(row).toBeUndefined();
    return;
  }
  if (at.mergedAt !== null) {
    // Merged by T0: the work item git reconstructed, with the pull request's title, body and labels at T0.
    expect(row).toBeUndefined();
    expect(work?.item).toMatchObject({ key: `pr#${number}`, title: at.title, body: at.body, labels: sorted(at.labels) });
    expect(work?.text).toBe(at.title);
    return;
  }
  const recent = at.state === 'open' || Date.parse(at.closedAt!) >= Date.parse(T0) - YEAR_MS;
  if (!recent) {
    expect(row).toBeUndefined();
    return;
  }
  const lostBody = spec.keepOriginal === false && at.body !== stateAt(spec)!.body;
  expect(row).toMatchObject({
    ref: `${spec.pull ? 'pull' : 'issue'}#${number}`,
    date: iso(spec.created),
    text: at.title,
    labels: sorted(at.labels),
    state: at.state,
    closedAt: iso(at.closedAt),
    body: lostBody ? '' : at.body,
    bodyWithheld: lostBody,
    commentCount: at.comments.length,
    comments: at.comments.map((c) => ({ author: c.user, date: iso(c.createdAt), body: c.body, bodyWithheld: false })),
  });
});

test('a pull request open at T0 is an issue row with its files withheld; a rebase-merged one takes over its commit as pr#N', () => {
  expect(evidence.find((e) => e.ref === 'pull#6')).toMatchObject({ state: 'open', paths: [], pathsWithheld: true });
  expect(evidence.find((e) => e.ref === 'pr#7')).toMatchObject({ kind: 'work_item', item: { sha: repo.shas[4], kind: 'commit', labels: ['refactor'] } });
  expect(evidence.some((e) => e.ref === `commit:${repo.shas[4]}`)).toBe(false);
  expect(snap.counts).toMatchObject({ issues: 6, issuePullRequests: 1, issueBodiesWithheld: 1, workItemsFromTracker: 3, issuesWithheld: 0 });
});

test('no title, label, body or comment from after T0 reaches the snapshot, its manifest or a forecast', async () => {
  const forecast = await runCliJson(['forecast', '--snapshot', String(snap.id), '--db', db, '--max-families', '10']);
  const stored = JSON.stringify([
    queryRows(db, 'SELECT * FROM evidence'),
    queryRows(db, 'SELECT * FROM snapshots'),
    queryRows(db, 'SELECT * FROM families'),
    queryRows(db, 'SELECT * FROM family_evidence'),
  ]);
  expect(stored.length).toBeGreaterThan(2000);
  for (const text of [stored, readFileSync(snap.manifest, 'utf8'), JSON.stringify(snap), JSON.stringify(forecast)]) expect(text).not.toMatch(/CANARY/);
});

test('the token goes to GitHub in the Authorization header and nowhere else: not the store, not stdout or stderr', async () => {
  expect(server.requests.every((r) => r.headers.authorization === `token ${TOKEN}`)).toBe(true);
  const run = await runCli(['fetch-github', '--repo', repo.dir, '--github', 'acme/widgets', '--db', db]);
  expect(run.code).toBe(0);
  expect(run.stdout).toMatch(/^fetch-github acme\/widgets for .*\n  requests  \d+ \(\d+ not modified\); 12 items listed, 0 read anew, 12 up to date\n  items     7 issues, 5 pull requests\n  work      \d+ work items took/);
  expect(`${run.stdout}${run.stderr}`).not.toContain(TOKEN);
  expect(storeText(db)).not.toContain('CANARYTOKEN');
});

test('a second fetch asks conditionally, gets 304s, and reads anew only the items that changed', async () => {
  const before = server.requests.length;
  const again = await runCliJson(['fetch-github', '--repo', repo.dir, '--github', 'acme/widgets', '--db', db]);
  const asked = server.requests.slice(before);
  expect(asked.every((r) => r.method === 'GET' && r.headers['if-none-match'] && r.status === 304)).toBe(true);
  expect(asked.filter((r) => r.url.includes('/timeline') || r.url.includes('/files'))).toEqual([]);
  expect(again.fetch).toMatchObject({ itemsSynced: 0, itemsUpToDate: 12 });

  // Later history: issue 2 gains a label; only it is read again.
  const spec2 = specs.find((s) => s.number === 2)!;
  server.setItems(specs.map((s) => (s === spec2 ? { ...s, changes: [...s.changes!, { at: '2024-09-01T00:00:00Z', label: '+CANARY_LATER' }] } : s)));
  const mark = server.requests.length;
  const third = await runCliJson(['fetch-github', '--repo', repo.dir, '--github', 'acme/widgets', '--db', db]);
  expect(third.fetch).toMatchObject({ itemsSynced: 1, itemsUpToDate: 11 });
  expect(server.requests.slice(mark).filter((r) => r.url.includes('/timeline')).every((r) => r.url.includes('/issues/2/'))).toBe(true);
  const resnap = (await runCliJson(['snapshot', '--repo', repo.dir, '--t0', T0, '--db', db])).snapshot;
  expect(resnap.hash).toBe(snap.hash);
  server.setItems(specs);
  await runCliJson(['fetch-github', '--repo', repo.dir, '--github', 'acme/widgets', '--db', db]);
});

test('--offline rebuilds byte-identical rows from the archive alone, and the same snapshot', async () => {
  const online = trackerRows(db);
  process.env.GITHUB_API_URL = 'http://127.0.0.1:9'; // nothing listens there: any request would fail
  const before = server.requests.length;
  try {
    const offline = await runCliJson(['fetch-github', '--repo', repo.dir, '--github', 'acme/widgets', '--db', db, '--offline']);
    expect(offline).toMatchObject({ offline: true, fetch: null });
  } finally {
    process.env.GITHUB_API_URL = server.url;
  }
  expect(server.requests.length).toBe(before);
  expect(trackerRows(db)).toEqual(online);
  expect(JSON.stringify(trackerRows(db))).toBe(JSON.stringify(online));
  const again = (await runCliJson(['snapshot', '--repo', repo.dir, '--t0', T0, '--db', db])).snapshot;
  expect(again).toMatchObject({ id: snap.id, hash: snap.hash, reused: true });
});

test('--until leaves out items created after it, online and again offline', async () => {
  const bounded = join(work, 'until.db');
  const out = await runCliJson(['fetch-github', '--repo', repo.dir, '--github', 'acme/widgets', '--db', bounded, '--until', '2024-03-01']);
  const numbers = () => queryRows(bounded, 'SELECT number FROM github_items ORDER BY number').map((r) => r.number);
  expect(numbers()).toEqual([1, 2, 3, 10]);
  expect(out.fetch.itemsListed).toBe(4);
  // Paging stopped past the date: the last listing pages were never asked for.
  expect(queryRows(bounded, "SELECT count(*) AS n FROM github_responses WHERE kind = 'issues'")[0]!.n).toBeLessThan(6);
  await runCliJson(['fetch-github', '--repo', repo.dir, '--github', 'acme/widgets', '--db', bounded, '--offline']);
  expect(numbers()).toEqual([1, 2, 3, 10]);
});
