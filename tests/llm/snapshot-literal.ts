import { Snapshot, type Evidence } from '../../src/snapshot/model.js';
import type { WorkItem } from '../../src/sources/model.js';

/**
 * A hand-built Snapshot (zod-valid literal) of a small parser/HTTP project at
 * T0 = 2024-07-01, for the LLM forecaster's tests. `LATER` holds what happened
 * after T0: it is kept outside the snapshot and must never reach a prompt.
 */
export const T0 = '2024-07-01T00:00:00.000Z';

export function workItem(key: string, at: string, title: string, paths: string[], extra: Partial<WorkItem> = {}): Extract<Evidence, { kind: 'work_item' }> {
  const number = /^pr#(\d+)$/.exec(key)?.[1];
  const item: WorkItem = {
    key,
    number: number ? Number(number) : null,
    sha: key.replace(/\W/g, '').padEnd(40, '0').slice(0, 40),
    title,
    body: '',
    mergedAt: at,
    author: 'Ana',
    paths,
    kind: number ? 'squash' : 'commit',
    labels: [],
    bot: false,
    botReason: null,
    ...extra,
  };
  return { kind: 'work_item', ref: key, date: at, text: title, item };
}

export function todo(path: string, line: number, at: string, marker: string, text: string): Evidence {
  return { kind: 'todo', ref: `todo:${path}:${line}`, date: at, text, path, line, marker, firstSeen: at };
}

export type IssueRow = Extract<Evidence, { kind: 'issue' }>;

/**
 * An issue (or, with `pullRequest: true`, a pull request) on the tracker as it
 * stood at T0: open by default, opened and last active before T0.
 */
export function issue(number: number, title: string, extra: Partial<IssueRow> = {}): IssueRow {
  const pullRequest = extra.pullRequest ?? false;
  return {
    kind: 'issue',
    ref: `${pullRequest ? 'pull' : 'issue'}#${number}`,
    date: '2024-05-01T09:00:00.000Z',
    text: title,
    number,
    pullRequest,
    state: 'open',
    labels: [],
    author: 'bob',
    closedAt: null,
    lastActivityAt: '2024-06-01T09:00:00.000Z',
    body: '',
    bodyWithheld: false,
    commentCount: 0,
    comments: [],
    paths: [],
    pathsWithheld: pullRequest,
    ...extra,
  };
}

export const EVIDENCE: Evidence[] = [
  workItem('pr#3', '2024-02-10T10:00:00.000Z', 'Fix escaped quotes in the parser', ['src/parser/quote.js', 'tests/parser/quote.test.js'], {
    body: 'The parser dropped a backslash before a quote.\n\nSigned-off-by: Ana',
  }),
  workItem('pr#5', '2024-03-15T10:00:00.000Z', 'Add a retry loop to the HTTP client', ['src/http/retry.js']),
  workItem('pr#8', '2024-06-02T10:00:00.000Z', 'Parser: support nested quotes in attributes', ['src/parser/index.js', 'src/parser/quote.js']),
  workItem('pr#7', '2024-05-20T10:00:00.000Z', 'Bump lodash from 4.17.20 to 4.17.21', ['package.json'], {
    author: 'dependabot[bot]', bot: true, botReason: 'dependency bump title',
  }),
  todo('src/parser/index.js', 1, '2024-01-05T10:00:00.000Z', 'TODO', 'handle nested quotes in attribute values'),
  todo('src/http/retry.js', 1, '2024-03-01T10:00:00.000Z', 'FIXME', 'no backoff yet between retries'),
  { kind: 'changelog', ref: 'changelog:CHANGELOG.md:4', date: '2024-06-02T10:00:00.000Z', text: 'parser accepts nested quotes', path: 'CHANGELOG.md', line: 4, section: 'Unreleased' },
  { kind: 'roadmap', ref: 'roadmap:ROADMAP.md:2', date: '2024-01-05T10:00:00.000Z', text: 'exponential backoff for retries', path: 'ROADMAP.md', line: 2, done: false },
  { kind: 'roadmap', ref: 'roadmap:ROADMAP.md:3', date: '2024-01-05T10:00:00.000Z', text: 'parser skeleton', path: 'ROADMAP.md', line: 3, done: true },
  { kind: 'tag', ref: 'tag:v0.1.0', date: '2024-02-10T10:00:00.000Z', text: 'v0.1.0', name: 'v0.1.0', commit: 'pr3'.padEnd(40, '0') },
  {
    kind: 'hotspot', ref: 'hotspot:src/parser', date: T0, text: 'src/parser: 2 commits in the 90 days and 3 in the 365 days before T0',
    dir: 'src/parser', commits90: 2, commits365: 3, changes90: 3, changes365: 5,
  },
];

/** Work that landed after T0; validation reads it, a prompt never may. */
export const LATER = [
  'CANARY_PR_TITLE exponential backoff with jitter',
  'CANARY_PR_BODY the retry loop now waits',
  'CANARY_TODO tokenizer rewrite',
  'CANARY_CHANGELOG 0.3.0 released',
];

export function makeSnapshot(evidence: Evidence[] = EVIDENCE, t0 = T0): Snapshot {
  return Snapshot.parse({
    repo: { name: 'quill', path: '/home/ana/src/quill', defaultBranch: 'main' },
    t0,
    commit: 'pr8'.padEnd(40, '0'),
    commitTime: '2024-06-02T10:00:00.000Z',
    config: { todoMaxFileBytes: 1_000_000, todoMaxLines: 100_000, todoFirstSeenBudget: 50, hotspotTop: 10 },
    tree: [
      { dir: '', files: 4 }, { dir: 'src', files: 0 }, { dir: 'src/http', files: 1 }, { dir: 'src/parser', files: 2 },
      { dir: 'tests', files: 0 }, { dir: 'tests/parser', files: 1 },
    ],
    counts: { work_items: 4, todos: 2 },
    hash: 'sha256:test',
    evidence,
  });
}
