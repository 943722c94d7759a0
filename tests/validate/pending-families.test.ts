import { join } from 'node:path';
import { expect, test } from 'vitest';
import { validateForecast } from '../../src/api/validate.js';
import type { TaskFamily } from '../../src/family/model.js';
import { runtimeVersions } from '../../src/text/runtime-declarations.js';
import { pendingTask } from '../../src/validate/judges/pending.js';
import { makeRepo } from '../fixtures/repo.js';
import { frozenForecast } from './frozen-forecast.js';
import { BACKOFF } from './judge-literals.js';

/**
 * Pending-work families are read the way people read them (issue 16): "Drop support for Python 3.8" is strong for
 * a change removing 3.8 from the matrix, requires-python and classifiers, whatever its title says; related for a
 * change adding another Python version (the same version-matrix line); rejected for a change that only edits the
 * same workflow. (A change of CI files only whose title names no runtime version is a chore, counted apart and never
 * judged: src/sources/work-kind.ts.) "Add Python 3.13 to the test matrix" is strong for a CI change adding it; "Remove `x` deprecated for
 * removal in 9.0" strong for a change deleting `x`. Real repositories, real diffs, the whole validate path.
 */

const workflow = (versions: string[], extra = '') =>
  `name: tests\non: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    strategy:\n      matrix:\n        python-version: [${versions.map((v) => `"${v}"`).join(', ')}]\n    steps:\n      - uses: actions/setup-python@v5\n        with:\n          python-version: \${{ matrix.python-version }}\n${extra}`;
const pyproject = (min: string, classifiers: string[]) =>
  `[project]\nname = "client"\nrequires-python = ">=${min}"\nclassifiers = [\n${classifiers.map((c) => `    "Programming Language :: Python :: ${c}",\n`).join('')}]\n`;
const MODULE = 'def send(request):\n    return request\n\n\ndef old_send(request):\n    """Deprecated, removed in 9.0."""\n    return send(request)\n';

async function history() {
  return makeRepo([
    {
      at: '2024-01-01',
      msg: 'Start the client (#1)',
      files: { '.github/workflows/tests.yml': workflow(['3.8', '3.9', '3.10', '3.11', '3.12']), 'pyproject.toml': pyproject('3.8', ['3.8', '3.9', '3.10', '3.11', '3.12']), 'src/client/api.py': MODULE },
    },
    { at: '2024-04-02', msg: 'Tidy up the CI configuration (#2)', files: { '.github/workflows/tests.yml': workflow(['3.9', '3.10', '3.11', '3.12']), 'pyproject.toml': pyproject('3.9', ['3.9', '3.10', '3.11', '3.12']) } },
    { at: '2024-04-05', msg: 'ci: add Python 3.13 to the test matrix (#3)', files: { '.github/workflows/tests.yml': workflow(['3.9', '3.10', '3.11', '3.12', '3.13']) } },
    {
      at: '2024-04-08',
      msg: 'Run the api tests from a pip cache (#4)',
      files: { '.github/workflows/tests.yml': workflow(['3.9', '3.10', '3.11', '3.12', '3.13'], '      - run: pip install --cache-dir .pip .\n'), 'tests/test_api.py': 'def test_send():\n    assert True\n' },
    },
    { at: '2024-04-12', msg: 'Clean up the api module (#5)', files: { 'src/client/api.py': 'def send(request):\n    return request\n' } },
  ]);
}

const family = (id: string, title: string, paths: string[], category: TaskFamily['category']): TaskFamily => ({
  ...BACKOFF,
  id,
  title,
  category,
  anchor: { name: title, paths },
  expected_behavior: title,
  acceptance_criteria: [],
  evidence: [],
  target_hints: { paths, symbols: [] },
});

const DROP = family('F1', 'Drop support for Python 3.8, end of life 2024-10-07', ['.github/workflows/tests.yml', 'pyproject.toml'], 'refactor');
const ADD = family('F2', 'Add Python 3.13 to the test matrix in .github/workflows/tests.yml', ['.github/workflows/tests.yml'], 'feature');
const REMOVE = family('F3', 'Remove `old_send` deprecated for removal in 9.0 in src/client/api.py', ['src/client/api.py'], 'refactor');

test('a pending task is read from the titles the pending signals write, and nothing else is one', () => {
  expect(pendingTask(DROP.title)).toEqual({ kind: 'runtime', act: 'drop', runtime: 'python', version: '3.8' });
  expect(pendingTask('Drop support for Node.js 16 in .github/workflows/legacy.yml')).toEqual({ kind: 'runtime', act: 'drop', runtime: 'node', version: '16' });
  expect(pendingTask(ADD.title)).toEqual({ kind: 'runtime', act: 'add', runtime: 'python', version: '3.13' });
  expect(pendingTask(REMOVE.title)).toEqual({ kind: 'removal', symbol: 'old_send' });
  for (const title of ['Fix python 3.8 crash in the parser', 'Add a retry policy', 'Remove the duplicated configs in .github/workflows/ci.yml']) expect(pendingTask(title)).toBeNull();
  // Versions are read from the lines that name a runtime, or bare matrix entries in a file that sets its versions.
  expect(runtimeVersions('requires-python = ">=3.10"', '')).toEqual(['python:3.10']);
  expect(runtimeVersions('        node-version: [18, 20, 22]', '')).toEqual(['node:18', 'node:20', 'node:22']);
  expect(runtimeVersions('          - "3.13"', 'python-version:')).toEqual(['python:3.13']);
  expect(runtimeVersions('      - uses: actions/setup-node@v4', '')).toEqual([]);
});

test('validate: each pending family is strong for the change doing its task, related for its line, rejected for the same file only', async () => {
  const repo = await history();
  const { db, forecastId } = await frozenForecast(repo.dir, '2024-03-01', [DROP, ADD, REMOVE]);
  for (const judge of ['semantic', 'lexical'] as const) {
    const { validation } = await validateForecast({ db, forecast: forecastId, window: '3m', judge });
    const labels = (id: string) => Object.fromEntries(validation.verdicts.find((v) => v.familyId === id)!.matches.map((m) => [m.key, m.label]));
    const rejected = (labelled: Record<string, string>, key: string) => labelled[key] ?? 'rejected';
    const drop = labels('F1');
    // pr#2's title says nothing of Python: its diff drops 3.8 from the matrix, requires-python and the classifiers.
    expect([judge, drop['pr#2'], drop['pr#3'], rejected(drop, 'pr#4'), rejected(drop, 'pr#5')]).toEqual([judge, 'strong', 'related', 'rejected', 'rejected']);
    const add = labels('F2');
    expect([judge, add['pr#3'], add['pr#2'], rejected(add, 'pr#4')]).toEqual([judge, 'strong', 'related', 'rejected']);
    const remove = labels('F3');
    expect([judge, remove['pr#5'], rejected(remove, 'pr#2')]).toEqual([judge, 'strong', 'rejected']);
    expect(validation.verdicts.find((v) => v.familyId === 'F1')!.matches.find((m) => m.key === 'pr#2')!.reason).toMatch(/^direction: does its pending task: drops python 3\.8/);
  }
});
