import { expect, test } from 'vitest';
import { heuristicFamilies } from '../fixtures/forecast.js';
import type { CommitSpec } from '../fixtures/repo.js';

const dev = { name: 'Dana Dev', email: 'dana@example.com' };
const T0 = '2024-09-01';

const titlesAt = async (specs: CommitSpec[]): Promise<string[]> => (await heuristicFamilies(specs, T0)).map((f) => f.title);

const go = (v: number) => `package bind\n\nfunc Bind() int { return ${v} }\n`;

// Session 16 (newcomer3): "Add multipart multi in bind.go", from "bind: add support of multipart multi files": a
// general trailing noun ("files") went, leaving a prefix written apart to end the phrase.
test('a noun phrase never ends in a prefix written apart: "multipart multi files" keeps its noun', async () => {
  const specs: CommitSpec[] = [
    { at: '2024-01-10', msg: 'Initial commit', author: dev, files: { 'bind.go': go(0), 'router.go': go(0) } },
    { at: '2024-03-10', msg: 'bind: add support of multipart multi files', author: dev, files: { 'bind.go': go(1) } },
    { at: '2024-03-12', msg: 'add some test case for multipart file', author: dev, files: { 'bind.go': go(2) } },
    { at: '2024-05-10', msg: 'Add multipart form limits (#7)', author: dev, files: { 'bind.go': go(3) } },
    { at: '2024-06-10', msg: 'Fix route matching of trailing slashes (#8)', author: dev, files: { 'router.go': go(1) } },
  ];
  const titles = await titlesAt(specs);
  expect(titles.filter((t) => /\bmulti\b(?! files)/.test(t)), titles.join(' | ')).toEqual([]);
  expect(titles.some((t) => /^Add multipart .*multi files in bind.go$/.test(t)), titles.join(' | ')).toBe(true);
});

// Session 16 (newcomer3): "Fix undefined and non-existent request in source/core", from "Gracefully handle undefined
// request" and "Fix a crash with Got accessing a non-existent request"; heldout's "Fix rendered exit" alike.
test('phrases that differ only in a state ("undefined", "non-existent") are not merged; the title says a phrase a change wrote', async () => {
  const core = (v: number) => `export const core = ${v};\n`;
  const specs: CommitSpec[] = [
    { at: '2024-01-10', msg: 'Initial commit', author: dev, files: { 'source/core/index.ts': core(0), 'source/core/options.ts': core(0) } },
    { at: '2024-02-10', msg: 'Fix cache with HTTP2 (#3)', author: dev, files: { 'source/core/index.ts': core(1) } },
    { at: '2024-04-10', msg: 'Fix a crash with Got accessing a non-existent request (#4)', author: dev, files: { 'source/core/index.ts': core(2) } },
    { at: '2024-05-10', msg: 'Fix timeout error firing even though it is cancelled (#5)', author: dev, files: { 'source/core/index.ts': core(3) } },
    { at: '2024-07-10', msg: 'Fix: Gracefully handle undefined request (#6)', author: dev, files: { 'source/core/index.ts': core(4) } },
  ];
  const titles = await titlesAt(specs);
  expect(titles.filter((t) => /undefined and non-existent|non-existent and undefined/.test(t)), titles.join(' | ')).toEqual([]);
  expect(titles.some((t) => /\b(undefined|non-existent) request\b/.test(t)), titles.join(' | ')).toBe(true);
});

// Heldout bubbletea at 2025-06-01: "Fix rendered exit in standard_renderer.go", from "reset cursor position on renderer
// exit" beside "rendered line counts" and "lines rendered in the alt screen": the focus word was shown as other phrases
// wrote it.
test('a merged phrase shows the focus word as the phrases it merges write it: "renderer exit", never "rendered exit"', async () => {
  const specs: CommitSpec[] = [
    { at: '2024-01-10', msg: 'Initial commit', author: dev, files: { 'standard_renderer.go': go(0), 'tea.go': go(0) } },
    { at: '2024-03-10', msg: 'fix: reset cursor position on renderer exit', author: dev, files: { 'standard_renderer.go': go(1) } },
    { at: '2024-04-10', msg: 'fix: keep a separate count of lines rendered in the alt screen', author: dev, files: { 'standard_renderer.go': go(2) } },
    { at: '2024-05-10', msg: 'fix: getting last rendered line counts including alt screen lines', author: dev, files: { 'standard_renderer.go': go(3) } },
    { at: '2024-06-10', msg: 'fix: incorrect line skipping in renderer flush', author: dev, files: { 'standard_renderer.go': go(4) } },
    { at: '2024-07-10', msg: 'fix: renderer: use newline instead of cud1 to move cursor down', author: dev, files: { 'standard_renderer.go': go(5) } },
    { at: '2024-07-20', msg: 'fix: renderer: use HomeCursorPosition instead of CursorOrigin', author: dev, files: { 'standard_renderer.go': go(6) } },
  ];
  const titles = await titlesAt(specs);
  expect(titles.filter((t) => /rendered exit/.test(t)), titles.join(' | ')).toEqual([]);
});
