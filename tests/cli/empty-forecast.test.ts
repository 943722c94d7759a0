import { join } from 'node:path';
import { beforeAll, expect, test } from 'vitest';
import { makeRepo, tempDir, type CommitSpec } from '../fixtures/repo.js';
import { writeConfig } from '../study/fixtures.js';
import { runCli, runCliJson, runCliRefused } from './run-cli.js';

/**
 * A repository whose every line of work before T0 names nothing checkable: vague fixes in src/app, CI, FAQ and test
 * touch-ups. The heuristic finds only loose directions ("Fix the next reported defects in src/app", "Extend the FAQ
 * page in docs/faq.md"), and by default (maxLoose 0) shows none: its forecast is empty. Every stage after it takes
 * the empty forecast as an abstention.
 */
function history(): CommitSpec[] {
  const specs: CommitSpec[] = [{ at: '2024-01-02', msg: 'Initial commit', files: { 'src/app/main.py': 'y = 0\n', 'docs/faq.md': '# FAQ\n', '.github/workflows/ci.yml': 'on: push\n', 'tests/test_app.py': 'def test_a(): pass\n' } }];
  const add = (at: string, msg: string, path: string, i: number) => specs.push({ at, msg, files: { [path]: `${'line\n'.repeat(i + 2)}` } });
  ['Fix it (#20)', 'Fix regression (#21)', 'Fix another problem (#22)', 'Fix bug (#23)', 'Fix wrong thing (#24)']
    .forEach((m, i) => add(`2024-${10 + Math.floor(i / 2)}-${String(3 + 5 * i).padStart(2, '0')}`, m, 'src/app/main.py', i));
  ['ci: bump (#30)', 'Update ci.yml (#31)', 'ci: tweak (#32)'].forEach((m, i) => add(`2024-11-${String(5 + 7 * i).padStart(2, '0')}`, m, '.github/workflows/ci.yml', i));
  ['docs: wording (#40)', 'Update faq (#41)', 'docs: typo (#42)'].forEach((m, i) => add(`2024-12-${String(2 + 6 * i).padStart(2, '0')}`, m, 'docs/faq.md', i));
  ['Add tests (#50)', 'More tests (#51)', 'tests: extend (#52)'].forEach((m, i) => add(`2024-12-${String(4 + 6 * i).padStart(2, '0')}`, m, 'tests/test_app.py', i));
  // After T0 the window has work, so validation has something to judge against.
  ['Fix crash on empty input (#60)', 'Add a --verbose flag (#61)', 'docs: install notes (#62)'].forEach((m, i) => add(`2025-0${2 + i}-10`, m, i === 2 ? 'docs/faq.md' : 'src/app/main.py', i + 6));
  return specs;
}

const T0 = '2025-01-01';
let dir: string;
let db: string;
let forecastId: number;
beforeAll(async () => {
  dir = (await makeRepo(history())).dir;
  db = join(await tempDir(), 'empty.db');
  forecastId = (await runCliJson(['forecast', '--repo', dir, '--t0', T0, '--db', db])).forecast.id;
});

test('the forecast is empty and abstains, and its summary says how many loose families were held back and why', async () => {
  const out = await runCliJson(['forecast', '--repo', dir, '--t0', T0, '--db', db]);
  expect(out.forecast).toMatchObject({ id: forecastId, abstained: true, abstain_reason: expect.stringMatching(/^\d+ loose families held back \(titles naming no checkable work\), none specific \(maxLoose 0\)$/) });
  expect(out.families).toEqual([]);
  const readable = await runCli(['forecast', '--repo', dir, '--t0', T0, '--db', db, '--quiet']);
  expect(readable.code).toBe(0);
  const held = /^(\d+) loose/.exec(out.forecast.abstain_reason)![1];
  // The next line is the command that shows them, on the same store.
  expect(readable.stdout.trim()).toMatch(
    new RegExp(`^forecast \\d+ \\(heuristic\\) from snapshot (\\d+): 0 families\\n {2}abstained: ${held} loose families held back \\(titles naming no checkable work\\), none specific \\(maxLoose 0\\)\\n {2}to see them: swe-future forecast --snapshot \\1 --max-loose ${held} --db ${db.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
  );
});

test('validating the empty forecast records an abstention with no verdicts', async () => {
  const out = await runCliJson(['validate', '--forecast', String(forecastId), '--db', db, '--judge', 'lexical']);
  expect(out.verdicts).toEqual([]);
  expect(out.metrics).toMatchObject({ families: 0, abstained: 1, laterWork: 3 });
});

test('synthesizing from its validation is NO_VALIDATED_FAMILIES, in one line saying the forecast abstained', async () => {
  const validation = (await runCliJson(['validate', '--forecast', String(forecastId), '--db', db, '--judge', 'lexical'])).validation.id;
  const refused = await runCliRefused(['synthesize', '--validation', String(validation), '--tgen', 'HEAD', '--db', db]);
  expect(refused).toMatchObject({ status: 2, code: 'NO_VALIDATED_FAMILIES' });
  expect(refused.lines.filter((l) => l.startsWith('swe-future:'))).toHaveLength(1);
  expect(refused.lines.join('\n')).toMatch(new RegExp(`Validation ${validation} is of forecast ${forecastId}, which abstained \\(\\d+ loose families held back .*\\): there is nothing to synthesize from`));
});

test('a study counts the repository as an abstention of the heuristic: no families, no rates', async () => {
  const config = writeConfig(await tempDir(), { name: 'empty', repos: [{ path: dir, t0: T0 }], forecasters: ['heuristic'], judges: ['lexical'] });
  const out = await runCliJson(['study', '--config', config, '--db', join(await tempDir(), 'study.db')]);
  expect(out.failures).toEqual([]);
  const all = out.table.find((r: { forecaster: string; category: string }) => r.forecaster === 'heuristic' && r.category === 'all');
  expect(all).toMatchObject({ repos: 1, abstentions: 1, families: 0, relevance: null, strong_rate: null, covered: 0 });
});

test('forecast --max-loose N shows up to N of the loose families the default holds back, and says how many are left', async () => {
  const held = Number(/^(\d+) loose/.exec((await runCliJson(['forecast', '--repo', dir, '--t0', T0, '--db', db])).forecast.abstain_reason)![1]);
  expect(held).toBeGreaterThan(2);
  const two = await runCliJson(['forecast', '--repo', dir, '--t0', T0, '--db', db, '--max-loose', '2']);
  expect(two.forecast).toMatchObject({ abstained: false, abstain_reason: null });
  expect(two.forecast.id).not.toBe(forecastId);
  // Loose titles only: they state an area's next defect or page, never a checkable piece of work.
  expect(two.families.map((f: { title: string }) => f.title)).toHaveLength(2);
  const readable = await runCli(['forecast', '--repo', dir, '--t0', T0, '--db', db, '--max-loose', '2', '--quiet']);
  expect(readable.code).toBe(0);
  expect(readable.stdout).toMatch(
    new RegExp(`^forecast ${two.forecast.id} \\(heuristic\\) from snapshot (\\d+): 2 families\\n {2}${held - 2} loose families held back \\(titles naming no checkable work\\)\\n {2}to see them: swe-future forecast --snapshot \\1 --max-loose ${held} --db .*\\n\\nF1 `),
  );
  // As many as there are: nothing held back, no line saying so.
  const all = await runCli(['forecast', '--repo', dir, '--t0', T0, '--db', db, '--max-loose', String(held + 5), '--quiet']);
  expect(all.stdout).toMatch(new RegExp(`: ${held} families\\n\\nF1 `));
  // 0 is the default, written out: the same frozen forecast.
  expect((await runCliJson(['forecast', '--repo', dir, '--t0', T0, '--db', db, '--max-loose', '0'])).forecast).toMatchObject({ id: forecastId, reused: true });
});

test.each(['-1', '1.5', 'two', '', '1e2'])('forecast --max-loose %j is refused in one line, exit 2 (BAD_OPTION), and forecasts nothing', async (value) => {
  const refused = await runCliRefused(['forecast', '--repo', dir, '--t0', T0, '--db', db, '--max-loose', value]);
  expect(refused).toMatchObject({ status: 2, code: 'BAD_OPTION' });
  expect(refused.lines).toEqual(['swe-future: Option --max-loose: expected a whole number of at least 0. Run swe-future forecast --help for usage.']);
});

test.each(['-0.1', '1.5', 'half', '', '5e-2'])('forecast --score-floor %j is refused in one line, exit 2 (BAD_OPTION), and forecasts nothing', async (value) => {
  const refused = await runCliRefused(['forecast', '--repo', dir, '--t0', T0, '--db', db, '--score-floor', value]);
  expect(refused).toMatchObject({ status: 2, code: 'BAD_OPTION' });
  expect(refused.lines).toEqual(['swe-future: Option --score-floor: expected a number from 0 to 1. Run swe-future forecast --help for usage.']);
});

test('a study config\'s maxLoose reaches the heuristic: its loose families are shown and counted, not an abstention', async () => {
  const config = writeConfig(await tempDir(), { name: 'loose', repos: [{ path: dir, t0: T0 }], forecasters: ['heuristic'], judges: ['lexical'], maxLoose: 2 });
  const out = await runCliJson(['study', '--config', config, '--db', join(await tempDir(), 'study.db')]);
  expect(out.failures).toEqual([]);
  const all = out.table.find((r: { forecaster: string; category: string }) => r.forecaster === 'heuristic' && r.category === 'all');
  expect(all).toMatchObject({ repos: 1, abstentions: 0, families: 2 });
});

test('a study config\'s scoreFloor reaches the heuristic: above every family\'s score, its forecast abstains and the table counts it', async () => {
  const config = writeConfig(await tempDir(), { name: 'floor', repos: [{ path: dir, t0: T0 }], forecasters: ['heuristic'], judges: ['lexical'], maxLoose: 2, scoreFloor: 1 });
  const out = await runCliJson(['study', '--config', config, '--db', join(await tempDir(), 'study.db')]);
  expect(out.failures).toEqual([]);
  const all = out.table.find((r: { forecaster: string; category: string }) => r.forecaster === 'heuristic' && r.category === 'all');
  expect(all).toMatchObject({ repos: 1, abstentions: 1, families: 0 });
});
