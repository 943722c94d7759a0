import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { makeRepo, tempDir } from '../fixtures/repo.js';
import { runCli, runCliJson } from './run-cli.js';

/**
 * The bad-input table: every row is one bad input run in-process through the
 * CLI with --json. Each must exit 2 (never 1), print exactly one line on
 * stderr (`swe-future: <what>. <fix>`, no stack trace), print
 * `{"error": {"code", "message", "fix"}}` on stdout, and give the row's code
 * (docs/errors.md). Placeholders: {repo} a git repository with history from
 * 2024-01 to 2024-04, {dir} a scratch folder, {db} a store holding its
 * snapshot 1 (T0 2024-03-15), forecast 1 and validation 1 (window 1m),
 * {file} a plain file, {notes} a file of notes that is not a database.
 * No row may leave a file behind in {dir}: a refused command with a new
 * `--db PATH` creates no store there, not even an empty one.
 */
type Row = [args: string, code: string];

const DATES = ['yesterday', '2024-13-01', '2024-02-30', '2024-01-01T10:00', '2024/01/01', '01-01-2024', '2024-1-1', '20240101', '2024-00-10', '2024-04-31',
  '2023-02-29', '2024-01-01T25:00:00Z', '2024-01-01T10:61:00Z', '2024-01-01 10:00:00', 'now', '', ' ', '2024-01-01Z', 'T0', '1e10', '-2024-01-01', '+002024-01-01'];
const DURATIONS = ['6w', '0d', '0m', 'm6', '-1m', '1.5m', '6 months', '6M', '', 'x', '1h', '999999999999999999999y'];

export const TABLE: Row[] = [
  // Dates, as --t0 of snapshot and as --tgen of synthesize.
  ...DATES.map((d): Row => [`snapshot --repo {repo} --t0 '${d}' --db {dir}/x.db`, 'BAD_DATE']),
  ...DATES.filter((d) => d.trim() !== '').map((d): Row => [`synthesize --validation 1 --tgen '${d}' --db {db}`, 'BAD_DATE']),
  // Durations.
  ...DURATIONS.map((w): Row => [`validate --forecast 1 --window '${w}' --db {db}`, 'BAD_DURATION']),
  ['validate --forecast 1 --window 100y --db {db}', 'WINDOW_OPEN'],
  ['validate --forecast 1 --window 1000y --db {db}', 'WINDOW_OPEN'],

  // Repositories.
  ['snapshot --repo {dir}/nope --t0 2024-03-15 --db {dir}/x.db', 'PATH_NOT_FOUND'],
  ['snapshot --repo {file} --t0 2024-03-15 --db {dir}/x.db', 'NOT_A_REPOSITORY'],
  ['snapshot --repo {dir} --t0 2024-03-15 --db {dir}/x.db', 'NOT_A_REPOSITORY'],
  ['snapshot --repo {repo} --t0 2023-06-01 --db {dir}/x.db', 'T0_BEFORE_FIRST_COMMIT'],
  ['snapshot --repo {repo} --t0 2999-01-01 --db {dir}/x.db', 'T0_IN_FUTURE'],
  ['snapshot --repo {repo} --t0 2024-03-15 --git-backend jgit --db {dir}/x.db', 'BAD_USAGE'],
  ['snapshot --repo {repo} --t0 2024-03-15 --branch nope --db {dir}/x.db', 'NO_DEFAULT_BRANCH'],
  ['snapshot --repo {repo} --db {dir}/x.db', 'BAD_USAGE'],
  ['snapshot --t0 2024-03-15 --db {dir}/x.db', 'BAD_USAGE'],
  ['snapshot --repo {repo} --t0 2024-03-15 --frobnicate --db {dir}/x.db', 'BAD_USAGE'],
  ['snapshot --repo {repo} --t0 --db {dir}/x.db', 'BAD_USAGE'],

  // Stores.
  ['snapshot --repo {repo} --t0 2024-03-15 --db {notes}', 'NOT_SQLITE'],
  ['snapshot --repo {repo} --t0 2024-03-15 --db {dir}', 'DB_CANNOT_OPEN'],
  ['snapshot --repo {repo} --t0 2024-03-15 --db {file}/x.db', 'PATH_UNDER_FILE'],
  ['snapshot --repo {repo} --t0 2024-03-15 --db {file}/deeper/x.db', 'PATH_UNDER_FILE'],
  [`snapshot --repo {repo} --t0 2024-03-15 --db {dir}/${'n'.repeat(300)}.db`, 'DB_CANNOT_OPEN'],
  [`snapshot --repo {repo} --t0 2024-03-15 --db {dir}/${'d/'.repeat(2100)}x.db`, 'PATH_TOO_LONG'],
  ['forecast --snapshot 1 --db {dir}/absent-1.db', 'SNAPSHOT_NOT_FOUND'],
  ['query "SELECT 1" --db {dir}/absent-2.db', 'DB_NOT_FOUND'],
  ['query "SELECT 1" --db {notes}', 'NOT_SQLITE'],
  ['query "SELECT 1" --db {file}/x.db', 'DB_NOT_FOUND'],
  ['validate --forecast 1 --db {dir}/absent-3.db', 'FORECAST_NOT_FOUND'],
  ['synthesize --validation 1 --tgen HEAD --db {dir}/absent-4.db', 'DB_NOT_FOUND'],
  ['export --format swebench --out {dir}/e --db {dir}/absent-5.db', 'DB_NOT_FOUND'],

  // Forecasts.
  ['forecast --snapshot 99 --db {db}', 'SNAPSHOT_NOT_FOUND'],
  ['forecast --snapshot 0 --db {db}', 'BAD_OPTION'],
  ['forecast --snapshot -1 --db {db}', 'BAD_OPTION'],
  ['forecast --snapshot abc --db {db}', 'BAD_OPTION'],
  ['forecast --snapshot 1.5 --db {db}', 'BAD_OPTION'],
  ['forecast --db {db}', 'NO_SNAPSHOT'],
  ['forecast --repo {repo} --db {db}', 'NO_SNAPSHOT'],
  ['forecast --t0 2024-03-15 --db {db}', 'NO_SNAPSHOT'],
  ['forecast --snapshot 1 --repo {repo} --db {db}', 'OPTIONS_CONFLICT'],
  ['forecast --snapshot 1 --t0 2024-03-15 --db {db}', 'OPTIONS_CONFLICT'],
  ['forecast --snapshot 1 --repo {repo} --t0 2024-03-15 --db {db}', 'OPTIONS_CONFLICT'],
  ['forecast --snapshot 1 --forecaster oracle --db {db}', 'BAD_USAGE'],
  ['forecast --snapshot 1 --forecaster llm --db {db}', 'LLM_NOT_CONFIGURED'],
  ['forecast --snapshot 1 --max-families 0 --db {db}', 'BAD_OPTION'],
  ['forecast --snapshot 1 --max-families many --db {db}', 'BAD_OPTION'],
  ['forecast --snapshot 1 --seed -3 --db {db}', 'BAD_OPTION'],
  ...['-1', '1.5', 'many', ''].map((n): Row => [`forecast --snapshot 1 --max-loose '${n}' --db {db}`, 'BAD_OPTION']),
  ['forecast --snapshot 1 --seed x --db {db}', 'BAD_OPTION'],
  ['forecast --repo {dir}/nope --t0 2024-03-15 --db {db}', 'PATH_NOT_FOUND'],
  ['forecast --repo {repo} --t0 2024-13-15 --db {db}', 'BAD_DATE'],

  // Validations.
  ['validate --forecast 99 --db {db}', 'FORECAST_NOT_FOUND'],
  ['validate --forecast 0 --db {db}', 'BAD_OPTION'],
  ['validate --forecast x --db {db}', 'BAD_OPTION'],
  ['validate --db {db}', 'BAD_USAGE'],
  ['validate --forecast 1 --judge oracle --db {db}', 'BAD_USAGE'],
  ['validate --forecast 1 --judge llm --db {db}', 'JUDGE_NOT_CONFIGURED'],
  ['validate --forecast 1 --judge embedding --db {db}', 'JUDGE_NOT_CONFIGURED'],

  // Synthesis.
  ['synthesize --validation 99 --tgen HEAD --db {db}', 'VALIDATION_NOT_FOUND'],
  ['synthesize --validation 0 --tgen HEAD --db {db}', 'BAD_OPTION'],
  ['synthesize --validation 1 --db {db}', 'BAD_USAGE'],
  ['synthesize --validation 1 --tgen 2999-01-01 --db {db}', 'TGEN_IN_FUTURE'],
  ['synthesize --validation 1 --tgen 2024-01-01 --db {db}', 'TGEN_BEFORE_T0'],
  ['synthesize --validation 1 --tgen HEAD --total 0 --db {db}', 'BAD_OPTION'],
  ['synthesize --validation 1 --tgen HEAD --total x --db {db}', 'BAD_OPTION'],
  ['synthesize --validation 1 --tgen HEAD --runs 0 --db {db}', 'BAD_OPTION'],
  ['synthesize --validation 1 --tgen HEAD --runs 11 --db {db}', 'BAD_OPTION'],
  ['synthesize --validation 1 --tgen HEAD --backend oracle --db {db}', 'BAD_USAGE'],
  ['synthesize --validation 1 --tgen HEAD --backend llm --db {db}', 'LLM_NOT_CONFIGURED'],
  ['synthesize --validation 1 --tgen HEAD --calibration 99 --db {db}', 'CALIBRATION_NOT_FOUND'],
  ['synthesize --validation 1 --tgen HEAD --db {db}', 'NO_VALIDATED_FAMILIES'], // random-anchor's one family was rejected

  // Export.
  ['export --format csv --out {dir}/e --db {db}', 'BAD_USAGE'],
  ['export --out {dir}/e --db {db}', 'BAD_USAGE'],
  ['export --format swebench --db {db}', 'BAD_USAGE'],
  ['export --format swebench --out {dir}/e --db {db}', 'NO_SYNTHESIS'],
  ['export --format harbor --out {dir}/e --db {db}', 'NO_SYNTHESIS'],
  ['export --format swebench --out {dir}/e --synthesis 99 --db {db}', 'SYNTHESIS_NOT_FOUND'],
  ['export --format swebench --out {dir}/e --synthesis 0 --db {db}', 'BAD_OPTION'],

  // Queries.
  ['query --db {db}', 'NO_QUERY'],
  ['query "" --db {db}', 'NO_QUERY'],
  ['query "SELECT 1" --study 1 --db {db}', 'STUDY_WITHOUT_NAMED'],
  ['query --named nope --db {db}', 'UNKNOWN_NAMED_QUERY'],
  ['query "DELETE FROM snapshots" --db {db}', 'READ_ONLY_QUERY'],
  ['query "DROP TABLE snapshots" --db {db}', 'READ_ONLY_QUERY'],
  ['query "INSERT INTO repos (name) VALUES (1)" --db {db}', 'READ_ONLY_QUERY'],
  ['query "UPDATE repos SET name = 1" --db {db}', 'READ_ONLY_QUERY'],
  ['query "PRAGMA writable_schema = 1" --db {db}', 'NOT_A_QUERY'],
  ['query "SELEC 1" --db {db}', 'BAD_SQL'],
  ['query "SELECT * FROM nope" --db {db}', 'BAD_SQL'],
  ['query "SELECT 1; SELECT 2" --db {db}', 'BAD_SQL'],
  ["query \"SELECT 'unterminated\" --db {db}", 'BAD_SQL'],

  // Study configs.
  ['study --config {dir}/absent.json --db {dir}/s.db', 'STUDY_CONFIG_NOT_FOUND'],
  ['study --config {file} --db {dir}/s.db', 'STUDY_CONFIG_NOT_JSON'],
  ['study --config {dir} --db {dir}/s.db', 'STUDY_CONFIG_NOT_FOUND'],
  ['study --db {dir}/s.db', 'BAD_USAGE'],

  // GitHub and issue dumps.
  ['fetch-github --repo {repo} --github nope --db {db}', 'BAD_GITHUB_REPO'],
  ['fetch-github --repo {repo} --github a/b/c --db {db}', 'BAD_GITHUB_REPO'],
  ['fetch-github --repo {repo} --github o/r --offline --db {db}', 'NO_GITHUB_ARCHIVE'],
  ['fetch-github --repo {repo} --github o/r --until 2024-13-01 --offline --db {db}', 'BAD_DATE'],
  ['import-issues {dir}/absent.json --repo {repo} --db {db}', 'DUMP_NOT_READABLE'],
  ['import-issues {dir} --repo {repo} --db {db}', 'DUMP_NOT_READABLE'],
  ['import-issues --repo {repo} --db {db}', 'BAD_USAGE'],

  // Calibration.
  ['calibrate --results {dir}/absent.jsonl --db {db}', 'RESULTS_NOT_FOUND'],
  ['calibrate --db {db}', 'BAD_USAGE'],
  ['calibrate --results {file} --solved-at 2 --db {db}', 'BAD_OPTION'],
  ['calibrate --results {file} --solved-at -1 --db {db}', 'BAD_OPTION'],
  ['calibrate --results {file} --prevalence-weight 2 --db {db}', 'BAD_OPTION'],
  ['calibrate --results {file} --never-at 0.9 --always-at 0.1 --db {db}', 'BAD_BAND_EDGES'],

  // Judge evaluation.
  ['judge-eval --pairs {dir}/absent.jsonl --db {db}', 'PAIRS_NOT_FOUND'],

  // Demo and report output folders.
  ['demo --out {file}/sub', 'PATH_UNDER_FILE'],
  ['demo --out {file}', 'PATH_UNDER_FILE'],

  // The program itself.
  ['frobnicate', 'BAD_USAGE'],
  ['snapshot --help-me', 'BAD_USAGE'],
  ['--db', 'BAD_USAGE'],
];

let repo: string;
let dir: string;
let db: string;
beforeAll(async () => {
  const made = await makeRepo([
    { at: '2024-01-01', msg: 'first', files: { 'src/a.js': '// TODO: one\nexport function a() {}\n' } },
    { at: '2024-02-01', msg: 'fix: b (#1)', files: { 'src/b.js': 'b\n' } },
    { at: '2024-03-01', msg: 'feat: c (#2)', files: { 'src/c.js': 'c\n' } },
    { at: '2024-04-01', msg: 'fix: a again (#3)', files: { 'src/a.js': '// TODO: one\nexport function a() { return 1; }\n' } },
  ]);
  repo = made.dir;
  dir = await tempDir('swe-future-bad-');
  db = join(dir, 'store.db');
  await runCliJson(['forecast', '--repo', repo, '--t0', '2024-03-15', '--forecaster', 'random-anchor', '--db', db]);
  await runCliJson(['validate', '--forecast', '1', '--window', '1m', '--db', db]);
  writeFileSync(join(dir, 'file'), 'a plain file\n');
  writeFileSync(join(dir, 'notes.db'), 'my notes\n'.repeat(20));
});

/** Splits a row's arguments as a shell would (quotes, no escapes), filling the placeholders. */
function argv(row: string): string[] {
  const out: string[] = [];
  for (const m of row.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)) out.push((m[1] ?? m[2] ?? m[3]!).replaceAll('{repo}', repo).replaceAll('{dir}', dir).replaceAll('{db}', db).replaceAll('{file}', join(dir, 'file')).replaceAll('{notes}', join(dir, 'notes.db')));
  return out;
}

/** What {dir} holds, but for SQLite's own -wal/-shm beside the shared store. */
const listing = () => readdirSync(dir).filter((f) => !/^store\.db-(wal|shm)$/.test(f)).sort();

test.each(TABLE)('%s → exit 2, %s', async (row, code) => {
  const before = listing();
  const run = await runCli([...argv(row), '--json']);
  // Bad input writes nothing: no store file (not even an empty one) for a new --db, no output folder.
  expect(listing()).toEqual(before);
  const lines = run.stderr.trimEnd().split('\n');
  const doc = (() => { try { return JSON.parse(run.stdout); } catch { return null; } })();
  if (process.env.TABLE_DEBUG && (run.code !== 2 || doc?.error?.code !== code)) console.log('ACTUAL', row, '=>', run.code, doc?.error?.code, run.stderr.slice(0, 300));
  expect({ code: run.code, error: doc?.error?.code, lines: lines.length, stderr: run.stderr }).toMatchObject({ code: 2, error: code, lines: 1 });
  expect(lines[0]).toMatch(/^swe-future: .+\. .+/);
  expect(run.stderr).not.toMatch(/\n\s+at /);
  expect(Object.keys(doc.error)).toEqual(['code', 'message', 'fix']);
});
