import { expect, test } from 'vitest';
import { defectLine } from '../../src/forecast/heuristic/defect-classes.js';
import { heuristicFamilies } from '../fixtures/forecast.js';
import type { CommitSpec } from '../fixtures/repo.js';

/**
 * classes34 (issue 15, coverage@10): a line of fixes is held back when it names only the kind of its next change and
 * its place (spec30), but when two or more of its fixes share a class of defect a developer can check one later change
 * against (shell completion, Windows behaviour, panics, …), it is stated as that class with two pre-T0 examples. Such
 * a line is still held back by default (people rate a class of defect specificity 1, round 18: it names which kind of
 * defect, not which one) and shown on request (`maxLoose`) in its place among the specific families. A line whose
 * fixes share no class is held back worded loosely.
 */
const alice = { name: 'Alice Kowalczyk', email: 'alice@example.com' };
const edits = (file: string, titles: string[], month: number): CommitSpec[] =>
  titles.map((msg, i) => ({ at: `2024-${String(month + i).padStart(2, '0')}-12`, msg, author: alice, files: { [file]: `// ${file} ${month + i}\n` } }));

const history: CommitSpec[] = [
  { at: '2024-01-02', msg: 'Initial commit', files: { 'src/complete/engine.js': 'export {}\n', 'src/fs/paths.js': 'export {}\n', 'src/render/table.js': 'export {}\n' } },
  ...edits('src/complete/engine.js', ['fix(complete): trailing space after zsh directory completions (#10)', 'Fix path quoting with the fish completer (#11)', 'Fix hidden options in bash completion (#12)'], 2),
  ...edits('src/fs/paths.js', ['Fix drive letters in config paths on Windows (#20)', 'fix: UNC share paths on Windows (#21)'], 5),
  ...edits('src/render/table.js', ['Fix cell padding for wide tables (#30)', 'Fix border color for nested tables (#31)'], 7),
];

test('fixes that share a class of defect are stated as that class with two examples, held back unless asked for', async () => {
  const byDefault = (await heuristicFamilies(history, '2025-01-01', {})).map((f) => f.title);
  expect(byDefault.some((t) => t.startsWith('Fix more ')), byDefault.join(' | ')).toBe(false);
  const shown = await heuristicFamilies(history, '2025-01-01', { maxLoose: 5 });
  const titles = shown.map((f) => f.title);
  expect(titles, titles.join(' | ')).toContain('Fix more shell completion defects like hidden options in bash completion and path quoting with the fish completer in src/complete');
  expect(titles, titles.join(' | ')).toContain('Fix more Windows-specific defects like UNC share paths on Windows and drive letters in config paths on Windows in src/fs');
  // The table fixes share an object but no class of defect: never worded as a class.
  expect(titles.some((t) => t.startsWith('Fix more ') && /src\/render/.test(t)), titles.join(' | ')).toBe(false);
  const completion = shown.find((f) => f.title.startsWith('Fix more shell completion'))!;
  expect(completion.category).toBe('bugfix');
  expect(completion.acceptance_criteria[0]).toBe('A regression test for one of the shell completion defects in src/complete fails at T0 and passes after the change.');
  expect(completion.evidence.slice(0, 3).map((e) => e.text)).toEqual([
    'Fix hidden options in bash completion', 'Fix path quoting with the fish completer', 'fix(complete): trailing space after zsh directory completions',
  ]);
});

test('a class needs two fixes, each stating its defect; additions and a single fix name none', () => {
  const item = (title: string, i = 0) => ({ ref: `r${i}`, date: '2024-06-01', title, body: '', paths: ['src/a.js'], category: null, recency: 1 });
  const names = new Set<string>();
  expect(defectLine([item('Fix panic on empty input', 1)], names)).toBeNull();
  // Additions of completions are no defects: a feature's words never make a class.
  expect(defectLine([item('Add nushell completion', 1), item('feat: elvish completion', 2)], names)).toBeNull();
  const line = defectLine([item('Fix panic on empty input', 1), item('fix(parser): crash when a token ends the file', 2)], names);
  expect(line?.kind).toBe('panics and crashes');
  expect(line?.examples).toEqual(['panic on empty input', 'crash when a token ends the file']);
  // A fix stated as what it stopped doing names no defect: the next fix of the class is the example (clap's help output).
  const help = defectLine([item("fix(help): Don't add a newline when a flat subcommand has no args", 1), item('fix(help): Correctly calculate padding for short-only args', 2), item('fix(help): Correctly calculate wrap points with ANSI escape codes', 3)], names);
  expect(help?.kind).toBe('help output defects');
  expect(help?.examples.some((e) => /newline/.test(e))).toBe(false);
});
