import { expect, test } from 'vitest';
import { Commit, ModifiedFile } from '../../src/git/model.js';
import { WorkItem } from '../../src/sources/model.js';

// Commits and work items are stored column by column. When a model gains a
// field, these fail: add a migration with its column and map it in
// src/store/commits.ts or work-items.ts, then extend the list here.
// (Snapshots and evidence are stored as JSON as well, so they need no such list.)

test('the store maps every field of Commit', () => {
  expect(Object.keys(Commit.shape).sort()).toEqual(
    ['authorEmail', 'authorName', 'authorTime', 'committerEmail', 'committerName', 'committerTime', 'files', 'message', 'parents', 'sha'].sort(),
  );
});

test('the store maps every field of ModifiedFile', () => {
  expect(Object.keys(ModifiedFile.shape).sort()).toEqual(['additions', 'deletions', 'oldPath', 'path', 'status']);
});

test('the store maps every field of WorkItem', () => {
  expect(Object.keys(WorkItem.shape).sort()).toEqual(
    ['author', 'body', 'bot', 'botReason', 'diffWork', 'integration', 'key', 'kind', 'labels', 'mergedAt', 'number', 'paths', 'sha', 'title'].sort(),
  );
});
