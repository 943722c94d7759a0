import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, test } from 'vitest';
import { runtimeImage } from '../../src/synthesize/export/runtime.js';
import { runCliJson } from '../cli/run-cli.js';
import { tempDir } from '../fixtures/repo.js';
import { PARSER_FAMILY, synthesizeCodePointTask } from '../synthesize/code-point-task.js';
import { demoValidation } from '../synthesize/demo-validation.js';
import { harborReward, solve } from './harbor-sandbox.js';

let demo: Awaited<ReturnType<typeof demoValidation>>;
let task: string;
let f2p: string[];
beforeAll(async () => {
  demo = await demoValidation();
  // The whole suite as the test command (every test file runs, so a decoy file is run too); one run per state.
  const result = await synthesizeCodePointTask(demo, 1, 'node --test --test-reporter=tap');
  const made = result.synthesis.tasks.find((t) => t.familyId === PARSER_FAMILY);
  expect(made!.status).toBe('verified');
  f2p = made!.failToPass;
  const out = join(await tempDir(), 'harbor-out');
  const exported = await runCliJson(['export', '--db', demo.db, '--format', 'harbor', '--out', out, '--synthesis', String(result.id)]);
  expect(exported.export.exported).toBe(1);
  task = join(out, 'harbor', readdirSync(join(out, 'harbor'))[0]!);
}, 180_000);

test('the exported Harbor verifier, run in a bubblewrap sandbox, gives reward 1 for the gold patch, 0 for the empty patch and 0 for a decoy test of the same name', async () => {
  const gold = await harborReward(task, solve(task));
  expect(gold.reward, gold.output).toBe('1');

  const empty = await harborReward(task, () => {});
  expect(empty.reward).toBe('0');
  expect(empty.output).toContain(`did not pass: ${f2p[0]}`);

  // A new test file whose test has the FAIL_TO_PASS test's name and passes, with no fix: its "ok" line is printed,
  // and so is the real test's "not ok" line.
  const decoy = await harborReward(task, (app) => {
    writeFileSync(join(app, 'test', 'decoy.test.js'), `import { test } from 'node:test';\ntest(${JSON.stringify(f2p[0])}, () => {});\n`);
  });
  expect(decoy.reward, decoy.output).toBe('0');
  expect(decoy.output).toContain(`did not pass: ${f2p[0]}`);
});

test('the verifier reads ids suite- and file-qualified as the gate did, without the gate\'s " [n]" numbering, and sets the gate\'s environment', () => {
  const testSh = readFileSync(join(task, 'tests/test.sh'), 'utf8');
  expect(testSh).toContain('export CI=1 NO_COLOR=1 FORCE_COLOR=0');
  expect(testSh).toContain('node "$HERE/verify.mjs" tap "$LOG" "$HERE/expected-tests.txt" || reward=0');
  const expected = readFileSync(join(task, 'tests/expected-tests.txt'), 'utf8').trim().split('\n');
  expect(expected).toContain(f2p[0]);
  expect(expected.some((id) => / \[\d+\]$/.test(id))).toBe(false);
  // The demo declares engines.node ">=18": that image; the comment says where it came from.
  expect(readFileSync(join(task, 'environment/Dockerfile'), 'utf8')).toMatch(/^# package\.json engines\.node ">=18"\nFROM node:18-bookworm\n/);
});

test('the Docker base image is the runtime the repository declares, for the language of the task\'s test runner', () => {
  const pkg = (engines: string) => runtimeImage({ 'package.json': JSON.stringify({ engines: { node: engines } }) }).image;
  expect(pkg('>=22.12.0')).toBe('node:22-bookworm');
  expect(pkg('^20.19.0 || >=22.12.0')).toBe('node:20-bookworm');
  expect(pkg('>= 14')).toBe('node:18-bookworm');
  expect(pkg('<23 >=22')).toBe('node:22-bookworm');
  expect(runtimeImage({ 'pyproject.toml': '[project]\nrequires-python = ">=3.10"\n' }).image).toBe('python:3.10-bookworm');
  expect(runtimeImage({ 'pyproject.toml': '[project]\nname = "x"\n' }).image).toBe('python:3.12-bookworm');
  expect(runtimeImage({ 'go.mod': 'module x\n\ngo 1.22.3\n' }).image).toBe('golang:1.22-bookworm');
  expect(runtimeImage({ 'Cargo.toml': '[package]\nrust-version = "1.74"\n' }).image).toBe('rust:1.74-bookworm');
  expect(runtimeImage({ 'Cargo.toml': '[package]\n' }).image).toBe('rust:1-bookworm');
  // Several manifests: the image of the task's test runner's language, else node's.
  const both = { 'package.json': '{}', 'pyproject.toml': '[project]\nrequires-python = ">=3.11"\n', 'Cargo.toml': '[package]\n' };
  expect(runtimeImage(both, 'pytest').image).toBe('python:3.11-bookworm');
  expect(runtimeImage(both, 'cargo').image).toBe('rust:1-bookworm');
  expect(runtimeImage(both, 'go').image).toBe('node:20-bookworm');
  expect(runtimeImage(both, 'tap').image).toBe('node:20-bookworm');
  expect(runtimeImage(both).image).toBe('node:20-bookworm');
});
