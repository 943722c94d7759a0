import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from 'vitest';
import { tempDir } from '../fixtures/repo.js';
import { spawnAsync } from '../fixtures/spawn.js';

/**
 * The scripts' bad input ends as the CLI's does (scripts/exit.ts): one line on stderr saying what is wrong and how to
 * call the script, exit 2, nothing on stdout and nothing written; not a thrown Error's stack and exit 1.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const TSX = pathToFileURL(join(ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
const script = (name: string, args: string[]) => spawnAsync(process.execPath, ['--import', TSX, join(ROOT, 'scripts', name), ...args]);

/** The scripts that ended a missing required flag with `throw new Error('usage: ...')` before quality75. */
const USAGE_SCRIPTS = [
  'carry-labels.ts',
  'contested-packets.ts',
  'fit-score-calibration.ts',
  'join-label-rounds.ts',
  'label-packets.ts',
  'pair-family-labels.ts',
  'pair-family-packets.ts',
  'rejudge-families.ts',
  'rerank-family-set.ts',
  'score-contested-labels.ts',
  'score-family-labels.ts',
  'score-loose-labels.ts',
  'shown-label-share.ts',
  'study-judge-gate.ts',
];

test('each script run without its required flags prints its usage, naming its command, on one line and exits 2', { timeout: 180_000 }, async () => {
  const runs = await Promise.all(USAGE_SCRIPTS.map((name) => script(name, [])));
  const seen = runs.map((run, i) => ({ name: USAGE_SCRIPTS[i], status: run.status, stdout: run.stdout, lines: run.stderr.split('\n').length - 1, usage: run.stderr.startsWith(`usage: npx tsx scripts/${USAGE_SCRIPTS[i]} --`) }));
  expect(seen).toEqual(USAGE_SCRIPTS.map((name) => ({ name, status: 2, stdout: '', lines: 1, usage: true })));
});

test('an unknown flag or a flag without its value is one line naming it, then the usage, and exit 2', { timeout: 60_000 }, async () => {
  const [unknown, bare] = await Promise.all([script('score-family-labels.ts', ['--dir', 'x', '--frob']), script('rerank-family-set.ts', ['--dir'])]);
  expect([unknown.status, unknown.stdout]).toEqual([2, '']);
  expect(unknown.stderr).toMatch(/^Unknown option '--frob'.*; usage: npx tsx scripts\/score-family-labels\.ts --dir [^\n]*\n$/);
  expect([bare.status, bare.stdout]).toEqual([2, '']);
  expect(bare.stderr).toMatch(/^Option '--dir <value>' argument missing; usage: npx tsx scripts\/rerank-family-set\.ts [^\n]*\n$/);
});

test('a bad flag value is one line saying what the flag takes, exit 2, and neither the store nor the output folder is written', { timeout: 60_000 }, async () => {
  const dir = await tempDir();
  const [top, split] = await Promise.all([
    script('label-packets.ts', ['--db', join(dir, 'store.db'), '--out', join(dir, 'packets'), '--top', '0']),
    script('pair-family-packets.ts', ['--pairs', join(dir, 'pairs'), '--out', join(dir, 'pair-packets'), '--split', 'both']),
  ]);
  expect([top.status, top.stdout, top.stderr]).toEqual([2, '', '--top takes a whole number of families, 1 or more, not "0"\n']);
  expect([split.status, split.stdout, split.stderr]).toEqual([2, '', '--split takes fit or held, not "both"\n']);
  expect(['store.db', 'packets', 'pair-packets'].filter((f) => existsSync(join(dir, f)))).toEqual([]);
});

test('score-loose-labels refuses a held set in --sets on one line, exit 2', async () => {
  const run = await script('score-loose-labels.ts', ['--dir', 'x', '--sets', 'dev20b,heldout20']);
  expect([run.status, run.stdout]).toEqual([2, '']);
  expect(run.stderr).toMatch(/^--sets: heldout20 is held; read readable sets only \(the default: [^\n]*\)\n$/);
});

test('contested-packets whose conflicts name a family the sets have not is one line and exit 2, and writes no packet, not even those of the repositories before it', async () => {
  const dir = await tempDir();
  const families = join(dir, 'families');
  for (const repo of ['a', 'b']) {
    mkdirSync(join(families, 'dev20', repo), { recursive: true });
    writeFileSync(join(families, 'dev20', repo, 'window.jsonl'), '');
    writeFileSync(join(families, 'dev20', repo, 'meta.json'), JSON.stringify({ repo: `o/${repo}`, t0: '2025-01-01' }));
    writeFileSync(join(families, 'dev20', repo, 'families.jsonl'), `${JSON.stringify({ blind: `${repo}-F01`, title: `Title of ${repo}` })}\n`);
  }
  const conflict = (repo: string, title: string) => ({ set: 'dev20', repo, blind: `${repo}-F01`, blinds: [`${repo}-F01`], title, binary: true, pairs: { label: 'strong', sources: [], ids: [], relevant: [] }, families: { label: 'rejected', labels: [], named: [], reason: '' } });
  writeFileSync(join(dir, 'conflicts.json'), JSON.stringify({ conflicts: [conflict('a', 'Title of a'), conflict('b', 'Another title')] }));
  const run = await script('contested-packets.ts', ['--conflicts', join(dir, 'conflicts.json'), '--out', join(dir, 'out'), '--families', families]);
  expect([run.status, run.stdout]).toEqual([2, '']);
  expect(run.stderr).toMatch(/^dev20\/b: no family b-F01 "Another title"; [^\n]*run label-set-conflicts\.ts --readable --json again[^\n]*\n$/);
  expect(existsSync(join(dir, 'out'))).toBe(false);
});
