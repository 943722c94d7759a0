import { execFileSync, spawnSync } from 'node:child_process';
import { lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, test } from 'vitest';
import { runtimeImage } from '../../src/synthesize/export/runtime.js';
import { runCliJson } from '../cli/run-cli.js';
import { tempDir } from '../fixtures/repo.js';
import { synthesizeCodePointTask } from '../synthesize/code-point-task.js';
import { demoValidation } from '../synthesize/demo-validation.js';

let demo: Awaited<ReturnType<typeof demoValidation>>;
let task: string;
let f2p: string[];
beforeAll(async () => {
  demo = await demoValidation();
  // The whole suite as the test command (every test file runs, so a decoy file is run too); one run per state.
  const result = await synthesizeCodePointTask(demo, 1, 'node --test --test-reporter=tap');
  const [made] = result.synthesis.tasks;
  expect(made!.status).toBe('verified');
  f2p = made!.failToPass;
  const out = join(await tempDir(), 'harbor-out');
  const exported = await runCliJson(['export', '--db', demo.db, '--format', 'harbor', '--out', out, '--synthesis', String(result.id)]);
  expect(exported.export.exported).toBe(1);
  task = join(out, 'harbor', readdirSync(join(out, 'harbor'))[0]!);
}, 180_000);

/**
 * Harbor's container, made with bubblewrap: the host's system read-only, the
 * repository cloned from the task's bundle at /app, /logs writable, the
 * task's tests/ and solution/ read-only, no network, its own pids.
 */
function sandboxed(app: string, logs: string, script: string): { code: number | null; output: string } {
  const args: string[] = [];
  for (const entry of readdirSync('/')) {
    if (['proc', 'dev', 'tmp', 'sys', 'app', 'logs', 'tests', 'solution'].includes(entry)) continue;
    const path = `/${entry}`;
    const info = lstatSync(path);
    if (info.isSymbolicLink()) args.push('--symlink', readlinkSync(path), path);
    else if (info.isDirectory()) args.push('--ro-bind', path, path);
  }
  args.push('--dev', '/dev', '--proc', '/proc', '--tmpfs', '/tmp', '--bind', app, '/app', '--bind', logs, '/logs');
  args.push('--ro-bind', join(task, 'tests'), '/tests', '--ro-bind', join(task, 'solution'), '/solution');
  args.push('--unshare-all', '--die-with-parent', '--new-session', '--chdir', '/app', '--setenv', 'HOME', '/tmp', '--', 'bash', script);
  const run = spawnSync('bwrap', args, { encoding: 'utf8', timeout: 120_000 });
  return { code: run.status, output: run.stdout + run.stderr };
}

/** Runs the exported verifier against the repository at Tgen after `prepare` (the agent's work); the reward it wrote. */
async function reward(prepare: (app: string, logs: string) => void): Promise<{ reward: string; output: string }> {
  const root = await tempDir();
  const app = join(root, 'app');
  const logs = join(root, 'logs');
  mkdirSync(logs);
  execFileSync('git', ['clone', '-q', join(task, 'environment/repo.bundle'), app]);
  prepare(app, logs);
  const run = sandboxed(app, logs, '/tests/test.sh');
  return { reward: readFileSync(join(logs, 'verifier/reward.txt'), 'utf8').trim(), output: run.output };
}

test('the exported Harbor verifier, run in a bubblewrap sandbox, gives reward 1 for the gold patch, 0 for the empty patch and 0 for a decoy test of the same name', async () => {
  const gold = await reward((app, logs) => {
    const solved = sandboxed(app, logs, '/solution/solve.sh');
    expect(solved.code, solved.output).toBe(0);
  });
  expect(gold.reward, gold.output).toBe('1');

  const empty = await reward(() => {});
  expect(empty.reward).toBe('0');
  expect(empty.output).toContain(`did not pass: ${f2p[0]}`);

  // A new test file whose test has the FAIL_TO_PASS test's name and passes, with no fix: its "ok" line is printed,
  // and so is the real test's "not ok" line.
  const decoy = await reward((app) => {
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

test('the Docker base image is the runtime the repository declares', () => {
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
});
