import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { openStore } from '../../src/store/open.js';
import { runCli, runCliJson, runCliRefused } from '../cli/run-cli.js';
import { tempDir } from '../fixtures/repo.js';
import { makeStudyDb } from '../fixtures/study-db.js';

test('report --out writes DIR/index.html for the latest study and prints its path', async () => {
  const { file } = await makeStudyDb();
  const out = join(await tempDir(), 'report', 'nested');
  const run = await runCli(['report', '--db', file, '--out', out]);
  expect(run.code, run.stderr).toBe(0);
  expect(run.stdout).toBe(`${join(out, 'index.html')}\n`);
  expect(readFileSync(join(out, 'index.html'), 'utf8')).toContain('<title>swe-future report: dev (study 2)</title>');
  expect(readdirSync(out)).toEqual(['index.html']);
});

test('report --json prints the path and the study, and --study picks an older one', async () => {
  const { file, pilotId } = await makeStudyDb();
  const out = await tempDir();
  const json = await runCliJson(['report', '--db', file, '--out', out, '--study', String(pilotId)]);
  expect(json).toEqual({ report: { path: join(out, 'index.html'), study: pilotId, name: 'pilot' } });
  expect(readFileSync(join(out, 'index.html'), 'utf8')).toContain('pilot (study 1)');
});

test('a store without a study is NO_STUDY, exit 2, with the command to run', async () => {
  const dir = await tempDir();
  const db = join(dir, 'empty.db');
  openStore(db).close();
  for (const store of [db, join(dir, 'missing.db')]) {
    const run = await runCli(['report', '--db', store, '--out', join(dir, 'out')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^swe-future: .*no study.*Run swe-future study --config FILE first/i);
    expect(run.stdout).toBe('');
    expect(await runCliRefused(['report', '--db', store, '--out', join(dir, 'out')])).toMatchObject({ status: 2, code: 'NO_STUDY' });
  }
  expect(existsSync(join(dir, 'out'))).toBe(false);
});

test('an unknown study, a missing --out and an --out that is a file are user errors', async () => {
  const { file } = await makeStudyDb();
  const dir = await tempDir();
  const unknown = await runCli(['report', '--db', file, '--out', dir, '--study', '42']);
  expect([unknown.code, unknown.stderr]).toEqual([2, expect.stringMatching(/no study 42/)]);
  expect(existsSync(join(dir, 'index.html'))).toBe(false);
  const noOut = await runCli(['report', '--db', file]);
  expect([noOut.code, noOut.stderr]).toEqual([2, expect.stringMatching(/--out/)]);
  writeFileSync(join(dir, 'plain-file'), '');
  const notDir = await runCli(['report', '--db', file, '--out', join(dir, 'plain-file')]);
  expect([notDir.code, notDir.stderr]).toEqual([2, expect.stringMatching(/not a directory/)]);
  expect(await runCliRefused(['report', '--db', file, '--out', join(dir, 'plain-file')])).toMatchObject({ status: 2, code: 'OUT_NOT_A_DIRECTORY', lines: [`swe-future: ${join(dir, 'plain-file')} exists and is not a directory. Pass --out with a directory (it is created when missing).`] });
  expect(readFileSync(join(dir, 'plain-file'), 'utf8')).toBe('');
});

test('an --out folder that cannot be written (immutable, even for root) is OUT_CANNOT_WRITE, exit 2, one line', async () => {
  const { file } = await makeStudyDb();
  const locked = join(await tempDir(), 'locked');
  mkdirSync(locked);
  if (spawnSync('chattr', ['+i', locked]).status !== 0) return; // no chattr here (or no CAP_LINUX_IMMUTABLE)
  try {
    for (const out of [locked, join(locked, 'sub')]) {
      const refusal = await runCliRefused(['report', '--db', file, '--out', out]);
      expect(refusal).toMatchObject({ status: 2, code: 'OUT_CANNOT_WRITE' });
      expect(refusal.lines).toEqual([expect.stringMatching(/^swe-future: Cannot write .*locked.* \(EPERM\)\. Pass --out with a directory you can write to\.$/)]);
    }
    expect(readdirSync(locked)).toEqual([]);
  } finally {
    spawnSync('chattr', ['-i', locked]);
  }
});
