import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, test } from 'vitest';
import { findKey, keyedPackets } from '../../scripts/packet-keys.js';
import { makeRepo, tempDir } from '../fixtures/repo.js';
import { spawnAsync } from '../fixtures/spawn.js';
import { frozenForecast } from './frozen-forecast.js';
import { BACKOFF } from './judge-literals.js';

/**
 * A packet's key.jsonl maps blind ids back to forecasters, ranks and scores: scripts/label-packets.ts writes it outside
 * the packet (`<keys>/<set>/<repo>/key.jsonl`, `<keys>` = --keys DIR or `<out>-keys`), and the scripts that read keys
 * find it there or beside the packet, where committed sets keep it (scripts/packet-keys.ts).
 */
const ROOT = join(import.meta.dirname, '..', '..');

function script(name: string, args: string[]) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', name), ...args], { cwd: ROOT, encoding: 'utf8' });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  return run.stdout;
}

/** The store every test reads: built once for the file, each test given its own copy of it. */
let built: string;
beforeAll(async () => {
  const repo = await makeRepo([
    { at: '2024-11-01T00:00:00Z', msg: 'Initial commit', files: { 'src/http/retry.ts': 'export function retry() {}\n' } },
    { at: '2025-02-01T00:00:00Z', msg: 'Add exponential backoff to retries (#12)', files: { 'src/http/retry.ts': 'export function retry(n = 0) { return 2 ** n; }\n' } },
  ]);
  built = (await frozenForecast(repo.dir, '2025-01-01', [{ ...BACKOFF, evidence: [] }])).db;
});

/** A fresh copy of the built store (its repository is the file's, which lives until the file is done). */
async function store() {
  const db = join(await tempDir(), 'x.db');
  for (const suffix of ['', '-wal', '-shm']) if (existsSync(built + suffix)) copyFileSync(built + suffix, db + suffix);
  return { db };
}

test('label-packets writes no key inside a packet: it goes to <out>-keys/<set>/<repo>/, where rejudge-families finds it', async () => {
  const { db } = await store();
  const out = join(await tempDir(), 'dev');
  script('label-packets.ts', ['--db', db, '--out', out]);
  const [repo] = readdirSync(out);
  expect(readdirSync(join(out, repo!)).sort()).toEqual(['apart.jsonl', 'families.jsonl', 'meta.json', 'window.jsonl']);
  const key = join(`${out}-keys`, 'dev', repo!, 'key.jsonl');
  expect(JSON.parse(readFileSync(key, 'utf8'))).toMatchObject({ forecaster: 'heuristic', familyId: 'F1', rank: 1 });
  expect(findKey(out, repo!)).toBe(key);
  expect(keyedPackets(out)).toEqual([repo]);

  script('rejudge-families.ts', ['--dir', out, '--db', db, '--judge', 'lexical']);
  const verdicts = readFileSync(join(out, repo!, 'verdicts.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  expect(verdicts.map((v) => [v.familyId, v.judge])).toEqual([['F1', 'lexical']]);
}, 180_000);

test('with --keys DIR the keys go to DIR/<set>/<repo>/, and readers given the same --keys find them', async () => {
  const { db } = await store();
  const dir = await tempDir();
  const out = join(dir, 'packets', 'heldout');
  const keys = join(dir, 'keys');
  script('label-packets.ts', ['--db', db, '--out', out, '--keys', keys]);
  const [repo] = readdirSync(out);
  expect(existsSync(join(keys, 'heldout', repo!, 'key.jsonl'))).toBe(true);
  expect(existsSync(join(`${out}-keys`))).toBe(false);
  expect(keyedPackets(out)).toEqual([]);
  expect(keyedPackets(out, keys)).toEqual([repo]);
  script('rejudge-families.ts', ['--dir', out, '--db', db, '--judge', 'lexical', '--keys', keys]);
  expect(existsSync(join(out, repo!, 'verdicts.jsonl'))).toBe(true);
}, 180_000);

test('a key beside the packet, as committed sets keep it, is read before the keys folder', async () => {
  const set = join(await tempDir(), 'dev17');
  mkdirSync(join(set, 'bat'), { recursive: true });
  mkdirSync(join(`${set}-keys`, 'dev17', 'bat'), { recursive: true });
  writeFileSync(join(set, 'bat', 'key.jsonl'), '{}\n');
  writeFileSync(join(`${set}-keys`, 'dev17', 'bat', 'key.jsonl'), '{}\n');
  mkdirSync(join(set, 'unkeyed'));
  expect(findKey(set, 'bat')).toBe(join(set, 'bat', 'key.jsonl'));
  expect(findKey(set, 'unkeyed')).toBeNull();
  expect(keyedPackets(set)).toEqual(['bat']);
});

test('--repo keeps the named repositories only, and a name the store has no forecast of is an error', async () => {
  const { db } = await store();
  const all = join(await tempDir(), 'all');
  script('label-packets.ts', ['--db', db, '--out', all]);
  const [repo] = readdirSync(all);
  const one = join(await tempDir(), 'one');
  // The kept repository and the refused name: two processes, started together (`one/x` is not made, so they write apart).
  const [kept, run] = await Promise.all([
    spawnAsync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'label-packets.ts'), '--db', db, '--out', one, '--repo', repo!, '--top', '1'], { cwd: ROOT }),
    spawnAsync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'label-packets.ts'), '--db', db, '--out', join(one, 'x'), '--repo', 'nope'], { cwd: ROOT }),
  ]);
  expect(kept.stderr).toBe('');
  expect(kept.status).toBe(0);
  expect(readdirSync(one)).toEqual([repo]);
  expect(run.status).not.toBe(0);
  expect(run.stderr).toContain('--repo: no forecast of nope');
  expect(existsSync(join(one, 'x'))).toBe(false);
}, 180_000);
