import { expect, test } from 'vitest';
import type { TaskFamily } from '../../src/family/model.js';
import { loadWordTable } from '../../src/text/glove/cache.js';
import type { Judge } from '../../src/validate/judge.js';
import { taskLine } from '../../src/validate/judges/task-line.js';
import { createLexicalJudge } from '../../src/validate/lexical.js';
import { createSemanticJudge } from '../../src/validate/semantic/judge.js';
import { BACKOFF, FILLER, item } from './judge-literals.js';

/**
 * Task lines (direction-v27, judges50): the heuristic's task-like titles asking for one more instance of a named
 * thing are done (strong) by a change that is one: one more filter at the registry file the title names, one more
 * sponsor on the page it names, the trait implemented for one more type, the linter's new lints fixed. Read from the
 * readable round-20 sets (minijinja-F20, attrs-F15, structlog-F11, bat-F04, express-F02, axum-F02, axum-F03, gin-F02,
 * zustand-F02: people strong, the judges related or rejected). The same file with another purpose, a folder alone, a
 * removal, another linter and a branch merge stay as before.
 */
const table = loadWordTable();
const judges: Judge[] = [createSemanticJudge({ table }), createLexicalJudge()];

const WINDOW = [
  ...FILLER,
  item('pr#120', 'Add a pager option to the list command', ['src/pager.rs']),
  item('pr#121', 'Fix panic on empty input files', ['src/input.rs']),
  item('pr#122', 'Speed up startup by loading themes lazily', ['src/assets.rs']),
];

function family(id: string, title: string, paths: string[], category: TaskFamily['category'] = 'feature', symbols: string[] = []): TaskFamily {
  return {
    ...BACKOFF,
    id,
    category,
    title,
    anchor: { name: paths[0] ?? 'src', paths },
    expected_behavior: `${title}, written and placed like its neighbours.`,
    acceptance_criteria: [],
    evidence: [],
    target_hints: { paths, symbols },
  };
}

const FILTERS = family('F50', 'Add more filters like zip, sum and lines in core/src/defaults.rs', ['core/src/defaults.rs']);
const CONTRIB = family('F51', 'Add more filters like striptags and `wordwrap` in contrib/src', ['contrib/src']);
const SPONSORS = family('F52', 'Add or update sponsors in the sponsors list of README.md', ['README.md']);
const TRIAGE = family('F53', 'Add more entries like `@rxmarbles` and `@bjohansebas` to the triage team in Readme.md', ['Readme.md']);
const TRAIT = family('F54', 'Implement `OptionalFromRequestParts` for more types like `TypedHeader`, `MatchedPath` and `Path`', ['axum-extra/src/typed_header.rs'], 'feature', ['OptionalFromRequestParts']);
const LINTS = family('F55', 'Fix the warnings of new clippy lints like `uninlined_format_args`', ['Cargo.toml'], 'bugfix');

async function verdictOf(judge: Judge, f: TaskFamily, later: ReturnType<typeof item>[]) {
  const { verdicts } = await judge.judge({ families: [f], later: [...later, ...WINDOW] });
  return verdicts[0]!;
}

test('the task line a title states: an instance at a named file, a compound trait, a linter; none for a folder or a plain-word trait', () => {
  expect(taskLine(FILTERS.title, ['core/src/defaults.rs'])).toEqual({ kind: 'instance', what: 'filters', words: ['filter'], files: ['core/src/defaults.rs'] });
  expect(taskLine(TRIAGE.title, ['Readme.md'])).toMatchObject({ kind: 'instance', what: 'triage team', files: ['Readme.md'] });
  expect(taskLine(SPONSORS.title, ['README.md'])).toMatchObject({ kind: 'instance', what: 'sponsors' });
  expect(taskLine(CONTRIB.title, ['contrib/src'])).toBeNull();
  expect(taskLine(TRAIT.title, [])).toEqual({ kind: 'trait', symbol: 'OptionalFromRequestParts' });
  expect(taskLine('Implement `Custom` for more types like `DefaultCustom` and `PosixCustom`', [])).toBeNull();
  expect(taskLine('Fix the warnings of new golangci-lint lints like `usestdlibvars` and `perfsprint`', [])).toEqual({ kind: 'lint', linter: 'golangci-lint' });
  expect(taskLine('Remove more runtime dependencies like `wee_alloc` from Cargo.toml', ['Cargo.toml'])).toBeNull();
});

test('one more filter registered in the file the title names does the family: strong, and the reason names it', async () => {
  const format = item('pr#835', 'Add `format` filter and `str.format` support', ['core/src/defaults.rs', 'core/src/filters.rs', 'contrib/src/pycompat.rs']);
  for (const judge of judges) {
    const v = await verdictOf(judge, FILTERS, [format]);
    expect([judge.name, v.label, v.matches[0]?.key]).toEqual([judge.name, 'strong', 'pr#835']);
    expect(v.matches[0]!.reason).toMatch(/^direction: adds one more of its filters in core\/src\/defaults\.rs, which its title names/);
  }
});

test('the same change touching a folder the title names is no instance there: the task line does not hold', async () => {
  const format = item('pr#835', 'Add `format` filter and `str.format` support', ['core/src/defaults.rs', 'core/src/filters.rs', 'contrib/src/pycompat.rs']);
  for (const judge of judges) {
    const v = await verdictOf(judge, CONTRIB, [format]);
    expect([judge.name, v.matches.some((m) => /adds one more/.test(m.reason))]).toEqual([judge.name, false]);
  }
  // The semantic judge, by its own readings (one shared word, "filters"), does not call it strong either.
  expect((await verdictOf(judges[0]!, CONTRIB, [format])).label).not.toBe('strong');
});

test('a sponsor added to the page, an entry added to the named team: strong', async () => {
  for (const judge of judges) {
    expect([judge.name, (await verdictOf(judge, SPONSORS, [item('commit:f588f1a', 'sponsors: add LambdaTest', ['README.md', 'docs/_static/sponsors/LambdaTest.svg'])])).label]).toEqual([judge.name, 'strong']);
    expect([judge.name, (await verdictOf(judge, TRIAGE, [item('commit:3bbffdc', 'docs: add @Phillip9587 to the triage team', ['Readme.md'])])).label]).toEqual([judge.name, 'strong']);
  }
});

test('the same file with another purpose, or a removal of an instance, stays rejected', async () => {
  const other = item('pr#901', 'Fix the escaping of template output in the defaults', ['core/src/defaults.rs']);
  const removal = item('pr#902', 'Remove the deprecated lines filter', ['core/src/defaults.rs']);
  const readme = item('pr#903', 'Add a section on installation to the README', ['README.md']);
  for (const judge of judges) {
    expect([judge.name, (await verdictOf(judge, FILTERS, [other])).label]).toEqual([judge.name, 'rejected']);
    expect([judge.name, (await verdictOf(judge, FILTERS, [removal])).label]).not.toEqual([judge.name, 'strong']);
    expect([judge.name, (await verdictOf(judge, SPONSORS, [readme])).label]).toEqual([judge.name, 'rejected']);
  }
});

test('the trait implemented for one more type, wherever: strong; a change only using the trait is not', async () => {
  const impl = item('pr#3157', 'Extension: Implement `OptionalFromRequestParts` trait', ['axum/src/extension.rs']);
  const use = item('pr#3158', 'Document `OptionalFromRequestParts` in the extractor guide', ['axum/src/docs/extract.md']);
  for (const judge of judges) {
    const v = await verdictOf(judge, TRAIT, [impl]);
    expect([judge.name, v.label, v.matches[0]?.reason]).toEqual([judge.name, 'strong', expect.stringMatching(/^direction: implements `OptionalFromRequestParts` for one more type/)]);
    expect([judge.name, (await verdictOf(judge, TRAIT, [use])).label]).not.toEqual([judge.name, 'strong']);
  }
});

test("the linter's work, whatever its files, does a lint family; another linter's does not", async () => {
  const clippy = item('pr#3350', 'Make clippy happy', ['examples/hello/src/main.rs', 'Cargo.toml']);
  const eslint = item('pr#3351', 'Fix eslint warnings in the docs site', ['docs/site/index.js']);
  for (const judge of judges) {
    const v = await verdictOf(judge, LINTS, [clippy]);
    expect([judge.name, v.label, v.matches[0]?.reason]).toEqual([judge.name, 'strong', expect.stringMatching(/^direction: does its clippy lint work/)]);
    expect([judge.name, (await verdictOf(judge, LINTS, [eslint])).label]).toEqual([judge.name, 'rejected']);
  }
});

test('a branch merge matches nothing', async () => {
  const merge = item('commit:m50', "Merge branch 'filters' into main: add more filters", ['core/src/defaults.rs']);
  const lintMerge = item('commit:m51', "Merge branch 'clippy-fixes' into main: make clippy happy", ['Cargo.toml']);
  for (const judge of judges) {
    const v = await verdictOf(judge, FILTERS, [merge]);
    expect([judge.name, v.label, v.matches]).toEqual([judge.name, 'rejected', []]);
    const w = await verdictOf(judge, LINTS, [lintMerge]);
    expect([judge.name, w.label, w.matches]).toEqual([judge.name, 'rejected', []]);
  }
});
