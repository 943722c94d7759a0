import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, expect, test, vi } from 'vitest';
import { runLimited } from '../../src/exec/run.js';
import { commandEnv, looksSecret, withheldNames } from '../../src/exec/sandbox.js';
import { runCli } from '../cli/run-cli.js';
import { tempDir } from '../fixtures/repo.js';

const hasBwrap = spawnSync('bwrap', ['--version']).status === 0;
const sandboxed = test.skipIf(!hasBwrap);
if (!hasBwrap) console.warn('bubblewrap (bwrap) is not installed: the sandbox tests are skipped (apt-get install bubblewrap)');

const limits = { timeoutMs: 20_000, memoryMb: 1024 };
const open = { sandbox: false, network: true, allowEnv: [] };
const closed = { sandbox: true, network: false, allowEnv: [] };

afterEach(() => vi.unstubAllEnvs());

async function loopbackServer(): Promise<{ port: number; hits: () => number; close: () => Promise<void> }> {
  let hits = 0;
  const server = createServer((_req, res) => {
    hits++;
    res.end('reached');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, hits: () => hits, close: () => new Promise((r) => server.close(() => r())) };
}

const probe = (port: number) =>
  `node -e "fetch('http://127.0.0.1:${port}/').then(async (r) => console.log('got ' + await r.text()), (e) => console.log('blocked ' + (e.cause?.code ?? e.message)))"`;

sandboxed('a sandboxed test command cannot reach a server on 127.0.0.1 that the unsandboxed one reaches', async () => {
  const server = await loopbackServer();
  try {
    const dir = await tempDir();
    const free = await runLimited(probe(server.port), dir, limits, open);
    expect(free.output.trim()).toBe('got reached');
    expect(server.hits()).toBe(1);
    const jailed = await runLimited(probe(server.port), dir, limits, closed);
    expect(jailed.output.trim()).toMatch(/^blocked /);
    expect(server.hits()).toBe(1);
  } finally {
    await server.close();
  }
});

sandboxed('a sandboxed test command writes its work tree and nothing outside it', async () => {
  const parent = await tempDir();
  const work = join(parent, 'work');
  await mkdir(work);
  const outside = join(parent, 'escaped.txt');
  const home = join(process.env.HOME ?? '/root', `swe-future-escape-${process.pid}.txt`);
  const run = await runLimited(
    `echo inside > inside.txt && (echo x > ${outside} 2>/dev/null && echo wrote-outside || echo refused-outside) && (echo x > ${home} 2>/dev/null && echo wrote-home || echo refused-home) && (touch /etc/swe-future-x 2>/dev/null && echo wrote-etc || echo refused-etc)`,
    work,
    limits,
    closed,
  );
  expect(run.exitCode).toBe(0);
  expect(readFileSync(join(work, 'inside.txt'), 'utf8')).toBe('inside\n');
  expect(existsSync(outside)).toBe(false);
  expect(existsSync(home)).toBe(false);
  expect(existsSync('/etc/swe-future-x')).toBe(false);
  expect(run.output).toContain('refused-home');
  expect(run.output).toContain('refused-etc');
});

sandboxed('a sandboxed test command and what it started in a new session do not outlive its time limit', async () => {
  const dir = await tempDir();
  // A background writer in its own session (setsid escapes a process-group kill) ticks a file every 50 ms.
  const run = await runLimited(`setsid sh -c 'while :; do date +%s%N > tick; sleep 0.05; done' & sleep 30`, dir, { timeoutMs: 1_000, memoryMb: 512 }, closed);
  expect(run.timedOut).toBe(true);
  await new Promise((r) => setTimeout(r, 300));
  const first = statSync(join(dir, 'tick')).mtimeMs;
  await new Promise((r) => setTimeout(r, 500));
  expect(statSync(join(dir, 'tick')).mtimeMs).toBe(first);
});

sandboxed('a sandboxed test command has its own pid namespace', async () => {
  const run = await runLimited('echo $$; ls /proc | grep -c "^[0-9]"', await tempDir(), limits, closed);
  const [, count] = run.output.trim().split('\n').map(Number);
  expect(count).toBeLessThan(10);
});

test('secrets-looking variables are withheld from test commands unless allowed by name', async () => {
  vi.stubEnv('DB_PASS', 'hunter2');
  vi.stubEnv('DATABASE_URL', 'postgres://app:hunter2@db/app');
  vi.stubEnv('GH_PAT', 'ghp_x');
  vi.stubEnv('NPM_TOKEN', 't');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 's');
  vi.stubEnv('MY_PASSWORD_FILE', '/p');
  vi.stubEnv('UPSTREAM', 'https://bob:pw@example.com/x.git');
  vi.stubEnv('LANG', 'C.UTF-8');
  const env = commandEnv();
  for (const name of ['DB_PASS', 'DATABASE_URL', 'GH_PAT', 'NPM_TOKEN', 'AWS_SECRET_ACCESS_KEY', 'MY_PASSWORD_FILE', 'UPSTREAM']) expect(env[name], name).toBeUndefined();
  expect(env.LANG).toBe('C.UTF-8');
  expect(env.PWD === process.env.PWD).toBe(true);
  expect(commandEnv(['DATABASE_URL']).DATABASE_URL).toBe('postgres://app:hunter2@db/app');
  expect(withheldNames(['GH_PAT'])).not.toContain('GH_PAT');
  expect(withheldNames()).toContain('GH_PAT');
  expect(looksSecret('KEYBOARD_LAYOUT', 'us')).toBe(false);
  expect(looksSecret('PATH', '/usr/bin')).toBe(false);
});

sandboxed('the sandboxed command gets CI=1 NO_COLOR=1 FORCE_COLOR=0 and no secrets', async () => {
  vi.stubEnv('DB_PASS', 'hunter2');
  const run = await runLimited('echo "[$DB_PASS][$CI][$NO_COLOR][$FORCE_COLOR]"', await tempDir(), limits, closed);
  expect(run.output.trim()).toBe('[][1][1][0]');
});

test('synthesize --backend llm without bubblewrap exits 2 with the install line, before any model call', async () => {
  vi.stubEnv('PATH', join(await tempDir(), 'empty-bin'));
  const run = await runCli(['synthesize', '--db', '/nonexistent/x.db', '--validation', '1', '--tgen', 'HEAD', '--backend', 'llm', '--llm-base-url', 'http://127.0.0.1:9', '--llm-model', 'm']);
  expect(run.code).toBe(2);
  // (after the note on what the execution gate runs)
  expect(run.stderr.trimEnd().split('\n').pop()).toMatch(/^swe-future: Test commands run under bubblewrap \(bwrap\), which is not installed\. Install it: apt-get install bubblewrap .*--no-sandbox/m);
  // --no-sandbox opts out: the next complaint is the missing store, not the sandbox.
  const opted = await runCli(['synthesize', '--db', '/nonexistent/x.db', '--validation', '1', '--tgen', 'HEAD', '--backend', 'llm', '--llm-base-url', 'http://127.0.0.1:9', '--llm-model', 'm', '--no-sandbox', '--quiet']);
  expect(opted.code).toBe(2);
  expect(opted.stderr).toContain('There is no store at /nonexistent/x.db');
});

const llmSynthesis = (db: string) => ['synthesize', '--validation', '1', '--tgen', 'HEAD', '--backend', 'llm', '--llm-base-url', 'http://127.0.0.1:9/v1', '--llm-model', 'm', '--db', db, '--json'];

test('without bubblewrap on PATH, an llm synthesis is SANDBOX_MISSING before anything else, exit 2, one line', async () => {
  const dir = await tempDir();
  vi.stubEnv('PATH', join(dir, 'empty-bin'));
  const run = await runCli(llmSynthesis(join(dir, 'absent.db')));
  vi.unstubAllEnvs();
  expect(run.code).toBe(2);
  expect(JSON.parse(run.stdout).error.code).toBe('SANDBOX_MISSING');
  // (after the note on what the execution gate runs)
  expect(run.stderr.trimEnd().split('\n').pop()).toMatch(/^swe-future: Test commands run under bubblewrap \(bwrap\), which is not installed\. Install it: .+$/);
  expect(existsSync(join(dir, 'absent.db'))).toBe(false);
});

sandboxed('where user namespaces are not allowed (a sandbox made with --disable-userns), an llm synthesis is SANDBOX_UNAVAILABLE, exit 2, one line', async () => {
  const dir = await tempDir();
  // swe-future runs as an unprivileged user inside a bubblewrap sandbox that forbids making further user namespaces.
  const run = spawnSync('bwrap', ['--unshare-user', '--uid', '1000', '--disable-userns', '--dev-bind', '/', '/', '--', process.execPath, '--import', 'tsx', 'src/cli/main.ts', ...llmSynthesis(join(dir, 'absent.db'))], { encoding: 'utf8', timeout: 60_000 });
  if (/--disable-userns|unrecognized option/.test(run.stderr) && run.status !== 2) return; // bubblewrap older than 0.8: cannot set this up
  expect(run.status, run.stderr).toBe(2);
  expect(JSON.parse(run.stdout).error.code).toBe('SANDBOX_UNAVAILABLE');
  expect(run.stderr.trimEnd().split('\n').pop()).toMatch(/^swe-future: bubblewrap cannot make a sandbox here \(.+\)\. Allow unprivileged user namespaces .*or pass --no-sandbox\.$/);
  expect(existsSync(join(dir, 'absent.db'))).toBe(false);
});
