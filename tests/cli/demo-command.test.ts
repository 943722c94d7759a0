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
  expect(run.stdout).toMatch(/Forecast \d+ \(heuristic\)/);
  for (const name of ['heuristic', 'hotspot (baseline)', 'recency (baseline)', 'random-anchor (baseline)']) expect(run.stdout).toContain(name);
  expect(run.stdout).toContain(join(out, 'report/index.html'));
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
});
