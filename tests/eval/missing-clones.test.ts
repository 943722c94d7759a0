import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from 'vitest';
import { makeRepo, tempDir } from '../fixtures/repo.js';

/**
 * scripts/eval-clones.ts: which clones study configs need, and the command that makes each missing one. It only looks
 * and prints (nothing is fetched), so it works offline; the commands go to stdout, one a line, ready for `| sh`.
 */
const ROOT = join(import.meta.dirname, '..', '..');
/** tsx's loader by its file, so the script runs from a folder outside the checkout, as from a researcher's. */
const TSX = pathToFileURL(join(ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
const clones = (cwd: string, args: string[]) => spawnSync(process.execPath, ['--import', TSX, join(ROOT, 'scripts', 'eval-clones.ts'), ...args], { cwd, encoding: 'utf8' });

async function checkout() {
  const source = await makeRepo([{ at: '2024-10-01T00:00:00Z', msg: 'Initial commit', files: { 'README.md': 'x\n' } }]);
  const dir = await tempDir();
  mkdirSync(join(dir, 'eval'));
  mkdirSync(join(dir, 'clones', 'notes'), { recursive: true });
  expect(spawnSync('git', ['clone', '--bare', '-q', source.dir, join(dir, 'clones', 'click')]).status).toBe(0);
  const repos = [
    { path: '../clones/click', t0: '2025-01-01', github: 'pallets/click', name: 'click' },
    { path: '../clones/flask', t0: '2025-01-01', github: 'pallets/flask', name: 'flask' },
    { path: '../clones/notes', t0: '2025-01-01', github: 'someone/notes' },
    { path: '../clones/local', t0: '2025-01-01', url: `file://${source.dir}` },
    { path: '../clones/nowhere', t0: '2025-01-01' },
  ];
  writeFileSync(join(dir, 'eval', 'dev.json'), JSON.stringify({ name: 'dev', repos }));
  writeFileSync(join(dir, 'eval', 'more.json'), JSON.stringify({ name: 'more', repos: [repos[1]] }));
  return { dir, source: source.dir };
}

test('each missing clone gets its git clone command, once across configs; present ones none; nothing is fetched', async () => {
  const { dir, source } = await checkout();
  const run = clones(dir, ['eval/dev.json', 'eval/more.json']);
  expect(run.status).toBe(0);
  expect(run.stdout.trim().split('\n')).toEqual([
    'git clone --bare https://github.com/pallets/flask clones/flask',
    'rm -rf clones/notes && git clone --bare https://github.com/someone/notes clones/notes',
    `git clone --bare file://${source} clones/local`,
  ]);
  expect(run.stderr.trim().split('\n')).toEqual([
    'eval/dev.json: 5 repositories, 1 clones present, 4 not: flask (missing), notes (not a repository), local (missing), nowhere (missing)',
    `nowhere: the config names neither "github" nor "url"; clone it into ${join(dir, 'clones', 'nowhere')} by hand`,
    'eval/more.json: 1 repositories, 0 clones present, 1 not: flask (missing)',
    '4 clones to make: run the commands above from this folder',
  ]);
  expect(existsSync(join(dir, 'clones', 'flask'))).toBe(false);
  expect(clones(dir, ['--work-tree', 'eval/more.json']).stdout).toBe('git clone https://github.com/pallets/flask clones/flask\n');
});

test('a printed command, run from the same folder, makes the clone the config names', async () => {
  const { dir } = await checkout();
  writeFileSync(join(dir, 'eval', 'local.json'), JSON.stringify({ name: 'local', repos: [{ path: '../clones/local', t0: '2025-01-01', url: `file://${(await checkout()).source}` }] }));
  const [command] = clones(dir, ['eval/local.json']).stdout.trim().split('\n');
  expect(spawnSync('sh', ['-c', command!], { cwd: dir }).status).toBe(0);
  const again = clones(dir, ['eval/local.json']);
  expect(again.stdout).toBe('');
  expect(again.stderr).toBe('eval/local.json: 1 repositories, 1 clones present\nevery clone is there\n');
});

test('a config that cannot be read is one line and exit 2', async () => {
  const { dir } = await checkout();
  writeFileSync(join(dir, 'eval', 'typo.json'), JSON.stringify({ name: 'typo', repos: [{ path: '../clones/click', t0: '2025-01-01', branch: 'main' }] }));
  for (const [config, line] of [
    ['eval/none.json', /^There is no study config eval\/none\.json\. /],
    ['eval/typo.json', /^The study config eval\/typo\.json has unknown key "branch" in repos\[0\]\. /],
  ] as const) {
    const run = clones(dir, [config]);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(line);
  }
  expect(clones(dir, []).status).toBe(2);
});
