import { expect, test } from 'vitest';
import { snapshotRepository } from '../../src/api/snapshot.js';
import { createHeuristicForecaster } from '../../src/forecast/index.js';
import { entriesKnownAt, RUNTIME_CALENDAR, rustReleaseDate, type CalendarEntry } from '../../src/forecast/pending/calendar.js';
import { runtimeTasks } from '../../src/forecast/pending/runtimes.js';
import type { Evidence } from '../../src/snapshot/model.js';
import { makeRepo, tempDir, type CommitSpec } from '../fixtures/repo.js';

type Pending = Extract<Evidence, { kind: 'pending' }>;
// A CI row of two or more versions stands for a test matrix here (the snapshot marks it `matrix`); one version, a pin.
const row = (path: string, line: number, subject: string, versions: string[]): Pending => ({
  kind: 'pending', ref: `pending:${path}:${line}`, date: '2025-01-01T00:00:00.000Z', text: '', path, line, signal: 'runtime', subject, target: versions[0] ?? null, versions,
  ...(/workflows|tox\.ini/.test(path) && versions.length >= 2 ? { matrix: true as const } : {}),
});

test('every calendar entry is a dated day with a source, and no release is known before it ships', () => {
  for (const e of RUNTIME_CALENDAR) {
    expect(e.date).toMatch(/^\d{4}-\d\d-\d\d$/);
    expect(e.published).toMatch(/^\d{4}-\d\d-\d\d$/);
    expect(e.source.length).toBeGreaterThan(3);
    if (e.event === 'release') expect(e.published).toBe(e.date);
    if (e.event === 'eol') expect(e.published <= e.date).toBe(true);
  }
  // Checked against the schedules (PEP 745, PEP 790, nodejs/Release, go.dev, Rust release notes).
  const at = (runtime: string, version: string, event: string) => RUNTIME_CALENDAR.find((e) => e.runtime === runtime && e.version === version && e.event === event)?.date;
  expect(at('python', '3.14', 'release')).toBe('2025-10-07');
  expect(at('python', '3.15', 'eol')).toBe('2031-10-31');
  expect(at('node', '25', 'eol')).toBe('2026-06-01');
  expect(at('node', '26', 'release')).toBe('2026-05-05');
  expect(at('go', '1.24', 'eol')).toBe('2026-02-10');
  expect(at('go', '1.25', 'release')).toBe('2025-08-12');
  expect([rustReleaseDate(0), rustReleaseDate(75), rustReleaseDate(84), rustReleaseDate(85), rustReleaseDate(92), rustReleaseDate(95)]).toEqual([
    '2015-05-15', '2023-12-28', '2025-01-09', '2025-02-20', '2025-12-11', '2026-04-16',
  ]);
});

test('declarations of one runtime state each task once, with its date and source', () => {
  const rows = [
    row('pyproject.toml', 3, 'python', ['3.9']),
    row('.github/workflows/ci.yml', 12, 'python', ['3.9', '3.10', '3.11', '3.12', '3.13']),
    row('tox.ini', 2, 'python', ['3.9', '3.13']),
    row('package.json', 7, 'node', ['20']),
    row('.github/workflows/ci.yml', 30, 'node', ['20', '22', '23']),
  ];
  const tasks = runtimeTasks(rows, '2025-12-01T00:00:00.000Z', entriesKnownAt('2025-12-01'));
  expect(tasks.map((t) => [t.text, t.rows.map((r) => r.ref)])).toEqual([
    ['Drop support for Node.js 20, end of life 2026-04-30 (Node.js release schedule)', ['pending:package.json:7', 'pending:.github/workflows/ci.yml:30']],
    ['Add Node.js 24 to the test matrix, released 2025-05-06 (Node.js release schedule)', ['pending:.github/workflows/ci.yml:30']],
    ['Drop support for Python 3.9, end of life 2025-10-31 (PEP 596)', ['pending:pyproject.toml:3', 'pending:.github/workflows/ci.yml:12', 'pending:tox.ini:2']],
    ['Add Python 3.14 to the test matrix, released 2025-10-07 (PEP 745)', ['pending:.github/workflows/ci.yml:12', 'pending:tox.ini:2']],
  ]);
});

test('a release one CI file tests already is no task for another CI file pinned to an older one', () => {
  const rows = [
    row('.github/workflows/test-suite.yml', 20, 'python', ['3.9', '3.10', '3.11', '3.12', '3.13']),
    row('.github/workflows/publish.yml', 18, 'python', ['3.12']),
  ];
  expect(runtimeTasks(rows, '2025-01-01T00:00:00.000Z', entriesKnownAt('2025-01-01')).filter((t) => t.task === 'add')).toEqual([]);
  const untested = [row('.github/workflows/test-suite.yml', 20, 'python', ['3.9', '3.12']), rows[1]!];
  // The matrix lacking it grounds the task and is cited first; the publish job's pin is cited after it (newcomer5).
  expect(runtimeTasks(untested, '2025-01-01T00:00:00.000Z', entriesKnownAt('2025-01-01')).filter((t) => t.task === 'add').map((t) => t.rows.map((r) => r.ref))).toEqual([
    ['pending:.github/workflows/test-suite.yml:20', 'pending:.github/workflows/publish.yml:18'],
  ]);
});

test('a runtime only CI pins, one version each, is a tool, not the project\'s: a Go project building its docs with Python states no Python task', () => {
  const docsJob = [row('.github/workflows/publish-docs.yml', 50, 'python', ['3.13']), row('go.mod', 3, 'go', ['1.23'])];
  expect(runtimeTasks(docsJob, '2026-01-01T00:00:00.000Z', entriesKnownAt('2026-01-01')).filter((t) => t.runtime === 'python')).toEqual([]);
  // The same pin beside a matrix of that runtime, or a manifest declaring it (zustand: node 20 pinned, engines >=12), is the project's.
  const withMatrix = [...docsJob, row('.github/workflows/test.yml', 12, 'python', ['3.12', '3.13'])];
  // The matrix is where the release goes, cited first; the docs job's pin after it.
  expect(runtimeTasks(withMatrix, '2026-01-01T00:00:00.000Z', entriesKnownAt('2026-01-01')).filter((t) => t.runtime === 'python').map((t) => t.rows.map((r) => r.ref))).toEqual([
    ['pending:.github/workflows/test.yml:12', 'pending:.github/workflows/publish-docs.yml:50'],
  ]);
  // A manifest declaring the runtime makes it the project's, but a pin is still no test matrix: no add (newcomer5:
  // packaging's docs.yml pinning Python 3.9).
  const declared = [...docsJob, row('pyproject.toml', 5, 'python', ['3.13'])];
  expect(runtimeTasks(declared, '2026-01-01T00:00:00.000Z', entriesKnownAt('2026-01-01')).filter((t) => t.task === 'add').map((t) => t.text)).toEqual([]);
});

test('leakage canary: a calendar entry published after T0 never reaches a task', () => {
  const canary: CalendarEntry[] = [
    { runtime: 'python', version: '3.99', event: 'release', date: '2025-03-01', published: '2025-03-01', source: 'CANARY' },
    { runtime: 'python', version: '3.9', event: 'eol', date: '2025-02-01', published: '2025-02-01', source: 'CANARY' },
  ];
  const rows = [row('.github/workflows/ci.yml', 12, 'python', ['3.9', '3.12'])];
  const before = runtimeTasks(rows, '2025-01-15T00:00:00.000Z', entriesKnownAt('2025-01-15', canary));
  expect(JSON.stringify(before)).not.toMatch(/CANARY|3\.99/);
  const after = runtimeTasks(rows, '2025-03-15T00:00:00.000Z', entriesKnownAt('2025-03-15', canary));
  expect(after.map((t) => t.text)).toEqual(['Drop support for Python 3.9, end of life 2025-02-01 (CANARY)', 'Add Python 3.99 to the test matrix, released 2025-03-01 (CANARY)']);
});

const dev = { name: 'Dana Dev', email: 'dana@example.com' };
const matrix = `name: tests\non: [push]\njobs:\n  test:\n    strategy:\n      matrix:\n        python-version: ["3.10", "3.11", "3.12", "3.13"]\n    steps:\n      - run: pytest\n`;
const commits: CommitSpec[] = [
  { at: '2025-03-01', msg: 'Initial commit', author: dev, files: { 'pyproject.toml': '[project]\nname = "lib"\nrequires-python = ">=3.10"\n', '.github/workflows/tests.yml': matrix, 'src/lib/api.py': 'def f(): pass\n' } },
  { at: '2025-04-01', msg: 'Fix parsing of empty input (#2)', author: dev, files: { 'src/lib/api.py': 'def f(): return 1\n' } },
];

test('the real calendar: Python 3.14 reaches the forecast only once it has shipped, and one CI matrix alone states the task', async () => {
  const repo = (await makeRepo(commits)).dir;
  const titles = async (t0: string) => {
    const { snapshot } = await snapshotRepository({ repo, t0, db: `${await tempDir()}/c.db` });
    const { draft } = await createHeuristicForecaster().forecast({ snapshot, seed: 0, maxFamilies: 10 });
    return draft.families;
  };
  const early = await titles('2025-10-01');
  expect(JSON.stringify(early)).not.toMatch(/3\.14|PEP 745/);
  const late = await titles('2025-11-01');
  const add = late.find((f) => f.title.startsWith('Add Python 3.14 to the test matrix'));
  expect(add, late.map((f) => f.title).join(' | ')).toBeDefined();
  // The family's text says the date and the schedule it comes from.
  expect(add!.expected_behavior).toContain('released 2025-10-07 (PEP 745)');
  expect(add!.evidence.map((e) => e.ref)).toEqual(['pending:.github/workflows/tests.yml:7']);
  // Said as English, and checked by the CI job, not by "a new test … including one error case" (urfave-cli, typer).
  expect(add!.expected_behavior).toMatch(/^Python 3\.14 is added to the test matrix in \.github\/workflows\/tests\.yml, continuing/);
  expect(add!.acceptance_criteria[0]).toBe('Python 3.14 is added to the test matrix in .github/workflows/tests.yml, and the CI job that runs it passes on a pull request.');
});

test('a version pin alone states no drop; with a manifest declaring the same version it is cited too', () => {
  const t0 = '2025-06-01T00:00:00.000Z';
  const pin = row('.python-version', 1, 'python', ['3.9']);
  expect(runtimeTasks([pin], t0, entriesKnownAt(t0))).toEqual([]);
  const tasks = runtimeTasks([pin, row('pyproject.toml', 5, 'python', ['3.9'])], t0, entriesKnownAt(t0));
  expect(tasks.map((t) => [t.text, t.rows.map((r) => r.ref)])).toEqual([['Drop support for Python 3.9, end of life 2025-10-31 (PEP 596)', ['pending:.python-version:1', 'pending:pyproject.toml:5']]]);
});
