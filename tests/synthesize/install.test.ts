import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, test, vi } from 'vitest';
import { writeTgenBundle } from '../../src/exec/bundle.js';
import { runInstall } from '../../src/exec/install.js';
import { openWorkspace, type WorkspaceHandle } from '../../src/exec/workspace.js';
import { customInstall, detectInstall, imageInstall } from '../../src/synthesize/install-command.js';
import { exportTasks } from '../../src/api/export.js';
import { openStore } from '../../src/store/open.js';
import { runCli } from '../cli/run-cli.js';
import { npmRegistry } from '../fixtures/npm-registry.js';
import { startOpenAIServer } from '../fixtures/openai-server.js';
import { PARSER_FAMILY, PARSER_TESTS, synthesizeCodePointTask } from './code-point-task.js';
import { demoValidation } from './demo-validation.js';
import { makeRepo, tempDir, type CommitSpec } from '../fixtures/repo.js';

const hasBwrap = spawnSync('bwrap', ['--version']).status === 0;
const sandboxed = test.skipIf(!hasBwrap);
if (!hasBwrap) console.warn('bubblewrap (bwrap) is not installed: the install tests that need the sandbox are skipped (apt-get install bubblewrap)');

const open: WorkspaceHandle[] = [];
afterEach(async () => {
  vi.unstubAllEnvs();
  await Promise.all(open.splice(0).map((w) => w.close()));
});

const withDeps = JSON.stringify({ name: 'app', version: '1.0.0', devDependencies: { dep: '1.0.0' } });

test('the install is chosen by the lock file, offline unless the network is asked for, and skipped when nothing is declared', () => {
  const npm = (files: string[], network = false, pkg = withDeps) => detectInstall(['package.json', ...files], pkg, { network })?.command ?? null;
  expect(npm(['package-lock.json'])).toBe('npm ci --no-audit --no-fund --loglevel=error --offline');
  expect(npm(['npm-shrinkwrap.json'], true)).toBe('npm ci --no-audit --no-fund --loglevel=error --prefer-offline');
  expect(npm(['pnpm-lock.yaml'])).toBe('pnpm install --frozen-lockfile --offline');
  expect(npm(['yarn.lock'], true)).toBe('yarn install --frozen-lockfile --non-interactive');
  expect(npm([])).toBe('npm install --no-audit --no-fund --loglevel=error --no-package-lock --offline');
  expect(npm(['package-lock.json'], false, JSON.stringify({ name: 'x', scripts: { test: 'node --test' } }))).toBeNull();
  const pip = detectInstall(['pyproject.toml', 'src/x/__init__.py'], null, { network: false })!;
  expect(pip.command).toBe('python3 -m venv --system-site-packages .venv && .venv/bin/python -m pip install --disable-pip-version-check --no-input -q --no-index --no-build-isolation -e .');
  expect(pip.testEnv).toEqual({ PATH: '{root}/.venv/bin:{PATH}', VIRTUAL_ENV: '{root}/.venv' });
  expect(detectInstall(['setup.py'], null, { network: true })!.command).toMatch(/pip install .* -e \.$/);
  expect(detectInstall(['go.mod'], null, { network: false })!.command).toBe('GOPROXY=off GOFLAGS=-mod=mod go mod download');
  expect(detectInstall(['go.mod'], null, { network: true })!.command).toBe('go mod download');
  expect(detectInstall(['Cargo.toml'], null, { network: false })!.command).toBe('cargo fetch --offline');
  expect(detectInstall(['README.md'], null, { network: true })).toBeNull();
});

async function workspaceOf(files: Record<string, string>, install: Parameters<typeof openWorkspace>[0]['install'], testCommand = 'node --test --test-reporter=tap') {
  const repo = await makeRepo([{ at: '2025-01-01T10:00:00Z', msg: 'app', files } satisfies CommitSpec]);
  const dir = await tempDir();
  const bundle = join(dir, 'tgen.bundle');
  await writeTgenBundle({ gitdir: repo.gitdir, commit: repo.shas[0]!, branch: 'main', file: bundle });
  const ws = await openWorkspace({ bundle, commit: repo.shas[0]!, testCommand, limits: { timeoutMs: 60_000, memoryMb: 2048 }, install });
  open.push(ws);
  return ws;
}

const usesDep = "const { test } = require('node:test');\nconst assert = require('node:assert');\nconst dep = require('dep');\ntest('dep answers', () => assert.strictEqual(dep.answer(), 42));\n";

sandboxed('npm ci reaches a registry on 127.0.0.1 only with the network asked for; offline it fails at once with INSTALL_FAILED; the tests never reach it', async () => {
  const registry = await npmRegistry({ name: 'dep', version: '1.0.0', files: { 'index.js': 'exports.answer = () => 42;\n' } });
  try {
    // The lock file, made against the registry outside any sandbox (as its author would have).
    const author = await tempDir();
    const files = {
      'package.json': withDeps,
      '.npmrc': `registry=${registry.url}\n`,
      'test/dep.test.js': `${usesDep}test('the registry is out of reach', async () => { await assert.rejects(fetch('${registry.url}dep')); });\n`,
    };
    for (const [p, t] of Object.entries(files)) execFileSync('sh', ['-c', `mkdir -p "$(dirname '${p}')" && cat > '${p}'`], { cwd: author, input: t });
    // Asynchronously: the registry answers from this process.
    await promisify(execFile)('npm', ['install', '--package-lock-only', '--no-audit', '--no-fund', `--cache=${join(author, '.cache')}`], { cwd: author, env: { ...process.env, npm_config_registry: registry.url } });
    const lock = readFileSync(join(author, 'package-lock.json'), 'utf8');
    // An empty npm cache of the test's own (bound writable in the install phase, like ~/.npm).
    const cache = await tempDir();
    vi.stubEnv('npm_config_cache', cache);
    vi.stubEnv('npm_config_registry', registry.url);
    const all = { ...files, 'package-lock.json': lock };
    const repoPaths = Object.keys(all);

    const offline = detectInstall(repoPaths, withDeps, { network: false })!;
    expect(offline.command).toMatch(/^npm ci .*--offline$/);
    const before = registry.hits();
    const failed = await workspaceOf(all, { plan: offline }).then(() => null, (err: unknown) => err);
    expect(failed).toMatchObject({ code: 'INSTALL_FAILED' });
    expect((failed as Error).message).toContain('npm ci');
    expect((failed as Error).message).toMatch(/whole log: \S+install\.log/);
    expect((failed as { fix: string }).fix).toContain('--install-network');
    expect(registry.hits()).toBe(before);

    const ws = await workspaceOf(all, { plan: detectInstall(repoPaths, withDeps, { network: true })! });
    expect(registry.hits()).toBeGreaterThan(before);
    expect(ws.install).toMatchObject({ network: true, sandbox: true, exitCode: 0, excluded: ['node_modules'], restored: [] });
    const hitsAfterInstall = registry.hits();
    const run = await ws.runTests();
    expect(run.results).toEqual({ 'dep answers': 'pass', 'the registry is out of reach': 'pass' });
    expect(registry.hits()).toBe(hitsAfterInstall);
  } finally {
    await registry.close();
  }
});

sandboxed('what the install made is in no patch, no file list and survives a reset; without a lock file npm writes none', async () => {
  const files = {
    'package.json': JSON.stringify({ name: 'app', version: '1.0.0', devDependencies: { dep: 'file:vendor/dep' } }),
    'vendor/dep/package.json': JSON.stringify({ name: 'dep', version: '1.0.0', main: 'index.js' }),
    'vendor/dep/index.js': 'exports.answer = () => 42;\n',
    'test/dep.test.js': usesDep,
  };
  const plan = detectInstall(Object.keys(files), files['package.json'], { network: false })!;
  expect(plan.command).toContain('--no-package-lock --offline');
  const ws = await workspaceOf(files, { plan });
  expect(ws.install!.excluded).toEqual(['node_modules']);
  expect(existsSync(join(ws.root, 'package-lock.json'))).toBe(false);
  expect(await ws.listFiles()).toEqual(Object.keys(files).sort());
  expect(await ws.diff()).toBe('');
  await ws.writeFile('src/new.js', 'x\n');
  expect(await ws.diff()).toContain('+++ b/src/new.js');
  await ws.reset();
  expect(existsSync(join(ws.root, 'node_modules', 'dep', 'index.js'))).toBe(true);
  expect((await ws.runTests()).results).toEqual({ 'dep answers': 'pass' });
});

// A build backend inside the package (PEP 517 backend-path): pip's real `install -e .` with --no-build-isolation,
// offline, needing nothing but pip (the machine's Python may lack setuptools' wheel support).
const BACKEND = `import base64, hashlib, os, zipfile
NAME, VERSION = 'tinypkg', '0.1.0'
DIST = f'{NAME}-{VERSION}.dist-info'
def _meta():
    return f'Metadata-Version: 2.1\\nName: {NAME}\\nVersion: {VERSION}\\n'
def get_requires_for_build_editable(config_settings=None):
    return []
def prepare_metadata_for_build_editable(metadata_directory, config_settings=None):
    os.makedirs(os.path.join(metadata_directory, DIST))
    with open(os.path.join(metadata_directory, DIST, 'METADATA'), 'w') as f:
        f.write(_meta())
    return DIST
def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    name = f'{NAME}-{VERSION}-py3-none-any.whl'
    files = {f'{NAME}.pth': os.path.abspath('src') + '\\n', f'{DIST}/METADATA': _meta(),
             f'{DIST}/WHEEL': 'Wheel-Version: 1.0\\nGenerator: tiny\\nRoot-Is-Purelib: true\\nTag: py3-none-any\\n'}
    record = []
    with zipfile.ZipFile(os.path.join(wheel_directory, name), 'w') as z:
        for path, text in files.items():
            z.writestr(path, text)
            digest = base64.urlsafe_b64encode(hashlib.sha256(text.encode()).digest()).rstrip(b'=').decode()
            record.append(f'{path},sha256={digest},{len(text.encode())}')
        z.writestr(f'{DIST}/RECORD', '\\n'.join(record + [f'{DIST}/RECORD,,']) + '\\n')
    return name
`;

sandboxed('pip install -e . runs offline into a venv in the work tree, and the test phase imports the package through it', async () => {
  const files = {
    'pyproject.toml': '[build-system]\nrequires = []\nbuild-backend = "tinybuild"\nbackend-path = ["."]\n\n[project]\nname = "tinypkg"\nversion = "0.1.0"\n',
    'tinybuild.py': BACKEND,
    'src/tinypkg/__init__.py': 'def answer():\n    return 42\n',
    'tests/test_tiny.py': 'import tinypkg\n\ndef test_answer():\n    assert tinypkg.answer() == 42\n',
  };
  const plan = detectInstall(Object.keys(files), null, { network: false })!;
  expect(plan.kind).toBe('pip');
  // Without the install the package cannot be imported (src layout): the venv is what the tests see.
  const bare = await workspaceOf(files, null, 'python3 -m pytest -rA -p no:cacheprovider');
  expect((await bare.runTests()).results['tests/test_tiny.py::test_answer']).not.toBe('pass');
  const ws = await workspaceOf(files, { plan }, 'python -m pytest -rA -p no:cacheprovider');
  expect(ws.install!.excluded).toEqual(['.venv']);
  expect((await ws.runTests()).results).toEqual({ 'tests/test_tiny.py::test_answer': 'pass' });
  expect(await ws.diff()).toBe('');
});

sandboxed('a failing or overlong install is INSTALL_FAILED with its last error line and a file holding the whole log', async () => {
  const dir = await tempDir();
  execFileSync('git', ['init', '-q'], { cwd: dir });
  type Failure = Error & { code: string; fix: string };
  const failed = (await runInstall(dir, customInstall('echo fetching; echo "npm ERR! 404 dep is not in this registry" >&2; exit 3', false)).catch((e: unknown) => e)) as Failure;
  expect(failed.code).toBe('INSTALL_FAILED');
  expect(failed.message).toContain('failed (exit 3): npm ERR! 404 dep is not in this registry');
  const log = /whole log: (\S+)\)/.exec(failed.message)![1]!;
  expect(readFileSync(log, 'utf8')).toContain('fetching');
  const slow = (await runInstall(dir, customInstall('sleep 20', true), { limits: { timeoutMs: 500 } }).catch((e: unknown) => e)) as Failure;
  expect(slow.code).toBe('INSTALL_FAILED');
  expect(slow.message).toContain('ran out of its 1 s');
});

sandboxed('synthesize installs before the agent in each work tree: the install is in the config and the task\'s execution, and nothing it made is in a patch', async () => {
  const demo = await demoValidation();
  const command = 'mkdir -p deps-cache && echo made > deps-cache/marker && echo installed';
  const result = await synthesizeCodePointTask(demo, 1, PARSER_TESTS, { install: { command } });
  const task = result.synthesis.tasks.find((t) => t.familyId === PARSER_FAMILY);
  expect(task!.status).toBe('verified');
  expect(result.synthesis.config.install).toEqual({ command, network: false, reason: '--install-cmd', timeoutMs: 900_000 });
  expect(task!.execution!.install).toMatchObject({ command, network: false, sandbox: true, exitCode: 0, excluded: ['deps-cache'], restored: [] });
  expect(task!.execution!.install!.logTail).toContain('installed');
  expect(`${task!.goldPatch}${task!.testPatch}`).not.toContain('deps-cache');
  // The Harbor image installs what the gate installed (seen on express: the image ran `npm install || true`, the gate
  // `npm install --no-package-lock`, and a failed image install went unnoticed).
  const out = join(await tempDir(), 'harbor');
  await exportTasks({ db: demo.db, format: 'harbor', out, synthesis: result.id });
  const [folder] = readdirSync(join(out, 'harbor'));
  expect(readFileSync(join(out, 'harbor', folder!, 'environment/Dockerfile'), 'utf8').trimEnd().split('\n').pop()).toBe(`RUN ${command}`);
});

test('the image installs the gate\'s install in its networked form; pip\'s work-tree venv is left to the image\'s own install', () => {
  const image = (paths: string[], pkg: string | null = withDeps) => imageInstall(detectInstall(paths, pkg, { network: false }));
  expect(image(['package.json', 'package-lock.json'])).toBe('npm ci --no-audit --no-fund --loglevel=error');
  expect(image(['package.json'])).toBe('npm install --no-audit --no-fund --loglevel=error --no-package-lock');
  expect(image(['package.json', 'yarn.lock'])).toBe('yarn install --frozen-lockfile --non-interactive');
  expect(image(['go.mod'])).toBe('go mod download');
  expect(image(['Cargo.toml'])).toBe('cargo fetch');
  expect(image(['pyproject.toml'])).toBeNull();
  expect(imageInstall(null)).toBeNull();
});

test('a failing install stops synthesize before any model call: exit 2, one line naming the command and the flags, the synthesis stored as failed', async () => {
  const demo = await demoValidation();
  const server = await startOpenAIServer({ chat: [] });
  try {
    const run = await runCli(['synthesize', '--db', demo.db, '--validation', String(demo.validationId), '--tgen', 'HEAD', '--total', '1', '--backend', 'llm',
      '--llm-base-url', server.baseURL, '--llm-model', 'm', '--test-cmd', PARSER_TESTS, '--no-sandbox', '--install-cmd', 'echo "npm ERR! code ENOTCACHED" >&2; exit 1', '--json']);
    expect(run.code).toBe(2);
    expect(JSON.parse(run.stdout).error.code).toBe('INSTALL_FAILED');
    expect(run.stderr.trimEnd().split('\n').pop()).toMatch(/^swe-future: The dependency install `echo .*` failed \(exit 1\): npm ERR! code ENOTCACHED \(whole log: \S+\)\. It ran offline, .*--install-network.*--no-install\.$/);
    expect(server.requests).toHaveLength(0);
    const store = openStore(demo.db);
    try {
      expect(store.db.prepare("SELECT state, error FROM syntheses").all()).toEqual([{ state: 'failed', error: expect.stringContaining('dependency install') }]);
    } finally {
      store.close();
    }
  } finally {
    await server.close();
  }
});
