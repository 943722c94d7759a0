import { beforeAll, expect, test } from 'vitest';
import { snapshotRepository } from '../../src/api/snapshot.js';
import type { TaskFamily } from '../../src/forecast/index.js';
import { createHeuristicForecaster } from '../../src/forecast/index.js';
import { isMisspelt } from '../../src/text/spelling.js';
import { makeRepo, tempDir, type CommitSpec } from '../fixtures/repo.js';
import { EVERY_DIRECTION } from '../fixtures/forecast.js';

const alice = { name: 'Alice Kowalczyk', email: 'alice@example.com' };
const bob = { name: 'bobthebuilder42', email: 'bob@example.com' };

/** Documentation, CI and test-suite lines of work, titled the way people write: contractions, @mentions, versions, hashes, a typo. */
function history(): CommitSpec[] {
  const specs: CommitSpec[] = [{ at: '2024-01-02', msg: 'Initial commit', files: { 'src/lib.py': 'x = 0\n', 'docs/guide.md': '# Guide\n', '.github/workflows/test.yml': 'on: push\n', 'tests/test_completion.py': 'def test_a(): pass\n' } }];
  const lines: [string, string, string[]][] = [
    ['docs/guide.md', '# Guide\n', [
      'docs: explain the colour themes in the guide (#5)',
      "Docs: the colour themes don't mention dark terminals, thanks @bobthebuilder42 (#9)",
      'docs(guide): list the colour themes of v2.1.0 (#12)',
      'Fix typo: enviroment -> environment in the guide, see 3f9a2c1d (#14)',
    ]],
    ['.github/workflows/test.yml', 'on: push\n', [
      'ci: run the test suite on Python 3.13 (#20)',
      "Don't cancel the test suite on the first failure, thanks @bobthebuilder42 (#22)",
      'ci: cache pip downloads for the test suite (see 3f9a2c1d) (#24)',
      'Bump the lint workflow uisng ruff 0.6.2 (#26)',
    ]],
    ['tests/test_completion.py', 'def test_a(): pass\n', [
      'Add tests for zsh completion uisng bash fixtures (#30)',
      "test: zsh completion of nested groups isn't flaky anymore (#31)",
      "tests: cover zsh completion with @alice's fixture from v1.2 (#33)",
    ]],
  ];
  for (const [path, start, titles] of lines) {
    titles.forEach((msg, i) =>
      specs.push({ at: `2024-${String(6 + i).padStart(2, '0')}-${String(5 + specs.length).padStart(2, '0')}`, msg, author: i % 2 ? bob : alice, files: { [path]: `${start}${'line\n'.repeat(i + 1)}` } }),
    );
  }
  // Code work, so the forecast is not only upkeep.
  for (let i = 0; i < 4; i++) specs.push({ at: `2024-${String(7 + i).padStart(2, '0')}-28`, msg: `Fix quoted string parsing in the lexer, case ${i + 1} (#${40 + i})`, author: alice, files: { 'src/lib.py': `x = ${i + 1}\n` } });
  return specs;
}

let families: TaskFamily[];
let upkeep: TaskFamily[];
beforeAll(async () => {
  const repo = await makeRepo(history());
  const { snapshot } = await snapshotRepository({ repo: repo.dir, t0: '2025-01-01', db: `${await tempDir()}/t.db` });
  const { draft } = await createHeuristicForecaster(EVERY_DIRECTION).forecast({ snapshot, seed: 0, maxFamilies: 10 });
  families = draft.families;
  upkeep = families.filter((f) => /^(docs|tests|\.github\/workflows)/.test(f.anchor.name) && f.evidence.every((e) => e.kind === 'work_item'));
});

test('documentation, CI and test-suite directions each state one task: an action on the phrase their changes share, and the file', () => {
  const titles = families.map((f) => f.title).join(' | ');
  expect(upkeep.map((f) => f.anchor.name).sort(), titles).toEqual(['.github/workflows', 'docs', 'tests']);
  expect(upkeep.find((f) => f.anchor.name === 'docs')!.title, titles).toBe('Document the colour themes in docs/guide.md');
  expect(upkeep.find((f) => f.anchor.name === '.github/workflows')!.title, titles).toBe('Update the test suite in .github/workflows/test.yml');
  expect(upkeep.find((f) => f.anchor.name === 'tests')!.title, titles).toBe('Test the zsh completion in tests/test_completion.py');
});

test('no documentation, CI or test-suite title is a keyword list or holds a fragment, a user name, a version, a hash or a misspelt word', () => {
  expect(upkeep.length).toBe(3);
  for (const f of upkeep) {
    const words = f.title.replace(/\s\S*\/\S*$/, '').split(/[\s(),]+/).filter((w) => /^[a-z]+$/.test(w));
    expect(words.filter((w) => isMisspelt(w)), f.title).toEqual([]);
    expect(f.title).not.toMatch(/\b(don|doesn|isn|aren)\b/i);
    expect(f.title).not.toMatch(/bobthebuilder42|Kowalczyk|alice/i);
    expect(f.title).not.toMatch(/\d+\.\d+|3f9a2c1d|#\d+/);
  }
  for (const f of upkeep) {
    // No aspect list "(a, b)", no "X, Y and Z" of words glued together.
    expect(f.title).not.toMatch(/[(),]/);
    expect(f.acceptance_criteria[0]!.toLowerCase()).toContain(f.title.replace(/^(\S+\s+up|\S+)\s+(the\s+)?/, '').replace(/ in \S+$/, '').toLowerCase());
  }
});

test('a misspelt word is told from project words, identifiers and inflections', () => {
  for (const w of ['uisng', 'enviroment', 'realisitic', 'miliseconds', 'usualy', 'unnoticied', 'documentaion', 'udpate']) expect(isMisspelt(w), w).toBe(true);
  for (const w of ['using', 'labeler', 'gettext', 'pipelining', 'cloudflare', 'httpx', 'zustand', 'axum', 'workflows', 'typos', 'unpinned', 'subcommand', 'struct', 'golang', 'Uisng', 'snake_case', 'v1']) expect(isMisspelt(w), w).toBe(false);
  expect(isMisspelt('uisng', new Set(['uisng']))).toBe(false);
});

test('documentation whose changes share no phrase is named by the page they kept touching, as one task', async () => {
  const at = (m: number) => `2024-${String(m).padStart(2, '0')}-11`;
  const faq = ['docs: FAQ on booleans (#2)', "docs: FAQ on secrets, thanks @bobthebuilder42 (#4)", 'docs: FAQ on Windows paths (#6)', "Fix typo: usualy -> usually in the FAQ (#8)"];
  const repo = await makeRepo([
    { at: '2024-01-02', msg: 'Initial commit', files: { 'src/lib.py': 'x = 0\n', 'docs/faq.md': '# FAQ\n', 'docs/guide.md': '# Guide\n' } },
    ...faq.map((msg, i) => ({ at: at(3 + i), msg, author: i % 2 ? bob : alice, files: { 'docs/faq.md': `# FAQ\n${'q\n'.repeat(i + 1)}` } })),
    { at: at(9), msg: 'docs: explain blank lines (#10)', author: alice, files: { 'docs/guide.md': '# Guide\nblank\n' } },
    ...[1, 2, 3].map((i) => ({ at: at(9 + i), msg: `Fix quoted string parsing in the lexer, case ${i} (#${20 + i})`, author: alice, files: { 'src/lib.py': `x = ${i}\n` } })),
  ]);
  const { snapshot } = await snapshotRepository({ repo: repo.dir, t0: '2025-01-01', db: `${await tempDir()}/t.db` });
  // A page named and no phrase is a loose title, held back by default (maxLoose 0, order.ts): shown here to read its wording.
  const { draft } = await createHeuristicForecaster({ maxLoose: 10 }).forecast({ snapshot, seed: 0, maxFamilies: 10 });
  const docs = draft.families.find((f) => f.anchor.name === 'docs');
  expect(docs?.title, draft.families.map((f) => f.title).join(' | ')).toBe('Extend the FAQ page in docs/faq.md');
  expect((await createHeuristicForecaster().forecast({ snapshot, seed: 0, maxFamilies: 10 })).draft.families.some((f) => f.anchor.name === 'docs')).toBe(false);
  expect(docs!.acceptance_criteria[0]).toMatch(/^The FAQ page in docs\/faq\.md covers a case it does not at T0/);
});

test('a CI line whose changes agree on a one-time act ("set up the pre-commit lite workflow") is done before T0: no family asks for it again', async () => {
  // click at 2025-03-01 and flask at 2025-06-01: "Set up the pre-commit lite workflow in .github/workflows/pre-commit.yaml",
  // from two commits of that title; people (rounds 5-8): "set up before T0 (done already)".
  const specs: CommitSpec[] = [{ at: '2024-01-02', msg: 'Initial commit', files: { 'src/lib.py': 'x = 0\n', '.github/workflows/pre-commit.yaml': 'on: push\n' } }];
  for (const [i, msg] of ['set up pre-commit lite workflow', 'set up pre-commit lite workflow', 'update the pre-commit lite workflow trigger'].entries()) {
    specs.push({ at: `2024-0${6 + i}-03`, msg, author: alice, files: { '.github/workflows/pre-commit.yaml': `on: push\n# ${i}\n` } });
  }
  const repo = await makeRepo(specs);
  const { snapshot } = await snapshotRepository({ repo: repo.dir, t0: '2025-01-01', db: `${await tempDir()}/t.db` });
  const { draft } = await createHeuristicForecaster(EVERY_DIRECTION).forecast({ snapshot, seed: 0, maxFamilies: 10 });
  const titles = draft.families.map((f) => f.title);
  expect(titles.filter((t) => /^Set up\b/.test(t)), titles.join(' | ')).toEqual([]);
});

test('a CI line whose changes share no phrase says its object as its title does, and the verb agrees with it', async () => {
  // jinja at 2025-01-01: "Update the CI workflow in .github/workflows/pre-commit.yaml" read "The CI workflows in
  // .github/workflows/pre-commit.yaml changes for the work the project needs next".
  const specs: CommitSpec[] = [
    { at: '2024-01-02', msg: 'Initial commit', files: { 'src/lib.py': 'x = 0\n', '.github/workflows/pre-commit.yaml': 'on: push\n' } },
    ...['update test workflow trigger (#3)', 'remove pre-commit.ci update (#5)', 'use trusted publishing for the artifact (#7)'].map((msg, i) => ({
      at: `2024-0${6 + i}-10`, msg, author: alice, files: { '.github/workflows/pre-commit.yaml': `on: push\n${'x\n'.repeat(i + 1)}` },
    })),
    ...[1, 2, 3].map((i) => ({ at: `2024-0${6 + i}-20`, msg: `Fix quoted string parsing in the lexer, case ${i} (#${10 + i})`, author: alice, files: { 'src/lib.py': `x = ${i}\n` } })),
  ];
  const { snapshot } = await snapshotRepository({ repo: (await makeRepo(specs)).dir, t0: '2025-01-01', db: `${await tempDir()}/ci.db` });
  const { draft } = await createHeuristicForecaster({ maxLoose: 3 }).forecast({ snapshot, seed: 0, maxFamilies: 10 });
  const ci = draft.families.find((f) => f.anchor.name.startsWith('.github/workflows'));
  expect(ci?.title, draft.families.map((f) => f.title).join(' | ')).toBe('Update the CI workflow in .github/workflows/pre-commit.yaml');
  expect(ci!.expected_behavior).toMatch(/^The CI workflow in \.github\/workflows\/pre-commit\.yaml changes for the work/);
});

test('a test-suite line whose changes share only test words ("test suite") names nothing to test: no "Test the test suite"', async () => {
  // uvicorn at 2025-03-01: "Test the test suite in tests/protocols/test_http.py" from "Add missing init files in the test
  // suite" and "Use `pytestmark` to simplify test suite" (newcomer22).
  const specs: CommitSpec[] = [
    { at: '2024-01-02', msg: 'Initial commit', files: { 'src/lib.py': 'x = 0\n', 'tests/test_http.py': 'def test_a(): pass\n' } },
    ...['Add missing init files in the test suite (#3)', 'Use `pytestmark` to simplify test suite (#5)', 'Remove signal testing order dependency (#7)'].map((msg, i) => ({
      at: `2024-0${6 + i}-10`, msg, author: alice, files: { 'tests/test_http.py': `def test_a(): pass\n${'# x\n'.repeat(i + 1)}` },
    })),
    ...[1, 2, 3].map((i) => ({ at: `2024-0${6 + i}-20`, msg: `Fix quoted string parsing in the lexer, case ${i} (#${10 + i})`, author: alice, files: { 'src/lib.py': `x = ${i}\n` } })),
  ];
  const { snapshot } = await snapshotRepository({ repo: (await makeRepo(specs)).dir, t0: '2025-01-01', db: `${await tempDir()}/tests.db` });
  // Loose titles shown too (maxLoose 10): the wording is what is read here.
  const { draft } = await createHeuristicForecaster({ maxLoose: 10 }).forecast({ snapshot, seed: 0, maxFamilies: 10 });
  const titles = draft.families.map((f) => f.title);
  expect(titles.filter((t) => /^Test the test suite\b/.test(t)), titles.join(' | ')).toEqual([]);
  expect(titles, titles.join(' | ')).toContain('Extend the http tests in tests/test_http.py');
});
