import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { validateForecast } from '../../src/api/validate.js';
import type { TaskFamily } from '../../src/family/model.js';
import { addedIdentifiers, addedLines, readAddedIdentifiers } from '../../src/git/added-identifiers.js';
import { createSemanticJudge } from '../../src/validate/semantic/judge.js';
import { createLexicalJudge } from '../../src/validate/lexical.js';
import { makeRepo } from '../fixtures/repo.js';
import { frozenForecast } from './frozen-forecast.js';
import { item, RETRY } from './judge-literals.js';

/**
 * Judges read what a change did: the names its diff defines (a def, fn,
 * class, const, a new test), read from the clone
 * (src/git/added-identifiers.ts), so a change whose title says nothing of
 * the family's symbol still shares its direction.
 */

const BEFORE = 'import socket\n\n\ndef send(request):\n    return socket.send(request)\n';
const AFTER = `${BEFORE}\n\ndef retry_policy_for(request):\n    return RetryPolicy(backoff=2.0)\n`;

async function history() {
  return makeRepo([
    { at: '2024-01-01', msg: 'Start the client (#1)', files: { 'src/http/client.py': BEFORE, 'README.md': 'client\n' } },
    { at: '2024-02-01', msg: 'Document the client (#2)', files: { 'README.md': 'client\nusage\n' } },
    { at: '2024-04-10', msg: 'Tidy up the client module (#3)', files: { 'src/http/client.py': AFTER } },
    { at: '2024-04-20', msg: 'Update the README (#4)', files: { 'README.md': 'client\nusage\nmore\n' } },
  ]);
}

function gitOut(dir: string, args: string[]): string {
  return execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8' }).trim();
}

test('the identifiers on the lines a commit adds are read from the clone, not those of lines it keeps', async () => {
  const repo = await history();
  const sha = gitOut(repo.dir, ['log', '-1', '--format=%H', '--grep', 'Tidy up']);
  const root = gitOut(repo.dir, ['rev-list', '--max-parents=0', 'HEAD']);
  const added = await readAddedIdentifiers(repo.dir, [sha, root, 'f'.repeat(40)]);
  expect(added.get(sha)).toEqual(expect.arrayContaining(['retry_policy_for', 'retrypolicy', 'backoff']));
  expect(added.get(sha)).not.toContain('socket');
  // The root commit is diffed against the empty tree; a commit the clone lacks has no entry and is no error.
  expect(added.get(root)).toEqual(expect.arrayContaining(['socket', 'send', 'request']));
  expect(added.has('f'.repeat(40))).toBe(false);
  expect(addedLines('a\nb\nb\n', 'b\na\nb\nb\nc\n')).toEqual(['b', 'c']);
});

test('code a commit moves or rewrites in place adds nothing: a renamed file, a function moved to another module, an import given a prefix', async () => {
  const repo = await makeRepo([
    { at: '2024-01-01', msg: 'Start (#1)', files: { 'src/a.py': BEFORE, 'src/b.py': 'def other():\n    return 1\n', 'src/c.js': "const { AsyncLocalStorage } = require('async_hooks')\n" } },
    { at: '2024-03-01', msg: 'Move send to b, prefix the import (#2)', files: { 'src/a.py': 'import socket\n', 'src/b.py': 'def other():\n    return 1\n\n\ndef send(request):\n    return socket.send(request)\n', 'src/c.js': "const { AsyncLocalStorage } = require('node:async_hooks')\n" } },
    { at: '2024-04-01', msg: 'Add a retry policy (#3)', files: { 'src/b.py': 'def other():\n    return 1\n\n\ndef send(request):\n    return socket.send(request)\n\n\ndef retry_policy_for(request):\n    return 2\n' } },
  ]);
  const [added3, moved] = gitOut(repo.dir, ['log', '--format=%H', '-2']).split('\n');
  const ids = await readAddedIdentifiers(repo.dir, [moved!, added3!]);
  // `send` moved from a.py to b.py and `AsyncLocalStorage` stayed on its rewritten line: neither is brought in.
  expect(ids.get(moved!)).not.toContain('send');
  expect(ids.get(moved!)).not.toContain('asynclocalstorage');
  expect(ids.get(moved!)).toContain('node');
  expect(ids.get(added3!)).toEqual(expect.arrayContaining(['retry_policy_for']));
  // A renamed file (deleted under one name, added under another) adds nothing either.
  expect(addedIdentifiers([[AFTER, ''], ['', AFTER]])).toEqual([]);
  expect(addedIdentifiers([['', AFTER]])).toEqual(expect.arrayContaining(['retry_policy_for', 'socket']));
});

test('a blob the clone lacks is skipped, never fetched and never an error', async () => {
  const repo = await history();
  const sha = gitOut(repo.dir, ['log', '-1', '--format=%H', '--grep', 'Tidy up']);
  const blob = gitOut(repo.dir, ['rev-parse', `${sha}:src/http/client.py`]);
  rmSync(join(repo.dir, '.git', 'objects', blob.slice(0, 2), blob.slice(2)));
  const added = await readAddedIdentifiers(repo.dir, [sha]);
  expect(added.get(sha)).toEqual([]);
  expect(await readAddedIdentifiers(join(repo.dir, 'no-such-folder'), [sha])).toEqual(new Map());
});


test('a change whose title says nothing of the family\'s symbol is related when its diff defines it, and its reason says so', async () => {
  const tidy = item('pr#3', 'Tidy up the client module', ['src/http/client.py']);
  const readme = item('pr#4', 'Update the README', ['README.md']);
  for (const judge of [createSemanticJudge(), createLexicalJudge()]) {
    const blind = await judge.judge({ families: [RETRY], later: [tidy, readme] });
    expect([judge.name, blind.verdicts[0]!.label]).toEqual([judge.name, 'rejected']);
    const read = await judge.judge({ families: [RETRY], later: [tidy, readme], added: { 'pr#3': ['retry_policy_for', 'retrypolicy', 'backoff'] } });
    expect([judge.name, read.verdicts[0]!.label]).toEqual([judge.name, 'related']);
    expect(read.verdicts[0]!.matches[0]).toMatchObject({ key: 'pr#3', reason: expect.stringMatching(/^direction: its diff defines `retry_policy_for`/) });
  }
});

test('a plain word the family names is not matched in a diff: most diffs of a project add it somewhere', async () => {
  const plain: TaskFamily = { ...RETRY, title: 'Rework the client', expected_behavior: 'The client sends requests.', target_hints: { paths: ['src/http/retry.py'], symbols: ['socket'] } };
  const tidy = item('pr#3', 'Tidy up the module', ['src/http/client.py']);
  const { verdicts } = await createLexicalJudge().judge({ families: [plain], later: [tidy], added: { 'pr#3': ['socket', 'send'] } });
  expect(verdicts[0]!.label).toBe('rejected');
});

test('validate reads what each later change defined from the clone and matches on it', async () => {
  const repo = await history();
  const { db, forecastId } = await frozenForecast(repo.dir, '2024-03-01', [RETRY]);
  const { validation } = await validateForecast({ db, forecast: forecastId, window: '3m' });
  expect(validation.verdicts[0]).toMatchObject({ label: 'related', matches: [{ key: 'pr#3', reason: expect.stringMatching(/its diff defines `retry_policy_for`/) }] });
});
