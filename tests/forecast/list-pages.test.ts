import { expect, test } from 'vitest';
import { addedEntry, listEntries } from '../../src/forecast/heuristic/upkeep.js';
import { heuristicFamilies } from '../fixtures/forecast.js';
import type { CommitSpec } from '../fixtures/repo.js';

const alice = { name: 'Alice Kowalczyk', email: 'alice@example.com' };

const forecast = heuristicFamilies;

const edits = (file: string, titles: string[], month: number): CommitSpec[] =>
  titles.map((msg, i) => ({ at: `2024-${String(month + i).padStart(2, '0')}-12`, msg, author: alice, files: { [file]: `# ${file}\n- entry ${month + i}\n` } }));

test('a page whose changes each add one named entry asks for one more entry, beside a hotter documentation line (axum ECOSYSTEM.md)', async () => {
  // axum at 2025-01-01: "ECOSYSTEM: add axum-rails-cookie", "Added axum-ws-broadcaster to ECOSYSTEM.md", ... lost the one
  // documentation place to a hotter documentation line (its examples), and alone would have read "Extend the ECOSYSTEM page" (loose, held back).
  const families = await forecast([
    { at: '2024-01-02', msg: 'Initial commit', files: { 'src/lib.js': 'export {}\n', 'ECOSYSTEM.md': '# Ecosystem\n', 'examples/README.md': '# Examples\n' } },
    ...edits('ECOSYSTEM.md', ['ECOSYSTEM: add zino-rs (#2908)', 'ECOSYSTEM.md: Add Pods-Blitz (#2983)', 'Added axum-ws-broadcaster to ECOSYSTEM.md', 'Add axum-negotiate-layer to community projects (#3093)'], 2),
    ...edits('examples/README.md', ['docs: explain the colour themes in the guide (#41)', 'docs(guide): list the colour themes (#42)', 'Document the colour themes for dark terminals (#43)', 'docs: the colour themes in light terminals (#44)', 'docs: colour themes of the pager (#45)'], 7),
  ]);
  const titles = families.map((f) => f.title);
  const list = families.find((f) => f.title.includes('ECOSYSTEM'));
  expect(list?.title, titles.join(' | ')).toBe('Add more entries like axum-negotiate-layer, axum-ws-broadcaster and Pods-Blitz to the ECOSYSTEM list in ECOSYSTEM.md');
  expect(list!.acceptance_criteria[0]).toBe('The ECOSYSTEM list in ECOSYSTEM.md has an entry it does not have at T0, in the list\'s own format and order.');
  expect(list!.target_hints.paths).toContain('ECOSYSTEM.md');
  // Its score reads it as a direction asking for one more instance (eval/families/dev8: 4 of 5 such families strong).
  expect(list!.score_components).toMatchObject({ calibration_kind_more: 1, calibration_more: 1, calibration_ground_list: 1, calibration_more_code: 0 });
  expect(list!.score).toBeGreaterThan(Math.max(...families.filter((f) => f !== list).map((f) => f.score)));
  // The hotter examples line keeps the documentation place it has without a list.
  expect(titles.some((t) => /colour themes in examples\/README\.md/.test(t)), titles.join(' | ')).toBe(true);
});

test('an entry is a name a change adds, not a note about the page; a page is a list only when such additions are a large share of its changes', () => {
  expect(addedEntry('docs(ecosystem): add `@fastify/otel` to core list')).toBe('`@fastify/otel`');
  expect(addedEntry('docs: Adding `crudify-mongo` plugin to community list')).toBe('`crudify-mongo`');
  expect(addedEntry('Add section for Vellox to third-party plugins')).toBe('Vellox');
  expect(addedEntry('Add Taikun CloudWorks to list of projects')).toBe('Taikun CloudWorks');
  expect(addedEntry('ECOSYSTEM.md: Add link to rust-api.dev')).toBeNull();
  expect(addedEntry('docs: add community plugins disclaimer')).toBeNull();
  expect(addedEntry('Remove duplicate tower-sessions entry')).toBeNull();
  const item = (title: string) => ({ ref: title, date: '2024-06-01', title, body: '', paths: ['README.md'], category: null, recency: 1 });
  const adds = ['Add Codecov badge', 'Add Discord link', 'Add Gitter room'].map(item);
  expect(listEntries(adds)?.entries).toEqual(['Codecov badge', 'Discord link', 'Gitter room']);
  // The same three among twelve other README changes: no list.
  const other = Array.from({ length: 12 }, (_, i) => item(`Reword the install section, part ${i + 1}`));
  expect(listEntries([...adds, ...other])).toBeNull();
});

test('a person a change adds to a list is its entry, and the list is named as the changes name it (express triage team)', async () => {
  // express at 2025-01-01: "docs: add @rxmarbles to the triage team", "Add @bjohansebas to the triage team" in Readme.md; the
  // mention was scrubbed as a thanks, so the page named no entry (dev: two more were added after T0).
  expect(addedEntry('docs: add @rxmarbles to the triage team (#6151)')).toBe('`@rxmarbles`');
  expect(addedEntry('Thanks @rxmarbles for the triage team notes')).toBeNull();
  const families = await forecast([
    { at: '2024-01-02', msg: 'Initial commit', files: { 'lib/app.js': 'export {}\n', 'Readme.md': '# app\n' } },
    ...edits('Readme.md', ['Add @bjohansebas to the triage team (#6009)', 'docs: add @rxmarbles to the triage team (#6151)'], 9),
  ]);
  const titles = families.map((f) => f.title);
  expect(titles, titles.join(' | ')).toContain('Add more entries like `@rxmarbles` and `@bjohansebas` to the triage team in Readme.md');
  const list = families.find((f) => f.title.includes('triage team'))!;
  expect(list.acceptance_criteria[0]).toBe('The triage team in Readme.md has an entry it does not have at T0, in the list\'s own format and order.');
});

test('mending a page\'s links or typos does not count against its being a list (httpx third party packages)', async () => {
  // httpx at 2024-10-01: two "Add `x` to third party packages." beside two link fixes; 2 entries of 4 changes fell short of two thirds.
  const families = await forecast([
    { at: '2024-01-02', msg: 'Initial commit', files: { 'src/lib.py': '\n', 'docs/third_party_packages.md': '# Third party packages\n' } },
    ...edits('docs/third_party_packages.md', ['Fix third party package documentation link (#2902)', 'Fix sections references (#3058)', 'Add `httpx-socks` to third party packages. (#3326)', 'Add `httpx-ws` to third party packages. (#3325)'], 3),
  ], '2024-10-01');
  const titles = families.map((f) => f.title);
  expect(titles, titles.join(' | ')).toContain('Add more entries like `httpx-ws` and `httpx-socks` to the third party packages list in docs/third_party_packages.md');
  // Other work on the page still counts: two entries among two rewrites are no list.
  const item = (title: string) => ({ ref: title, date: '2024-06-01', title, body: '', paths: ['docs/p.md'], category: null, recency: 1 });
  expect(listEntries(['Add `a-pkg` to the list', 'Add `b-pkg` to the list', 'Fix a broken link', 'Fix typo'].map(item))?.entries).toEqual(['`a-pkg`', '`b-pkg`']);
  expect(listEntries(['Add `a-pkg` to the list', 'Add `b-pkg` to the list', 'Rewrite the intro', 'Explain the criteria'].map(item))).toBeNull();
});
