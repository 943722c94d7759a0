import { expect, test } from 'vitest';
import { snapshotRepository } from '../../src/api/snapshot.js';
import { createHeuristicForecaster } from '../../src/forecast/index.js';
import { lintLine } from '../../src/forecast/pending/lint-line.js';
import type { Snapshot } from '../../src/snapshot/model.js';
import { makeRepo, tempDir, type CommitSpec } from '../fixtures/repo.js';

/**
 * New lints of a named linter fixed one after another (src/forecast/pending/lint-line.ts): two or more changes of the
 * year before T0 that fix what one linter reports ask for the next, named by the linter.
 */
const dev = { name: 'Dana Dev', email: 'dana@example.com' };
const commits: CommitSpec[] = [
  { at: '2024-01-10', msg: 'Initial commit', author: dev, files: { 'Cargo.toml': '[package]\nname = "web"\n', 'src/lib.rs': 'pub fn a() {}\n', 'src/routing.rs': 'pub fn r() {}\n', 'clippy.toml': 'msrv = "1.75"\n' } },
  { at: '2024-05-02', msg: 'Add routing docs (#3)', author: dev, files: { 'src/routing.rs': '/// Routes.\npub fn r() {}\n' } },
  { at: '2024-07-09', msg: 'Fix clippy warning on the derive macro (#8)', author: dev, files: { 'src/lib.rs': 'pub fn a() { }\n' } },
  { at: '2024-09-20', msg: 'Centralize clippy configuration (#9)', author: dev, files: { 'clippy.toml': 'msrv = "1.78"\n' } },
  { at: '2024-11-28', msg: 'Enable and fix warnings from clippy::uninlined_format_args (#12)', author: dev, files: { 'src/routing.rs': '/// Routes!\npub fn r() {}\n' } },
];
const after: CommitSpec[] = [
  { at: '2025-01-08', msg: 'Fix new clippy lints CANARY (#20)', author: dev, files: { 'src/lib.rs': 'pub fn a() {}\n' } },
];

async function forecastAt(history: CommitSpec[], t0 = '2025-01-01') {
  const { snapshot } = await snapshotRepository({ repo: (await makeRepo(history)).dir, t0, db: `${await tempDir()}/f.db` });
  const { draft } = await createHeuristicForecaster().forecast({ snapshot, seed: 0, maxFamilies: 10 });
  return { snapshot, draft };
}

test('two changes fixing what clippy reports become one family named by the linter, citing them, scored as a "more" family', async () => {
  const { draft } = await forecastAt(commits);
  const f = draft.families.find((x) => x.title.includes('clippy'));
  expect(f, draft.families.map((x) => x.title).join(' | ')).toBeDefined();
  expect(f!.title).toBe('Fix the warnings of new clippy lints like `uninlined_format_args`');
  expect(f!.category).toBe('refactor');
  // The configuration change is no fix.
  expect(f!.evidence.map((e) => e.text)).toEqual(['Enable and fix warnings from clippy::uninlined_format_args', 'Fix clippy warning on the derive macro']);
  expect(f!.acceptance_criteria[0]).toMatch(/^Clippy runs clean/);
  expect(f!.score_components).toMatchObject({ calibration_kind_more: 1, lint_changes: 2 });
});

test('the family is the same with and without the history after T0 (leakage canary)', async () => {
  const a = await forecastAt(commits);
  const b = await forecastAt([...commits, ...after]);
  expect(JSON.stringify(b.draft)).toBe(JSON.stringify(a.draft));
  expect(JSON.stringify(b.draft)).not.toContain('CANARY');
});

test('one fixing change, a bump or a configuration change, or fixes older than a year state no line', () => {
  const row = (title: string, date: string, bot = false) => ({ kind: 'work_item' as const, ref: `w:${title}`, date, text: title, item: { title, bot, paths: ['src/a.go'] } });
  const snap = (rows: unknown[], t0 = '2025-01-01T00:00:00.000Z') => ({ t0, evidence: rows }) as unknown as Snapshot;
  const fix = row('Address golangci-lint deprecation warnings, enable some more linters (#2152)', '2024-06-01T00:00:00.000Z');
  expect(lintLine(snap([fix]))).toBeNull();
  expect(lintLine(snap([fix, row('build(deps): bump golangci/golangci-lint-action from 3.7.0 to 4.0.0', '2024-03-11T00:00:00.000Z', true), row('Update golangci-lint config', '2024-05-01T00:00:00.000Z')]))).toBeNull();
  const two = [fix, row('Fix golangci-lint errors in completions.go (#2160)', '2024-08-01T00:00:00.000Z')];
  expect(lintLine(snap(two))?.title).toBe('Fix the warnings of new golangci-lint lints');
  expect(lintLine(snap(two, '2025-09-01T00:00:00.000Z'))).toBeNull();
});

test('a change about linting that names no tool counts for the linter whose configuration file and code it changes', () => {
  const row = (title: string, date: string, paths: string[]) => ({ kind: 'work_item' as const, ref: `w:${title}`, date, text: title, item: { title, bot: false, paths } });
  const snap = (rows: unknown[]) => ({ t0: '2024-12-01T00:00:00.000Z', evidence: rows }) as unknown as Snapshot;
  const fix = row('Address golangci-lint deprecation warnings, enable some more linters', '2024-06-01T00:00:00.000Z', ['.golangci.yml', 'command.go']);
  const more = row('More linting', '2024-04-01T00:00:00.000Z', ['.golangci.yml', 'bash_completions.go', 'doc/util.go']);
  expect(lintLine(snap([fix, more]))?.items.map((e) => e.item.title)).toEqual(['Address golangci-lint deprecation warnings, enable some more linters', 'More linting']);
  // Only the configuration file, no configuration file, or a bump: no linter's fix.
  expect(lintLine(snap([fix, row('More linting', '2024-04-01T00:00:00.000Z', ['.golangci.yml'])]))).toBeNull();
  expect(lintLine(snap([fix, row('More linting', '2024-04-01T00:00:00.000Z', ['command.go'])]))).toBeNull();
  expect(lintLine(snap([fix, row('Upgrade linters', '2024-04-01T00:00:00.000Z', ['.golangci.yml', 'command.go'])]))).toBeNull();
});

test('a line whose changes quote no lint is held back by default (a class of work, not one task) and shown with --max-loose', async () => {
  // The same history with the clippy lint's name left out of its title: "Fix the warnings of new clippy lints" names
  // which kind of work, not which lint (rated specificity 1 in 8 of 10 blind ratings, eval/results/round19.md).
  const nameless = commits.map((c) => (c.msg.includes('uninlined') ? { ...c, msg: 'Enable and fix new clippy warnings (#12)' } : c));
  const { snapshot, draft } = await forecastAt(nameless);
  expect(draft.families.map((x) => x.title)).not.toContain('Fix the warnings of new clippy lints');
  const loose = await createHeuristicForecaster({ maxLoose: 10 }).forecast({ snapshot, seed: 0, maxFamilies: 10 });
  expect(loose.draft.families.map((x) => x.title)).toContain('Fix the warnings of new clippy lints');
});

test('a line quotes the lints its changes name in their bodies: rule paths, suppressions, linters enabled, plugins added', () => {
  const row = (title: string, date: string, body: string, paths = ['src/a.go']) => ({ kind: 'work_item' as const, ref: `w:${title}`, date, text: title, item: { title, body, bot: false, paths } });
  const snap = (rows: unknown[], t0 = '2025-01-01T00:00:00.000Z') => ({ t0, evidence: rows }) as unknown as Snapshot;
  // golangci-lint: "Address gocritic findings", "Add stylecheck linter"; "enable some more linters" names none.
  const go = [
    row('Address golangci-lint deprecation warnings, enable some more linters', '2024-06-01T00:00:00.000Z', '* Enable some more linters, address finding\n* Add stylecheck linter, replacement for golint'),
    row('Fix golangci-lint errors', '2024-04-01T00:00:00.000Z', '* Address gocritic findings, enable it\n* Enable gosimple, no new findings'),
  ];
  expect(lintLine(snap(go))?.title).toBe('Fix the warnings of new golangci-lint lints like `stylecheck` and `gocritic`');
  // clippy: a rule path in the body, as an allow attribute a change quotes.
  const rust = [
    row('Fix new clippy lints', '2024-10-01T00:00:00.000Z', 'Silences one with #[allow(clippy::large_enum_variant)] for now.'),
    row('Make clippy happy', '2024-08-01T00:00:00.000Z', ''),
  ];
  expect(lintLine(snap(rust))?.title).toBe('Fix the warnings of new clippy lints like `large_enum_variant`');
  // Ruff: a noqa comment quoted; another linter's suppression is not its lint.
  const py = [
    row('Fix ruff warnings', '2024-10-01T00:00:00.000Z', 'Keeps `# noqa: E501` on the long URL; // eslint-disable-next-line no-console is not ours.'),
    row('Fix new ruff lints', '2024-08-01T00:00:00.000Z', ''),
  ];
  expect(lintLine(snap(py))?.lints).toEqual(['E501']);
});

test('a change that adds a plugin of the linter with its configuration and the code it fixes counts, and names the plugin', () => {
  const row = (title: string, date: string, paths: string[], body = '') => ({ kind: 'work_item' as const, ref: `w:${title}`, date, text: title, item: { title, body, bot: false, paths } });
  const snap = (rows: unknown[]) => ({ t0: '2025-01-01T00:00:00.000Z', evidence: rows }) as unknown as Snapshot;
  const adopt = [
    row('test: use @vitest/eslint-plugin', '2024-11-10T00:00:00.000Z', ['.eslintrc.json', 'package.json', 'tests/devtools.test.tsx']),
    row('test: incorporate eslint-plugin-testing-library and fix reported issues', '2024-11-09T00:00:00.000Z', ['.eslintrc.json', 'tests/basic.test.tsx']),
  ];
  expect(lintLine(snap(adopt))?.title).toBe('Fix the warnings of new ESLint lints from plugins like `@vitest/eslint-plugin` and `eslint-plugin-testing-library`');
  // A plugin added to the configuration alone, or a migration of the configuration, fixes nothing.
  const configOnly = row('chore: add react compiler eslint rules', '2024-06-21T00:00:00.000Z', ['.eslintrc.json', 'package.json']);
  const migration = row('chore(eslint): migrate to flat config and simplify', '2024-12-29T00:00:00.000Z', ['eslint.config.mjs', 'rollup.config.js']);
  expect(lintLine(snap([adopt[1]!, configOnly, migration]))).toBeNull();
});

test('a line named by a plugin is shown by default, and the same with and without the history after T0 (leakage canary)', async () => {
  const web: CommitSpec[] = [
    { at: '2024-01-10', msg: 'Initial commit', author: dev, files: { 'package.json': '{"name":"web"}\n', '.eslintrc.json': '{"plugins":[]}\n', 'src/index.js': 'export const a = 1;\n', 'tests/a.test.js': 'test("a", () => {});\n' } },
    { at: '2024-11-09', msg: 'test: incorporate eslint-plugin-testing-library and fix reported issues (#44)', author: dev, files: { '.eslintrc.json': '{"plugins":["testing-library"]}\n', 'tests/a.test.js': 'test("a", () => { expect(1).toBe(1); });\n' } },
    { at: '2024-11-10', msg: 'test: use @vitest/eslint-plugin (#45)', author: dev, files: { '.eslintrc.json': '{"plugins":["testing-library","@vitest"]}\n', 'tests/a.test.js': 'test("a", () => { expect(2).toBe(2); });\n' } },
  ];
  const later: CommitSpec[] = [{ at: '2025-01-08', msg: 'chore(eslint): enable vitest/expect-expect CANARY (#50)', author: dev, files: { '.eslintrc.json': '{"rules":{}}\n', 'tests/a.test.js': 'test("a", () => { expect(3).toBe(3); });\n' } }];
  const a = await forecastAt(web);
  expect(a.draft.families.map((x) => x.title)).toContain('Fix the warnings of new ESLint lints from plugins like `@vitest/eslint-plugin` and `eslint-plugin-testing-library`');
  const b = await forecastAt([...web, ...later]);
  expect(JSON.stringify(b.draft)).toBe(JSON.stringify(a.draft));
  expect(JSON.stringify(b.draft)).not.toContain('CANARY');
});
