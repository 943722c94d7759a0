import { expect, test } from 'vitest';
import { snapshotRepository } from '../../src/api/snapshot.js';
import { createHeuristicForecaster } from '../../src/forecast/index.js';
import { findRuntimes } from '../../src/text/runtime-declarations.js';
import { makeRepo, tempDir, type CommitSpec } from '../fixtures/repo.js';

/**
 * What grounds a runtime task (newcomer5, session 18): a release is added to a test matrix, never to a job that pins
 * one version to publish or build docs (mocha's release-please.yml, packaging's docs.yml), and not when another test
 * matrix of the repository lists it already, however that matrix is written (packaging's `python_version:` with its
 * list on the next line; mocha's versions handed to a reusable workflow as `node-versions: '18,20,22,24'`). A crate
 * never published states no minimum Rust (tracing's examples/Cargo.toml).
 */
const dev = { name: 'Dana Dev', email: 'dana@example.com' };
const T0 = '2025-09-01';

test('a test matrix is read however it is written: snake_case keys, a list on the next line, versions handed to a reusable workflow', () => {
  const packaging = ['jobs:', '  test:', '    strategy:', '      matrix:', '        os: [Ubuntu, Windows]', '        python_version:', '          ["3.8", "3.9", "3.13", "3.14", "pypy3.10"]', '    steps:', '      - uses: actions/setup-python@v5', '        with:', '          python-version: ${{ matrix.python_version }}', ''].join('\n');
  expect(findRuntimes('.github/workflows/test.yml', packaging).map((r) => [r.subject, r.versions, r.matrix])).toEqual([['python', ['3.8', '3.9', '3.13', '3.14'], true]]);
  // A matrix of one version is a test matrix (got's `node-version: [20]`); a setup step's one version is a pin.
  const got = ['jobs:', '  test:', '    strategy:', '      matrix:', '        node-version:', '          - 20', '    steps:', '      - uses: actions/setup-node@v4', '        with:', "          node-version: '22'", ''].join('\n');
  expect(findRuntimes('.github/workflows/main.yml', got).map((r) => [r.line, r.versions, r.matrix ?? false])).toEqual([[5, ['20'], true], [10, ['22'], false]]);
  const mocha = ['jobs:', '  smoke:', '    uses: ./.github/workflows/npm-script.yml', '    with:', "      node-versions: '18,20,22,24'", '      npm-script: test-smoke', ''].join('\n');
  expect(findRuntimes('.github/workflows/mocha.yml', mocha).map((r) => [r.subject, r.versions, r.matrix])).toEqual([['node', ['18', '20', '22', '24'], true]]);
  const examples = '[package]\nname = "examples"\nversion = "0.0.0"\npublish = false\nrust-version = "1.64.0"\n';
  expect(findRuntimes('examples/Cargo.toml', examples)).toEqual([]);
  expect(findRuntimes('tracing/Cargo.toml', examples.replace('publish = false\n', '')).map((r) => r.target)).toEqual(['1.64']);
});

const crate = (v: string, publish = false) => `[package]\nname = "examples"\nversion = "0.0.0"\n${publish ? '' : 'publish = false\n'}rust-version = "${v}"\n`;
const workflow = (name: string, body: string[]) => [`name: ${name}`, 'on: [push]', 'jobs:', ...body, ''].join('\n');
const before: CommitSpec[] = [
  {
    at: '2024-10-01', msg: 'Initial commit', author: dev,
    files: {
      'pyproject.toml': '[project]\nname = "pkg"\nrequires-python = ">=3.9"\n',
      'package.json': '{\n  "name": "pkg",\n  "engines": {\n    "node": ">=20"\n  }\n}\n',
      'src/pkg/core.py': 'def parse(x):\n    return x\n',
      // Test matrices that list the newest releases already, one of Python in snake_case with its list on the next line.
      '.github/workflows/test.yml': workflow('test', ['  test:', '    strategy:', '      matrix:', '        python_version:', '          ["3.9", "3.12", "3.13"]', '    steps:', '      - run: nox']),
      '.github/workflows/node.yml': workflow('node', ['  smoke:', '    uses: ./.github/workflows/npm-script.yml', '    with:', "      node-versions: '20,22,24'"]),
      // Jobs that pin one older version to publish and to build docs: no test matrix.
      '.github/workflows/docs.yml': workflow('docs', ['  docs:', '    steps:', '      - uses: actions/setup-python@v5', '        with:', '          python-version: "3.9"']),
      '.github/workflows/release-please.yml': workflow('release', ['  publish:', '    steps:', '      - uses: actions/setup-node@v4', '        with:', "          node-version: '22.11.0'"]),
      // An unpublished crate whose rust-version was raised on a cadence: no minimum Rust is promised by it.
      'examples/Cargo.toml': crate('1.60'),
      'examples/src/main.rs': 'fn main() {}\n',
    },
  },
  { at: '2024-12-10', msg: 'Fix parsing of empty input (#2)', author: dev, files: { 'src/pkg/core.py': 'def parse(x):\n    return x or None\n' } },
  { at: '2025-01-10', msg: 'Raise the examples MSRV to 1.70 (#3)', author: dev, files: { 'examples/Cargo.toml': crate('1.70') } },
  { at: '2025-04-10', msg: 'Raise the examples MSRV to 1.80 (#4)', author: dev, files: { 'examples/Cargo.toml': crate('1.80') } },
];

test('no runtime add from a job pinning one version, none when another matrix lists the release, no MSRV raise from an unpublished crate', async () => {
  const { snapshot } = await snapshotRepository({ repo: (await makeRepo(before)).dir, t0: T0, db: `${await tempDir()}/r.db` });
  const runtimeRows = snapshot.evidence.flatMap((e) => (e.kind === 'pending' && e.signal === 'runtime' ? [`${e.path} ${e.subject} ${e.versions.join(',')}`] : []));
  expect(runtimeRows.sort()).toEqual([
    '.github/workflows/docs.yml python 3.9',
    '.github/workflows/node.yml node 20,22,24',
    '.github/workflows/release-please.yml node 22',
    '.github/workflows/test.yml python 3.9,3.12,3.13',
    'package.json node 20',
    'pyproject.toml python 3.9',
  ]);
  const { draft } = await createHeuristicForecaster().forecast({ snapshot, seed: 0, maxFamilies: 10 });
  const titles = draft.families.map((f) => f.title);
  expect(titles.filter((t) => /^Add (Python|Node\.js) .* to the test matrix/.test(t)), titles.join(' | ')).toEqual([]);
  expect(titles.filter((t) => /minimum supported Rust/.test(t))).toEqual([]);
  // The declared minimum still ends: the drop stands on the manifest and the matrix, never on a pin alone.
  expect(titles.some((t) => t.startsWith('Drop support for Python 3.9')), titles.join(' | ')).toBe(true);

  // The same crate published: its cadence states a raise.
  const published = before.map((c) => (typeof c.files?.['examples/Cargo.toml'] === 'string' ? { ...c, files: { ...c.files, 'examples/Cargo.toml': c.files['examples/Cargo.toml'].replace('publish = false\n', '') } } : c));
  const other = await snapshotRepository({ repo: (await makeRepo(published)).dir, t0: T0, db: `${await tempDir()}/s.db` });
  const raised = (await createHeuristicForecaster().forecast({ snapshot: other.snapshot, seed: 0, maxFamilies: 10 })).draft.families.map((f) => f.title);
  expect(raised.filter((t) => /minimum supported Rust/.test(t)), raised.join(' | ')).toHaveLength(1);
});
