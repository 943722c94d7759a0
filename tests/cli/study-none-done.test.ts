import { join } from 'node:path';
import { expect, test } from 'vitest';
import { tempDir } from '../fixtures/repo.js';
import { writeConfig } from '../study/fixtures.js';
import { runCli, runCliJson } from './run-cli.js';

/** A newcomer's first study, with clones not where the config says: what the readable summary shows (docs/study.md). */
test('a study with no repository done says so in one line instead of tables of dashes, and --json keeps the table', async () => {
  const dir = await tempDir('swe-future-none-done-');
  const config = writeConfig(dir, { name: 'none', repos: [{ path: 'clones/missing', t0: '2024-06-01' }], forecasters: ['heuristic'], judges: ['lexical'] });
  const store = join(dir, 'none.db');
  const run = await runCli(['study', '--config', config, '--db', store, '--quiet']);
  expect(run.code).toBe(0);
  expect(run.stdout).toMatch(/1 repositories, 0 done, 1 failed/);
  expect(run.stdout).toContain('No repository is done yet, so there are no figures: fix what is listed below and run the same command again.');
  expect(run.stdout).not.toContain('Future-work relevance');
  expect(run.stdout).toMatch(/Failed repositories \(1; the same command tries them again\):\n {2}missing \(repos\[0\], t0 2024-06-01\): There is no folder/);
  const json = await runCliJson(['study', '--config', config, '--db', store]);
  expect(json.study).toMatchObject({ done: 0, failed: 1 });
  expect(json.table.length).toBeGreaterThan(0);
});
