import { beforeAll, expect, test } from 'vitest';
import type { CommitSpec } from '../../src/demo/model.js';
import { createHeuristicForecaster } from '../../src/forecast/index.js';
import { snapshotRepository } from '../../src/api/snapshot.js';
import { makeRepo, tempDir } from '../fixtures/repo.js';
import { demoSnapshot } from './demo-fixture.js';
import { EVERY_DIRECTION } from '../fixtures/forecast.js';

let demo: Awaited<ReturnType<typeof demoSnapshot>>;
beforeAll(async () => {
  demo = await demoSnapshot();
});

test('on the demo the heuristic forecaster recovers every planted stream that continues after T0, by anchor and category, once every direction is shown', async () => {
  // The planted streams are lines of fixes and features that name no instance: loose, shown on request (--max-loose).
  const { draft } = await createHeuristicForecaster(EVERY_DIRECTION).forecast({ snapshot: demo.snapshot, seed: 0, maxFamilies: 5 });
  const found = draft.families.map((f) => `${f.category} ${f.anchor.name}`);
  for (const stream of demo.scenario.streams.filter((s) => s.continuesAfterT0)) {
    expect(found).toContain(`${stream.category} ${stream.anchor}`);
  }
});

test('streams that stopped well before T0 are not forecast', async () => {
  const { draft } = await createHeuristicForecaster().forecast({ snapshot: demo.snapshot, seed: 0, maxFamilies: 5 });
  const anchors = draft.families.flatMap((f) => f.anchor.paths);
  for (const stream of demo.scenario.streams.filter((s) => !s.continuesAfterT0)) {
    expect(anchors.some((a) => a === stream.anchor || a.startsWith(`${stream.anchor}/`))).toBe(false);
  }
});

test('every family has at least two signals, each citing evidence of the snapshot dated at or before T0', async () => {
  const { draft } = await createHeuristicForecaster().forecast({ snapshot: demo.snapshot, seed: 0, maxFamilies: 5 });
  const refs = new Map(demo.snapshot.evidence.map((e) => [e.ref, e]));
  expect(draft.families.length).toBeGreaterThan(0);
  for (const family of draft.families) {
    expect(family.evidence.length).toBeGreaterThanOrEqual(2);
    for (const cited of family.evidence) {
      expect(refs.get(cited.ref)?.date).toBe(cited.date);
      expect(cited.date <= demo.snapshot.t0).toBe(true);
      expect(cited.reason.length).toBeGreaterThan(0);
    }
    expect(family.rationale).toMatch(/signals/);
    // The score is a probability of strong later work (docs/forecast.md), not the old evidence threshold.
    expect(family.score).toBeGreaterThan(0);
    expect(family.score).toBeLessThan(1);
  }
});

test('the same snapshot and seed give the same families', async () => {
  const a = await createHeuristicForecaster().forecast({ snapshot: demo.snapshot, seed: 7, maxFamilies: 5 });
  const b = await createHeuristicForecaster().forecast({ snapshot: demo.snapshot, seed: 7, maxFamilies: 5 });
  expect(a.draft).toEqual(b.draft);
});

test('a repository with too little history makes it abstain, with a reason', async () => {
  const specs: CommitSpec[] = [
    { at: '2024-01-01', msg: 'Initial commit', files: { 'src/a.js': 'a\n' } },
    { at: '2024-02-01', msg: 'Add readme', files: { 'README.md': '# x\n' } },
  ];
  const repo = await makeRepo(specs);
  const { snapshot } = await snapshotRepository({ repo: repo.dir, t0: '2024-03-01', db: `${await tempDir()}/x.db` });
  const { draft } = await createHeuristicForecaster().forecast({ snapshot, seed: 0, maxFamilies: 5 });
  expect(draft.abstained).toBe(true);
  expect(draft.families).toEqual([]);
  expect(draft.abstainReason).toMatch(/signal/);
});
