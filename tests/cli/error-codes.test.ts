import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, expect, test } from 'vitest';
import { synthesizeTasks } from '../../src/api/synthesize.js';
import { writeRepo } from '../../src/demo/write-repo.js';
import { assertVisibleAtT0 } from '../../src/index.js';
import { makeRepo, tempDir, type CommitSpec } from '../fixtures/repo.js';
import { studyCommits } from '../study/fixtures.js';
import { main } from '../../src/cli/main.js';
import { runCliJson, runCliRefused } from './run-cli.js';

/**
 * The error codes of src/error-codes.ts that no other test reaches, each
 * brought about for real (a shallow clone, a damaged store, history rewritten
 * under a store, a hand-edited forecast, a lock held by another writer...)
 * and checked for its code, exit status and one line. Together with the other
 * tests, every registry code is asserted (tests/cli/error-registry.test.ts).
 */
let dir: string;
let repo: string;

/**
 * The study fixture's history with a TODO that states a piece of work ("support
 * a retry budget option", which the later "feat(retry): retry budget option"
 * does), plus one later change in the area, so that a strict judge keeps a
 * family and synthesis gets past NO_VALIDATED_FAMILIES. (The area's own family,
 * "Add the next requested capability in src/retry", is an act and an area
 * only, which the judges relate to nothing: docs/judging.md.)
 */
function retryCommits(): CommitSpec[] {
  const [first, ...rest] = studyCommits('retry');
  // The change that does the work resolves the note (a note that still stands at the window's end is work not done:
  // the judges reject its family, notes42).
  const done = (c: CommitSpec) => (/retry budget option/.test(c.msg) ? { ...c, files: { ...c.files, 'src/retry/index.js': 'export function retry() {}\n' } } : c);
  const commits = [{ ...first!, files: { ...first!.files, 'src/retry/index.js': '// TODO: support a retry budget option\nexport function retry() {}\n' } }, ...rest.map(done)];
  const later = { at: '2024-10-15T10:00:00Z', msg: 'fix(retry): timeout edge case on the initial attempt (#99)', files: { 'src/retry/timeout.js': 'export const timeout = 2; // initial attempt\n' } };
  return [...commits.slice(0, -1), later, commits.at(-1)!];
}
let db: string;
beforeAll(async () => {
  dir = await tempDir('swe-future-codes-');
  repo = (await makeRepo(retryCommits())).dir;
  db = join(dir, 'store.db');
  await runCliJson(['forecast', '--repo', repo, '--t0', '2024-06-01', '--forecaster', 'heuristic', '--db', db]);
  const validation = await runCliJson(['validate', '--forecast', '1', '--window', '6m', '--judge', 'lexical', '--db', db]);
  // Validation 1 keeps at least one family, so synthesis gets past NO_VALIDATED_FAMILIES.
  expect(validation.verdicts.some((v: { label: string }) => v.label !== 'rejected')).toBe(true);
});

/** The refusal, checked: exit 2 (or `status`), the code, and one line `swe-future: <what>. <fix>` matching `line`. */
async function expectRefused(args: string[], code: string, line: RegExp, status = 2): Promise<void> {
  const refusal = await runCliRefused(args);
  expect(refusal, refusal.lines.join('\n')).toMatchObject({ status, code });
  const last = refusal.lines.at(-1)!;
  expect(last).toMatch(/^swe-future: .+\. .+/);
  expect(last).toMatch(line);
  expect(refusal.lines.join('\n')).not.toMatch(/\n\s+at /);
}

const fileBytes = (path: string) => (existsSync(path) ? readFileSync(path) : null);

test('a shallow clone whose history ends after T0 is SHALLOW_HISTORY, naming how to deepen it', async () => {
  const shallow = join(dir, 'shallow');
  execFileSync('git', ['clone', '-q', '--depth', '1', `file://${repo}`, shallow]);
  await expectRefused(['snapshot', '--repo', shallow, '--t0', '2024-06-01', '--db', join(dir, 'shallow.db')], 'SHALLOW_HISTORY',
    /The history of this clone is shallow and ends at 2024-11-28, after T0 2024-06-01\. Deepen it to reach T0: git fetch --shallow-since=2024-06-01 \(or git fetch --unshallow\)\.$/);
  expect(existsSync(join(dir, 'shallow.db'))).toBe(false);
});

test('a damaged store is DB_CORRUPT for reading and for writing, and is left as it was', async () => {
  const damaged = join(dir, 'damaged.db');
  copyFileSync(db, damaged);
  const bytes = readFileSync(damaged);
  for (let i = 4096; i < bytes.length; i += 7) bytes[i] = bytes[i]! ^ 0x5a; // every page after the first scrambled
  writeFileSync(damaged, bytes);
  const line = new RegExp(`^swe-future: ${damaged} is damaged \\(database disk image is malformed\\)\\. Restore it from a copy, or pass another --db\\.$`);
  await expectRefused(['query', 'SELECT count(*) FROM snapshots', '--db', damaged], 'DB_CORRUPT', line);
  await expectRefused(['snapshot', '--repo', repo, '--t0', '2024-05-01', '--db', damaged], 'DB_CORRUPT', line);
  expect(readFileSync(damaged).equals(bytes)).toBe(true);
});

test('an llm synthesis of a repository with no test command it can find is TEST_CMD_REQUIRED, before any model call', async () => {
  const before = fileBytes(db);
  await expectRefused(['synthesize', '--validation', '1', '--tgen', 'HEAD', '--backend', 'llm', '--llm-base-url', 'http://127.0.0.1:9/v1', '--llm-model', 'm', '--no-sandbox', '--db', db], 'TEST_CMD_REQUIRED',
    /No test command was found in .+ at [0-9a-f]{12}\. Pass --test-cmd with the command that runs its tests/);
  expect(fileBytes(db)!.equals(before!)).toBe(true);
});

test('history rewritten under a store so that nothing is left at or before Tgen is TGEN_BEFORE_FIRST_COMMIT', async () => {
  const rewritten = join(dir, 'rewritten');
  await writeRepo(rewritten, retryCommits());
  const store = join(dir, 'rewritten.db');
  await runCliJson(['forecast', '--repo', rewritten, '--t0', '2024-06-01', '--forecaster', 'heuristic', '--db', store]);
  await runCliJson(['validate', '--forecast', '1', '--window', '6m', '--judge', 'lexical', '--db', store]);
  // The owner force-pushes a history that starts later, and the clone follows it.
  rmSync(rewritten, { recursive: true, force: true });
  await writeRepo(rewritten, [{ at: '2024-08-01T10:00:00Z', msg: 'a new start', files: { 'x.js': 'x\n' } }, { at: '2024-09-01T10:00:00Z', msg: 'more', files: { 'y.js': 'y\n' } }]);
  await expectRefused(['synthesize', '--validation', '1', '--tgen', '2024-07-10', '--db', store], 'TGEN_BEFORE_FIRST_COMMIT',
    /No first-parent commit of .+ is at or before Tgen 2024-07-10\. Pass a later --tgen, or HEAD\.$/);
  expect(new Database(store, { readonly: true }).prepare('SELECT count(*) FROM syntheses').pluck().get()).toBe(0);
});

test('a frozen forecast edited by hand (its trigger dropped) is FORECAST_TAMPERED for validate and synthesize', async () => {
  const edited = join(dir, 'edited.db');
  copyFileSync(db, edited);
  const conn = new Database(edited);
  conn.exec("DROP TRIGGER families_frozen_update; UPDATE families SET data = json_set(data, '$.title', 'a better title') WHERE ord = 0");
  conn.close();
  const line = /Forecast sha256:[0-9a-f]{12}… does not match its hash \(stored content changed after freezing\)\. Forecast again from the snapshot/;
  await expectRefused(['validate', '--forecast', '1', '--window', '3m', '--judge', 'lexical', '--db', edited], 'FORECAST_TAMPERED', line);
  await expectRefused(['synthesize', '--validation', '1', '--tgen', 'HEAD', '--db', edited], 'FORECAST_TAMPERED', line);
  const after = new Database(edited, { readonly: true });
  expect([after.prepare('SELECT count(*) FROM validations').pluck().get(), after.prepare('SELECT count(*) FROM syntheses').pluck().get()]).toEqual([1, 0]);
  after.close();
});

test('an issue dump with nothing of the repository is NOTHING_TO_IMPORT; one that does not say its repository is NO_GITHUB_REPO', async () => {
  const empty = join(dir, 'empty.json');
  writeFileSync(empty, '[]\n');
  const store = join(dir, 'import.db');
  await expectRefused(['import-issues', empty, '--repo', repo, '--github', 'acme/widgets', '--db', store], 'NOTHING_TO_IMPORT',
    /empty\.json holds no issue, pull request, event or comment of acme\/widgets\. Pass a dump of GitHub's REST API/);
  const anonymous = join(dir, 'anonymous.json');
  writeFileSync(anonymous, JSON.stringify([{ number: 1, title: 'Crash on start', state: 'open', created_at: '2024-01-01T00:00:00Z', updated_at: '2024-01-01T00:00:00Z', user: { login: 'a' } }]));
  for (const dump of [empty, anonymous]) {
    await expectRefused(['import-issues', dump, '--repo', repo, '--db', store], 'NO_GITHUB_REPO', /does not say which GitHub repository it is from \(no issue has a repository_url\)\. Pass --github OWNER\/NAME\.$/);
  }
  expect(existsSync(store)).toBe(false);
});

test('labelled pairs with nothing in the half to report are PAIRS_EMPTY', async () => {
  const first = readFileSync('eval/pairs/axum.jsonl', 'utf8').split('\n')[0]!;
  const fitOnly = join(dir, 'fit-only.jsonl');
  writeFileSync(fitOnly, `${first.replace(/"split": "held"/, '"split": "fit"')}\n`);
  await expectRefused(['judge-eval', '--pairs', fitOnly, '--db', join(dir, 'pairs.db')], 'PAIRS_EMPTY', /^swe-future: No labelled pairs in the held half of .*fit-only\.jsonl\. Pass files of eval\/pairs\//);
});

test('a queue URL that is not a redis URL is QUEUE_URL_INVALID, for study and worker, before anything is written', async () => {
  const config = join(dir, 'queue-study.json');
  writeFileSync(config, JSON.stringify({ name: 'q', window: '1m', repos: [{ path: repo, t0: '2024-06-01' }], forecasters: ['random-anchor'], judges: ['lexical'] }));
  const store = join(dir, 'queue.db');
  await expectRefused(['study', '--config', config, '--db', store, '--queue', 'http://127.0.0.1:6379'], 'QUEUE_URL_INVALID', /The queue URL has scheme http, not redis or rediss\. Pass --queue redis:\/\/HOST:PORT \(with a password: :PASSWORD@ before HOST\), or set SWE_FUTURE_QUEUE\.$/);
  await expectRefused(['study', '--config', config, '--db', store, '--queue', 'not a url'], 'QUEUE_URL_INVALID', /^swe-future: The queue URL is not a URL\./);
  // The fix shows where a password goes: the redaction of credentials in URLs (src/study/credentials.ts) leaves it whole.
  await expectRefused(['worker', '--queue', 'not a url'], 'QUEUE_URL_INVALID', /^swe-future: The queue URL is not a URL\. Pass --queue redis:\/\/HOST:PORT \(with a password: :PASSWORD@ before HOST; rediss:\/\/ for TLS\), or set SWE_FUTURE_QUEUE\.$/);
  expect(existsSync(store)).toBe(false);
});

test('the library refuses a task total or a run count the command line would have refused: BAD_TOTAL, BAD_RUNS', async () => {
  const before = fileBytes(db);
  for (const total of [0, 2.5, -1]) {
    await expect(synthesizeTasks({ db, validation: 1, tgen: 'HEAD', total })).rejects.toMatchObject({ code: 'BAD_TOTAL', message: `--total must be a whole number of tasks of at least 1, not ${total}` });
  }
  for (const runs of [0, 11, 1.5]) {
    await expect(synthesizeTasks({ db, validation: 1, tgen: 'HEAD', runs })).rejects.toMatchObject({ code: 'BAD_RUNS', message: `--runs must be 1..10, not ${runs}` });
  }
  expect(fileBytes(db)!.equals(before!)).toBe(true);
});

test('the T0 guard of the public API refuses a T0 that is not a date: BAD_T0', () => {
  expect(() => assertVisibleAtT0([{ ref: 'commit:abc', date: '2024-01-01T00:00:00.000Z' }], 'the day before release')).toThrow(
    expect.objectContaining({ code: 'BAD_T0', message: 'T0 "the day before release" is not a date' }),
  );
});

test('a store another writer keeps locked for longer than the wait is DB_BUSY, exit 2, and nothing is written', async () => {
  const locked = join(dir, 'locked.db');
  copyFileSync(db, locked);
  const other = new Database(locked);
  other.exec('BEGIN EXCLUSIVE');
  try {
    await expectRefused(['snapshot', '--repo', repo, '--t0', '2024-05-01', '--db', locked], 'DB_BUSY',
      /stayed locked by another writer for more than 10 s\. Wait for the other swe-future process to finish, or pass another --db\.$/);
  } finally {
    other.exec('ROLLBACK');
    other.close();
  }
  const after = new Database(locked, { readonly: true });
  expect(after.prepare('SELECT count(*) FROM snapshots').pluck().get()).toBe(1);
  after.close();
}, 30_000);

test('a store edited by hand into a shape swe-future cannot read is INTERNAL: exit 1, "This is a bug", the stack on stderr', async () => {
  const edited = join(dir, 'unreadable.db');
  copyFileSync(db, edited);
  const conn = new Database(edited);
  conn.exec("DROP TRIGGER families_frozen_update; UPDATE families SET data = '{}'");
  conn.close();
  const size = statSync(edited).size;
  let stdout = '';
  let stderr = '';
  const status = await main(['validate', '--forecast', '1', '--window', '3m', '--judge', 'lexical', '--db', edited, '--json'], { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), stderrIsTTY: false });
  expect(status).toBe(1);
  expect(JSON.parse(stdout).error).toMatchObject({ code: 'INTERNAL', fix: 'This is a bug: please report it with the command you ran.' });
  expect(stderr).toMatch(/^swe-future: internal error\. This is a bug: please report it with the command you ran\.\n/);
  expect(statSync(edited).size).toBe(size);
});
