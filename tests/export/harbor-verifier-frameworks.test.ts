import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { runCliJson } from '../cli/run-cli.js';
import { tempDir } from '../fixtures/repo.js';
import { harborReward, solve } from './harbor-sandbox.js';
import { PARSER_FAMILY } from '../synthesize/code-point-task.js';
import { GO_PORT, type Port, PYTHON_PORT, RUST_PORT, synthesizePortedTask } from './ported-task.js';

/*
 * The exported Harbor verifier of a task the gate verified, for the line-per-test runners: pytest and cargo test
 * and go test (skipped where go is not installed). Each runs end to end: the demo's quote reader ported to the language,
 * a scripted agent's code-point task through the real gate in bubblewrap, `export --format harbor`, then the task's
 * tests/test.sh in a bubblewrap sandbox laid out as Harbor's container: gold 1, empty 0, decoy 0.
 */

const has = (bin: string, ...args: string[]) => spawnSync(bin, args.length ? args : ['--version'], { encoding: 'utf8' }).status === 0;
/** Where this machine's toolchains keep their state (the official images set these): pyenv's shims and rustup's proxies read them. */
const toolchainEnv = (): Record<string, string> => {
  const env: Record<string, string> = {};
  for (const name of ['PYENV_ROOT', 'RUSTUP_HOME', 'CARGO_HOME']) if (process.env[name]) env[name] = process.env[name]!;
  const home = process.env.HOME ?? '/root';
  env.PYENV_ROOT ??= join(home, '.pyenv');
  env.RUSTUP_HOME ??= join(home, '.rustup');
  env.CARGO_HOME ??= join(home, '.cargo');
  return env;
};

async function exportedTask(port: Port): Promise<{ task: string; f2p: string[]; p2p: string[] }> {
  const { demo, result } = await synthesizePortedTask(port);
  const made = result.synthesis.tasks.find((t) => t.familyId === PARSER_FAMILY);
  expect([made!.status, made!.rejection]).toEqual(['verified', null]);
  const out = join(await tempDir(), 'harbor-out');
  const exported = await runCliJson(['export', '--db', demo.db, '--format', 'harbor', '--out', out, '--synthesis', String(result.id)]);
  expect(exported.export.exported).toBe(1);
  return { task: join(out, 'harbor', readdirSync(join(out, 'harbor'))[0]!), f2p: made!.failToPass, p2p: made!.passToPass };
}

async function rewards(port: Port, task: string) {
  const env = toolchainEnv();
  const gold = await harborReward(task, solve(task, env), env);
  const empty = await harborReward(task, () => {}, env);
  const decoy = await harborReward(task, (app) => writeFileSync(join(app, port.decoy.path), port.decoy.content), env);
  return { gold, empty, decoy };
}

const python = has('python3') && spawnSync('python3', ['-m', 'pytest', '--version']).status === 0;
describe.skipIf(!python)('pytest (skipped where python3 with pytest is not installed)', () => {
  test('the exported Harbor verifier of a pytest task gives reward 1 for the gold patch, 0 for the empty patch and 0 for a decoy test of the same name', async () => {
    const { task, f2p, p2p } = await exportedTask(PYTHON_PORT);
    expect(f2p).toEqual([PYTHON_PORT.f2p]);
    expect(p2p).toHaveLength(5);
    const { gold, empty, decoy } = await rewards(PYTHON_PORT, task);
    expect(gold.reward, gold.output).toBe('1');
    expect(empty.reward, empty.output).toBe('0');
    expect(empty.output).toContain(`did not pass: ${PYTHON_PORT.f2p}`);
    expect(decoy.reward, decoy.output).toBe('0');
    expect(decoy.output).toContain(`did not pass: ${PYTHON_PORT.f2p}`);
    expect(readFileSync(join(task, 'environment/Dockerfile'), 'utf8')).toMatch(/^# pyproject\.toml requires-python ">=3\.9"\nFROM python:3\.9-bookworm\n/);
  }, 300_000);
});

describe.skipIf(!has('cargo'))('cargo test (skipped where cargo is not installed)', () => {
  test('the exported Harbor verifier of a cargo test task gives reward 1 for the gold patch, 0 for the empty patch and 0 for a decoy test of the same name', async () => {
    const { task, f2p, p2p } = await exportedTask(RUST_PORT);
    expect(f2p).toEqual([RUST_PORT.f2p]);
    expect(p2p).toHaveLength(4);
    const { gold, empty, decoy } = await rewards(RUST_PORT, task);
    expect(gold.reward, gold.output).toBe('1');
    expect(empty.reward, empty.output).toBe('0');
    expect(decoy.reward, decoy.output).toBe('0');
    expect(decoy.output).toContain(`did not pass: ${RUST_PORT.f2p}`);
  }, 300_000);
});

describe.skipIf(!has('go', 'version'))('go test (skipped where go is not installed)', () => {
  test('the exported Harbor verifier of a go test task gives reward 1 for the gold patch, 0 for the empty patch and 0 for a decoy test of the same name in another package', async () => {
    const { task, f2p, p2p } = await exportedTask(GO_PORT);
    expect(f2p).toEqual([GO_PORT.f2p]);
    expect(p2p).toHaveLength(5);
    expect(readFileSync(join(task, 'tests/expected-tests.tsv'), 'utf8')).toContain(`${GO_PORT.f2p}\t^PASS `);
    const { gold, empty, decoy } = await rewards(GO_PORT, task);
    expect(gold.reward, gold.output).toBe('1');
    expect(empty.reward, empty.output).toBe('0');
    expect(decoy.reward, decoy.output).toBe('0');
    expect(decoy.output).toContain(`did not pass: ${GO_PORT.f2p}`);
  }, 300_000);
});
