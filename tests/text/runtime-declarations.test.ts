import { expect, test } from 'vitest';
import { findRuntimes, isRuntimeManifest } from '../../src/text/runtime-declarations.js';

const rows = (path: string, text: string) => findRuntimes(path, text).map((r) => [r.line, r.subject, r.target, r.versions]);

test('python_requires in setup.py and setup.cfg, and tox envlists with braces, factors and continuation lines', () => {
  expect(rows('setup.py', 'setup(\n    name="x",\n    python_requires=">=3.8, <4",\n)\n')).toEqual([[3, 'python', '3.8', ['3.8']]]);
  expect(rows('setup.cfg', '[options]\npython_requires = >=3.9\n')).toEqual([[2, 'python', '3.9', ['3.9']]]);
  expect(rows('tox.ini', '[tox]\nenvlist = py{310,311,312,313,314}-{default, use_chardet_on_py3}\n\n[testenv]\ndeps = x\n')).toEqual([[2, 'python', '3.10', ['3.10', '3.11', '3.12', '3.13', '3.14']]]);
  expect(rows('tox.ini', '[tox]\nminversion = 4.0.0\nenvlist =\n    lint\n    docs\n    py{38,39,310}\n    py3.12-x\n    pypy3\nisolated_build = True\n')).toEqual([[3, 'python', '3.8', ['3.8', '3.9', '3.10', '3.12']]]);
  expect(isRuntimeManifest('tox.ini') && isRuntimeManifest('.python-version') && isRuntimeManifest('.nvmrc') && isRuntimeManifest('clippy.toml')).toBe(true);
  expect(isRuntimeManifest('docs/configs/tox.ini')).toBe(false);
});

test('version pins: .python-version, .nvmrc, .node-version and rust-toolchain files; a channel name is no version', () => {
  expect(rows('.python-version', '3.11\n')).toEqual([[1, 'python', '3.11', ['3.11']]]);
  expect(rows('.nvmrc', 'v20.11.1\n')).toEqual([[1, 'node', '20', ['20']]]);
  expect(rows('.node-version', '22\n')).toEqual([[1, 'node', '22', ['22']]]);
  expect(rows('rust-toolchain', '1.70.0\n')).toEqual([[1, 'rust', '1.70', ['1.70']]]);
  expect(rows('rust-toolchain', 'nightly-2026-05-04\n')).toEqual([]);
  expect(rows('rust-toolchain.toml', '[toolchain]\nchannel = "1.78"\ncomponents = ["rustfmt"]\n')).toEqual([[2, 'rust', '1.78', ['1.78']]]);
  expect(rows('.nvmrc', 'lts/*\n')).toEqual([]);
});

test('engines ranges with ||, the go directive and toolchain line by minor, rust-version and clippy msrv', () => {
  expect(rows('package.json', '{\n  "engines": {\n    "node": "^18.18.0 || ^20.9.0 || >=21.1.0"\n  }\n}\n')).toEqual([[3, 'node', '18', ['18', '20', '21']]]);
  expect(rows('go.mod', 'module x\n\ngo 1.25.1\n\ntoolchain go1.26.0\n')).toEqual([[3, 'go', '1.25', ['1.25']], [5, 'go', '1.26', ['1.26']]]);
  expect(rows('Cargo.toml', '[package]\nname = "x"\nrust-version = "1.74.0"\n')).toEqual([[3, 'rust', '1.74', ['1.74']]]);
  expect(rows('clippy.toml', 'msrv = "1.64"\n')).toEqual([[1, 'rust', '1.64', ['1.64']]]);
});

test('a CI matrix is one row per runtime, include entries and flow maps among it; setup steps outside it count alone', () => {
  const typer = [
    'jobs:', '  test:', '    strategy:', '      matrix:', '        os: [ ubuntu-latest ]', '        python-version: [ "3.14" ]',
    '        include:', '          - os: macos-latest', '            python-version: "3.10"', '          - os: windows-latest', '            python-version: "3.12"',
    '      fail-fast: false', '    steps:', '      - uses: actions/setup-python@v5', '        with:', '          python-version: ${{ matrix.python-version }}',
  ].join('\n');
  expect(rows('.github/workflows/test.yml', typer)).toEqual([[6, 'python', '3.10', ['3.10', '3.12', '3.14']]]);
  const click = ['jobs:', '  tests:', '    strategy:', '      matrix:', '        include:', "          - {python: '3.14'}", "          - {python: '3.14t'}", "          - {name: Mac, python: '3.10', os: macos-latest}", '    steps:', '      - run: tox'].join('\n');
  expect(rows('.github/workflows/tests.yaml', click)).toEqual([[6, 'python', '3.10', ['3.10', '3.14']]]);
  const rust = ['jobs:', '  msrv:', '    strategy:', '      matrix:', '        rust: [stable, beta, 1.70.0]', '  publish:', '    steps:', '      - uses: actions/setup-python@v5', '        with:', '          python-version: 3.9', '      - uses: actions/setup-node@v4', '        with:', "          node-version: '20.x'"].join('\n');
  expect(rows('.github/workflows/ci.yml', rust)).toEqual([[5, 'rust', '1.70', ['1.70']], [10, 'python', '3.9', ['3.9']], [13, 'node', '20', ['20']]]);
  const list = ['jobs:', '  t:', '    strategy:', '      matrix:', '        node-version:', '          - 18', '          - 20', '          - 22', '    steps: []'].join('\n');
  expect(rows('.github/workflows/node.yml', list)).toEqual([[5, 'node', '18', ['18', '20', '22']]]);
});
