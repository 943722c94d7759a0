import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { readAddedIdentifiers, type AddedIdentifiersMemo } from '../../src/git/added-identifiers.js';
import { makeRepo } from '../fixtures/repo.js';

/**
 * A study validates each repository's window once per forecaster and judge:
 * what the window's commits added is read from the clone once (a memo per
 * clone, src/api/study-repo.ts), and the memo never changes an answer.
 */

const gitOut = (dir: string, args: string[]) => execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8' }).trim();

test('a memo answers as a fresh read does, and a commit read once is not read from the clone again', async () => {
  const repo = await makeRepo([
    { at: '2024-01-01', msg: 'Start (#1)', files: { 'src/app.py': 'def start():\n    return open_socket()\n' } },
    { at: '2024-02-01', msg: 'Retry (#2)', files: { 'src/app.py': 'def start():\n    return open_socket()\n\ndef retry_policy_for(x):\n    return backoff(x)\n' } },
    { at: '2024-03-01', msg: 'Docs (#3)', files: { 'README.md': 'usage of retry_policy_for\n' } },
  ]);
  const shas = gitOut(repo.dir, ['log', '--format=%H']).split('\n');
  const missing = 'f'.repeat(40);
  const fresh = await readAddedIdentifiers(repo.dir, [...shas, missing]);
  const memo: AddedIdentifiersMemo = new Map();
  expect(await readAddedIdentifiers(repo.dir, [shas[0]!, missing], memo)).toEqual(new Map([[shas[0]!, fresh.get(shas[0]!)]]));
  const all = await readAddedIdentifiers(repo.dir, [...shas, missing], memo);
  expect([...all].sort()).toEqual([...fresh].sort());
  expect(memo.get(missing)).toBeNull();

  // With the clone's objects gone, a fresh read finds nothing; the memo still knows every commit it read.
  rmSync(join(repo.dir, '.git', 'objects'), { recursive: true, force: true });
  expect(await readAddedIdentifiers(repo.dir, shas)).toEqual(new Map());
  expect([...(await readAddedIdentifiers(repo.dir, [...shas].reverse(), memo))].sort()).toEqual([...fresh].sort());
});
