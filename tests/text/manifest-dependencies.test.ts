import { expect, test } from 'vitest';
import { dependenciesRemovedBy, manifestDependencies, removedRuntimeDependencies } from '../../src/text/manifest-dependencies.js';

const sorted = (s: ReadonlySet<string> | undefined) => [...(s ?? [])].sort();

test('package.json runtime dependencies are dependencies, peer and optional ones; devDependencies are dev', () => {
  const d = manifestDependencies('package.json', JSON.stringify({ dependencies: { 'safe-buffer': '1' }, peerDependencies: { react: '*' }, optionalDependencies: { fsevents: '2' }, devDependencies: { mocha: '10' } }));
  expect(sorted(d?.runtime)).toEqual(['fsevents', 'react', 'safe-buffer']);
  expect(sorted(d?.dev)).toEqual(['mocha']);
  expect(manifestDependencies('package.json', '{ not json')).toBeNull();
});

test('Cargo.toml reads [dependencies], table and target forms, and a renamed package by its package name; dev, build and workspace tables are not runtime', () => {
  const text = [
    '[package]', 'name = "axum"', '',
    '[dependencies]', 'async-trait = "0.1"', 'bytes = { version = "1", features = [', '  "std",', '] }', 'hyper1 = { package = "hyper", version = "1" }', 'tower.workspace = true', '',
    '[dependencies.serde]', 'version = "1"', 'optional = true', '',
    "[target.'cfg(unix)'.dependencies]", 'libc = "0.2"', '',
    '[dev-dependencies]', 'tokio = "1"', '',
    '[build-dependencies]', 'cc = "1"', '',
    '[workspace.dependencies]', 'pinned = "1"', '',
    '[features]', 'default = ["serde"]',
  ].join('\n');
  const d = manifestDependencies('axum/Cargo.toml', text);
  expect(sorted(d?.runtime)).toEqual(['async-trait', 'bytes', 'hyper', 'libc', 'serde', 'tower']);
  expect(sorted(d?.dev)).toEqual(['cc', 'tokio']);
});

test('pyproject.toml reads [project] dependencies and poetry dependencies less python; dev groups are dev, extras neither', () => {
  const pep621 = ['[project]', 'name = "click"', 'dependencies = [', '  "colorama; platform_system == \'Windows\'",', '  "importlib_metadata>=3.6; python_version < \'3.8\'",', ']', '', '[project.optional-dependencies]', 'speedups = ["ujson"]', '', '[dependency-groups]', 'tests = ["pytest"]'].join('\n');
  const d = manifestDependencies('pyproject.toml', pep621);
  expect(sorted(d?.runtime)).toEqual(['colorama', 'importlib-metadata']);
  expect(sorted(d?.dev)).toEqual(['pytest']);
  const poetry = ['[tool.poetry.dependencies]', 'python = "^3.8"', 'typing_extensions = "^4"', '', '[tool.poetry.group.dev.dependencies]', 'black = "*"'].join('\n');
  const p = manifestDependencies('pyproject.toml', poetry);
  expect(sorted(p?.runtime)).toEqual(['typing-extensions']);
  expect(sorted(p?.dev)).toEqual(['black']);
});

test('setup.cfg reads install_requires; go.mod reads require lines without // indirect', () => {
  const cfg = ['[metadata]', 'name = x', '', '[options]', 'install_requires =', '    six>=1.0', '    attrs', 'python_requires = >=3.8'].join('\n');
  expect(sorted(manifestDependencies('setup.cfg', cfg)?.runtime)).toEqual(['attrs', 'six']);
  const mod = ['module github.com/o/r', '', 'go 1.22', '', 'require github.com/a/one v1.0.0', '', 'require (', '\tgithub.com/b/two v0.2.0', '\tgolang.org/x/sys v0.1.0 // indirect', ')'].join('\n');
  expect(sorted(manifestDependencies('go.mod', mod)?.runtime)).toEqual(['github.com/a/one', 'github.com/b/two']);
});

test('a version bump removes nothing; a move to the development dependencies is no removal', () => {
  const v = (deps: object, dev: object = {}) => JSON.stringify({ dependencies: deps, devDependencies: dev });
  expect(removedRuntimeDependencies('package.json', v({ a: '1', b: '1' }), v({ a: '2', b: '1' }))).toEqual({ removed: [], added: [] });
  expect(removedRuntimeDependencies('package.json', v({ a: '1', b: '1' }), v({ a: '1' }, { b: '1' })).removed).toEqual([]);
  expect(removedRuntimeDependencies('package.json', v({ a: '1', b: '1' }), v({ a: '1' })).removed).toEqual(['b']);
  // A package swapped for another is no removal: the name it gains stands for the one it loses.
  expect(removedRuntimeDependencies('package.json', v({ a: '1', b: '1' }), v({ a: '1', c: '1' }))).toEqual({ removed: [], added: ['c'] });
});

test('a change removes a runtime dependency unless it swaps it for another, moves it to another manifest, or only drops a dev dependency', () => {
  const v = (deps: object, dev: object = {}) => JSON.stringify({ dependencies: deps, devDependencies: dev });
  expect(dependenciesRemovedBy([[v({ depd: '2', qs: '6' }), v({ qs: '6' }), 'package.json'], ['a', 'b', 'lib/x.js']])).toEqual(['depd']);
  expect(dependenciesRemovedBy([[v({ qs: '6' }, { mocha: '1' }), v({ qs: '6' }), 'package.json']])).toEqual([]);
  expect(dependenciesRemovedBy([[v({ old: '1' }), v({ new: '1' }), 'package.json']])).toEqual([]);
  const cargo = (deps: string) => `[dependencies]\n${deps}\n`;
  expect(dependenciesRemovedBy([[cargo('headers = "1"\nhttp = "1"'), cargo('http = "1"'), 'axum/Cargo.toml'], [cargo('http = "1"'), cargo('http = "1"\nheaders = "1"'), 'axum-extra/Cargo.toml']])).toEqual([]);
  // A manifest deleted with its crate removes no dependency of the project's.
  expect(dependenciesRemovedBy([[cargo('http = "1"'), '', 'old/Cargo.toml']])).toEqual([]);
});
