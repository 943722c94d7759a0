import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startGithubServer, type GithubServer } from '../fixtures/github-server.js';
import { makeRepo, tempDir } from '../fixtures/repo.js';
import { runCli, runCliJson, runCliRefused } from '../cli/run-cli.js';
import { storeText } from './tracker-rows.js';
import { commits, TOKEN, trackerItems } from './world.js';

/**
 * Bad input to fetch-github and import-issues: one line on stderr saying what
 * is wrong and what to do, exit 2, and nothing written (no store file when
 * there was none).
 */
let server: GithubServer;
let repo: { dir: string; shas: string[] };
let work: string;

beforeAll(async () => {
  repo = await makeRepo(commits);
  server = await startGithubServer({ items: trackerItems(repo.shas), token: TOKEN });
  work = await tempDir();
  process.env.GITHUB_API_URL = server.url;
  process.env.GITHUB_TOKEN = TOKEN;
});

afterAll(async () => {
  delete process.env.GITHUB_API_URL;
  delete process.env.GITHUB_TOKEN;
  await server.close();
});

async function refused(args: string[], env: Record<string, string | undefined> = {}, code?: string) {
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  for (const [k, v] of Object.entries(env)) v === undefined ? delete process.env[k] : (process.env[k] = v);
  try {
    const run = await runCli(args);
    expect(run.code, run.stderr).toBe(2);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^swe-future: .+\. .+/);
    expect(run.stdout).toBe('');
    if (code) expect(await runCliRefused(args)).toMatchObject({ status: 2, code, lines });
    return lines[0]!;
  } finally {
    for (const [k, v] of Object.entries(saved)) v === undefined ? delete process.env[k] : (process.env[k] = v);
  }
}

const fetchArgs = (db: string, ...more: string[]) => ['fetch-github', '--repo', repo.dir, '--github', 'acme/widgets', '--db', db, ...more];

test.each([
  ['a --github that is not OWNER/NAME', ['fetch-github', '--repo', '.', '--github', 'widgets', '--db', 'X'], {}, /is not a GitHub repository name\. Pass it as OWNER\/NAME/, 'BAD_GITHUB_REPO'],
  ['an --until that is not a date', ['fetch-github', '--repo', '.', '--github', 'acme/widgets', '--until', '2024-13-40', '--db', 'X'], {}, /Cannot read --until "2024-13-40" as a date/, 'BAD_DATE'],
  ['no GITHUB_TOKEN', ['fetch-github', '--repo', '.', '--github', 'acme/widgets', '--db', 'X'], { GITHUB_TOKEN: undefined }, /needs a GitHub token in the GITHUB_TOKEN environment variable\. Set GITHUB_TOKEN/, 'GITHUB_TOKEN_MISSING'],
])('fetch-github refuses %s', async (_what, args, env, message, code) => {
  const db = join(work, `${_what.replace(/\W+/g, '-')}.db`);
  const line = await refused(args.map((a) => (a === 'X' ? db : a)), env, code);
  expect(line).toMatch(message);
  expect(existsSync(db)).toBe(false);
});

test('a --repo that is not a git repository is refused before any request', async () => {
  const db = join(work, 'norepo.db');
  const before = server.requests.length;
  await refused(['fetch-github', '--repo', work, '--github', 'acme/widgets', '--db', db]);
  expect(server.requests.length).toBe(before);
  expect(existsSync(db)).toBe(false);
});

test('a token GitHub refuses: GITHUB_AUTH, nothing written, the token printed nowhere', async () => {
  const db = join(work, 'badtoken.db');
  const line = await refused(fetchArgs(db), { GITHUB_TOKEN: 'ghp_WRONGTOKEN_SECRET' }, 'GITHUB_AUTH');
  expect(line).toMatch(/GitHub refused the token in GITHUB_TOKEN \(401 Bad credentials\)\. Set GITHUB_TOKEN/);
  expect(line).not.toContain('WRONGTOKEN');
  expect(existsSync(db)).toBe(false);
});

test('a repository GitHub does not have: GITHUB_NOT_FOUND, nothing written', async () => {
  const db = join(work, 'missing.db');
  const line = await refused(['fetch-github', '--repo', repo.dir, '--github', 'acme/nothing-here', '--db', db], {}, 'GITHUB_NOT_FOUND');
  expect(line).toMatch(/GitHub has no repository acme\/nothing-here, or the token cannot see it \(404\)\. Check --github/);
  expect(existsSync(db)).toBe(false);
});

test('--offline without an archive, and a second GitHub repository for the same clone, are refused', async () => {
  const db = join(work, 'archive.db');
  expect(await refused(fetchArgs(db, '--offline'))).toMatch(/holds no GitHub archive for .*Run swe-future fetch-github/);
  await runCliJson(fetchArgs(db));
  const size = storeText(db).length;
  expect(await refused(['fetch-github', '--repo', repo.dir, '--github', 'acme/other', '--db', db], {}, 'GITHUB_REPO_CONFLICT')).toMatch(
    /This repository's issues were archived from acme\/widgets, not acme\/other\. Pass --github acme\/widgets, or use another --db/,
  );
  expect(await refused(['fetch-github', '--repo', repo.dir, '--github', 'acme/other', '--db', db, '--offline'])).toMatch(/archived from acme\/widgets/);
  expect(storeText(db).length).toBe(size);
});

test('import-issues refuses a file it cannot read', async () => {
  const db = join(work, 'import.db');
  expect(await refused(['import-issues', join(work, 'nope.json'), '--repo', repo.dir, '--db', db])).toMatch(/Cannot read the dump .*nope\.json\. Pass the path of a JSON or JSONL file/);
  expect(await refused(['import-issues', work, '--repo', repo.dir, '--db', db])).toMatch(/Cannot read the dump/);
  expect(existsSync(db)).toBe(false);
});
