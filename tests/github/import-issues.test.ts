import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { splitDump } from '../../src/github/dump.js';
import type { Evidence } from '../../src/snapshot/model.js';
import { startGithubServer, type GithubServer } from '../fixtures/github-server.js';
import { makeRepo, tempDir } from '../fixtures/repo.js';
import { runCli, runCliJson } from '../cli/run-cli.js';
import { queryRows } from './tracker-rows.js';
import { commits, T0, TOKEN, trackerItems } from './world.js';

/**
 * import-issues reads dumps of GitHub's REST API as `gh api --paginate`
 * writes them. The dumps here are real answers of the local GitHub: issue
 * and pull-request pages back to back, and the timelines' events and
 * comments in the shapes of the repository-wide lists.
 */
let server: GithubServer;
let repo: { dir: string; shas: string[] };
let work: string;
let issuesPages: unknown[][];
let pullsPages: unknown[][];
let events: unknown[];
let comments: unknown[];

async function pages(path: string): Promise<unknown[][]> {
  const out: unknown[][] = [];
  let url: string | null = `${server.url}${path}`;
  while (url) {
    const response: Response = await fetch(url, { headers: { authorization: `token ${TOKEN}` } });
    out.push((await response.json()) as unknown[]);
    url = /<([^>]+)>; rel="next"/.exec(response.headers.get('link') ?? '')?.[1] ?? null;
  }
  return out;
}

beforeAll(async () => {
  repo = await makeRepo(commits);
  server = await startGithubServer({ items: trackerItems(repo.shas), token: TOKEN });
  work = await tempDir();
  issuesPages = await pages('/repos/acme/widgets/issues?state=all&per_page=100');
  pullsPages = await pages('/repos/acme/widgets/pulls?state=all&per_page=100');
  events = [];
  comments = [];
  for (let n = 1; n <= 12; n++) {
    for (const entry of (await pages(`/repos/acme/widgets/issues/${n}/timeline?per_page=100`)).flat() as Record<string, unknown>[]) {
      if (entry.event === 'commented') comments.push(entry);
      else if (typeof entry.id === 'number') events.push({ ...entry, url: `${server.url}/repos/acme/widgets/issues/events/${entry.id}`, issue: { number: n, title: 'as today' } });
    }
  }
});

afterAll(() => server.close());

function write(name: string, text: string): string {
  const file = join(work, name);
  writeFileSync(file, text);
  return file;
}

const jsonl = (records: unknown[]) => records.map((r) => JSON.stringify(r)).join('\n');

async function snapshotEvidence(db: string): Promise<Evidence[]> {
  const snap = (await runCliJson(['snapshot', '--repo', repo.dir, '--t0', T0, '--db', db])).snapshot;
  return queryRows(db, `SELECT data FROM evidence WHERE snapshot_id = ${snap.id} ORDER BY ord`).map((r) => JSON.parse(r.data as string) as Evidence);
}

test('a dump of issues, pull requests, events and comments replays to T0 by the same rules as a fetch', async () => {
  const db = join(work, 'full.db');
  const dump = write('dump.json', [...issuesPages, ...pullsPages].map((p) => JSON.stringify(p)).join('') + '\n' + jsonl([...events, ...comments]));
  const out = await runCliJson(['import-issues', dump, '--repo', repo.dir, '--db', db]);
  expect(out).toMatchObject({ github: 'acme/widgets', rejected: [], records: { issues: 12, pullRequests: 5 } });
  const evidence = await snapshotEvidence(db);
  const issue1 = evidence.find((e) => e.ref === 'issue#1');
  // Title and labels at T0 from the events; the body was edited after T0 and a dump has no edit history: withheld.
  expect(issue1).toMatchObject({ text: 'Parser fails on nested quotes', labels: ['bug'], body: '', bodyWithheld: true, commentCount: 1 });
  expect(evidence.find((e) => e.ref === 'issue#2')).toMatchObject({ state: 'open', labels: ['enhancement'] });
  expect(evidence.find((e) => e.ref === 'pr#3')).toMatchObject({ text: 'Fix escaped quotes', item: { labels: ['bug'] } });
  // The comment edited after T0 is withheld, never shown in its later text.
  expect(evidence.find((e) => e.ref === 'issue#11')).toMatchObject({ comments: [{ body: '', bodyWithheld: true }] });
  expect(evidence.some((e) => e.ref === 'issue#8')).toBe(false);
  expect(JSON.stringify(evidence)).not.toMatch(/CANARY/);
});

test('a dump without events: items changed after T0 are withheld whole, items unchanged since are shown, and a warning says what to add', async () => {
  const db = join(work, 'no-events.db');
  const dump = write('issues-only.json', issuesPages.map((p) => JSON.stringify(p, null, 2)).join('\n'));
  const run = await runCli(['import-issues', dump, '--repo', repo.dir, '--db', db, '--json']);
  expect(run.code).toBe(0);
  expect(run.stderr).toMatch(/warning: .* holds no issue events.*gh api --paginate "repos\/acme\/widgets\/issues\/events"/);
  const evidence = await snapshotEvidence(db);
  expect(evidence.some((e) => e.ref === 'issue#1' || e.ref === 'issue#2')).toBe(false);
  expect(evidence.find((e) => e.ref === 'issue#12')).toMatchObject({ state: 'closed', labels: ['bug'], body: 'Boom.' });
  expect(JSON.stringify(evidence)).not.toMatch(/CANARY/);
  const counts = (await runCliJson(['snapshot', '--repo', repo.dir, '--t0', T0, '--db', db])).snapshot.counts;
  expect(counts.issuesWithheld).toBeGreaterThan(0);
});

test('malformed records are reported with their line numbers and skipped; the rest are imported in one transaction', async () => {
  const db = join(work, 'malformed.db');
  const good = issuesPages.flat() as Record<string, unknown>[];
  const lines = [
    JSON.stringify(good[0]),
    JSON.stringify(good[1]),
    '{"number": 77, "title": "cut off',
    JSON.stringify({ ...good[2], created_at: 'yesterday' }),
    JSON.stringify({ ...good[3], repository_url: 'https://api.github.com/repos/someone/else' }),
    '[1, 2]',
    '',
    JSON.stringify({ hello: 'world' }),
    JSON.stringify(good[4]),
  ];
  const out = await runCliJson(['import-issues', write('broken.jsonl', lines.join('\n')), '--repo', repo.dir, '--db', db, '--github', 'acme/widgets']);
  expect(out.rejected.map((r: { line: number }) => r.line)).toEqual([3, 4, 5, 6, 6, 8]);
  expect(out.rejected[0].reason).toMatch(/breaks off/);
  expect(out.rejected[1].reason).toMatch(/created_at/);
  expect(out.rejected[2].reason).toMatch(/someone\/else/);
  expect(out.records.issues).toBe(3);
  const kept = [good[0], good[1], good[4]].map((r) => r!.number as number).sort((a, b) => a - b);
  expect(queryRows(db, 'SELECT number FROM github_items ORDER BY number').map((r) => r.number)).toEqual(kept);
});

test('gh api --slurp output (an array of pages) and a single array read the same records', () => {
  const slurped = splitDump(JSON.stringify(issuesPages));
  const single = splitDump(JSON.stringify(issuesPages.flat(), null, 2));
  expect(slurped.rejected).toEqual([]);
  expect(slurped.records.map((r) => r.value)).toEqual(issuesPages.flat());
  expect(single.records.map((r) => r.value)).toEqual(issuesPages.flat());
  expect(single.records[1]!.line).toBeGreaterThan(single.records[0]!.line);
});

test('a dump with nothing to import is refused with exit 2 and writes nothing', async () => {
  const db = join(work, 'nothing.db');
  const run = await runCli(['import-issues', write('junk.jsonl', 'not json\n{"a": 1}\n'), '--repo', repo.dir, '--db', db, '--github', 'acme/widgets']);
  expect(run.code).toBe(2);
  expect(run.stderr).toMatch(/^swe-future: .*holds no issue, pull request, event or comment of acme\/widgets \(line 1: .*line 2: .*\)\. Pass a dump/);
  expect(run.stderr.trim().split('\n')).toHaveLength(1);
  expect(existsSync(db)).toBe(false);
});

test('importing the same dump twice changes nothing', async () => {
  const db = join(work, 'twice.db');
  const dump = write('twice.json', issuesPages.map((p) => JSON.stringify(p)).join(''));
  await runCliJson(['import-issues', dump, '--repo', repo.dir, '--db', db]);
  const first = queryRows(db, 'SELECT * FROM github_items');
  await runCliJson(['import-issues', dump, '--repo', repo.dir, '--db', db]);
  expect(queryRows(db, 'SELECT * FROM github_items')).toEqual(first);
  expect(queryRows(db, "SELECT count(*) AS n FROM github_responses WHERE kind = 'import'")[0]!.n).toBe(1);
});
