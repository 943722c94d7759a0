import { expect, test } from 'vitest';
import { supportRead } from '../../src/forecast/heuristic/task-line.js';
import { heuristicFamilies } from '../fixtures/forecast.js';
import type { CommitSpec } from '../fixtures/repo.js';

const alice = { name: 'Alice Kowalczyk', email: 'alice@example.com' };

const commits = (file: string, titles: string[], month = 5): CommitSpec[] =>
  titles.map((msg, i) => ({ at: `2024-${String(month + i).padStart(2, '0')}-12`, msg, author: alice, files: { [file]: `export const v = ${i};\n` } }));

test('"Add support for X", "Support for X" and "Add X support" support X; other verbs keep "support" as their object', () => {
  expect(supportRead({ verb: 'Add', object: 'support for Seed7 files' })).toEqual({ verb: 'Support', object: 'Seed7 files' });
  expect(supportRead({ verb: 'Add', object: 'initial support for Temporal equality' })).toEqual({ verb: 'Support', object: 'Temporal equality' });
  expect(supportRead({ verb: 'Support', object: 'for zstd decoding' })).toEqual({ verb: 'Support', object: 'zstd decoding' });
  expect(supportRead({ verb: 'Add', object: 'fish completion support' })).toEqual({ verb: 'Support', object: 'fish completion' });
  expect(supportRead({ verb: 'Drop', object: 'support for Python 3.8' })).toEqual({ verb: 'Drop', object: 'support for Python 3.8' });
  expect(supportRead({ verb: 'Fix', object: 'support for `UnionType`' })).toEqual({ verb: 'Fix', object: 'support for `UnionType`' });
});

test('changes that each added support for one file type ask for one more type, naming the types done (ripgrep ignore/types, starlette)', async () => {
  // ripgrep before 2025-06-01: "ignore/types: add support for Seed7 files"; the object was the generic word "support" and no line was read.
  const families = await heuristicFamilies([
    { at: '2024-01-02', msg: 'Initial commit', files: { 'crates/ignore/src/types.rs': '// types\n', 'src/shell/complete.js': 'export {}\n' } },
    ...commits('crates/ignore/src/types.rs', ['ignore/types: add support for Seed7 files (#71)', 'Add support for Lean files (#72)', 'ignore/types: add support for Typst files (#73)']),
    ...commits('src/shell/complete.js', ['Add fish completion support (#81)', 'Add nushell completion support (#82)'], 8),
  ]);
  const titles = families.map((f) => f.title);
  const types = families.find((f) => f.anchor.name.startsWith('crates/ignore'));
  expect(types?.title, titles.join(' | ')).toBe('Support more files like Typst, Lean and Seed7 in crates/ignore/src');
  expect(types?.expected_behavior).toMatch(/gain one more, beyond those done before T0 \(Typst, Lean and Seed7\)/);
  const shells = families.find((f) => f.anchor.name.startsWith('src/shell'));
  expect(shells?.title, titles.join(' | ')).toBe('Support more completions like nushell and fish in src/shell');
  for (const t of titles) expect(t).not.toMatch(/\bsupports\b|more support\b/);
});
