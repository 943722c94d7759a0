import Database from 'better-sqlite3';
import { beforeAll, expect, test } from 'vitest';
import { FORECASTERS, TaskFamily } from '../../src/forecast/model.js';
import { runCli, runCliJson } from '../cli/run-cli.js';
import { demoSnapshot } from './demo-fixture.js';

let demo: Awaited<ReturnType<typeof demoSnapshot>>;
beforeAll(async () => {
  demo = await demoSnapshot();
});

test('forecast --json prints the forecast and families in the TaskFamily schema', async () => {
  const out = await runCliJson(['forecast', '--snapshot', String(demo.snapshotId), '--db', demo.db]);
  expect(out.forecast).toMatchObject({ id: expect.any(Number), forecaster: 'heuristic', hash: expect.stringMatching(/^sha256:/), abstained: false, abstain_reason: null });
  expect(out.families.length).toBeGreaterThan(0);
  for (const family of out.families) expect(TaskFamily.parse(family)).toEqual(family);
});

test('the readable forecast says, under its head line, how many loose families were held back and why', async () => {
  const run = await runCli(['forecast', '--snapshot', String(demo.snapshotId), '--db', demo.db, '--quiet']);
  expect(run.code, run.stderr).toBe(0);
  // The demo's heuristic shows the Node.js 18 drop its CI matrix states (`node: [18, 20, 22]`; Node.js 18 ends on
  // 2025-04-30), then the LRU-split note, and holds back its six loose directions (the parser's fixes and the
  // retry features, lines that name no instance to add (spec30), the FAQ page, restructuring src/cache, the test
  // suite, the CI): maxLoose 0. The next line is the command that shows all six.
  expect(run.stdout).toMatch(
    new RegExp(`^forecast \\d+ \\(heuristic\\) from snapshot ${demo.snapshotId}: 2 families\\n {2}6 loose families held back \\(titles naming no checkable work\\)\\n {2}to see them: swe-future forecast --snapshot ${demo.snapshotId} --max-loose 6 --db \\S+\\n\\nF1 {2}\\[refactor\\] Drop support for Node\\.js 18 in \\.github/workflows/ci\\.yml `),
  );
  // A baseline records no loose families: no such line.
  const hotspot = await runCli(['forecast', '--snapshot', String(demo.snapshotId), '--db', demo.db, '--forecaster', 'hotspot', '--quiet']);
  expect(hotspot.stdout).not.toContain('held back');
});

test.each(FORECASTERS.filter((f) => f !== 'llm'))('the %s forecaster is selectable, and its forecast is stored and frozen', async (name) => {
  const out = await runCliJson(['forecast', '--snapshot', String(demo.snapshotId), '--db', demo.db, '--forecaster', name, '--seed', '3']);
  expect(out.forecast.forecaster).toBe(name);
  const conn = new Database(demo.db, { readonly: true });
  const row = conn.prepare('SELECT forecaster, hash FROM forecasts WHERE id = ?').get(out.forecast.id);
  const families = conn.prepare('SELECT COUNT(*) FROM families WHERE forecast_id = ?').pluck().get(out.forecast.id);
  conn.close();
  expect(row).toEqual({ forecaster: name, hash: out.forecast.hash });
  expect(families).toBe(out.families.length);
});

test('forecasting the same snapshot again with the same seed reuses the frozen forecast', async () => {
  const a = await runCliJson(['forecast', '--snapshot', String(demo.snapshotId), '--db', demo.db, '--forecaster', 'random-anchor', '--seed', '11']);
  const b = await runCliJson(['forecast', '--snapshot', String(demo.snapshotId), '--db', demo.db, '--forecaster', 'random-anchor', '--seed', '11']);
  const c = await runCliJson(['forecast', '--snapshot', String(demo.snapshotId), '--db', demo.db, '--forecaster', 'random-anchor', '--seed', '12']);
  expect(b.forecast).toMatchObject({ id: a.forecast.id, hash: a.forecast.hash, reused: true });
  expect(c.forecast.hash).not.toBe(a.forecast.hash);
});

test('a frozen forecast and its families cannot be changed or deleted', async () => {
  const out = await runCliJson(['forecast', '--snapshot', String(demo.snapshotId), '--db', demo.db]);
  const conn = new Database(demo.db);
  expect(() => conn.prepare("UPDATE families SET title = 'edited' WHERE forecast_id = ?").run(out.forecast.id)).toThrow(/frozen/);
  expect(() => conn.prepare('DELETE FROM families WHERE forecast_id = ?').run(out.forecast.id)).toThrow(/frozen/);
  expect(() => conn.prepare('UPDATE forecasts SET hash = ? WHERE id = ?').run('x', out.forecast.id)).toThrow(/frozen/);
  conn.close();
});

test('the llm forecaster without an endpoint is a user error that says what to pass', async () => {
  const run = await runCli(['forecast', '--snapshot', String(demo.snapshotId), '--db', demo.db, '--forecaster', 'llm']);
  expect(run.code).toBe(2);
  expect(run.stderr).toMatch(/--llm-base-url/);
});

test('forecast --repo --t0 snapshots first, reusing an identical stored snapshot', async () => {
  const out = await runCliJson(['forecast', '--repo', demo.repo, '--t0', demo.snapshot.t0, '--db', demo.db]);
  expect(out.forecast.snapshot).toBe(demo.snapshotId);
});
