import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from 'vitest';
import { tempDir } from '../fixtures/repo.js';

/**
 * scripts/list-family-features.ts (judges78): the feature table reads readable family sets only. A held set asked for
 * by name, a store that is not there, or an unknown flag is bad input: one line on stderr, exit 2, nothing written.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const TSX = pathToFileURL(join(ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
const features = (args: string[]) => spawnSync(process.execPath, ['--import', TSX, join(ROOT, 'scripts', 'list-family-features.ts'), ...args], { cwd: ROOT, encoding: 'utf8' });

async function mapping() {
  const dir = await tempDir();
  mkdirSync(join(dir, 'families', 'open20'), { recursive: true });
  writeFileSync(join(dir, 'family-sets.json'), JSON.stringify({ sets: [{ set: 'open20', config: 'eval/open.json', group: 'readable' }, { set: 'closed20', config: 'eval/closed.json', group: 'held' }] }));
  return dir;
}

test('a held set named with --only is refused before anything is read', async () => {
  const dir = await mapping();
  const run = features(['--config', join(dir, 'family-sets.json'), '--only', 'closed20', '--stores', dir, '--out', join(dir, 'out.jsonl')]);
  expect(run.status).toBe(2);
  expect(run.stderr.trim().split('\n')).toEqual([`--only: closed20 is no readable set of ${join(dir, 'family-sets.json')}`]);
  expect(existsSync(join(dir, 'out.jsonl'))).toBe(false);
});

test('a readable set whose store is missing is one line naming the store, exit 2', async () => {
  const dir = await mapping();
  const run = features(['--config', join(dir, 'family-sets.json'), '--stores', join(dir, 'none'), '--out', join(dir, 'out.jsonl')]);
  expect(run.status).toBe(2);
  expect(run.stderr).toContain(`${join(dir, 'none', 'open.db')}: no store for open20`);
  expect(existsSync(join(dir, 'out.jsonl'))).toBe(false);
});

test('an unknown flag is refused with the usage line, exit 2', () => {
  const run = features(['--held']);
  expect(run.status).toBe(2);
  expect(run.stderr).toContain('usage: npx tsx scripts/list-family-features.ts');
});
