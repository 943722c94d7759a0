import { expect, test } from 'vitest';
import { instancesElsewhere } from '../../src/forecast/heuristic/elsewhere.js';
import type { StreamItem } from '../../src/forecast/heuristic/streams.js';
import { heuristicFamilies } from '../fixtures/forecast.js';
import type { CommitSpec } from '../fixtures/repo.js';

const alice = { name: 'Alice Kowalczyk', email: 'alice@example.com' };

const item = (ref: string, title: string, paths: string[], date = '2024-07-26T00:00:00.000Z'): StreamItem => ({ ref, date, title, body: '', paths, category: null, recency: 1 });

test('a syntax line in one folder also names the syntaxes added elsewhere, and how: as git submodules, with their tests (bat)', async () => {
  // bat at 2025-01-01 titled this "Support more syntaxes like puppet and lisp in assets/patches"; people: no later change
  // patches a syntax, the new syntaxes (Idris2, Odin, GDScript, Typst) come as submodules with tests in tests/syntax-tests.
  const specs: CommitSpec[] = [
    { at: '2024-01-02', msg: 'Initial commit', files: { 'assets/patches/Markdown.sublime-syntax.patch': 'a\n', 'assets/patches/Lisp.sublime-syntax.patch': 'a\n', 'assets/patches/JavaScript.sublime-syntax.patch': 'a\n', 'src/lib.rs': '// lib\n' } },
    { at: '2024-04-12', msg: '[JavaScript] Support bun in shebang for syntax highlighting (#20)', author: alice, files: { 'assets/patches/JavaScript.sublime-syntax.patch': 'b\n' } },
    { at: '2024-05-12', msg: 'Patch the lisp syntax (#21)', author: alice, files: { 'assets/patches/Lisp.sublime-syntax.patch': 'b\n' } },
    { at: '2024-07-12', msg: 'add CFML syntax (#22)', author: alice, files: { '.gitmodules': '[submodule "CFML"]\n', 'tests/syntax-tests/source/CFML/test.cfml': 'x\n', 'tests/syntax-tests/highlighted/CFML/test.cfml': 'x\n' } },
    { at: '2024-11-12', msg: 'Added patch for puppet syntax highlighting in Markdown code snippets (#23)', author: alice, files: { 'assets/patches/Markdown.sublime-syntax.patch': 'c\n' } },
  ];
  const families = await heuristicFamilies(specs);
  const titles = families.map((f) => f.title);
  const syntaxes = families.find((f) => f.anchor.name === 'assets/patches');
  expect(syntaxes?.title, titles.join(' | ')).toBe('Add more syntaxes like CFML, puppet and lisp as git submodules in .gitmodules or in assets/patches, each with a test in tests/syntax-tests');
  expect(syntaxes!.anchor.paths).toEqual(['assets/patches', '.gitmodules', 'tests/syntax-tests']);
  expect(syntaxes!.evidence[0]).toMatchObject({ ref: 'pr#22', reason: 'a change before T0 that added one more of the same kind elsewhere' });
  expect(syntaxes!.acceptance_criteria[0]).toMatch(/^One more of the syntaxes than at T0 is in place \(as git submodules in \.gitmodules or in assets\/patches\)/);
});

test('a change elsewhere counts only when it adds one named instance of the kind where its files show it', () => {
  const more = { kind: 'syntaxes', link: 'like', done: ['puppet', 'lisp'] };
  const found = instancesElsewhere(more, [
    item('pr#1', 'add CFML syntax', ['CHANGELOG.md', 'tests/syntax-tests/source/CFML/test.cfml']),
    // No file or folder of its own, no submodule: where it went is not visible.
    item('pr#2', 'Add Odin syntax', ['CHANGELOG.md', 'README.md']),
    // Not an addition, a list, a generic word, or one the line already names.
    item('pr#3', 'Fix Ada syntax', ['.gitmodules']),
    item('pr#4', 'Add Zig and Nim syntaxes', ['.gitmodules']),
    item('pr#5', 'Add new syntax', ['.gitmodules']),
    item('pr#6', 'Add lisp syntax', ['.gitmodules']),
    // A theme is not a syntax.
    item('pr#7', 'Add Catppuccin theme', ['.gitmodules']),
  ], new Set(), 'feature');
  expect(found).toEqual({ done: ['CFML'], items: [expect.objectContaining({ ref: 'pr#1' })], submodule: false, homes: [], tests: ['tests/syntax-tests/source'] });
  expect(instancesElsewhere(more, [item('pr#2', 'Add Odin syntax', ['README.md'])], new Set(), 'feature')).toBeNull();
});
