import { expect, test } from 'vitest';
import { snapshotRepository } from '../../src/api/snapshot.js';
import { createHeuristicForecaster } from '../../src/forecast/index.js';
import { findTraitLines } from '../../src/snapshot/trait-impls.js';
import { makeRepo, tempDir, type CommitSpec } from '../fixtures/repo.js';

/**
 * A trait implemented for more types (src/forecast/pending/trait-line.ts): a public trait first seen in the year before
 * T0 that two or more of the project's types implement at T0 asks for one more implementation, named by the trait and
 * its implementations, read from the T0 tree (src/snapshot/trait-impls.ts).
 */
const dev = { name: 'Dana Dev', email: 'dana@example.com' };
const lib = 'pub mod extract;\npub mod option;\npub mod path;\npub mod header;\n';
const extract = [
  'pub trait FromParts<S>: Sized {',
  '    fn from_parts(s: &S) -> Self;',
  '}',
  'pub(crate) trait Helper {}',
  'impl Helper for Path {}',
  'impl Helper for Header {}',
  '',
].join('\n');
const option = 'pub trait OptionalFromParts<S>: Sized {\n    fn from_parts(s: &S) -> Option<Self>;\n}\n';
const path = (optional: boolean) =>
  `pub struct Path<T>(pub T);\nimpl<T, S> FromParts<S> for Path<T> { fn from_parts(_: &S) -> Self { todo!() } }\n` +
  (optional ? 'impl<T, S> OptionalFromParts<S> for Path<T> { fn from_parts(_: &S) -> Option<Self> { None } }\n' : '');
const header = (optional: boolean) =>
  `pub struct Header;\nimpl<S> FromParts<S> for Header { fn from_parts(_: &S) -> Self { Header } }\n` +
  (optional ? 'impl<S> crate::option::OptionalFromParts<S> for Header { fn from_parts(_: &S) -> Option<Self> { None } }\n' : '');

const commits: CommitSpec[] = [
  { at: '2023-03-01', msg: 'Initial commit', author: dev, files: { 'Cargo.toml': '[package]\nname = "web"\n', 'src/lib.rs': lib, 'src/extract.rs': extract, 'src/path.rs': path(false), 'src/header.rs': header(false), 'src/option.rs': '' } },
  { at: '2024-03-01', msg: 'Document the extractors (#12)', author: dev, files: { 'README.md': '# web\n\nExtractors.\n' } },
  {
    at: '2024-12-09',
    msg: 'Add a separate trait for optional extractors (#40)',
    author: dev,
    files: {
      'src/option.rs': option,
      'src/path.rs': path(true),
      'src/header.rs': header(true),
      // A test's type is not one of the project's.
      'tests/it.rs': 'struct Fake;\nimpl<S> OptionalFromParts<S> for Fake { fn from_parts(_: &S) -> Option<Self> { None } }\n',
    },
  },
];
const after: CommitSpec[] = [
  { at: '2025-01-05', msg: 'Implement OptionalFromParts for Json CANARY (#41)', author: dev, files: { 'src/json.rs': 'pub struct Json;\nimpl<S> OptionalFromParts<S> for Json { fn from_parts(_: &S) -> Option<Self> { None } }\n' } },
];

async function forecastAt(history: CommitSpec[], t0 = '2025-01-01') {
  const { snapshot } = await snapshotRepository({ repo: (await makeRepo(history)).dir, t0, db: `${await tempDir()}/f.db` });
  const { draft } = await createHeuristicForecaster().forecast({ snapshot, seed: 0, maxFamilies: 10 });
  return { snapshot, draft };
}

test('a public trait added in the year before T0 with two implementations becomes one family naming them, scored as a "more" family', async () => {
  const { snapshot, draft } = await forecastAt(commits);
  const rows = snapshot.evidence.filter((e) => e.kind === 'pending' && e.signal === 'new_trait');
  // FromParts is older than a year; Helper is not public: only OptionalFromParts is a row.
  expect(rows.map((r) => (r.kind === 'pending' ? r.subject : ''))).toEqual(['OptionalFromParts']);
  const f = draft.families.find((x) => x.title.includes('OptionalFromParts'));
  expect(f, draft.families.map((x) => x.title).join(' | ')).toBeDefined();
  expect(f!.title).toBe('Implement `OptionalFromParts` for more types like `Header` and `Path`');
  expect(f!.category).toBe('feature');
  expect(f!.evidence.map((e) => e.ref)).toEqual(['pending:src/option.rs:1']);
  expect(f!.target_hints.paths).toEqual(['src/option.rs', 'src/header.rs', 'src/path.rs']);
  expect(f!.acceptance_criteria[0]).toBe('A type other than `Header` and `Path` implements `OptionalFromParts`.');
  expect(f!.expected_behavior).toMatch(/declared at src\/option\.rs:1, first seen 2024-12-09/);
  expect(f!.score_components).toMatchObject({ calibration_kind_more: 1, trait_implementors: 2 });
  expect(draft.families.some((x) => /`FromParts`|Helper/.test(x.title))).toBe(false);
});

test('the family is the same with and without the history after T0 (leakage canary)', async () => {
  const a = await forecastAt(commits);
  const b = await forecastAt([...commits, ...after]);
  expect(JSON.stringify(b.draft)).toBe(JSON.stringify(a.draft));
  expect(JSON.stringify(b.draft)).not.toContain('CANARY');
});

test('one implementation, or a trait first seen more than a year before T0, states no line', async () => {
  const one: CommitSpec[] = [commits[0]!, commits[1]!, { ...commits[2]!, files: { 'src/option.rs': option, 'src/path.rs': path(true) } }];
  expect((await forecastAt(one)).draft.families.some((f) => f.title.includes('OptionalFromParts'))).toBe(false);
  expect((await forecastAt(commits, '2026-01-15')).draft.families.some((f) => f.title.includes('OptionalFromParts'))).toBe(false);
});

test('the scan reads written-out impls of the project, not its tests, macros or private traits', () => {
  const text = [
    'pub trait Encode {}',
    'pub(crate) trait Inner {}',
    'impl<T: Clone> Encode for Vec<T> {}',
    "impl<'a> Encode for &'a mut crate::buf::Buffer {}",
    'impl fmt::Display for Error {}',
    'impl_encode!(u8, u16);',
    '#[cfg(test)]',
    'mod tests { impl Encode for Fake {} }',
  ].join('\n');
  const found = findTraitLines('src/encode.rs', text);
  expect(found.declarations.map((d) => d.name)).toEqual(['Encode']);
  expect(found.impls.map((i) => `${i.trait} ${i.type}`)).toEqual(['Encode Vec', 'Encode Buffer', 'Display Error']);
  expect(findTraitLines('examples/demo.rs', text)).toEqual({ declarations: [], impls: [] });
  expect(findTraitLines('src/encode.ts', text)).toEqual({ declarations: [], impls: [] });
});

// A second trait declared beside the implemented one (`OptionalFromRequest` beside `OptionalFromRequestParts`), first
// seen in the same change and implemented by no type yet: a family of its own, the sibling's implementations its model.
const optionBoth = option + 'pub trait OptionalFromBody<S>: Sized {\n    fn from_body(s: &S) -> Option<Self>;\n}\n';
const sibling: CommitSpec[] = [commits[0]!, commits[1]!, { ...commits[2]!, files: { ...commits[2]!.files, 'src/option.rs': optionBoth } }];
const siblingAfter: CommitSpec[] = [
  { at: '2025-01-06', msg: 'Implement OptionalFromBody for Json CANARY (#42)', author: dev, files: { 'src/json.rs': 'pub struct Json;\nimpl<S> OptionalFromBody<S> for Json { fn from_body(_: &S) -> Option<Self> { None } }\n' } },
];

test('a trait declared beside an implemented one and implemented by no type yet becomes a family of its own, modelled on its sibling', async () => {
  const { snapshot, draft } = await forecastAt(sibling);
  const rows = snapshot.evidence.flatMap((e) => (e.kind === 'pending' && e.signal === 'new_trait' ? [`${e.subject}:${e.sibling ?? ''}:${e.implementors?.length}`] : []));
  expect(rows).toEqual(['OptionalFromParts::2', 'OptionalFromBody:OptionalFromParts:0']);
  const titles = draft.families.map((x) => x.title);
  // The implemented trait's family is unchanged.
  expect(titles).toContain('Implement `OptionalFromParts` for more types like `Header` and `Path`');
  const f = draft.families.find((x) => x.title.includes('OptionalFromBody'));
  expect(f, titles.join(' | ')).toBeDefined();
  expect(f!.title).toBe("Implement `OptionalFromBody` for the project's types, as `OptionalFromParts` is for `Header` and `Path`");
  expect(f!.category).toBe('feature');
  expect(f!.evidence.map((e) => e.ref)).toEqual(['pending:src/option.rs:4', 'pending:src/option.rs:1']);
  expect(f!.acceptance_criteria[0]).toBe('A type implements `OptionalFromBody`.');
  expect(f!.score_components).toMatchObject({ calibration_kind_more: 1, trait_implementors: 0, sibling_implementors: 2 });
});

test('the sibling family is the same with and without the history after T0 (leakage canary)', async () => {
  const a = await forecastAt(sibling);
  const b = await forecastAt([...sibling, ...siblingAfter]);
  expect(JSON.stringify(b.draft)).toBe(JSON.stringify(a.draft));
  expect(JSON.stringify(b.draft)).not.toContain('CANARY');
});

test('a trait beside one that is no line (one implementation) states no sibling line either', async () => {
  const one: CommitSpec[] = [commits[0]!, commits[1]!, { ...commits[2]!, files: { 'src/option.rs': optionBoth, 'src/path.rs': path(true) } }];
  expect((await forecastAt(one)).draft.families.some((f) => f.title.includes('OptionalFromBody'))).toBe(false);
});
