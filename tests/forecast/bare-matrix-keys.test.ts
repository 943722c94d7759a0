import { expect, test } from 'vitest';
import { snapshotRepository } from '../../src/api/snapshot.js';
import { createHeuristicForecaster } from '../../src/forecast/index.js';
import { findRuntimes } from '../../src/text/runtime-declarations.js';
import { makeRepo, tempDir, type CommitSpec } from '../fixtures/repo.js';

/**
 * A test matrix written with the runtime's bare name (yargs at 2025-01-01: `node: [16, 18, 20]` under
 * `strategy.matrix`; people called its "Add Node.js 22 to the test matrix in .github/workflows/ci.yaml" strong on
 * audit). The key is read only inside a build matrix and only with versions for values: elsewhere `node:` names a
 * service, a job or a tool.
 */
const dev = { name: 'Dana Dev', email: 'dana@example.com' };

const ci = (node: string) => [
  'name: ci',
  'on: [push]',
  'jobs:',
  '  test:',
  '    runs-on: ${{ matrix.os }}',
  '    strategy:',
  '      fail-fast: false',
  '      matrix:',
  '        os: [ubuntu-latest, windows-latest]',
  `        node: ${node}`,
  '    services:',
  '      node:',
  '        image: node:14',
  '    steps:',
  '      - uses: actions/setup-node@v4',
  '        with:',
  '          node-version: ${{ matrix.node }}',
  '      - run: npm test',
  '  coverage:',
  '    strategy:',
  '      matrix:',
  '        node: [lts/*]',
  '    steps:',
  '      - run: npm run coverage',
  '',
].join('\n');

test('a bare runtime key is read in a build matrix with versions for values, nowhere else', () => {
  expect(findRuntimes('.github/workflows/ci.yaml', ci('[16, 18, 20]')).map((r) => [r.line, r.subject, r.versions, r.matrix ?? false])).toEqual([[10, 'node', ['16', '18', '20'], true]]);
  // python:, go: and rust: alike; `rust: [stable, nightly]` names no version.
  const other = ['jobs:', '  test:', '    strategy:', '      matrix:', "        python: ['3.9', '3.13']", "        go: ['1.22', '1.23']", '        rust: [stable, nightly]', ''].join('\n');
  expect(findRuntimes('.github/workflows/test.yml', other).map((r) => [r.subject, r.versions])).toEqual([['python', ['3.9', '3.13']], ['go', ['1.22', '1.23']]]);
  // A `matrix:` that is not a build matrix (a reusable workflow's input named so) gives no row for a bare key.
  const input = ['jobs:', '  call:', '    uses: ./.github/workflows/run.yml', '    with:', '      matrix:', '        node: [16, 18]', ''].join('\n');
  expect(findRuntimes('.github/workflows/call.yml', input)).toEqual([]);
});

test('a test matrix written `node: [18, 20]` grounds adding the newest even Node.js line, and nothing else does', async () => {
  const commits: CommitSpec[] = [
    { at: '2023-06-01', msg: 'Initial parser', author: dev, files: { 'package.json': `${JSON.stringify({ name: 'argv-kit', version: '1.0.0', type: 'module', engines: { node: '>=18' } }, null, 2)}\n`, 'lib/parse.js': 'export function parse(a) { return a; }\n', '.github/workflows/ci.yaml': ci('[18, 20]') } },
    { at: '2024-03-10', msg: 'Parse negative numbers (#2)', author: dev, files: { 'lib/parse.js': 'export function parse(a) { return a ?? []; }\n' } },
  ];
  const { snapshot } = await snapshotRepository({ repo: (await makeRepo(commits)).dir, t0: '2024-06-01', db: `${await tempDir()}/r.db` });
  const rows = snapshot.evidence.flatMap((e) => (e.kind === 'pending' && e.signal === 'runtime' ? [`${e.path}:${e.line} ${e.subject} ${e.versions.join(',')}`] : []));
  expect(rows.sort()).toEqual(['.github/workflows/ci.yaml:10 node 18,20', 'package.json:6 node 18']);
  const { draft } = await createHeuristicForecaster().forecast({ snapshot, seed: 0, maxFamilies: 10 });
  const titles = draft.families.map((f) => f.title);
  expect(titles.filter((t) => /Node\.js/.test(t)), titles.join(' | ')).toEqual(['Add Node.js 22 to the test matrix in .github/workflows/ci.yaml']);
});
