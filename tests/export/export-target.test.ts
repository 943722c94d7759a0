import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, test } from 'vitest';
import { synthesizeTasks } from '../../src/api/synthesize.js';
import { runCli, runCliJson } from '../cli/run-cli.js';
import { tempDir } from '../fixtures/repo.js';
import { demoValidation } from '../synthesize/demo-validation.js';

/** An export never deletes or overwrites a file it did not write (src/api/export-target.ts). */
let demo: Awaited<ReturnType<typeof demoValidation>>;
let synthesis: string;
beforeAll(async () => {
  demo = await demoValidation();
  synthesis = String((await synthesizeTasks({ db: demo.db, validation: demo.validationId, tgen: 'HEAD', total: 2 })).id);
});

const exportTo = (out: string, ...more: string[]) => runCli(['export', '--db', demo.db, '--format', 'swebench', '--out', out, '--synthesis', synthesis, '--quiet', ...more]);

test('an existing folder holding files swe-future did not write is refused with exit 2, --force or not, and left as it was', async () => {
  const out = join(await tempDir(), 'mine');
  mkdirSync(join(out, 'public'), { recursive: true });
  writeFileSync(join(out, 'public', 'my-notes.txt'), 'keep me');
  writeFileSync(join(out, 'hidden'), 'a file named hidden');
  for (const force of [[], ['--force']]) {
    const run = await exportTo(out, ...force, '--json');
    expect(run.code).toBe(2);
    expect(JSON.parse(run.stdout).error.code).toBe('EXPORT_OUT_NOT_OURS');
    expect(run.stderr).toMatch(/holds 2 file\(s\) swe-future did not write .*\. Pass --out with an empty or new folder\.\n$/);
  }
  expect(readFileSync(join(out, 'public', 'my-notes.txt'), 'utf8')).toBe('keep me');
  expect(readFileSync(join(out, 'hidden'), 'utf8')).toBe('a file named hidden');
  expect(readdirSync(out).sort()).toEqual(['hidden', 'public']);
});

test('an earlier export is replaced only with --force, and a file added beside it since is never deleted', async () => {
  const root = await tempDir();
  const out = join(root, 'out');
  expect((await exportTo(out)).code).toBe(0);
  const manifest = JSON.parse(readFileSync(join(out, '.swe-future-export.json'), 'utf8'));
  expect(manifest.files).toContain('public/tasks.jsonl');

  const again = await exportTo(out, '--json');
  expect(again.code).toBe(2);
  expect(JSON.parse(again.stdout).error.code).toBe('EXPORT_EXISTS');
  expect(again.stderr).toMatch(/already holds an export of this format.*Pass --force/);
  expect((await exportTo(out, '--force')).code).toBe(0);

  writeFileSync(join(out, 'public', 'added-later.txt'), 'mine');
  const refused = await exportTo(out, '--force');
  expect(refused.code).toBe(2);
  expect(readFileSync(join(out, 'public', 'added-later.txt'), 'utf8')).toBe('mine');
  expect(existsSync(join(out, 'public', 'tasks.jsonl'))).toBe(true);
  // Only the export's own staging folders ever sat beside it, and none is left.
  expect(readdirSync(root)).toEqual(['out']);
});

test('exports of the two formats share a folder: each replaces only its own files', async () => {
  const out = join(await tempDir(), 'both');
  expect((await exportTo(out)).code).toBe(0);
  const harbor = await runCliJson(['export', '--db', demo.db, '--format', 'harbor', '--out', out, '--synthesis', synthesis]);
  expect(harbor.export.exported).toBe(0);
  expect((await exportTo(out, '--force')).code).toBe(0);
  expect(JSON.parse(readFileSync(join(out, '.swe-future-export.json'), 'utf8')).files).toContain('specs/tasks.jsonl');
});

test('a staging folder left by a killed export is removed by the next export; one of a live process is not', async () => {
  const root = await tempDir();
  const dead = join(root, '.swe-future-export-999999999-abc');
  const live = join(root, `.swe-future-export-${process.ppid}-def`);
  mkdirSync(dead);
  writeFileSync(join(dead, 'half.jsonl'), '{');
  mkdirSync(live);
  expect((await exportTo(join(root, 'out'))).code).toBe(0);
  expect(readdirSync(root).sort()).toEqual([`.swe-future-export-${process.ppid}-def`, 'out']);
});

test('--out under a file is an exit-2 line, and nothing is written', async () => {
  const root = await tempDir();
  writeFileSync(join(root, 'file'), 'x');
  const run = await exportTo(join(root, 'file', 'sub', 'out'), '--json');
  expect(run.code).toBe(2);
  expect(JSON.parse(run.stdout).error.code).toBe('OUT_NOT_A_FOLDER');
  expect(run.stderr).toMatch(/^swe-future: .*(is a file|is not a folder).*\. Pass --out with a folder/);
  expect(readdirSync(root)).toEqual(['file']);
});
