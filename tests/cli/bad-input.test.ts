import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect, test } from 'vitest';
import type { CommitSpec } from '../../src/demo/model.js';
import { makeRepo, tempDir } from '../fixtures/repo.js';
import { runCli } from './run-cli.js';

/**
 * Every bad input: exit 2, one line on stderr that names the problem and the
 * fix, no stack trace, and nothing written.
 */
const history: CommitSpec[] = [
  { at: '2024-01-01', msg: 'first', files: { 'a.js': '// TODO: one\n' } },
  { at: '2024-02-01', msg: 'second', files: { 'b.js': 'b\n' } },
  { at: '2024-03-01', msg: 'third', files: { 'c.js': 'c\n' } },
  { at: '2024-04-01', msg: 'fourth', files: { 'd.js': 'd\n' } },
];

async function expectUserError(args: string[], pattern: RegExp, db?: string) {
  const run = await runCli(args);
  expect(run.code).toBe(2);
  expect(run.stdout).toBe('');
  const lines = run.stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^swe-future: .+\. .+/);
  expect(lines[0]).toMatch(pattern);
  expect(run.stderr).not.toMatch(/\n\s+at /);
  if (db) expect(existsSync(db)).toBe(false);
  return lines[0]!;
}

test('a path that does not exist is refused', async () => {
  const dir = await tempDir();
  const db = join(dir, 'x.db');
  await expectUserError(['snapshot', '--repo', join(dir, 'nope'), '--t0', '2024-01-01', '--db', db], /no such directory|does not exist/i, db);
});

test('a directory that is not a git repository is refused', async () => {
  const dir = await tempDir();
  const db = join(dir, 'x.db');
  mkdirSync(join(dir, 'plain'));
  await expectUserError(['snapshot', '--repo', join(dir, 'plain'), '--t0', '2024-01-01', '--db', db], /not a git repository/i, db);
});

test('an empty repository is refused', async () => {
  const repo = await makeRepo([]);
  const db = join(await tempDir(), 'x.db');
  await expectUserError(['snapshot', '--repo', repo.dir, '--t0', '2024-01-01', '--db', db], /no commits|empty/i, db);
});

test('a shallow clone whose history ends after T0 is refused with how to deepen it', async () => {
  const repo = await makeRepo(history);
  const dir = await tempDir();
  const shallow = join(dir, 'shallow');
  execFileSync('git', ['clone', '-q', '--depth', '2', `file://${repo.dir}`, shallow], { stdio: 'ignore' });
  const db = join(dir, 'x.db');
  const line = await expectUserError(['snapshot', '--repo', shallow, '--t0', '2024-01-15', '--db', db], /shallow/i, db);
  expect(line).toMatch(/git fetch --(shallow-since|unshallow)/);
});

test('a shallow clone that reaches back far enough is fine', async () => {
  const repo = await makeRepo(history);
  const dir = await tempDir();
  const shallow = join(dir, 'shallow');
  execFileSync('git', ['clone', '-q', '--depth', '2', `file://${repo.dir}`, shallow], { stdio: 'ignore' });
  const run = await runCli(['snapshot', '--repo', shallow, '--t0', '2024-03-15', '--db', join(dir, 'x.db'), '--json', '--quiet']);
  expect(run.code).toBe(0);
  expect(JSON.parse(run.stdout).snapshot.counts.historyTruncated).toBe(1);
});

test('T0 before the first commit is refused', async () => {
  const repo = await makeRepo(history);
  const db = join(await tempDir(), 'x.db');
  await expectUserError(['snapshot', '--repo', repo.dir, '--t0', '2023-06-01', '--db', db], /before the repository's first commit/, db);
});

test('T0 in the future is refused', async () => {
  const repo = await makeRepo(history);
  const db = join(await tempDir(), 'x.db');
  await expectUserError(['snapshot', '--repo', repo.dir, '--t0', '2999-01-01', '--db', db], /future/, db);
});

test.each(['yesterday', '2024-13-01', '2024-02-30', '2024-01-01T10:00'])('an unparseable date (%s) is refused', async (date) => {
  const repo = await makeRepo(history);
  const db = join(await tempDir(), 'x.db');
  await expectUserError(['snapshot', '--repo', repo.dir, '--t0', date, '--db', db], /ISO 8601/, db);
});

test('a detached HEAD is refused unless --branch names the default branch', async () => {
  const repo = await makeRepo(history, { detach: 1 });
  const dir = await tempDir();
  const db = join(dir, 'x.db');
  await expectUserError(['snapshot', '--repo', repo.dir, '--t0', '2024-03-15', '--db', db], /detached/i, db);
  const run = await runCli(['snapshot', '--repo', repo.dir, '--t0', '2024-03-15', '--db', db, '--branch', 'main', '--json', '--quiet']);
  expect(run.code).toBe(0);
});

test('a repository whose HEAD names no existing branch is refused', async () => {
  const repo = await makeRepo(history);
  writeFileSync(join(repo.gitdir, 'HEAD'), 'ref: refs/heads/gone\n');
  const db = join(await tempDir(), 'x.db');
  await expectUserError(['snapshot', '--repo', repo.dir, '--t0', '2024-03-15', '--db', db], /branch/i, db);
});

test('a database file that is not SQLite is refused and left as it was', async () => {
  const repo = await makeRepo(history);
  const db = join(await tempDir(), 'notes.db');
  writeFileSync(db, 'these are my notes, not a database\n'.repeat(20));
  await expectUserError(['snapshot', '--repo', repo.dir, '--t0', '2024-03-15', '--db', db], /not an SQLite database/i);
  expect(readFileSync(db, 'utf8')).toBe('these are my notes, not a database\n'.repeat(20));
});

test('a database with a newer schema version is refused', async () => {
  const repo = await makeRepo(history);
  const db = join(await tempDir(), 'new.db');
  expect((await runCli(['snapshot', '--repo', repo.dir, '--t0', '2024-03-15', '--db', db, '--quiet'])).code).toBe(0);
  const conn = new Database(db);
  conn.prepare("INSERT INTO schema_migrations (version, description, applied_at) VALUES (999, 'from the future', '2026-01-01T00:00:00.000Z')").run();
  conn.close();
  await expectUserError(['snapshot', '--repo', repo.dir, '--t0', '2024-03-20', '--db', db], /newer/i);
  const after = new Database(db, { readonly: true });
  expect(after.prepare('SELECT COUNT(*) FROM snapshots').pluck().get()).toBe(1);
  after.close();
});

test('an unknown option and a missing required option are user errors', async () => {
  expect((await runCli(['snapshot', '--repo', '.', '--t0', '2024-01-01', '--frobnicate'])).code).toBe(2);
  const run = await runCli(['snapshot', '--t0', '2024-01-01']);
  expect(run.code).toBe(2);
  expect(run.stderr).toMatch(/--repo/);
});

test('a non-UTF-8 commit message is decoded, not crashed on', async () => {
  const repo = await makeRepo(history);
  const git = (args: string[], input?: Buffer) =>
    execFileSync('git', ['-C', repo.dir, ...args], { input, env: { ...process.env, GIT_AUTHOR_DATE: '2024-04-10T00:00:00Z', GIT_COMMITTER_DATE: '2024-04-10T00:00:00Z', GIT_AUTHOR_NAME: 'L', GIT_AUTHOR_EMAIL: 'l@x', GIT_COMMITTER_NAME: 'L', GIT_COMMITTER_EMAIL: 'l@x' } }).toString().trim();
  const tree = git(['rev-parse', 'HEAD^{tree}']);
  const sha = git(['commit-tree', tree, '-p', 'HEAD'], Buffer.from([0x43, 0x61, 0x66, 0xe9, 0x20, 0x66, 0x69, 0x78, 0x0a])); // "Café fix" in Latin-1
  git(['update-ref', 'refs/heads/main', sha]);
  for (const backend of ['native', 'isomorphic']) {
    const run = await runCli(['snapshot', '--repo', repo.dir, '--t0', '2024-05-01', '--db', join(await tempDir(), 'x.db'), '--git-backend', backend, '--json', '--quiet']);
    expect(run.code).toBe(0);
  }
});
