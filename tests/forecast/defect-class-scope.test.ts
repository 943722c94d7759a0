import { expect, test } from 'vitest';
import { heuristicFamilies } from '../fixtures/forecast.js';
import type { CommitSpec } from '../fixtures/repo.js';

const alice = { name: 'Alice Kowalczyk', email: 'alice@example.com' };

const commits = (file: string, titles: string[], month = 3): CommitSpec[] =>
  titles.map((msg, i) => ({ at: `2024-${String(month + i).padStart(2, '0')}-12`, msg, author: alice, files: { [file]: `package config // ${i}\n` } }));

// viper at 2025-04-01: "Fix text encoding handling" three times (viper.go, encoding.go, internal/encoding), from
// "feat(encoding): add default codec registry", "refactor(encoding): drop old codec registry" and the like: its
// `encoding` package reads config formats and never had a text-encoding defect.
test('a conventional-commit scope is no defect class: changes scoped "encoding" give no "Fix text encoding handling"', async () => {
  const families = await heuristicFamilies([
    { at: '2024-01-02', msg: 'Initial commit', files: { 'config.go': 'package config\n', 'codec.go': 'package config\n' } },
    ...commits('config.go', ['feat(encoding): use new codec registry', 'refactor(encoding): rename new codec registries', 'feat(encoding): make format case-insensitive']),
    ...commits('codec.go', ['refactor(encoding): drop old codec registry', 'feat(encoding): add default codec registry'], 7),
  ]);
  const titles = families.map((f) => f.title);
  expect(titles.filter((t) => /text encoding/.test(t)), titles.join(' | ')).toEqual([]);
});

test('a conventional-commit type still names its class: "perf(x): …" changes share performance work', async () => {
  // fastify at 2025-06-01 (held-out): "Improve performance in lib/pluginUtils.js" from "perf(lib/pluginUtils): cache rc
  // version regex" and "perf(lib/pluginUtils): convert unused capture group …"; stripping the type as well lost it.
  const families = await heuristicFamilies([
    { at: '2024-01-02', msg: 'Initial commit', files: { 'lib/pluginUtils.js': 'module.exports = {}\n' } },
    ...commits('lib/pluginUtils.js', ['perf(lib/pluginutils): cache rc version regex', 'chore: getFuncPreview limit split size', 'perf(lib/pluginUtils): convert unused capture group to non-capture group', 'chore: support pre and alpha tags']),
  ]);
  expect(families.map((f) => f.title)).toContain('Improve performance in lib');
});

test('changes that name a text-encoding defect in their words still share that defect class', async () => {
  const families = await heuristicFamilies([
    { at: '2024-01-02', msg: 'Initial commit', files: { 'reader.go': 'package config\n' } },
    ...commits('reader.go', ['fix(reader): handle utf-8 BOM', 'fix: non-ascii keys']),
  ]);
  // Two fixes of the class state their defect: the line is that class with both as examples (classes34, defect-classes.ts).
  expect(families.map((f) => f.title)).toContain('Fix more text encoding defects like non-ascii keys and handling utf-8 BOM in reader.go');
});
