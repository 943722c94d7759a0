import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from 'vitest';
import { openStore } from '../../src/store/open.js';
import { makeRepo, tempDir } from '../fixtures/repo.js';
import { spawnAsync } from '../fixtures/spawn.js';

/**
 * scripts/rebuild-stores.ts: `study` per config into one folder, after checking every config's clones. Runs the built
 * CLI (bin/swe-future.js), as a researcher would after `npm ci`.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const TSX = pathToFileURL(join(ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
const rebuild = (cwd: string, args: string[]) => spawnAsync(process.execPath, ['--import', TSX, join(ROOT, 'scripts', 'rebuild-stores.ts'), ...args], { cwd });

async function repo(topic: string) {
  return makeRepo([
    { at: '2024-10-01T00:00:00Z', msg: 'Initial commit', files: { [`src/${topic}/index.ts`]: 'export {};\n' } },
    { at: '2024-11-01T00:00:00Z', msg: `Add ${topic} parser (#2)`, files: { [`src/${topic}/parse.ts`]: 'export function parse() {}\n' } },
    { at: '2024-12-01T00:00:00Z', msg: `Fix ${topic} parser on empty input (#3)`, files: { [`src/${topic}/parse.ts`]: 'export function parse(s = "") { return s; }\n' } },
    { at: '2025-02-01T00:00:00Z', msg: `Fix ${topic} parser on unicode input (#4)`, files: { [`src/${topic}/parse.ts`]: 'export function parse(s = "") { return s.normalize(); }\n' } },
  ]);
}

/** A checkout's eval/ with two configs over bare clones in clones/, as eval/README.md lays them out. */
async function checkout(names: string[]) {
  const dir = await tempDir();
  mkdirSync(join(dir, 'eval'));
  const repos = await Promise.all(names.map((name) => repo(name)));
  const clones = await Promise.all(names.map((name, i) => spawnAsync('git', ['clone', '--bare', '-q', repos[i]!.dir, join(dir, 'clones', name)])));
  for (const clone of clones) expect(clone.status, clone.stderr).toBe(0);
  const config = (name: string, repos: string[]) =>
    writeFileSync(join(dir, 'eval', `${name}.json`), JSON.stringify({ name, window: '6m', repos: repos.map((r) => ({ path: `../clones/${r}`, t0: '2025-01-01', github: `someone/${r}`, name: r })), forecasters: ['hotspot', 'recency'], judges: ['lexical'] }));
  config('two', ['alpha', 'beta']);
  config('one', ['gamma']);
  return dir;
}

/** What a store holds by repository and forecaster: each forecast's hash (it covers the families). */
function forecasts(db: string) {
  const store = openStore(db, { readonly: true });
  try {
    return store.db.prepare('SELECT r.name, f.forecaster, f.hash FROM forecasts f JOIN snapshots s ON s.id = f.snapshot_id JOIN repos r ON r.id = s.repo_id ORDER BY r.name, f.forecaster').all();
  } finally {
    store.close();
  }
}

test('each config gets its study in OUT/<config name>.db, and a second rebuild elsewhere holds the same forecasts', async () => {
  const dir = await checkout(['alpha', 'beta', 'gamma']);
  // The two rebuilds read the same clones and write apart: run together, compared once both are done.
  const [run, again] = await Promise.all([rebuild(dir, ['--out', 'stores', '--jobs', '2', 'eval/two.json', 'eval/one.json']), rebuild(dir, ['--out', 'again', '--jobs', '1', 'eval/two.json'])]);
  expect(run.status, run.stderr).toBe(0);
  expect(run.stdout.trim().split('\n').map((l) => l.replace(/ in \d+ s$/, ''))).toEqual(['eval/two.json: stores/two.db, 2 of 2 repositories done', 'eval/one.json: stores/one.db, 1 of 1 repositories done']);
  expect(forecasts(join(dir, 'stores', 'two.db')).map((f: any) => `${f.name} ${f.forecaster}`)).toEqual(['alpha hotspot', 'alpha recency', 'beta hotspot', 'beta recency']);
  expect(again.status, again.stderr).toBe(0);
  expect(forecasts(join(dir, 'again', 'two.db'))).toEqual(forecasts(join(dir, 'stores', 'two.db')));
}, 300_000);

test('a missing clone stops the rebuild before any study, with one line naming it and the command that prints the fix', async () => {
  const dir = await checkout(['alpha', 'gamma']);
  const run = await rebuild(dir, ['--out', 'stores', 'eval/one.json', 'eval/two.json']);
  expect(run.status).toBe(2);
  expect(run.stderr.trim().split('\n')).toEqual([
    `eval/two.json: 1 clone missing (beta: ${join(dir, 'clones', 'beta')}); npx tsx scripts/eval-clones.ts eval/two.json prints the commands that make them`,
  ]);
  expect(existsSync(join(dir, 'stores'))).toBe(false);
});

test('bad arguments are one line and exit 2', async () => {
  const dir = await checkout([]);
  const cases = [['eval/one.json'], ['--out', 'stores'], ['--out', 'stores', '--jobs', '0', 'eval/one.json'], ['--out', 'stores', 'eval/one.json', 'other/one.json'], ['--out', 'stores', 'eval/none.json']];
  // Each refusal is its own process; they are started together.
  const runs = await Promise.all(cases.map((args) => rebuild(dir, args)));
  for (const [i, args] of cases.entries()) {
    const run = runs[i]!;
    expect(run.status, args.join(' ')).toBe(2);
    expect(run.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
  }
});
