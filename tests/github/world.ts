import type { CommitSpec } from '../fixtures/repo.js';
import type { ItemSpec } from '../fixtures/github-server.js';

/**
 * A repository and its GitHub tracker whose history runs past T0, with a
 * CANARY string in every place later changes reach: titles renamed, labels
 * added, bodies and comments edited, comments and issues created after T0.
 * None of them may reach a snapshot at T0.
 */
export const T0 = '2024-06-01';
export const TOKEN = 'ghp_CANARYTOKEN1234567890';
const ana = { name: 'Ana', email: 'ana@example.com' };

export const commits: CommitSpec[] = [
  { at: '2024-01-05', msg: 'Initial parser', author: ana, files: { 'src/parser/index.js': 'export const parse = (s) => s;\n', 'src/http/client.js': 'export const get = () => 1;\n' } },
  { at: '2024-02-10', msg: 'Fix escaped quotes in the parser (#3)', author: ana, files: { 'src/parser/quote.js': 'export const q = 1;\n' } },
  { at: '2024-03-01', msg: 'start retry work', branch: 'retry', author: ana, files: { 'src/http/retry.js': 'export const retry = 1;\n' } },
  { at: '2024-03-15', msg: 'Merge pull request #5 from ana/retry\n\nAdd a retry loop to the HTTP client', merge: 'retry', author: ana },
  // Rebase-merged pull request #7: a plain commit in git.
  { at: '2024-04-10', msg: 'Stream parser tokens', author: ana, files: { 'src/parser/tokens.js': 'export const t = 1;\n' } },
  // After T0.
  { at: '2024-06-15', msg: 'Add streaming tokenizer (#6)', author: ana, files: { 'src/parser/stream.js': 'export const s = 1;\n' } },
  { at: '2024-07-10', msg: 'Fix the tokenizer (#9)', author: ana, files: { 'src/parser/tokenize.js': 'export const k = 1;\n' } },
];

/** The tracker, given the shas git wrote for `commits`. */
export function trackerItems(shas: readonly string[]): ItemSpec[] {
  return [
    {
      number: 1, created: '2024-01-10T09:00:00Z', title: 'Parser fails on nested quotes', body: 'Nested quotes crash src/parser/index.js',
      changes: [
        { at: '2024-02-01T10:00:00Z', comment: { id: 101, body: 'I see this too' } },
        { at: '2024-03-01T10:00:00Z', label: '+bug' },
        { at: '2024-07-05T10:00:00Z', rename: 'CANARY_RENAMED_TITLE' },
        { at: '2024-07-06T10:00:00Z', label: '+CANARY_LABEL' },
        { at: '2024-07-07T10:00:00Z', label: '-bug' },
        { at: '2024-07-08T10:00:00Z', comment: { id: 102, body: 'CANARY_LATE_COMMENT' } },
        { at: '2024-07-09T10:00:00Z', edit: 'CANARY_EDITED_BODY' },
      ],
    },
    {
      number: 2, created: '2024-02-15T09:00:00Z', title: 'Retry on 503 responses', body: 'The client gives up on the first 503.',
      changes: [
        { at: '2024-02-16T09:00:00Z', label: '+enhancement' },
        { at: '2024-04-01T09:00:00Z', close: true },
        { at: '2024-05-01T09:00:00Z', reopen: true },
        { at: '2024-08-01T09:00:00Z', close: true },
      ],
    },
    {
      number: 3, created: '2024-02-01T09:00:00Z', title: 'Fix escaped quotes', body: 'Keeps the backslash.', pull: { head: 'fix-quotes', files: ['src/parser/quote.js'] },
      changes: [
        { at: '2024-02-05T09:00:00Z', label: '+bug' },
        { at: '2024-02-10T00:00:00Z', merge: shas[1]! },
        { at: '2024-09-01T09:00:00Z', rename: 'CANARY_PR_RENAMED' },
        { at: '2024-09-02T09:00:00Z', label: '+CANARY_PR_LABEL' },
      ],
    },
    {
      number: 4, created: '2024-05-20T09:00:00Z', title: 'Timeouts in the http client', body: 'Requests hang forever.', keepOriginal: false,
      changes: [{ at: '2024-07-01T09:00:00Z', edit: 'CANARY_UNRECOVERABLE_BODY' }],
    },
    {
      number: 5, created: '2024-03-01T09:00:00Z', title: 'Add a retry loop', labels: ['enhancement'], body: 'Retries with backoff.', pull: { head: 'retry', files: ['src/http/retry.js'] },
      changes: [{ at: '2024-03-15T00:00:00Z', merge: shas[3]! }],
    },
    {
      number: 6, created: '2024-05-01T09:00:00Z', title: 'Add streaming tokenizer', body: 'Tokens as a stream.', pull: { head: 'stream', files: ['src/parser/stream.js', 'CANARY_LATE_FILE.js'] },
      changes: [
        { at: '2024-06-10T09:00:00Z', rename: 'Streaming tokenizer with backpressure' },
        { at: '2024-06-11T09:00:00Z', label: '+feature' },
        { at: '2024-06-15T00:00:00Z', merge: shas[5]! },
        { at: '2024-08-01T09:00:00Z', rename: 'CANARY_AFTER_MERGE' },
      ],
    },
    {
      number: 7, created: '2024-04-01T09:00:00Z', title: 'Stream parser tokens', labels: ['refactor'], body: 'Rebased.', pull: { head: 'tokens', files: ['src/parser/tokens.js'] },
      changes: [{ at: '2024-04-10T00:00:00Z', merge: shas[4]! }],
    },
    { number: 8, created: '2024-07-02T09:00:00Z', title: 'CANARY_NEW_ISSUE', body: 'CANARY_NEW_BODY' },
    {
      number: 9, created: '2024-06-20T09:00:00Z', title: 'Fix the tokenizer', body: 'CANARY_PR9_BODY', pull: { head: 'tok', files: ['src/parser/tokenize.js'] },
      changes: [
        { at: '2024-06-21T09:00:00Z', label: '+bug' },
        { at: '2024-07-10T00:00:00Z', merge: shas[6]! },
      ],
    },
    { number: 10, created: '2022-12-01T09:00:00Z', title: 'Ancient question', body: 'Long closed.', changes: [{ at: '2023-01-01T00:00:00Z', close: true }] },
    {
      number: 11, created: '2024-03-10T09:00:00Z', title: 'Document the parser options', body: 'Which options exist?',
      changes: [
        { at: '2024-03-11T09:00:00Z', comment: { id: 111, body: 'See src/parser/index.js' } },
        { at: '2024-07-15T09:00:00Z', editComment: { id: 111, body: 'CANARY_COMMENT_EDIT' } },
      ],
    },
    {
      number: 12, created: '2024-04-20T09:00:00Z', title: 'Crash when the config is missing', labels: ['bug'], body: 'Boom.',
      changes: [{ at: '2024-05-10T09:00:00Z', close: true }],
    },
  ];
}
