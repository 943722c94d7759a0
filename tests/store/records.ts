import { Commit } from '../../src/git/model.js';
import { Snapshot, type Evidence } from '../../src/snapshot/model.js';
import { WorkItem } from '../../src/sources/model.js';

/** Small, valid domain records built by hand; each passes its zod schema. */

export function commit(sha: string, parents: string[], at: string, files: Commit['files'] = []): Commit {
  return Commit.parse({
    sha,
    parents,
    authorName: 'Ada',
    authorEmail: 'ada@example.org',
    authorTime: at,
    committerName: 'Grace',
    committerEmail: 'grace@example.org',
    committerTime: at,
    message: `Change ${sha}\n\nBody of ${sha}`,
    files,
  });
}

export function workItem(key: string, mergedAt: string, extra: Partial<WorkItem> = {}): WorkItem {
  return WorkItem.parse({
    key,
    number: key.startsWith('pr#') ? Number(key.slice(3)) : null,
    sha: `sha-${key}`,
    title: `Title of ${key}`,
    body: '',
    mergedAt,
    author: 'Ada',
    paths: ['src/a.ts'],
    kind: key.startsWith('pr#') ? 'squash' : 'commit',
    labels: [],
    bot: false,
    botReason: null,
    ...extra,
  });
}

export const T0 = '2024-06-01T00:00:00.000Z';

/** One evidence row of every kind, all dated at or before T0. */
export function everyKindOfEvidence(): Evidence[] {
  return [
    {
      kind: 'work_item',
      ref: 'pr#12',
      date: '2024-05-01T10:00:00.000Z',
      text: 'Add retry to fetch (#12)',
      item: workItem('pr#12', '2024-05-01T10:00:00.000Z', { labels: ['feature'], paths: ['src/fetch.ts'] }),
    },
    {
      kind: 'todo',
      ref: 'todo:src/fetch.ts:40',
      date: '2024-04-01T00:00:00.000Z',
      text: 'TODO: back off exponentially',
      path: 'src/fetch.ts',
      line: 40,
      marker: 'TODO',
      firstSeen: null,
    },
    {
      kind: 'changelog',
      ref: 'changelog:CHANGES.md:3',
      date: '2024-05-20T00:00:00.000Z',
      text: 'Unreleased: streaming responses',
      path: 'CHANGES.md',
      line: 3,
      section: 'Unreleased',
    },
    {
      kind: 'roadmap',
      ref: 'roadmap:ROADMAP.md:7',
      date: '2024-03-01T00:00:00.000Z',
      text: 'HTTP/2 support',
      path: 'ROADMAP.md',
      line: 7,
      done: false,
    },
    { kind: 'tag', ref: 'tag:v1.2.0', date: '2024-02-01T00:00:00.000Z', text: 'v1.2.0', name: 'v1.2.0', commit: 'c1' },
    {
      kind: 'hotspot',
      ref: 'hotspot:src',
      date: T0,
      text: 'src: 14 commits in 90 days',
      dir: 'src',
      commits90: 14,
      commits365: 40,
      changes90: 30,
      changes365: 95,
    },
  ];
}

export function snapshot(evidence: Evidence[] = everyKindOfEvidence(), hash = 'hash-1'): Snapshot {
  return Snapshot.parse({
    repo: { name: 'demo', path: '/repos/demo', defaultBranch: 'main' },
    t0: T0,
    commit: 'c9',
    commitTime: '2024-05-31T12:00:00.000Z',
    config: { todoMaxFileBytes: 1_000_000, todoMaxLines: 20_000, todoFirstSeenBudget: 50, hotspotTop: 10 },
    tree: [
      { dir: '', files: 3 },
      { dir: 'src', files: 5 },
    ],
    counts: { commits: 9, workItems: 3, blobsMissing: 0 },
    hash,
    evidence,
  });
}

export const demoRepo = { path: '/repos/demo', name: 'demo', defaultBranch: 'main', rootCommit: 'c1' };
