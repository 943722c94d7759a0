import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from 'vitest';
import type { CliIO } from '../../src/cli/io.js';
import { buildEagerProgram, buildProgram, COMMANDS } from '../../src/cli/program.js';
import { tempDir } from '../fixtures/repo.js';
import { ROOT } from '../import-graph.js';
import { runCli } from './run-cli.js';

const quiet: CliIO = { stdout: () => {}, stderr: () => {}, stderrIsTTY: false };

test('the root --help lists every command exactly as its own module declares it', async () => {
  const eager = await buildEagerProgram(quiet);
  expect(buildProgram(quiet).helpInformation()).toBe(eager.helpInformation());
  expect(COMMANDS.map((c) => c.name)).toEqual(eager.commands.map((c) => c.name()).filter((n) => n !== 'help'));
});

test("each command's --help and `help NAME` print that command's own help", async () => {
  let own = '';
  const eager = await buildEagerProgram({ ...quiet, stdout: (text) => (own += text) });
  for (const { name } of COMMANDS) {
    own = '';
    eager.commands.find((c) => c.name() === name)!.outputHelp();
    for (const args of [[name, '--help'], ['help', name]]) {
      const run = await runCli(args);
      expect(run.code, args.join(' ')).toBe(0);
      expect(run.stdout, args.join(' ')).toBe(own);
    }
  }
});

test("a command's own options and errors reach it through the stand-in, global options before or after the name", async () => {
  const missing = await runCli(['--quiet', 'snapshot', '--t0', '2024-01-01']);
  expect(missing.code).toBe(2);
  expect(missing.stderr).toBe("swe-future: required option '--repo <path>' not specified. Run swe-future snapshot --help for usage.\n");
  const unknown = await runCli(['snapshot', '--repo', '.', '--t0', '2024-01-01', '--no-such-flag']);
  expect(unknown.code).toBe(2);
  expect(unknown.stderr).toMatch(/^swe-future: unknown option '--no-such-flag'/);
  const listed = await runCli(['query', '--list', '--json']);
  expect(listed.code).toBe(0);
  expect(JSON.parse(listed.stdout)).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'snapshots' })]));
  expect((await runCli(['nosuchcommand'])).stderr).toMatch(/^swe-future: unknown command 'nosuchcommand'/);
});

/** The modules a real `node` process resolves while running the CLI from source with `args`. */
async function modulesLoaded(args: readonly string[], exitCode: number): Promise<string[]> {
  const dir = await tempDir();
  const log = join(dir, 'resolved.txt');
  writeFileSync(log, '');
  const hooks = join(dir, 'hooks.mjs');
  writeFileSync(hooks, `import { appendFileSync } from 'node:fs';\nexport async function resolve(s, c, next) { const r = await next(s, c); appendFileSync(${JSON.stringify(log)}, r.url + '\\n'); return r; }\n`);
  const register = join(dir, 'register.mjs');
  writeFileSync(register, `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`);
  const run = spawnSync(process.execPath, ['--import', pathToFileURL(register).href, '--import', 'tsx', join(ROOT, 'src/cli/main.ts'), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, SWE_FUTURE_DB: join(dir, 'x.db') },
  });
  expect(run.status, run.stderr).toBe(exitCode);
  return [...new Set(readFileSync(log, 'utf8').split('\n').filter(Boolean))];
}

const packageOf = (url: string) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1];
/** What tsx itself loads to run the sources. */
const RUNNER = new Set(['tsx', 'esbuild', 'get-tsconfig', 'resolve-pkg-maps']);

test('--help loads commander and the command table only: no queue, no model client, no store, no word tables, no zod', async () => {
  const packages = new Set((await modulesLoaded(['--help'], 0)).map(packageOf));
  expect([...packages].filter((p) => p !== undefined && !RUNNER.has(p) && !p.startsWith('@esbuild/'))).toEqual(['commander']);
});

test('a snapshot and an offline study load neither the queue (bullmq, ioredis), octokit nor openai', async () => {
  for (const args of [['snapshot', '--repo', 'no-such-folder', '--t0', '2024-01-01'], ['study', '--config', 'no-such-config.json']]) {
    const packages = new Set((await modulesLoaded(args, 2)).map(packageOf));
    expect(packages.has('zod'), `${args[0]} ran`).toBe(true);
    for (const heavy of ['bullmq', 'ioredis', 'openai', '@octokit/rest', '@octokit/core']) expect(packages.has(heavy), `${args[0]} loads ${heavy}`).toBe(false);
  }
});

test('a snapshot with the native backend loads neither isomorphic-git nor the whole of date-fns', async () => {
  const loaded = await modulesLoaded(['snapshot', '--repo', 'no-such-folder', '--t0', '2024-01-01'], 2);
  expect(loaded.some((url) => packageOf(url) === 'isomorphic-git')).toBe(false);
  expect(loaded.filter((url) => packageOf(url) === 'date-fns').length).toBeLessThan(20);
});
