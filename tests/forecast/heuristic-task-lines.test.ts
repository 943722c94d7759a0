import { expect, test } from 'vitest';
import { changeTask, instancesOf, joinComplements, objectPasses, plural, tidyClause } from '../../src/forecast/heuristic/task-line.js';
import { heuristicFamilies } from '../fixtures/forecast.js';
import type { CommitSpec } from '../fixtures/repo.js';

const alice = { name: 'Alice Kowalczyk', email: 'alice@example.com' };

const forecast = heuristicFamilies;

const commits = (file: string, titles: string[], month = 5): CommitSpec[] =>
  titles.map((msg, i) => ({ at: `2024-${String(month + i).padStart(2, '0')}-12`, msg, author: alice, files: { [file]: `export const v = ${i};\n` } }));

test('changes that share verb and object with different clauses become one title: the verb, the object and its clauses, and where', async () => {
  const families = await forecast([
    { at: '2024-01-02', msg: 'Initial commit', files: { 'src/http/headers.js': 'export {}\n' } },
    ...commits('src/http/headers.js', ['Fix header parsing for empty values (#11)', 'Tidy the header module (#12)', 'Fix header parsing for folded lines (#13)']),
  ]);
  const headers = families.find((f) => f.anchor.name.startsWith('src/http'));
  // A bugfix line names its cases (done before T0), never "more" of them: only an additive line asks for one more instance.
  expect(headers?.title, families.map((f) => f.title).join(' | ')).toBe('Fix header parsing for folded lines and empty values in src/http');
  // The criteria are statements about the object with its clauses, and the behaviour cites the changes it continues.
  expect(headers!.acceptance_criteria[0]).toMatch(/header parsing for folded lines and empty values/);
  expect(headers!.expected_behavior).toMatch(/continuing "Fix header parsing for folded lines" \(pr#13\) and "Fix header parsing for empty values" \(pr#11\)/);
});

test('a garbled one-word object, a platform name alone or a docs-link phrase never becomes a title', async () => {
  const families = await forecast([
    { at: '2024-01-02', msg: 'Initial commit', files: { 'src/term/console.js': 'export {}\n', 'src/state/store.js': 'export {}\n' } },
    ...commits('src/term/console.js', ['Fix windows (#21)', 'Refactor `impl` (#22)', 'Update windows (#23)', 'Clean up `impl` (#24)']),
    ...commits('src/state/store.js', ['Fix: documentation link to passing state (#31)', 'Add docs on passing state to workers (#32)', 'Rename the store internals (#33)'], 6),
  ]);
  const titles = families.map((f) => f.title);
  expect(titles.length).toBeGreaterThan(0);
  for (const t of titles) {
    expect(t).not.toMatch(/\b(windows|`impl`|passing state) in\b/i);
    expect(t).not.toMatch(/^(Fix|Extend|Refactor|Update) (windows|`impl`|passing state)\b/i);
  }
  const term = families.find((f) => f.anchor.name.startsWith('src/term'));
  // The stream is stated honestly: the defect class its changes share, not one odd word.
  expect(term?.title, titles.join(' | ')).toBe('Fix platform-specific behaviour (Windows, macOS) in src/term');
});

test('a change title reads as verb, object and the clause that says its case; the gate refuses odd single words', () => {
  const item = (title: string) => ({ ref: 'r', date: '2024-01-01', title, body: '', paths: [], category: null, recency: 1 });
  expect(changeTask(item('axum-extra/query: Use rejection macros for `QueryRejection`'), new Set(), 'feature')).toMatchObject({ verb: 'Use', object: 'rejection macros', complement: 'for `QueryRejection`' });
  expect(changeTask(item('Fix PowerShell completion with incomplete word'), new Set(), 'bugfix')).toMatchObject({ verb: 'Fix', object: 'PowerShell completion', complement: 'with incomplete word' });
  expect(changeTask(item('Fix typo in the docs link'), new Set(), 'bugfix')).toBeNull();
  expect(objectPasses('windows', '', new Set(), new Set())).toBe(false);
  expect(objectPasses('`impl`', '', new Set(), new Set())).toBe(false);
  expect(objectPasses('`QueryRejection`', '', new Set(), new Set())).toBe(true);
  expect(objectPasses('header parsing', '', new Set(), new Set())).toBe(true);
});

test('complements that open alike are said once; complements that open differently are not joined into one clause', () => {
  expect(joinComplements(['for `A`', 'for `B`', 'for `C`'])).toBe('for `A`, `B` and `C`');
  // "option to `github-actions` and for `verbose`" read as one garbled clause (vitest at 2025-06-01): the newest stays.
  expect(joinComplements(['to `github-actions`', 'for `verbose`'])).toBe('to `github-actions`');
  expect(joinComplements(['for nested groups', 'of words with colons', 'for empty words'])).toBe('for nested groups and empty words');
});

test('a clause holds no version string and never opens with two prepositions: the versioned phrase or the clause is dropped', () => {
  expect(tidyClause('with lowered async with esbuild 0.25.3')).toBe('with lowered async');
  expect(tidyClause('for v2.1.0 themes')).toBe('');
  expect(tidyClause('with of lowered async syntax for non arrow functions')).toBe('');
  expect(tidyClause('when the value is empty')).toBe('when the value is empty');
  // A shared preposition is said once only over clauses that go on with what they are about, not with another preposition.
  expect(joinComplements(['with lowered async', 'with of lowered async syntax'])).toBe('with lowered async');
});

test('titles of a generated repository whose changes name versions and stacked prepositions in their clauses hold neither', async () => {
  const families = await forecast([
    { at: '2024-01-02', msg: 'Initial commit', files: { 'src/loader/parse.js': 'export {}\n' } },
    ...commits('src/loader/parse.js', [
      'Fix fixture parsing with lowered async with esbuild 0.25.3 (#41)',
      'Fix fixture parsing with of lowered async syntax for non arrow functions (#42)',
      'Fix fixture parsing for v1.2 snapshots (#43)',
    ]),
  ]);
  const titles = families.map((f) => f.title);
  const line = families.find((f) => f.anchor.name.startsWith('src/loader'));
  expect(line?.title, titles.join(' | ')).toMatch(/^Fix fixture parsing\b.* in src\/loader/);
  for (const t of titles) {
    expect(t).not.toMatch(/\b[vV]?\d+(\.\d+)+\b|\b[vV]\d+\b/);
    expect(t).not.toMatch(/\b(from|by|to|for|of|in|on|at|with|and)\s+(from|by|to|for|of|on|at|with)\b/i);
  }
});

test('a line that added one instance per change asks for one more, never the instances done before T0 (bat, vitest)', async () => {
  // bat at 2025-01-01 titled this "Add syntax mapping for CITATION.cff, ..." and people said "done already" (eval/families/dev7 bat-H02).
  const families = await forecast([
    { at: '2024-01-02', msg: 'Initial commit', files: { 'src/mapping/builtins.rs': '// mappings\n', 'src/report/options.ts': 'export {}\n' } },
    ...commits('src/mapping/builtins.rs', ['Add syntax mapping for CITATION.cff (#51)', 'Add syntax mapping for `/etc/pacman.conf` (#52)', 'Add syntax mapping for kubernetes config files (#53)']),
    ...commits('src/report/options.ts', ['Add `onWritePath` option to `github-actions` (#61)', 'Add `watchTriggerPatterns` option to `github-actions` (#62)'], 8),
  ]);
  const titles = families.map((f) => f.title);
  const mapping = families.find((f) => f.anchor.name.startsWith('src/mapping'));
  expect(mapping?.title, titles.join(' | ')).toBe('Add more syntax mappings like those for kubernetes config files, `/etc/pacman.conf` and CITATION.cff in src/mapping');
  // A code line's instances: its ground is recorded as code, which the score map reads apart from a list page (calib39).
  expect(mapping!.score_components).toMatchObject({ calibration_kind_more: 1, calibration_ground_code: 1, calibration_more_code: 1 });
  expect(mapping!.acceptance_criteria[0]).toBe('One more of the syntax mappings than at T0 is in place in src/mapping, with a test that exercises it.');
  expect(mapping!.expected_behavior).toMatch(/^Syntax mappings in src\/mapping gain one more, beyond those done before T0 \(kubernetes config files, `\/etc\/pacman.conf` and CITATION.cff\)/);
  const options = families.find((f) => f.anchor.name.startsWith('src/report'));
  expect(options?.title, titles.join(' | ')).toBe('Add more options to `github-actions` like `watchTriggerPatterns` and `onWritePath` in src/report');
});

test('instances: an identifier then plain words names the instance by the identifier and qualifies the kind; plurals by spelling', () => {
  expect(instancesOf(['`toBeOneOf` asymmetric', '`toSatisfy` asymmetric'], 'matcher')).toEqual({ kind: 'asymmetric matchers', link: 'like', done: ['`toBeOneOf`', '`toSatisfy`'] });
  // Words only one instance writes are its own, not the kind's (classes34: vitest's `toBeOneOf` is no asymmetric matcher).
  expect(instancesOf(['`toBeOneOf`', '`toSatisfy` asymmetric'], 'matcher')).toEqual({ kind: 'matchers', link: 'like', done: ['`toBeOneOf`', '`toSatisfy`'] });
  expect(instancesOf(['puppet', 'lisp'], 'syntax')).toEqual({ kind: 'syntaxes', link: 'like', done: ['puppet', 'lisp'] });
  expect([plural('mapping'), plural('syntax'), plural('registry'), plural('options'), plural('patch')]).toEqual(['mappings', 'syntaxes', 'registries', 'options', 'patches']);
});

test('changes of a feature line that share a noun but no act give no "Extend <noun>" title: the line is loose and held back', async () => {
  // axum at 2025-01-01 showed "Extend one state clone in axum/src/routing" and "Extend `Serve` in axum/src" (round 8:
  // 0 of 6 such titles strong, none specificity 2): "Extend" was the category's stand-in, not the changes' act.
  const families = await forecast([
    { at: '2024-01-02', msg: 'Initial commit', files: { 'src/routing/router.js': 'export {}\n', 'src/http/client.js': 'export {}\n' } },
    ...commits('src/routing/router.js', ['feat: one state clone for nested routers (#51)', 'Document the state clone of the router (#52)', 'feat: allow the state clone without Arc (#53)']),
    ...commits('src/http/client.js', ['Add response builders (#61)', 'Add response builders for redirects (#62)'], 6),
  ]);
  const titles = families.map((f) => f.title);
  // The line whose changes share their act keeps its title (with the case it names: feature-areas.test.ts).
  expect(families.find((f) => f.anchor.name.startsWith('src/http'))?.title, titles.join(' | ')).toMatch(/^Add .+ in src\/http$/);
  for (const t of titles) expect(t).not.toMatch(/^Extend (?!the )/);
  expect(titles.some((t) => /state clone/.test(t)), titles.join(' | ')).toBe(false);
});

test('changes of a refactor line that share a noun but no act, or whose verb the category stood in for, give no "Refactor <noun>" or "Support <noun>" title', async () => {
  // axum at 2025-01-01 showed "Refactor `Display` and `IntoResponse` impl below regular `impl` blocks" from a "Change
  // `Display` impl" and a "Move `IntoResponse` impls" change (people, dev8 axum-H07: restates done work, specificity 1);
  // urfave-cli at 2026-01-01 "Clean up fish completions with identically named sub-commands now work" from two titles
  // that state no verb ("Clean up" was the category's stand-in for both, so they seemed to share it).
  const families = await forecast([
    { at: '2024-01-02', msg: 'Initial commit', files: { 'src/macros/impls.js': 'export {}\n', 'src/shell/fish.js': 'export {}\n', 'src/http/client.js': 'export {}\n' } },
    ...commits('src/macros/impls.js', ['refactor: change the `Display` impl to match the body text (#51)', 'refactor: move the `IntoResponse` impls below regular blocks (#52)']),
    ...commits('src/shell/fish.js', ['Fish completions with identically named sub-commands (#71)', 'Fish completion inside hidden commands (#72)'], 7),
    ...commits('src/http/client.js', ['refactor: simplify the request client retries (#61)', 'refactor: simplify the upload client retries (#62)'], 3),
  ]);
  const titles = families.map((f) => f.title);
  // A refactor line whose changes share their act keeps its title.
  expect(families.find((f) => f.anchor.name.startsWith('src/http'))?.title, titles.join(' | ')).toMatch(/^Simplify .+ in src\/http$/);
  // Neither other line states an act: no "Refactor `Display` and `IntoResponse` impl", no "Support fish completion".
  expect(titles.filter((t) => /\bimpls?\b|fish completion/.test(t)), titles.join(' | ')).toEqual([]);
});

test('a gerund a verb takes as its object is no modifier of the noun after it: no "local and processing flag"', async () => {
  // urfave-cli at 2026-01-01: "Fix local and processing flag in command.go" from "Fix local flag" and "Allow the user
  // to stop processing flags after seeing N args" (what stops is the processing; it is no kind of flag).
  const families = await forecast([
    { at: '2024-01-02', msg: 'Initial commit', files: { 'src/cli/command.js': 'export {}\n' } },
    ...commits('src/cli/command.js', ['Fix:(issue_2208) Fix local flag (#41)', 'Allow the user to stop processing flags after seeing N args (#42)', 'Fix the local flag of subcommands (#43)']),
  ]);
  const titles = families.map((f) => f.title);
  expect(titles.length, titles.join(' | ')).toBeGreaterThan(0);
  for (const t of titles) expect(t).not.toMatch(/processing/);
});

test('a nominal act is no part of a line\'s object: no "cache-control cleanup and headers"', async () => {
  // werkzeug at 2025-03-01: "Refactor cache-control cleanup and headers" from two "more cache-control cleanup" changes
  // and "Add support for RFC5861 Cache-Control headers": "cleanup" is what was done, not what it was done to.
  const families = await forecast([
    { at: '2024-01-02', msg: 'Initial commit', files: { 'src/pkg/datastructures/cache.py': 'x = 1\n' } },
    ...commits('src/pkg/datastructures/cache.py', ['more cache-control cleanup (#81)', 'Add support for RFC5861 Cache-Control headers (#82)', 'more cache-control cleanup (#83)', 'Fix CacheControl issues (#84)']),
  ], '2025-03-01');
  const titles = families.map((f) => f.title);
  expect(titles.filter((t) => /cleanup/i.test(t)), titles.join(' | ')).toEqual([]);
});

test('phrases whose focus words share a stem but are two nouns are not merged: no "zsh directory … completer"', async () => {
  // clap at 2026-01-01: "Fix zsh directory, dynamic env and fish env completer in clap_complete/src/env" from "zsh
  // directory completions" and "dynamic env completer" (one Porter stem, two nouns; newcomer22).
  const families = await forecast([
    { at: '2024-01-02', msg: 'Initial commit', files: { 'src/env/shells.rs': 'pub fn a() {}\n' } },
    ...commits('src/env/shells.rs', [
      'elvish completer: prevent env variable leakage (#41)',
      'zsh: fix passing arguments in dynamic completion (#42)',
      'test: Add unit test for fish env completer (#43)',
      'fix: Path quoting with dynamic env completer (#44)',
      'fix(complete): Trailing space after zsh directory completions (#45)',
    ], 3),
  ]);
  const titles = families.map((f) => f.title);
  const env = titles.find((t) => / in src\/env$/.test(t));
  // Since classes34 the fixes' shared class names the line, each example as its fix wrote it: no merged "zsh directory, … completer".
  expect(env, titles.join(' | ')).toMatch(/^Fix more shell completion defects like .* in src\/env$/);
  expect(env).not.toMatch(/zsh directory,|zsh directory and/);
});
