import { expect, test } from 'vitest';
import type { WorkItem } from '../../src/sources/model.js';
import { classifyWork, workKind } from '../../src/sources/work-kind.js';

const item = (title: string, opts: { number?: number | null; paths?: string[]; bot?: boolean } = {}): Pick<WorkItem, 'title' | 'number' | 'paths' | 'bot'> => ({
  title, number: opts.number ?? null, paths: opts.paths ?? ['src/parser.ts'], bot: opts.bot ?? false,
});

test('releases and version bumps, however they are written, are release work', () => {
  for (const title of ['v3.24.2', '3.24.2', 'chore: Release', 'chore(release): 1.4.0', '🔖 Release version 0.15.2', 'Release axum v0.8.0', 'release version 8.1.7', 'Bump version to 2.0.1', 'Version Packages', 'Prepare 8.1.8', "Merge tag 'v1.2.0'", 'Releasing 2.0'])
    expect([title, workKind(item(title, { paths: ['package.json', 'CHANGELOG.md'] }))]).toEqual([title, 'release']);
  // A version named over version files only is a release too; the word "release" doing work is not.
  expect(workKind(item('2.0 is out', { paths: ['pyproject.toml', 'CHANGES.rst'] }))).toBe('release');
  expect(workKind(item('Release the connection when a request is cancelled', { number: 12 }))).toBe('pull_request');
  expect(workKind(item('Publish types in the package exports', { number: 13 }))).toBe('pull_request');
  // pino's release commits: "Bumped v9.9.1" over package.json and lib/meta.js (a file of no version-file name).
  for (const title of ['Bumped v9.9.1', 'Bumped to 10.0.0']) expect(workKind(item(title, { paths: ['lib/meta.js', 'package.json'] }))).toBe('release');
  // "Bumped" names a release only before a bare version.
  expect(workKind(item('Bumped the default retry limit to 3', { number: 14, paths: ['lib/retry.js'] }))).toBe('pull_request');
});

test('integrating one branch into another is a branch merge; a topic branch merged without a pull request is the work it brings', () => {
  for (const title of ["Merge branch 'develop'", "Merge branch 'main' into develop", "Merge remote-tracking branch 'origin/main'", "Merge branch '8.1.x'", 'Merge from develop into release/15.x', 'Merge develop into main', 'develop -> main', 'Develop', 'Merge pull request #90 from org/release-15.x', 'Sync main', "Merge branch 'master' of github.com:o/r"])
    expect([title, workKind(item(title))]).toEqual([title, 'branch_merge']);
  // Backticked branch names, and a merge that is also a release (click's pr#2873).
  for (const title of ['Merge `stable` into `main`', 'Merge `stable` into `main`; Release 8.2.0'])
    expect([title, workKind(item(title, { number: 2873 }))]).toEqual([title, 'branch_merge']);
  expect(workKind(item("Merge branch 'retry-backoff'"))).toBe('direct');
  // A topic branch named for carrying one integration line into another is that integration (click's 361915bb
  // brought 23 of stable's commits); a name that only opens like one is a topic's work.
  for (const title of ["Merge branch 'stable-into-main-2'", "Merge branch 'merge-main-into-develop'", "Merge branch 'release/8.2-to-main'", "Merge branch 'origin/8.1.x-into-main'", 'Merge pull request #12 from org/main-into-develop'])
    expect([title, workKind(item(title))]).toEqual([title, 'branch_merge']);
  for (const title of ["Merge branch 'main-into-dev-tools'", "Merge branch 'fold-stable-into-main-docs'", "Merge branch 'stable-into-mainline'"])
    expect([title, workKind(item(title))]).toEqual([title, 'direct']);
  expect(workKind(item('Merge the two option parsers into one; keep both flags', { number: 4 }))).toBe('pull_request');
  expect(workKind(item('Merge the two option parsers into one', { number: 3 }))).toBe('pull_request');
});

test('translations and chores are counted apart; the same words doing work are not', () => {
  expect(workKind(item('🌐 Add Chinese translation for docs/zh/docs/tutorial/index.md', { number: 9 }))).toBe('translation');
  expect(workKind(item('Update translations', { paths: ['locales/de.po'] }))).toBe('translation');
  expect(workKind(item('Add German', { paths: ['src/locales/de/messages.json'] }))).toBe('translation');
  expect(workKind(item('Translate parse errors into UsageError', { number: 4 }))).toBe('pull_request');
  for (const title of ['Format', 'Fix CI', 'ci: cache the toolchain', 'style: ruff format', 'chore: tidy the Makefile', 'Run black', 'Fix lint', '👷 Add a coverage job', '💚 Fix test matrix for Python 3.7', 'Update contributors', '📝 Update release notes', 'Add @alice as a contributor'])
    expect([title, workKind(item(title, { number: 5, paths: ['Makefile', '.github/workflows/ci.yml'] }))]).toEqual([title, 'chore']);
  expect(workKind(item('Tighten the workflow timeout', { paths: ['.github/workflows/test.yml'] }))).toBe('chore');
  // clap at 2026-01-01..07-01: 18 of its 20 direct changes were "docs: Update changelog" (newcomer22).
  expect(classifyWork(item('docs: Update changelog', { paths: ['CHANGELOG.md', 'clap_complete/CHANGELOG.md'] }))).toEqual({ kind: 'chore', rule: 'changelog files only' });
  expect(workKind(item('Note the env completer migration', { number: 11, paths: ['docs/release-notes.md'] }))).toBe('chore');
  // ky at 2026-01-01..07-01: seven direct changes titled "Tweaks", "Minor tweaks", "Readme tweaks" … state no work.
  for (const title of ['Tweaks', 'Minor tweaks', 'Various tweaks', 'Meta tweaks', 'Readme tweaks', 'Fix typos', 'Fix typos in the docs'])
    expect([title, workKind(item(title, { paths: ['source/core/Ky.ts', 'readme.md'] }))]).toEqual([title, 'chore']);
  expect(workKind(item('Fix typo in option name that broke `--verbose`', { number: 14 }))).toBe('pull_request');
  expect(workKind(item('Tweak retry delays for 429 responses', { number: 15 }))).toBe('pull_request');
  // A change that records itself in the changelog beside its code is work.
  expect(workKind(item('docs: Document the env completer', { number: 12, paths: ['CHANGELOG.md', 'clap_complete/src/env/mod.rs'] }))).toBe('pull_request');
  expect(workKind(item('Format help text of nested groups', { number: 6 }))).toBe('pull_request');
  expect(workKind(item('Fix CLI exit code on bad input', { number: 7 }))).toBe('pull_request');
  // A conventional chore that changes source code is work, read from its diff.
  expect(workKind(item('chore: replace `methods` dependency with standard library', { number: 8, paths: ['lib/application.js', 'package.json'] }))).toBe('pull_request');
  expect(workKind(item('chore(eslint): migrate to flat config', { number: 10, paths: ['eslint.config.mjs', 'package.json'] }))).toBe('chore');
});

test('a change of the supported runtimes is work however it is dressed, a fix of the test setup stays a chore', () => {
  const ci = { number: 7, paths: ['.github/workflows/test.yml', 'pyproject.toml'] };
  for (const title of ['🔧 Add support for Python 3.13, tests in CI and add PyPI trove classifier', '👷 Add CI for Python 3.10', 'test with python 3.13', 'Add python 3.14 to test suite.', 'ci: drop Node.js 18', 'Drop support for Python 3.8', 'Bump MSRV to 1.75', 'Remove Go version 1.23 from CI workflow', 'Test on Python versions 3.13 and 3.14'])
    expect([title, workKind(item(title, ci))]).toEqual([title, 'pull_request']);
  for (const title of ['💚 Fix test matrix for Python 3.7', 'Fix CI', 'ci: bump actions/checkout to v4', '👷 Add a coverage job'])
    expect([title, workKind(item(title, ci))]).toEqual([title, 'chore']);
});

test('bot work stays bot work whatever its title, and every kind names its rule', () => {
  expect(classifyWork(item('Release 1.0', { bot: true }))).toEqual({ kind: 'bot', rule: 'bot or dependency work' });
  expect(classifyWork(item('Fix nested quotes', { number: 12 }))).toEqual({ kind: 'pull_request', rule: 'pull request' });
  expect(classifyWork(item('Fix nested quotes'))).toEqual({ kind: 'direct', rule: 'direct change' });
});

test('a merge whose branch was read as work items of its own is a branch merge whatever its title; bot work stays bot work', () => {
  const umbrella = { ...item('Lip Gloss v2', { number: 617 }), integration: true };
  expect(classifyWork(umbrella)).toEqual({ kind: 'branch_merge', rule: 'integrates a branch whose own work is read from it' });
  expect(workKind({ ...umbrella, integration: false })).toBe('pull_request');
  expect(workKind({ ...umbrella, bot: true })).toBe('bot');
});
