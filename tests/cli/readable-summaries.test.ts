import { join } from 'node:path';
import { beforeAll, expect, test } from 'vitest';
import { rateText } from '../../src/cli/commands/validate.js';
import { makeRepo, tempDir } from '../fixtures/repo.js';
import { studyCommits } from '../study/fixtures.js';
import { runCli, runCliJson } from './run-cli.js';

/**
 * What a newcomer reads after `swe-future forecast` and `validate` on one repository (docs/validation.md "Reading the summary"):
 * every rate with its interval and counts, each verdict's reason without the label repeated, and the commands that
 * put the figures beside the naive baselines.
 */
let db: string;
let snapshotId: number;
let heuristic: number;
let hotspot: number;
beforeAll(async () => {
  const repo = (await makeRepo(studyCommits('retry'))).dir;
  db = join(await tempDir('swe-future-validate-summary-'), 'store.db');
  // --max-loose: the fixture's lines of work name no instance, so the heuristic shows families only when asked to.
  const first = await runCliJson(['forecast', '--repo', repo, '--t0', '2024-06-01', '--max-loose', '5', '--db', db]);
  heuristic = first.forecast.id;
  snapshotId = first.forecast.snapshot;
  hotspot = (await runCliJson(['forecast', '--snapshot', String(snapshotId), '--forecaster', 'hotspot', '--db', db])).forecast.id;
});

test('a rate reads as percent, 95% Wilson interval and the counts it rests on; no families, no rate', () => {
  expect(rateText(1, 4)).toBe('25.0% [5, 70] 1/4');
  expect(rateText(0, 2)).toBe('0.0% [0, 66] 0/2');
  expect(rateText(3, 3, false)).toBe('100.0% [44, 100]');
  expect(rateText(0, 0)).toBe('-');
});

test("the readable summary gives relevance and strong rate with interval and counts, and each verdict's reason once", async () => {
  const run = await runCli(['validate', '--forecast', String(heuristic), '--judge', 'lexical', '--db', db, '--quiet']);
  expect(run.code).toBe(0);
  const json = await runCliJson(['validate', '--forecast', String(heuristic), '--judge', 'lexical', '--db', db]);
  const m = json.metrics;
  const all = run.stdout.split('\n').find((l) => l.startsWith('all '))!;
  expect(all).toContain(rateText(m.strong + m.related, m.families));
  expect(all).toContain(rateText(m.strong, m.families));
  expect(run.stdout).toContain(`coverage ${rateText(m.covered, m.laterWork, false)}: ${m.covered} of ${m.laterWork} later work items`);
  expect(json.verdicts.length).toBeGreaterThan(0);
  for (const v of json.verdicts) {
    const line = run.stdout.split('\n').find((l) => l.startsWith(`${v.familyId} `))!;
    expect(line).toMatch(new RegExp(`^${v.familyId}\\s+${v.label}\\s`));
    expect(line).not.toMatch(new RegExp(`${v.label}\\s+${v.label}:`));
  }
});

test("a forecaster's summary names the commands that put it beside the baselines; a baseline's does not", async () => {
  const run = await runCli(['validate', '--forecast', String(heuristic), '--judge', 'lexical', '--db', db, '--quiet']);
  expect(run.stdout).toContain(`swe-future forecast --snapshot ${snapshotId} --forecaster hotspot --db ${db}`);
  expect(run.stdout).toContain(`swe-future validate --forecast ID --window 6m --judge lexical --db ${db}`);
  expect(run.stdout).toContain(`swe-future report --out DIR --db ${db}`);
  const baseline = await runCli(['validate', '--forecast', String(hotspot), '--judge', 'lexical', '--db', db, '--quiet']);
  expect(baseline.code).toBe(0);
  expect(baseline.stdout).not.toContain('--forecaster hotspot');
  const json = await runCli(['validate', '--forecast', String(heuristic), '--judge', 'lexical', '--db', db, '--json', '--quiet']);
  expect(() => JSON.parse(json.stdout)).not.toThrow();
});

test("a usage error names the command's own help; an unknown command names the root help", async () => {
  const bad = await runCli(['--db', db, 'forecast', '--snapshot', String(snapshotId), '--forecaster', 'nope']);
  expect(bad.code).toBe(2);
  expect(bad.stderr).toMatch(/^swe-future: option '--forecaster <name>' argument 'nope' is invalid\. .* Run swe-future forecast --help for usage\.\n$/);
  const missing = await runCli(['validate', '--db', db]);
  expect(missing.stderr).toBe("swe-future: required option '--forecast <id>' not specified. Run swe-future validate --help for usage.\n");
  expect((await runCli(['snapsht'])).stderr).toBe("swe-future: unknown command 'snapsht'. Run swe-future --help for usage.\n");
});

test('a forecast of one family says "1 family"', async () => {
  const run = await runCli(['forecast', '--snapshot', String(snapshotId), '--max-loose', '5', '--max-families', '1', '--db', db, '--quiet']);
  expect(run.code).toBe(0);
  expect(run.stdout).toMatch(/^forecast \d+ \(heuristic\) from snapshot \d+: 1 family\n/);
});
