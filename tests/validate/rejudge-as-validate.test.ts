import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { expect, test } from 'vitest';
import { validateForecast } from '../../src/api/validate.js';
import type { TaskFamily } from '../../src/family/model.js';
import { makeRepo, tempDir } from '../fixtures/repo.js';
import { frozenForecast } from './frozen-forecast.js';
import { BACKOFF } from './judge-literals.js';

/**
 * scripts/rejudge-families.ts judges a family set as `validate` does (docs/judging.md "The family-set scripts judge
 * as validate does"): both build the judge's request in src/api/judge-request.ts, so the quoted pre-T0 work's files
 * reach the script's judges too. Without them the script rejected what `validate` relates here.
 */
const ROOT = join(import.meta.dirname, '..', '..');

/** bat's recency-v2 family of judge-eval's fit half (tests/validate/quoted-files.test.ts), quoting pr#3126. */
const COMPLETION: TaskFamily = {
  ...BACKOFF,
  id: 'F1',
  category: 'feature',
  title: 'Extend src/bin/bat: completion, provide, shell',
  anchor: { name: 'src/bin/bat', paths: ['src/bin/bat'] },
  expected_behavior: 'Work of kind feature lands in src/bin/bat around completion, provide, shell, continuing "Add `--completion <SHELL>` to provide shell completions".',
  acceptance_criteria: [],
  evidence: [{ kind: 'work_item', ref: 'pr#3126', date: '2024-12-01T00:00:00.000Z', text: 'Add `--completion <SHELL>` to provide shell completions', reason: 'pull request before T0 in src/bin/bat' }],
  target_hints: { paths: ['src/bin/bat'], symbols: [] },
};

test("rejudge-families gives a family set the verdicts validate gives, the quoted work's files included", async () => {
  const repo = await makeRepo([
    { at: '2024-11-01T00:00:00Z', msg: 'Initial commit', files: { 'README.md': 'bat\n', 'src/bin/bat/main.rs': 'fn main() {}\n' } },
    { at: '2024-12-01T00:00:00Z', msg: 'Add `--completion <SHELL>` to provide shell completions (#3126)', files: { 'README.md': 'bat\ncompletions\n', 'build/completions.rs': 'fn gen() {}\n', 'src/bin/bat/main.rs': 'fn main() { gen() }\n' } },
    { at: '2025-02-01T00:00:00Z', msg: 'Clarify situation in which man page and shell completions will be accessible when building from source (#3298)', files: { 'README.md': 'bat\ncompletions\nfrom source\n' } },
    { at: '2025-02-10T00:00:00Z', msg: 'docs: update the contributing guide (#101)', files: { 'CONTRIBUTING.md': 'guide\n' } },
    { at: '2025-02-20T00:00:00Z', msg: 'Add dark theme to the website (#103)', files: { 'site/theme.css': 'body {}\n' } },
    { at: '2025-03-01T00:00:00Z', msg: 'Add a pager option to the list command (#120)', files: { 'src/pager.rs': 'fn pager() {}\n' } },
    { at: '2025-03-10T00:00:00Z', msg: 'Fix panic on empty input files (#121)', files: { 'src/input.rs': 'fn input() {}\n' } },
  ]);
  const { db, forecastId } = await frozenForecast(repo.dir, '2025-01-01', [COMPLETION]);
  const validated = [];
  for (const judge of ['semantic', 'lexical'] as const) {
    const { validation } = await validateForecast({ db, forecast: forecastId, judge });
    for (const v of validation.verdicts) validated.push({ forecastId, familyId: v.familyId, judge, label: v.label, strong: v.matches.filter((m) => m.label === 'strong').map((m) => m.key) });
  }
  // validate relates the family by the quoted pull request's files (README.md is pr#3126's, not the family's).
  expect(validated.map((v) => v.label)).toEqual(['related', 'related']);

  const dir = await tempDir();
  mkdirSync(join(dir, 'bat'));
  writeFileSync(join(dir, 'bat', 'key.jsonl'), JSON.stringify({ blind: 'bat-A1', forecaster: 'heuristic', forecastId, rank: 1, familyId: 'F1', score: 0.7 }) + '\n');
  writeFileSync(join(dir, 'bat', 'families.jsonl'), JSON.stringify({ blind: 'bat-A1', title: COMPLETION.title }) + '\n');
  // The packet's repository as the store names it (label-packets writes it to meta.json): keys are found by it and the title.
  writeFileSync(join(dir, 'bat', 'meta.json'), JSON.stringify({ repo: basename(repo.dir), t0: '2025-01-01' }) + '\n');
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/rejudge-families.ts'), '--dir', dir, '--db', db], { cwd: ROOT, encoding: 'utf8' });
  expect(run.stderr).toBe('');
  const rejudged = readFileSync(join(dir, 'bat', 'verdicts.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  expect(rejudged).toEqual(validated);
});
