import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { tempDir } from '../fixtures/repo.js';
import { runCli } from './run-cli.js';

test('demo --out DIR keeps the contract layout and prints the forecast, the table with baselines and the report path', async () => {
  const out = join(await tempDir(), 'demo');
  const run = await runCli(['demo', '--out', out, '--quiet']);
  expect(run.code, run.stderr).toBe(0);
  for (const entry of ['repo/.git', 'swe-future.db', 'report/index.html']) expect(existsSync(join(out, entry)), entry).toBe(true);
  expect(readdirSync(join(out, 'snapshots')).some((f) => f.endsWith('.json'))).toBe(true);
  // Four families naming a piece of work (parser, the Node.js 18 drop its CI matrix states, LRU split, http retries: by
  // the calibrated score, which reads the kind of family); the four loose directions the heuristic
  // found (the FAQ page, restructuring src/cache, the test suite, the CI) are held back by default (maxLoose 0), and
  // the summary says so.
  expect(run.stdout).toMatch(/Forecast \d+ \(heuristic\), frozen sha256:[0-9a-f]+…: 4 families; 4 loose families held back \(titles naming no checkable work\)\n/);
  for (const name of ['heuristic', 'hotspot (baseline)', 'recency (baseline)', 'random-anchor (baseline)']) expect(run.stdout).toContain(name);
  // Every rate carries its interval or its counts; the lift is given in relevance and in strong rate, each against its best baseline.
  // 32 later work items: the demo's two changelog-only commits ("Changelog for cancellable requests") are chores (newcomer22).
  expect(run.stdout).toMatch(/semantic +heuristic +4 +\d+ +\d+ +\d+ +\d+\.\d% \[\d+, \d+\] +\d+\.\d% \[\d+, \d+\] +\d+\.\d% \[\d+, \d+\] \(\d+\/32\)/);
  expect(run.stdout).toMatch(/Heuristic against the best baseline \(semantic judge, 1 repository\): relevance [+-]\d+\.\d points over \S+ \(.*\); strong rate [+-]\d+\.\d points over \S+ \(/);
  expect(run.stdout).toContain(join(out, 'report/index.html'));
  // It ends with task specs synthesized from the validated families and their export: all four (the act-and-area
  // families "Extend the FAQ page in docs/faq.md" and "Continue restructuring src/cache", which every later change
  // rejected when they were shown, are held back now), one task spec each.
  expect(run.stdout).toMatch(/Synthesis \d+ \(template backend\) at Tgen [0-9a-f]{12} .*: 4 task specs, 0 rejected/);
  for (const entry of ['export/public/tasks.jsonl', 'export/specs/tasks.jsonl', 'export/hidden/provenance.jsonl']) expect(existsSync(join(out, entry)), entry).toBe(true);
  expect(readdirSync(join(out, 'export/bundles')).some((f) => f.endsWith('.bundle'))).toBe(true);
  expect(run.stdout).toContain('  public/tasks.jsonl\n');
  // Then one calibration round against a synthetic agent's SWE-bench run reports, and the next round under it.
  expect(readdirSync(join(out, 'agent-results')).filter((f) => f.endsWith('.json'))).toHaveLength(5);
  expect(run.stdout).toMatch(/Calibration \d+: a synthetic agent \(seeded; no model runs\) made 5 attempts at each exported task/);
  // Four tasks exported, one per validated family (F1 parser 4/5 frontier, F2 Node.js 18 drop 0/5 never, F3 cache
  // split 4/5 frontier, F4 http 5/5 always; the seeded agent draws per task).
  expect(run.stdout).toContain('bands: 1 never, 2 frontier, 1 always');
  expect(run.stdout.trimEnd().split('\n').at(-1)).toBe(`Why: swe-future query --db ${join(out, 'swe-future.db')} --named calibration_families`);
});

test('demo --json prints one JSON document with the snapshot, the forecast and the study table', async () => {
  const out = join(await tempDir(), 'demo');
  const run = await runCli(['demo', '--out', out, '--json', '--quiet']);
  expect(run.code, run.stderr).toBe(0);
  const doc = JSON.parse(run.stdout);
  expect(doc.snapshot).toMatchObject({ id: expect.any(Number), t0: '2025-01-01T00:00:00.000Z' });
  expect(doc.forecast.families.length).toBeGreaterThan(0);
  expect(doc.study.id).toEqual(expect.any(Number));
  expect(doc.table.length).toBeGreaterThan(0);
  // The heuristic's four families (the loose ones held back) are all validated, each anchored on files at Tgen;
  // 4 tasks x 5 attempts; the next round is twice the round, 8.
  expect(doc.forecast.families).toHaveLength(4);
  expect(doc.synthesis.counts).toMatchObject({ spec: 4, verified: 0, rejected: 0 });
  expect(doc.export).toMatchObject({ format: 'swebench', exported: 4 });
  expect(doc.calibration.calibration).toMatchObject({ format: 'swebench-run', agent: 'swe-future/synthetic-agent', tasks: 4, attempts: 20 });
  expect(doc.next_round.tasks).toHaveLength(8);
});
