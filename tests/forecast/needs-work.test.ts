import { expect, test } from 'vitest';
import { snapshotRepository } from '../../src/api/snapshot.js';
import { createHeuristicForecaster } from '../../src/forecast/index.js';
import { findMissingSupport } from '../../src/snapshot/missing-support.js';
import { makeRepo, tempDir, type CommitSpec } from '../fixtures/repo.js';

/**
 * A file the docs say still needs work (src/snapshot/missing-support.ts `needsWork`, src/forecast/pending/stated.ts):
 * "The [Manpage syntax](assets/…) is developed in this repository and still needs some work" names a file of the
 * repository (by a relative link) whose next work is mending it: a stated task, placed at the linked file.
 */
const dev = { name: 'Dana Dev', email: 'dana@example.com' };
const readme = (note: string) => `# hl\n\nA highlighter.\n\n## Syntaxes\n\n${note}\n`;
const note = 'Note that the [Manpage syntax](syntaxes/Manpage.sublime-syntax) is developed in this repository and still needs some work.';
const commits: CommitSpec[] = [
  { at: '2024-02-01', msg: 'Initial commit', author: dev, files: { 'README.md': readme(''), 'src/main.rs': 'fn main() {}\n', 'syntaxes/Manpage.sublime-syntax': '%YAML 1.2\n---\nname: Manpage\n' } },
  { at: '2024-10-01', msg: 'Document the manpage syntax (#31)', author: dev, files: { 'README.md': readme(note) } },
];
const after: CommitSpec[] = [
  { at: '2025-01-05', msg: 'Manpage: fix OPTIONS with a plain dash CANARY (#40)', author: dev, files: { 'syntaxes/Manpage.sublime-syntax': '%YAML 1.2\n---\nname: Manpage\nscope: text.man\n' } },
];

async function forecastAt(history: CommitSpec[], t0 = '2025-01-01') {
  const { snapshot } = await snapshotRepository({ repo: (await makeRepo(history)).dir, t0, db: `${await tempDir()}/f.db` });
  const { draft } = await createHeuristicForecaster().forecast({ snapshot, seed: 0, maxFamilies: 10 });
  return { snapshot, draft };
}

test('a linked file the README says still needs some work becomes a stated task placed at that file', async () => {
  const { draft } = await forecastAt(commits);
  const f = draft.families.find((x) => x.title.startsWith('Improve'));
  expect(f, draft.families.map((x) => x.title).join(' | ')).toBeDefined();
  expect(f!.title).toBe('Improve the Manpage syntax in syntaxes/Manpage.sublime-syntax, which README.md says still needs work');
  expect(f!.category).toBe('bugfix');
  expect(f!.anchor.paths).toEqual(['syntaxes/Manpage.sublime-syntax']);
  expect(f!.evidence.map((e) => e.ref)).toEqual(['pending:README.md:7']);
  expect(f!.score_components).toMatchObject({ stated_needs_work: 1, calibration_kind_stated: 1 });
});

test('the family is the same with and without the history after T0 (leakage canary)', async () => {
  const a = await forecastAt(commits);
  const b = await forecastAt([...commits, ...after]);
  expect(JSON.stringify(b.draft)).toBe(JSON.stringify(a.draft));
  expect(JSON.stringify(b.draft)).not.toContain('CANARY');
});

test('only a sentence linking a file of the repository that still needs (or needs more) work counts', () => {
  const found = (line: string, path = 'README.md') => findMissingSupport(path, line).map((m) => `${m.verb}: ${m.subject}`);
  expect(found(note)).toEqual(['improve: Manpage syntax (syntaxes/Manpage.sublime-syntax)']);
  expect(found('The [`fish` completions](./assets/completions/bat.fish) need more work.')).toEqual(['improve: fish completions (assets/completions/bat.fish)']);
  // No link, an external link, an anchor, a pronoun, or work done: no place to do it.
  expect(found('The Manpage syntax still needs some work.')).toEqual([]);
  expect(found('The [upstream grammar](https://github.com/x/y) is still needs some work.')).toEqual([]);
  expect(found('The [section below](#usage) still needs some work.')).toEqual([]);
  expect(found('[This](a.md) is done and needs no more work.')).toEqual([]);
});
