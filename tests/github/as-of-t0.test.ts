import { expect, test } from 'vitest';
import { replayToT0, textAt } from '../../src/github/as-of-t0.js';
import { GithubItem, type GithubEvent, type ItemAtT0 } from '../../src/github/model.js';

/**
 * The as-of-T0 replay, one event kind at a time: each item is today's state
 * (what GitHub returns) with its timeline, and the replay must find the state
 * in force at T0 — and nothing dated after it.
 */
const T0 = '2024-06-01T00:00:00.000Z';
let ids = 0;

function item(over: Partial<GithubItem> = {}): GithubItem {
  return GithubItem.parse({
    number: 1, nodeId: 'I_1', isPullRequest: false, title: 'Title', body: 'Body', state: 'open', labels: [], author: 'alice',
    createdAt: '2024-01-01T00:00:00.000Z', updatedAt: '2024-01-01T00:00:00.000Z', closedAt: null, mergedAt: null,
    mergeCommitSha: null, baseRef: null, headRef: null, files: null, events: [], eventsComplete: true, comments: [],
    bodyEdits: { lastEditedAt: null, complete: true, edits: [] }, source: 'api',
    ...over,
  });
}

function ev(kind: GithubEvent['kind'], at: string, extra: Partial<GithubEvent> = {}): GithubEvent {
  return { kind, at: new Date(at).toISOString(), actor: 'bob', id: ++ids, ...extra };
}

function atT0(i: GithubItem, t0 = T0): ItemAtT0 {
  const r = replayToT0(i, t0);
  if (r.status !== 'visible') throw new Error(`expected visible, got ${r.status}`);
  return r.item;
}

test('an item created after T0 is absent', () => {
  expect(replayToT0(item({ createdAt: '2024-06-01T00:00:01.000Z', updatedAt: '2024-06-02T00:00:00.000Z' }), T0)).toEqual({ status: 'absent' });
});

test('an item created exactly at T0 is visible', () => {
  expect(replayToT0(item({ createdAt: T0, updatedAt: T0 }), T0).status).toBe('visible');
});

test('renamed: a rename after T0 is undone, one before T0 stays', () => {
  const i = item({
    title: 'Third',
    updatedAt: '2024-08-01T00:00:00.000Z',
    events: [ev('renamed', '2024-03-01', { from: 'First', to: 'Second' }), ev('renamed', '2024-07-01', { from: 'Second', to: 'Third' })],
  });
  expect(atT0(i).title).toBe('Second');
  expect(atT0(i, '2024-02-01T00:00:00.000Z').title).toBe('First');
});

test('labeled and unlabeled: labels added after T0 go, labels removed after T0 come back', () => {
  const i = item({
    labels: ['feature', 'late'],
    updatedAt: '2024-08-01T00:00:00.000Z',
    events: [ev('labeled', '2024-02-01', { label: 'bug' }), ev('labeled', '2024-02-02', { label: 'feature' }), ev('unlabeled', '2024-07-01', { label: 'bug' }), ev('labeled', '2024-07-02', { label: 'late' })],
  });
  expect(atT0(i).labels).toEqual(['bug', 'feature']);
});

test('closed and reopened: the state and close time in force at T0', () => {
  const closedNow = item({
    state: 'closed',
    closedAt: '2024-08-01T00:00:00.000Z',
    updatedAt: '2024-08-01T00:00:00.000Z',
    events: [ev('closed', '2024-03-01'), ev('reopened', '2024-04-01'), ev('closed', '2024-08-01')],
  });
  expect(atT0(closedNow)).toMatchObject({ state: 'open', closedAt: null });
  expect(atT0(closedNow, '2024-03-15T00:00:00.000Z')).toMatchObject({ state: 'closed', closedAt: '2024-03-01T00:00:00.000Z' });

  const reopenedNow = item({ updatedAt: '2024-07-01T00:00:00.000Z', events: [ev('closed', '2024-05-01'), ev('reopened', '2024-07-01')] });
  expect(atT0(reopenedNow)).toMatchObject({ state: 'closed', closedAt: '2024-05-01T00:00:00.000Z' });
});

test('merged: a pull request merged after T0 is open at T0, with no merge commit and its files withheld', () => {
  const pr = item({
    isPullRequest: true, state: 'closed', closedAt: '2024-07-01T00:00:00.000Z', mergedAt: '2024-07-01T00:00:00.000Z',
    mergeCommitSha: 'abc', updatedAt: '2024-07-01T00:00:00.000Z', files: ['src/a.ts', 'src/late.ts'],
    events: [ev('merged', '2024-07-01'), ev('closed', '2024-07-01')],
  });
  expect(atT0(pr)).toMatchObject({ state: 'open', mergedAt: null, closedAt: null, mergeCommitSha: null, paths: [], pathsWithheld: true });
  expect(atT0(pr, '2024-07-02T00:00:00.000Z')).toMatchObject({ state: 'merged', mergedAt: '2024-07-01T00:00:00.000Z', mergeCommitSha: 'abc', paths: ['src/a.ts', 'src/late.ts'], pathsWithheld: false });
});

test('a pull request closed by T0 shows its files, unless it was reopened after T0', () => {
  const closed = item({ isPullRequest: true, state: 'closed', closedAt: '2024-05-01T00:00:00.000Z', updatedAt: '2024-05-01T00:00:00.000Z', files: ['b.ts', 'a.ts'], events: [ev('closed', '2024-05-01')] });
  expect(atT0(closed)).toMatchObject({ state: 'closed', paths: ['a.ts', 'b.ts'], pathsWithheld: false });
  const reopened = item({ ...closed, updatedAt: '2024-08-02T00:00:00.000Z', events: [ev('closed', '2024-05-01'), ev('reopened', '2024-08-01'), ev('closed', '2024-08-02')] });
  expect(atT0(reopened)).toMatchObject({ state: 'closed', paths: [], pathsWithheld: true });
});

test('body edits: the revision in force at T0 is shown; an unrecoverable one is withheld, never shown later', () => {
  const edited = (edits: { editedAt: string; body: string | null }[], complete = true) =>
    item({ body: 'LATER', updatedAt: '2024-07-01T00:00:00.000Z', bodyEdits: { lastEditedAt: '2024-07-01T00:00:00.000Z', complete, edits } });
  const history = [
    { editedAt: '2024-01-01T00:00:00.000Z', body: 'original' },
    { editedAt: '2024-03-01T00:00:00.000Z', body: 'second' },
    { editedAt: '2024-07-01T00:00:00.000Z', body: 'LATER' },
  ];
  expect(atT0(edited(history))).toMatchObject({ body: 'second', bodyWithheld: false });
  // GitHub's history without the original text, the revision at T0 deleted, or a history not read to its end.
  expect(atT0(edited(history.slice(2)))).toMatchObject({ body: '', bodyWithheld: true });
  expect(atT0(edited([history[0]!, { ...history[1]!, body: null }, history[2]!]))).toMatchObject({ body: '', bodyWithheld: true });
  expect(atT0(edited(history, false))).toMatchObject({ body: '', bodyWithheld: true });
  // No edit history read at all, but changed since T0: withheld.
  expect(atT0(item({ body: 'LATER', updatedAt: '2024-07-01T00:00:00.000Z', bodyEdits: null }))).toMatchObject({ body: '', bodyWithheld: true });
  // Last edited before T0, or never: the current text.
  expect(atT0(item({ body: 'now', updatedAt: '2024-07-01T00:00:00.000Z', bodyEdits: { lastEditedAt: '2024-05-01T00:00:00.000Z', complete: true, edits: [] } })).body).toBe('now');
  expect(atT0(item({ body: 'now', updatedAt: '2024-07-01T00:00:00.000Z' })).body).toBe('now');
});

test('comments: those made after T0 are dropped, those edited after T0 show their text at T0 or are withheld', () => {
  const comment = (id: number, createdAt: string, updatedAt: string, body: string, edits: GithubItem['bodyEdits']) => ({ id, nodeId: `IC_${id}`, author: 'carol', createdAt, updatedAt, body, edits });
  const i = item({
    updatedAt: '2024-08-01T00:00:00.000Z',
    comments: [
      comment(1, '2024-02-01T00:00:00.000Z', '2024-02-01T00:00:00.000Z', 'plain', null),
      comment(2, '2024-03-01T00:00:00.000Z', '2024-07-01T00:00:00.000Z', 'LATER', {
        lastEditedAt: '2024-07-01T00:00:00.000Z', complete: true, edits: [{ editedAt: '2024-03-01T00:00:00.000Z', body: 'first words' }, { editedAt: '2024-07-01T00:00:00.000Z', body: 'LATER' }],
      }),
      comment(3, '2024-04-01T00:00:00.000Z', '2024-07-01T00:00:00.000Z', 'LATER', null),
      comment(4, '2024-07-01T00:00:00.000Z', '2024-07-01T00:00:00.000Z', 'LATER', null),
    ],
  });
  expect(atT0(i).comments).toEqual([
    { author: 'carol', createdAt: '2024-02-01T00:00:00.000Z', body: 'plain', bodyWithheld: false },
    { author: 'carol', createdAt: '2024-03-01T00:00:00.000Z', body: 'first words', bodyWithheld: false },
    { author: 'carol', createdAt: '2024-04-01T00:00:00.000Z', body: '', bodyWithheld: true },
  ]);
});

test('an item changed after T0 without a complete timeline is withheld whole; unchanged since T0 it is shown as it is', () => {
  expect(replayToT0(item({ updatedAt: '2024-07-01T00:00:00.000Z', eventsComplete: false }), T0)).toEqual({ status: 'withheld', reason: 'no-history' });
  expect(atT0(item({ title: 'Same', labels: ['x'], updatedAt: '2024-05-01T00:00:00.000Z', eventsComplete: false }))).toMatchObject({ title: 'Same', labels: ['x'] });
});

test('nothing in a replayed item is dated after T0', () => {
  const i = item({
    updatedAt: '2024-09-01T00:00:00.000Z', state: 'closed', closedAt: '2024-09-01T00:00:00.000Z',
    events: [ev('labeled', '2024-02-01', { label: 'a' }), ev('closed', '2024-09-01')],
    comments: [{ id: 9, nodeId: null, author: 'x', createdAt: '2024-08-01T00:00:00.000Z', updatedAt: '2024-08-01T00:00:00.000Z', body: 'late', edits: null }],
  });
  const v = atT0(i);
  const dates = [v.createdAt, v.closedAt, v.mergedAt, v.lastActivityAt, ...v.comments.map((c) => c.createdAt)].filter((d): d is string => d !== null);
  for (const d of dates) expect(Date.parse(d)).toBeLessThanOrEqual(Date.parse(T0));
  expect(v.lastActivityAt).toBe('2024-02-01T00:00:00.000Z');
});

test('textAt picks the newest revision at or before the cutoff whatever order the history comes in', () => {
  const edits = { lastEditedAt: '2024-09-01T00:00:00.000Z', complete: true, edits: [{ editedAt: '2024-05-01T00:00:00.000Z', body: 'b' }, { editedAt: '2024-01-01T00:00:00.000Z', body: 'a' }, { editedAt: '2024-09-01T00:00:00.000Z', body: 'c' }] };
  expect(textAt('c', edits, '2024-09-01T00:00:00.000Z', Date.parse(T0))).toEqual({ body: 'b', withheld: false });
});
