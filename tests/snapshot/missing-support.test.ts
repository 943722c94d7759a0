import { expect, test } from 'vitest';
import { findMissingSupport } from '../../src/snapshot/missing-support.js';

const one = (line: string, path = 'src/app.py') => findMissingSupport(path, line).map((m) => `${m.verb} ${m.subject}`);

test.each([
  ['# Nested groups are not yet supported in shell completion.', 'support Nested groups in shell completion'],
  ['// TODO: streaming bodies are not supported yet', 'support streaming bodies'],
  ['Windows paths with drive letters are currently not supported.', 'support Windows paths with drive letters'],
  ['    raise NotImplementedError("HTTP/3 is not supported yet")', 'support HTTP/3'],
  ['        unimplemented!("async tokenizer not implemented")', 'implement async tokenizer'],
  ['  throw new Error("Custom reporters are not implemented yet")', 'implement Custom reporters'],
  ['- Support for TOML config files is planned.', 'support TOML config files'],
  ['Plugin hot reload is coming soon.', 'add Plugin hot reload'],
  ['# allow_from_autoenv is currently not supported in Typer for CLI Arguments', 'support allow_from_autoenv in Typer for CLI Arguments'],
  ['    ), "List types with complex sub-types are not currently supported"', 'support List types with complex sub-types'],
  ["const REQUIRE_DIRECTORY_ERROR = 'loading a directory of commands is not supported yet for ESM'", 'support loading a directory of commands for ESM'],
])('a statement of missing support names its task: %s', (line, want) => {
  expect(one(line)).toEqual([want]);
});

test.each([
  ['Negative values are not supported.'],
  ['# This is not supported yet'],
  ['        raise NotImplementedError("Subclasses must implement this method")'],
  ['        raise NotImplementedError'],
  ['  throw new Error("invalid argument")'],
  ['The feature was planned but dropped in favour of plugins, and it is not coming back.'],
  ['if the option is not supported, fall back to the default'],
  ['The following additional keyword arguments are currently supported by httpcore...'],
  ['is `IncomingMessage`) are still supported but are deprecated.'],
  ['        raise NotImplementedError("Auth hooks must be callable.")'],
  ['/// unimplemented!("actually perform the authorization")'],
  // clap at 2026-01-01: "Implement feature not enabled in clap_derive/src/utils/doc_comments.rs" (newcomer22).
  ['            _ => unimplemented!("feature not enabled {event:?}"),'],
  // jiff at 2025-09-01: "Support that is, the main reason it in src/fmt/rfc2822.rs" (newcomer7).
  ["//! an issue. That is, the main reason it isn't currently supported is because"],
  ['The main reason streaming is not supported yet is its complexity.'],
])('a stated limit, an abstract method or a pronoun yields nothing: %s', (line) => {
  expect(one(line)).toEqual([]);
});

test('a bare not-implemented error is named by its enclosing function', () => {
  const text = ['function renderMarkdown(node) {', "  throw new Error('not implemented')", '}'].join('\n');
  expect(findMissingSupport('src/render.js', text).map((m) => `${m.verb} ${m.subject}`)).toEqual(['implement `renderMarkdown`']);
});

test('changelogs, tests and examples are not read: they tell of the past or of fixtures', () => {
  expect(findMissingSupport('CHANGELOG.md', 'Streaming is not supported yet.')).toEqual([]);
  expect(findMissingSupport('tests/test_x.py', 'Streaming is not supported yet.')).toEqual([]);
  expect(findMissingSupport('docs/usage.md', 'Streaming is not supported yet.')).toHaveLength(1);
  expect(findMissingSupport('docs/extract.md', ['```rust', 'unimplemented!("actually perform the authorization")', 'Streaming is not supported yet.', '```'].join('\n'))).toEqual([]);
});
