import { expect, test } from 'vitest';
import { findTodos, todoSkipReason } from '../../src/snapshot/todos.js';

test('TODO, FIXME, HACK and XXX comments are found with their line and text', () => {
  const text = [
    'const a = 1; // TODO: handle nested quotes',
    '# FIXME(bob) retries never back off',
    '/* HACK - avoid the cache here */',
    ' * XXX: unsafe for huge inputs',
    'const todo = "TODO list"; // fine',
  ].join('\n');
  expect(findTodos('src/a.ts', text).map((t) => [t.line, t.marker, t.text])).toEqual([
    [1, 'TODO', 'handle nested quotes'],
    [2, 'FIXME', 'retries never back off'],
    [3, 'HACK', 'avoid the cache here'],
    [4, 'XXX', 'unsafe for huge inputs'],
  ]);
});

test('a marker outside a comment in code is not a TODO', () => {
  expect(findTodos('src/a.ts', 'const TODO = 1;\nlog("FIXME: later")')).toEqual([]);
});

test('in prose files a TODO at the start of a line or list item counts', () => {
  expect(findTodos('docs/guide.md', '- TODO: document retries\nWe have a TODO list.').map((t) => t.text)).toEqual(['document retries']);
});

test('vendored, minified and binary paths are skipped without reading them', () => {
  expect(todoSkipReason('node_modules/x/index.js')).toBe('vendor');
  expect(todoSkipReason('web/app.min.js')).toBe('vendor');
  expect(todoSkipReason('assets/logo.png')).toBe('binary');
  expect(todoSkipReason('src/index.ts')).toBeNull();
});

// Round 5 (fastify at 2025-06-01): "Explore a central cache for all the schemas shared across in lib/reply.js".
test('a note cut mid-sentence goes on in the comment lines below that continue it, and stops at a sentence end, another marker or commented-out code', () => {
  const text = [
    '  // TODO: Explore a central cache for all the schemas shared across',
    '  // encapsulated contexts',
    '  const x = 1',
    '    # TODO: handle retries.',
    '    # Not part of the note',
    '// FIXME: flaky under load',
    '// TODO: second note',
    'const y = 2 // TODO: cache this',
    '// and not this',
    '    # TODO: consider setting the style only for the current program',
    '    # style_line = f"zstyle menu select"',
  ].join('\n');
  expect(findTodos('lib/reply.js', text).map((t) => [t.line, t.text])).toEqual([
    [1, 'Explore a central cache for all the schemas shared across encapsulated contexts'],
    [4, 'handle retries.'],
    [6, 'flaky under load'],
    [7, 'second note'],
    [8, 'cache this'],
    [10, 'consider setting the style only for the current program'],
  ]);
});

// Round 7: a note saying "this" names the declaration right below it (typer's module-level regex, ripgrep's test)
// or the one whose body it opens; one after code in a body (click's "This never terminates if …", requests'
// "Remove this in 3.0.0" in an `except` block) or above commented-out code (bat's "Enable me") names nothing.
test('a note pointing at its place by a pronoun names the declaration it sits above or opens, else nothing', () => {
  const py = [
    'import re',
    '',
    '# TODO: Probably refactor this, copied from Click 7.x',
    '_invalid_ident_char_re = re.compile(r"[^a-zA-Z0-9_]")',
    '',
    'class Pager:',
    '    def pipe(self, generator):',
    '        # TODO: Remove this in 3.0.0',
    '        return generator',
    '',
    '    def page(self, generator):',
    '        text = "".join(generator)',
    '        # TODO: This never terminates if the passed generator never terminates.',
    '        return text',
    '',
  ].join('\n');
  expect(findTodos('pkg/pager.py', py).map((t) => [t.line, t.subject])).toEqual([
    [3, '_invalid_ident_char_re'],
    [8, 'Pager.pipe'],
    [13, undefined],
  ]);
  const rs = ['fn reset(&self) -> String {', '    // TODO: Enable me in a later pull request.', '    // if self.sgr {', '    // }', '    String::new()', '}', ''].join('\n');
  expect(findTodos('src/vscreen.rs', rs)[0]!.subject).toBeUndefined();
});
