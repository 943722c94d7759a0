import { expect, test } from 'vitest';
import { heuristicFamilies } from '../fixtures/forecast.js';
import type { CommitSpec } from '../fixtures/repo.js';

const dev = { name: 'Dana Dev', email: 'dana@example.com' };

// clap at 2026-01-01: "Assume knowledge of is_escape" and "Maintain indexes between parsers" from "HACK: Assuming
// knowledge of is_escape" and "HACK: maintain indexes between parsers"; zustand at 2025-01-01: "Avoid checking entries
// type" from "HACK: avoid checking entries type". Each describes the workaround in place: doing it is no work left.
test('a HACK note that describes its workaround is no task; one that says what we should do is', async () => {
  const complete = (v: number) =>
    [
      `// ${v}`,
      'fn complete_arg(arg: &str) -> Vec<String> {',
      '    // HACK: Assuming knowledge of is_escape',
      '    if arg == "--" { return vec![] }',
      '    // HACK: we should use `Self::add` to type-check that `ArgExt` is used',
      '    vec![arg.to_owned()]',
      '}',
      '',
    ].join('\n');
  const arg = (v: number) =>
    [`// ${v}`, 'impl Arg {', '    pub fn add(self) -> Self {', '        // HACK: we should use `Self::add` to type-check that `ArgExt` is used', '        self', '    }', '}', ''].join('\n');
  const specs: CommitSpec[] = [
    { at: '2024-01-10', msg: 'Initial commit', author: dev, files: { 'src/engine/complete.rs': complete(0), 'src/builder/arg.rs': arg(0) } },
    { at: '2024-03-10', msg: 'Fix arg completion of escaped values (#2)', author: dev, files: { 'src/engine/complete.rs': complete(1) } },
    { at: '2024-04-10', msg: 'Fix arg completion of quoted values (#3)', author: dev, files: { 'src/engine/complete.rs': complete(2) } },
    { at: '2024-05-10', msg: 'Add arg extension defaults (#4)', author: dev, files: { 'src/builder/arg.rs': arg(1) } },
    { at: '2024-06-10', msg: 'Add arg extension links (#5)', author: dev, files: { 'src/builder/arg.rs': arg(2) } },
  ];
  const titles = (await heuristicFamilies(specs, '2024-09-01')).map((f) => f.title);
  expect(titles.filter((t) => /^Assume\b|is_escape/.test(t)), titles.join(' | ')).toEqual([]);
  expect(titles.some((t) => t.startsWith('Use `Self::add`')), titles.join(' | ')).toBe(true);
});
