import { expect, test } from 'vitest';
import type { TaskFamily } from '../../src/family/model.js';
import { loadWordTable } from '../../src/text/glove/cache.js';
import type { Judge } from '../../src/validate/judge.js';
import { quotedRuntimeLine } from '../../src/validate/judges/runtime-line.js';
import { createLexicalJudge } from '../../src/validate/lexical.js';
import { createSemanticJudge } from '../../src/validate/semantic/judge.js';
import { BACKOFF, FILLER, item } from './judge-literals.js';

/**
 * A family continuing a past change of the runtime versions a project supports is continued by a later change of
 * another version of that runtime: related, never strong by it (direction-v22, judges35, docs/judges.md). People related
 * echo's "Fix defects in .github/workflows: ci, bump, flow" (continuing "Use Go 1.25 in CI") to "add Go 1.26 to CI
 * flow", validator's "Extend go.mod" (continuing "Go 1.25 support") to "Go 1.26 support" and httpx's "python,
 * coverage, enforce" workflow family to "Add support for Python 3.13"; the judges rejected all three.
 */
const table = loadWordTable();
const judges: Judge[] = [createSemanticJudge({ table }), createLexicalJudge()];

const family = (over: Partial<TaskFamily>): TaskFamily => ({ ...BACKOFF, id: 'F4', category: 'bugfix', evidence: [], ...over });

const GO_CI = family({
  title: 'Fix defects in .github/workflows: ci, bump, flow',
  anchor: { name: '.github/workflows', paths: ['.github/workflows'] },
  expected_behavior: 'Work of kind bugfix lands in .github/workflows around ci, bump, flow, continuing "Use Go 1.25 in CI" and "CI: test with Go 1.24".',
  acceptance_criteria: ['A change of kind bugfix to .github/workflows is merged, with tests.'],
  target_hints: { paths: ['.github/workflows'], symbols: [] },
});

test('a quoted title changing the versions of a runtime is the line; work done for a version is not', () => {
  const line = (quoted: string, paths = ['.github/workflows'], title = 'Fix defects in x: a, b') =>
    [...quotedRuntimeLine(family({ title, anchor: { name: 'x', paths }, target_hints: { paths: [], symbols: [] } }), [quoted])];
  expect(line('Use Go 1.25 in CI')).toEqual(['go']);
  expect(line('Go 1.25 support', ['go.mod'])).toEqual(['go']);
  expect(line('Add support for Python 3.12')).toEqual(['python']);
  expect(line('Require Node.js 20')).toEqual(['node']);
  expect(line('Bump MSRV to 1.75', ['Cargo.toml'])).toEqual(['rust']);
  expect(line('Fix lints for Rust 1.89', ['Cargo.toml'])).toEqual([]);
  expect(line('Add support for the new `compression.zstd` module in Python 3.14')).toEqual([]);
  expect(line('Fix HTTP tunneling with IPv6 in older Python versions')).toEqual([]);
  // The family stands on the line only where versions are declared, or when it lists the runtime.
  expect(line('Add support for Python 3.12', ['src/httpx'])).toEqual([]);
  expect(line('Add support for Python 3.12', ['src/httpx'], 'Fix defects in src/httpx: python, coverage')).toEqual(['python']);
});

test('another version of the quoted runtime continues its line: related, never strong', async () => {
  const next = item('commit:2c377f1', 'add Go 1.26 to CI flow', ['.github/workflows/checks.yml', '.github/workflows/echo.yml']);
  for (const judge of judges) {
    const { verdicts } = await judge.judge({ families: [GO_CI], later: [next, ...FILLER] });
    expect([judge.name, verdicts[0]!.label]).toEqual([judge.name, 'related']);
    expect(verdicts[0]!.reason).toMatch(/continues its quoted go version line/);
  }
});

test('same area, same kind, another purpose is no line: rejected', async () => {
  // A workflow fix naming no runtime version, and a diff that moves the versions under a title that names none.
  const cache = item('pr#90', 'Fix the cache key of the lint job', ['.github/workflows/checks.yml'], '', ['bug']);
  const python = item('pr#91', 'Add Python 3.14 to the docs build', ['.github/workflows/docs.yml']);
  for (const judge of judges) {
    const { verdicts } = await judge.judge({ families: [GO_CI], later: [cache, python, ...FILLER], added: { 'pr#90': ['runtime:+go:1.26'] } });
    expect([judge.name, verdicts[0]!.label]).toEqual([judge.name, 'rejected']);
  }
});
