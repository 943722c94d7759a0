import { afterAll, expect, test } from 'vitest';
import { pairExactRenames, type FileChange } from '../../src/git/exact-renames.js';
import { LogStreamParser } from '../../src/git/log-parser.js';
import { logArgs } from '../../src/git/native-log.js';
import { createScratchRepo, gitBytes, removeScratch } from './scratch-repo.js';

afterAll(removeScratch);

function parseAll(output: Buffer, chunkSize: number) {
  const parser = new LogStreamParser();
  const commits = [];
  for (let at = 0; at < output.length; at += chunkSize) commits.push(...parser.push(output.subarray(at, at + chunkSize)));
  const last = parser.end();
  if (last) commits.push(last);
  return commits;
}

test('the log parser gives the same commits however the stream is cut into chunks', () => {
  const repo = createScratchRepo();
  repo.commit('One\n\nbody', { 'a.txt': 'a\n', 'tab\there.txt': 'x\n' });
  repo.commit('Empty');
  repo.commit('Three', { 'a.txt': 'a\nb\n', 'c.bin': Buffer.from([0, 1, 0]) });
  const output = gitBytes(repo.dir, logArgs('HEAD', true));
  const whole = parseAll(output, output.length);
  expect(whole.map((c) => c.message)).toEqual(['Three', 'Empty', 'One\n\nbody']);
  expect(whole[0]?.entries.map((e) => [e.path, e.additions, e.deletions])).toEqual([['a.txt', 1, 0], ['c.bin', null, null]]);
  expect(whole[2]?.entries.map((e) => e.path)).toEqual(['a.txt', 'tab\there.txt']);
  for (const size of [1, 2, 7, 64]) expect(parseAll(output, size)).toEqual(whole);
});

test('the log parser refuses output that ends inside a commit header', () => {
  const parser = new LogStreamParser();
  parser.push(Buffer.from('\0abc\0'));
  expect(() => parser.end()).toThrow(/ended inside a commit/);
});

const change = (path: string, status: FileChange['status'], oid: string, lines: number | null = 1): FileChange => ({
  path,
  status,
  oldOid: status === 'added' ? null : oid,
  newOid: status === 'deleted' ? null : oid,
  additions: status === 'deleted' ? 0 : lines,
  deletions: status === 'added' ? 0 : lines,
});

test('exact renames pair in path order whatever order the changes come in', () => {
  const changes = [change('z/new2', 'added', 'b1'), change('old2', 'deleted', 'b1'), change('a/new1', 'added', 'b1'), change('old1', 'deleted', 'b1')];
  const expected = [
    { path: 'a/new1', oldPath: 'old1', status: 'renamed', additions: 0, deletions: 0 },
    { path: 'z/new2', oldPath: 'old2', status: 'renamed', additions: 0, deletions: 0 },
  ];
  expect(pairExactRenames(changes)).toEqual(expected);
  expect(pairExactRenames([...changes].reverse())).toEqual(expected);
});

test('an unpaired side stays added or deleted, and empty files are never renames', () => {
  const empty = 'e69de29bb2d1d6434b8b29ae775ad8c2e48c5391';
  expect(pairExactRenames([change('b', 'added', 'x'), change('a', 'deleted', 'y'), change('e2', 'added', empty), change('e1', 'deleted', empty)]).map((f) => [f.path, f.status])).toEqual([
    ['a', 'deleted'], ['b', 'added'], ['e1', 'deleted'], ['e2', 'added'],
  ]);
});

test('a rename of a file whose lines were not counted has null line counts', () => {
  expect(pairExactRenames([change('new', 'added', 'b', null), change('old', 'deleted', 'b', null)])).toEqual([
    { path: 'new', oldPath: 'old', status: 'renamed', additions: null, deletions: null },
  ]);
});
