import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { runCli, runCliJson } from '../cli/run-cli.js';
import { makeRepo, tempDir } from '../fixtures/repo.js';
import { STUDY_T0, studyCommits } from '../study/fixtures.js';

test("the README's stand-alone sequence (snapshot, forecast, validate) then report and query --named families give a page and rows", async () => {
  const repo = await makeRepo(studyCommits('retry'));
  const dir = await tempDir();
  const db = join(dir, 'swe-future.db');
  const cli = (...args: string[]) => runCliJson([...args, '--db', db]);
  // README "On your own repository", word for word but for the paths.
  await cli('snapshot', '--repo', repo.dir, '--t0', STUDY_T0);
  // --max-loose 2: the fixture's line of fixes names no instance to add, held back by default since spec30.
  const forecast = await cli('forecast', '--repo', repo.dir, '--t0', STUDY_T0, '--max-loose', '2');
  expect(forecast.forecast.id).toBe(1);
  await cli('validate', '--forecast', '1', '--window', '6m');

  const families = await cli('query', '--named', 'families');
  expect(families.length).toBeGreaterThan(0);
  expect(families[0]).toMatchObject({ study: 0, forecaster: 'heuristic', repo_ord: 1, forecast: 1, label: expect.stringMatching(/strong|related|rejected/) });
  expect(families.length).toBe(forecast.families.length);
  const relevance = await cli('query', '--named', 'relevance');
  expect(relevance.find((r: { category: string }) => r.category === 'all')).toMatchObject({ study: 0, repos: 1, families: forecast.families.length, relevance_low: expect.any(Number) });

  const out = join(dir, 'report');
  const run = await runCli(['report', '--db', db, '--out', out]);
  expect(run.code, run.stderr).toBe(0);
  const html = readFileSync(join(out, 'index.html'), 'utf8');
  expect(html).toContain('<h1>Stand-alone validations</h1>');
  expect(html.match(/<article class="card"/g)).toHaveLength(forecast.families.length);
  expect(html).toContain('<table class="results reflow" data-judge="semantic">');
  expect(html).toContain('swe-future query --named relevance</code>'); // no --study: the stand-alone results are what it reads

  // A baseline validated on the same snapshot makes it a comparison, with a lift (and no bootstrap on one repository).
  const hotspot = await cli('forecast', '--snapshot', '1', '--forecaster', 'hotspot');
  await cli('validate', '--forecast', String(hotspot.forecast.id), '--window', '6m');
  const lift = await cli('query', '--named', 'lift');
  expect(lift.find((r: { category: string }) => r.category === 'all')).toMatchObject({ forecaster: 'heuristic', best_baseline: 'hotspot', lift_repos: 1, lift_low: null, lift_high: null });
}, 60_000);

test('report on a store with neither a study nor a validation still says what to run', async () => {
  const dir = await tempDir();
  const db = join(dir, 'swe-future.db');
  const repo = await makeRepo(studyCommits('retry'));
  await runCliJson(['snapshot', '--repo', repo.dir, '--t0', STUDY_T0, '--db', db]);
  const run = await runCli(['report', '--db', db, '--out', join(dir, 'out')]);
  expect(run.code).toBe(2);
  expect(run.stderr).toMatch(/^swe-future: There is no study and no validation in .*Run swe-future study --config FILE first, or validate a forecast/);
  expect(await runCliJson(['query', '--named', 'families', '--db', db])).toEqual([]);
});
