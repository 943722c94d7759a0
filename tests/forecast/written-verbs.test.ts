import { expect, test } from 'vitest';
import { changeTask } from '../../src/forecast/heuristic/task-line.js';
import { heuristicFamilies } from '../fixtures/forecast.js';
import type { CommitSpec } from '../fixtures/repo.js';

const alice = { name: 'Alice Kowalczyk', email: 'alice@example.com' };

const commits = (file: string, titles: string[], month = 5): CommitSpec[] =>
  titles.map((msg, i) => ({ at: `2024-${String(month + i).padStart(2, '0')}-12`, msg, author: alice, files: { [file]: `export const v = ${i};\n` } }));

const item = (title: string) => ({ ref: 'r', date: '2024-01-01', title, body: '', paths: [], category: null, recency: 1 });

test('after the verb a title writes, the object\'s first word is read as a modifier even when it can be a verb', () => {
  // ky at 2026-01-01: "Retry count to `afterResponse` and `beforeError` hooks and `beforeRequest` hook in source" from
  // "Add retry count to … hooks"; cobra at 2024-12-01: "Fix help text for plugins" read as "Help text for plugins".
  expect(changeTask(item('Add retry count to `beforeRequest` hook'), new Set(), 'feature')).toMatchObject({ verb: 'Add', object: 'retry count', complement: 'to `beforeRequest` hook' });
  expect(changeTask(item('Fix help text for plugins'), new Set(), 'bugfix')).toMatchObject({ verb: 'Fix', object: 'help text', complement: 'for plugins' });
  // The verb a conventional-commit type hid is still the title's own.
  expect(changeTask(item('feat(http): retry failed requests'), new Set(), 'feature')).toMatchObject({ verb: 'Retry', object: 'failed requests' });
});

test('a line whose changes added a retry count to one hook each is titled with its written verb, never "Retry count to …"', async () => {
  const families = await heuristicFamilies([
    { at: '2024-01-02', msg: 'Initial commit', files: { 'source/hooks.ts': 'export {}\n' } },
    ...commits('source/hooks.ts', ['Add retry count to `beforeRequest` hook (#11)', 'Add retry count to `afterResponse` and `beforeError` hooks (#12)']),
  ]);
  const titles = families.map((f) => f.title);
  expect(titles.filter((t) => /^Retry\b/.test(t)), titles.join(' | ')).toEqual([]);
  expect(titles.some((t) => /^Add .*retry counts?\b.*`beforeRequest`/.test(t)), titles.join(' | ')).toBe(true);
});

test('a verb only a conventional-commit type implies is no act two changes share: no "Add more finders like … unexport combined"', async () => {
  // viper at 2025-04-01, rank 1 at 0.97: "Add more finders like experimental and unexport combined in finder.go" from
  // "feat: add experimental finder option" and "feat: unexport combined finder for now" (the second added nothing).
  const families = await heuristicFamilies([
    { at: '2024-01-02', msg: 'Initial commit', files: { 'finder.go': 'package viper\n', 'src/http/client.js': 'export {}\n' } },
    ...commits('finder.go', ['feat: add experimental finder option', 'feat: unexport combined finder for now']),
    ...commits('src/http/client.js', ['Add response builders (#61)', 'Add response builders for redirects (#62)'], 8),
  ]);
  const titles = families.map((f) => f.title);
  // The line whose changes write their act keeps its title.
  expect(titles.some((t) => /^Add .+ in src\/http$/.test(t)), titles.join(' | ')).toBe(true);
  expect(titles.filter((t) => /unexport|finders/.test(t)), titles.join(' | ')).toEqual([]);
});
