import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { validateForecast } from '../../src/api/validate.js';
import type { TaskFamily } from '../../src/family/model.js';
import { runCli } from '../cli/run-cli.js';
import { makeRepo, tempDir } from '../fixtures/repo.js';
import { frozenForecast } from './frozen-forecast.js';
import { BACKOFF, item } from './judge-literals.js';

/**
 * A pending runtime task whose runtime declaration at the window's last change still says what it said at T0 was not
 * done (judges45, issue 16 cause L2: packaging's "Drop support for Python 3.8 in .github/workflows/test.yml" with 3.8
 * still in the matrix at the window's end; people reject it): a change whose diff alone moved the versions (adding
 * 3.13 under a title naming none) is no match for it; one whose title adds another version continues its line
 * (related, as people read httpx's). The family whose version the window did add is strong as before. Read from the clone by
 * `validate` (src/api/standing-runtimes.ts) and by judge-eval (src/api/eval-standing.ts) alike.
 */
const workflow = (versions: string[]) =>
  `name: tests\non: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    strategy:\n      matrix:\n        python-version: [${versions.map((v) => `"${v}"`).join(', ')}]\n`;

const pyproject = (versions: string[]) => `[project]\nname = "client"\nclassifiers = [\n${versions.map((v) => `    "Programming Language :: Python :: ${v}",\n`).join('')}]\n`;

function history() {
  return makeRepo([
    { at: '2024-01-01', msg: 'Start the client (#1)', files: { '.github/workflows/tests.yml': workflow(['3.8', '3.9', '3.10', '3.11', '3.12']), 'pyproject.toml': pyproject(['3.8', '3.12']), 'src/client/api.py': 'def send(request):\n    return request\n' } },
    // Its title names no runtime: only its diff adds 3.13.
    { at: '2024-04-05', msg: 'Run the tests on the newest interpreter (#3)', files: { '.github/workflows/tests.yml': workflow(['3.8', '3.9', '3.10', '3.11', '3.12', '3.13']), 'pyproject.toml': pyproject(['3.8', '3.12', '3.13']) } },
    { at: '2024-04-12', msg: 'Clean up the api module (#5)', files: { 'src/client/api.py': 'def send(request):\n    return request  # sent\n' } },
  ]);
}

const family = (id: string, title: string, category: TaskFamily['category']): TaskFamily => ({
  ...BACKOFF,
  id,
  title,
  category,
  anchor: { name: title, paths: ['.github/workflows/tests.yml'] },
  expected_behavior: title,
  acceptance_criteria: [],
  evidence: [],
  target_hints: { paths: ['.github/workflows/tests.yml'], symbols: [] },
});

const DROP = family('F1', 'Drop support for Python 3.8 in .github/workflows/tests.yml', 'refactor');
const ADD_DONE = family('F2', 'Add Python 3.13 to the test matrix in .github/workflows/tests.yml', 'feature');
const ADD_OPEN = family('F3', 'Add Python 3.14 to the test matrix in .github/workflows/tests.yml', 'feature');

test('validate: a runtime task its declaration still stands against is rejected, the reason says why; the task the window did is strong', async () => {
  const repo = await history();
  const { db, forecastId } = await frozenForecast(repo.dir, '2024-03-01', [DROP, ADD_DONE, ADD_OPEN]);
  for (const judge of ['semantic', 'lexical'] as const) {
    const { validation } = await validateForecast({ db, forecast: forecastId, window: '3m', judge });
    const verdict = (id: string) => validation.verdicts.find((v) => v.familyId === id)!;
    expect([judge, verdict('F1').label, verdict('F2').label, verdict('F3').label]).toEqual([judge, 'rejected', 'strong', 'rejected']);
    expect(verdict('F1').reason).toMatch(/^rejected: nearest was pr#3 "Run the tests on the newest interpreter" \(its runtime declaration is unchanged at the window's end \(python 3\.8 still declared in \.github\/workflows\/tests\.yml; work not done\); was related: direction: continues its pending task's line/);
    expect(verdict('F3').reason).toMatch(/python 3\.14 still not declared in \.github\/workflows\/tests\.yml/);
  }
});

test('validate: a change whose title adds another version still continues a standing runtime task\'s line: related, never strong', async () => {
  const repo = await makeRepo([
    { at: '2024-01-01', msg: 'Start the client (#1)', files: { '.github/workflows/tests.yml': workflow(['3.8', '3.12']), 'pyproject.toml': pyproject(['3.8', '3.12']), 'src/client/api.py': 'def send(request):\n    return request\n' } },
    { at: '2024-04-05', msg: 'Add support for Python 3.13 (#3)', files: { '.github/workflows/tests.yml': workflow(['3.8', '3.12', '3.13']), 'pyproject.toml': pyproject(['3.8', '3.12', '3.13']) } },
    { at: '2024-04-12', msg: 'Clean up the api module (#5)', files: { 'src/client/api.py': 'def send(request):\n    return request  # sent\n' } },
  ]);
  const { db, forecastId } = await frozenForecast(repo.dir, '2024-03-01', [DROP]);
  const { validation } = await validateForecast({ db, forecast: forecastId, window: '3m', judge: 'semantic' });
  expect(validation.verdicts[0]!.label).toBe('related');
  expect(validation.verdicts[0]!.reason).toMatch(/^related: pr#3 "Add support for Python 3\.13" \(its runtime declaration is unchanged at the window's end \(python 3\.8 still declared in \.github\/workflows\/tests\.yml; work not done\); continues its line: direction: continues its pending task's line/);
});

test('judge-eval reads the same from <clones>/<name>: the runtime family is rejected, and related without the reading (--no-standing)', async () => {
  const dir = await tempDir();
  const clones = join(dir, 'clones');
  mkdirSync(clones);
  const repo = await history();
  symlinkSync(repo.dir, join(clones, 'r'));
  const later = (key: string, title: string, paths: string[], mergedAt: string) => ({ ...item(key, title, paths), sha: '', mergedAt });
  const added = later('pr#3', 'Run the tests on the newest interpreter', ['.github/workflows/tests.yml', 'pyproject.toml'], '2024-04-05T00:00:00.000Z');
  const tidy = later('pr#5', 'Clean up the api module', ['src/client/api.py'], '2024-04-12T00:00:00.000Z');
  mkdirSync(join(dir, 'pairs', 'windows'), { recursive: true });
  writeFileSync(join(dir, 'pairs', 'windows', 'r.jsonl'), [added, tidy].map((i) => JSON.stringify({ repo: 'o/r', t0: '2024-03-01', item: i })).join('\n'));
  writeFileSync(join(dir, 'pairs', 'pairs.jsonl'), JSON.stringify({ id: 'a', repo: 'o/r', t0: '2024-03-01', split: 'held', source: 'heuristic', label: 'rejected', reason: 'read both sides', family: DROP, item: added }));
  const labels = async (flags: string[]) => {
    const out = join(dir, `families${flags.length}.jsonl`);
    const run = await runCli(['judge-eval', '--pairs', join(dir, 'pairs'), '--judge', 'semantic', '--families', out, '--quiet', '--clones', clones, ...flags]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    return JSON.parse(readFileSync(out, 'utf8').trim());
  };
  expect(await labels([])).toMatchObject({ label: 'rejected' });
  expect(await labels(['--no-standing'])).toMatchObject({ label: 'related', judgedBest: { key: 'pr#3' } });
});
