import { expect, test } from 'vitest';
import { snapshotRepository } from '../../src/api/snapshot.js';
import { createHeuristicForecaster } from '../../src/forecast/index.js';
import type { CommitSpec } from '../../src/demo/model.js';
import { makeRepo, tempDir } from '../fixtures/repo.js';

/**
 * A long-lived branch whose commits the default branch takes one by one (each pull request landed on both, or
 * cherry-picked across) runs beside the default branch: it is no work waiting to land. tracing's `master`, the 0.2
 * line, held 300 commits of its own at T0, 271 of them ported to `main` under the same title or pull request, and
 * made "Land the master branch work on main: implement `Clone` for `filter::Directive`" (newcomer5, rejected by one
 * labeller, related by the other). A feature branch whose work is its own still lands.
 */
const T0 = '2025-09-01';
const ana = { name: 'Ana', email: 'ana@example.com' };
const day = (i: number) => new Date(Date.UTC(2025, 5, 1) + i * 3 * 86_400_000).toISOString().slice(0, 10);

function repo(branch: string, ported: boolean): CommitSpec[] {
  const work: CommitSpec[] = [];
  for (let i = 0; i < 12; i++) {
    const msg = `subscriber: handle filter directive case ${i} (#${100 + i})`;
    work.push({ at: day(i), msg, branch, author: ana, files: { [`src/filter/case${i}.rs`]: `pub const C${i}: u8 = ${i};\n` } });
    // The same pull request landed on the default branch too (ported), or not.
    if (ported && i < 10) work.push({ at: day(i + 0.5), msg, author: ana, files: { [`src/filter/case${i}.rs`]: `pub const C${i}: u8 = ${i}; // ported\n` } });
  }
  return [
    { at: '2025-01-05', msg: 'Initial commit', author: ana, files: { 'src/lib.rs': 'pub mod filter;\n', 'README.md': '# x\n' } },
    { at: '2025-03-01', msg: 'Document the filter (#6)', author: ana, files: { 'README.md': '# x\n\nThe filter.\n' } },
    ...work,
  ];
}

async function titlesOf(commits: CommitSpec[]): Promise<string[]> {
  const { snapshot } = await snapshotRepository({ repo: (await makeRepo(commits)).dir, t0: T0, db: `${await tempDir()}/b.db` });
  expect(snapshot.evidence.some((e) => e.kind === 'branch')).toBe(true);
  const { draft } = await createHeuristicForecaster().forecast({ snapshot, seed: 0, maxFamilies: 10 });
  return draft.families.map((f) => f.title);
}

test('a branch most of whose commits the default branch took one by one is a parallel line, not work to land', async () => {
  const parallel = await titlesOf(repo('next', true));
  expect(parallel.filter((t) => t.startsWith('Land ')), parallel.join(' | ')).toEqual([]);
  const feature = await titlesOf(repo('next', false));
  expect(feature.filter((t) => t.startsWith('Land the next branch work on main')), feature.join(' | ')).toHaveLength(1);
});

test('a branch line\'s family records its act at T0: work to land (calib44)', async () => {
  const { snapshot } = await snapshotRepository({ repo: (await makeRepo(repo('next', false))).dir, t0: T0, db: `${await tempDir()}/c.db` });
  const { draft } = await createHeuristicForecaster().forecast({ snapshot, seed: 0, maxFamilies: 10 });
  const land = draft.families.find((f) => f.title.startsWith('Land the next branch work on main'));
  expect(land?.score_components).toMatchObject({ calibration_kind_plan: 1, calibration_act_land: 1 });
});
