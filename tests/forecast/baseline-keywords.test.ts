import { execFileSync } from 'node:child_process';
import { beforeAll, expect, test } from 'vitest';
import { snapshotRepository } from '../../src/api/snapshot.js';
import type { Snapshot } from '../../src/snapshot/model.js';
import { offlineForecaster, type TaskFamily } from '../../src/forecast/index.js';
import { isSubmoduleBump } from '../../src/forecast/heuristic/signals.js';
import { makeRepo, tempDir, type CommitSpec } from '../fixtures/repo.js';

const alice = { name: 'Alice Kowalczyk', email: 'alice@example.com' };
const bob = { name: 'nateprewitt', email: 'nate@example.com' };

/** Code work in src/highlight whose titles name a commit, a version and a contributor, as people's titles do. */
function history(): CommitSpec[] {
  const specs: CommitSpec[] = [{ at: '2024-01-02', msg: 'Initial commit', files: { 'src/highlight/mod.rs': 'x\n', 'src/cli/main.rs': 'y\n' } }];
  const titles = [
    'Fix the highlighting regression from 3f9a2c1d in theme loading',
    'Fix theme loading of v2.1.0 themes, thanks nateprewitt',
    'Fix theme loading for dark terminals (see 9e4b7a0f12)',
    "Fix theme loading when the theme doesn't exist",
  ];
  titles.forEach((msg, i) => specs.push({ at: `2024-0${3 + i}-10`, msg, author: i % 2 ? bob : alice, files: { 'src/highlight/mod.rs': `x\n${'line\n'.repeat(i + 1)}` } }));
  return specs;
}

/** Moves (or adds) the gitlink at `path` to the commit `target`, committed by hand at `at`: a submodule bump. */
function bumpSubmodule(dir: string, path: string, target: string, msg: string, at: string): void {
  const env = { ...process.env, GIT_AUTHOR_NAME: 'Alice Kowalczyk', GIT_AUTHOR_EMAIL: 'alice@example.com', GIT_AUTHOR_DATE: `${at}T12:00:00Z`, GIT_COMMITTER_NAME: 'Alice Kowalczyk', GIT_COMMITTER_EMAIL: 'alice@example.com', GIT_COMMITTER_DATE: `${at}T12:00:00Z` };
  execFileSync('git', ['update-index', '--add', '--cacheinfo', `160000,${target.padEnd(40, '0')},${path}`], { cwd: dir, env });
  execFileSync('git', ['commit', '-q', '-m', msg], { cwd: dir, env });
}

let snapshot: Snapshot;
const families: Record<string, TaskFamily[]> = {};
beforeAll(async () => {
  const repo = await makeRepo(history());
  // Submodules under assets/themes, moved by hand: the newest work before T0, and assets/themes' whole history.
  bumpSubmodule(repo.dir, 'assets/themes/snazzy', '0a1b2c3d', 'Add the snazzy theme', '2024-09-01');
  bumpSubmodule(repo.dir, 'assets/themes/nord', '7c8d9e0f', 'Add the nord theme', '2024-09-02');
  bumpSubmodule(repo.dir, 'assets/themes/snazzy', '1b2c3d4e', 'Update submodule assets/themes/snazzy to 1b2c3d4e', '2024-11-01');
  bumpSubmodule(repo.dir, 'assets/themes/nord', '2c3d4e5f', 'Bump themes/nord from `7c8d9e0` to `2c3d4e5`', '2024-11-20');
  bumpSubmodule(repo.dir, 'assets/themes/snazzy', '3d4e5f6a', 'Bump assets/themes/snazzy to `3d4e5f6a`', '2024-12-01');
  bumpSubmodule(repo.dir, 'assets/themes/nord', '4e5f6a7b', 'Update the nord submodule', '2024-12-10');
  ({ snapshot } = await snapshotRepository({ repo: repo.dir, t0: '2025-01-01', db: `${await tempDir()}/t.db` }));
  for (const name of ['hotspot', 'recency', 'random-anchor', 'heuristic'] as const) {
    families[name] = (await offlineForecaster(name).forecast({ snapshot, seed: 0, maxFamilies: 10 })).draft.families;
  }
});

const HEX = /\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}\b/;

test('the submodules are in the snapshot as work at their paths', () => {
  const paths = snapshot.evidence.flatMap((e) => (e.kind === 'work_item' ? e.item.paths : []));
  expect(paths).toContain('assets/themes/snazzy');
});

test.each(['hotspot', 'recency', 'random-anchor'])('%s titles hold no commit hash', (name) => {
  const titles = families[name]!.map((f) => f.title);
  expect(titles.length).toBeGreaterThan(0);
  for (const title of titles) expect(title).not.toMatch(HEX);
});

test('the heuristic titles hold no commit hash, version string, contributor name or contraction leftover', () => {
  for (const title of families.heuristic!.map((f) => f.title)) {
    expect(title).not.toMatch(HEX);
    expect(title).not.toMatch(/\bv?2\.1|\bnateprewitt\b|\bdoesn\b|\bdon\b/i);
  }
});

test('a submodule moved to another commit is no baseline family nor a word of one; the submodules added are', () => {
  const recency = families.recency!;
  expect(recency.flatMap((f) => f.evidence.map((e) => e.text))).not.toContainEqual(expect.stringMatching(/^(Update|Bump)/));
  expect(recency.map((f) => f.title).join(' | ')).not.toMatch(/\b(bump|submodule)\b/i);
  expect(recency.map((f) => f.anchor.name)).toContain('assets/themes');
  const themes = families.hotspot!.find((f) => f.anchor.name === 'assets/themes');
  expect(themes?.title).toBe('Extend assets/themes: theme, nord, snazzy');
});

test('the heuristic reads a submodule bump as upkeep: no family cites one', () => {
  const cited = families.heuristic!.flatMap((f) => f.evidence.map((e) => e.text));
  expect(cited.filter(isSubmoduleBump)).toEqual([]);
});

test('a submodule bump is told by its act and what it moves to, not by a hash anywhere', () => {
  expect(isSubmoduleBump('Update submodule assets/x to 0a1b2c3d')).toBe(true);
  expect(isSubmoduleBump('Bump themes/sublime-snazzy from `7034320` `48f43a7`')).toBe(true);
  expect(isSubmoduleBump('chore(deps): update submodules')).toBe(true);
  expect(isSubmoduleBump('Update parser to handle 1a2b3c4 ids')).toBe(false);
  expect(isSubmoduleBump('Update the Protobuf sobmodule in order to add `.textproto` support')).toBe(false);
  expect(isSubmoduleBump('Add CFML syntax as a submodule')).toBe(false);
});
