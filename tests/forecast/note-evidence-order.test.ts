import { expect, test } from 'vitest';
import { heuristicFamilies } from '../fixtures/forecast.js';
import type { CommitSpec } from '../fixtures/repo.js';

const dev = { name: 'Dana Dev', email: 'dana@example.com' };

// clap at 2026-01-01: "Use `Self::add` and `Self::remove` to type-check that `ArgExt` is used" cited its HACK note 7th
// and 8th, behind six docs and feature changes of the same file; `forecast` shows five rows, so none of them (newcomer22).
test('a family stated from a note cites that note first, before the merged changes of its area', async () => {
  const arg = (v: number) =>
    [`// ${v}`, 'impl Arg {', '    pub fn add(self) -> Self {', '        // TODO: use `Self::add` to type-check that `ArgExt` is used', '        self', '    }', '}', ''].join('\n');
  const specs: CommitSpec[] = [
    { at: '2024-01-10', msg: 'Initial commit', author: dev, files: { 'src/builder/arg.rs': arg(0) } },
    ...['docs: Fix link (#2)', 'docs: Explain trailing values (#3)', 'feat: Add default values if (#4)', 'docs: Clarify the default state of an arg (#5)', 'Add arg extension links (#6)', 'Add arg extension defaults (#7)'].map((msg, i) => ({
      at: `2024-0${3 + i}-10`, msg, author: dev, files: { 'src/builder/arg.rs': arg(i + 1) },
    })),
  ];
  const families = await heuristicFamilies(specs, '2024-10-01');
  const note = families.find((f) => f.title.startsWith('Use `Self::add`'));
  expect(note, families.map((f) => f.title).join(' | ')).toBeDefined();
  expect(note!.evidence[0]!.kind, note!.evidence.map((e) => e.ref).join(' ')).toBe('todo');
});
