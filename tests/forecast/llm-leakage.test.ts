import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { UserError } from '../../src/errors.js';
import { createLlmForecaster } from '../../src/forecast/llm/index.js';
import { createOpenAIChat } from '../../src/llm/openai-chat.js';
import type { Evidence } from '../../src/snapshot/model.js';
import { runCliJson } from '../cli/run-cli.js';
import { startGithubServer, type GithubServer } from '../fixtures/github-server.js';
import { startOpenAIServer, type OpenAIServer, type Reply } from '../fixtures/openai-server.js';
import { makeRepo, tempDir } from '../fixtures/repo.js';
import { queryRows } from '../github/tracker-rows.js';
import { commits, T0 as TRACKER_T0, TOKEN, trackerItems } from '../github/world.js';
import { answer, BACKOFF, family } from '../llm/answers.js';
import { EVIDENCE, issue, LATER, makeSnapshot, todo, workItem } from '../llm/snapshot-literal.js';

let server: OpenAIServer | undefined;
afterEach(async () => {
  await server?.close();
});

async function forecast(evidence: Evidence[], script: Reply[]) {
  server = await startOpenAIServer(script);
  const chat = createOpenAIChat({ baseURL: server.baseURL, model: 'm', maxRetries: 0 });
  const forecaster = createLlmForecaster({ chat, cutoff: '2023-10-01', allowModelAfterT0: false });
  return forecaster.forecast({ snapshot: makeSnapshot(evidence), seed: 5, maxFamilies: 5 });
}

test('every request carries the snapshot\'s evidence texts and none of the later work', async () => {
  const outcome = await forecast(EVIDENCE, ['{"families": "oops"}', answer(family(), BACKOFF)]);
  expect(server!.requests).toHaveLength(2);
  const expected = [
    'Fix escaped quotes in the parser', 'Add a retry loop to the HTTP client', 'Parser: support nested quotes in attributes',
    'handle nested quotes in attribute values', 'no backoff yet between retries', 'parser accepts nested quotes',
    'exponential backoff for retries', 'hotspot:src/parser', 'v0.1.0', 'quill', '2024-07-01',
  ];
  for (const request of server!.requests) {
    for (const text of expected) expect(request.raw).toContain(text);
    for (const text of [...LATER, 'CANARY']) expect(request.raw).not.toContain(text);
    // Bot work, done roadmap items and the path on disk are not sent either.
    for (const text of ['Bump lodash', 'parser skeleton', '/home/ana']) expect(request.raw).not.toContain(text);
  }
  expect(JSON.stringify(outcome)).not.toContain('CANARY');
});

test('a snapshot row dated after T0 makes the forecaster throw before any request', async () => {
  const leaked = [...EVIDENCE, todo('src/parser/tokenize.js', 1, '2024-07-10T00:00:00.000Z', 'TODO', LATER[2]!)];
  const err = await forecast(leaked, [answer(family())]).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(UserError);
  expect((err as UserError).code).toBe('EVIDENCE_AFTER_T0');
  expect((err as UserError).message).toContain('todo:src/parser/tokenize.js:1');
  expect(server!.requests).toHaveLength(0);
});

test('a work item merged after T0 behind a row dated before it is refused too', async () => {
  const row = workItem('pr#9', '2024-06-30T00:00:00.000Z', LATER[0]!, ['src/http/retry.js']);
  const smuggled = { ...row, item: { ...row.item, mergedAt: '2024-07-02T00:00:00.000Z' } };
  const err = await forecast([...EVIDENCE, smuggled], [answer(family())]).catch((e: unknown) => e);
  expect((err as UserError).code).toBe('EVIDENCE_AFTER_T0');
  expect(server!.requests).toHaveLength(0);
});

test('an issue row carrying a date after T0 (activity, close or comment) makes the forecaster throw before any request', async () => {
  const late = '2024-07-03T00:00:00.000Z';
  const rows = [
    issue(30, 'Active later', { lastActivityAt: late }),
    issue(31, 'Closed later', { state: 'closed', closedAt: late }),
    issue(32, 'Commented later', { commentCount: 1, comments: [{ author: 'bob', date: late, body: 'CANARY_LATE_COMMENT', bodyWithheld: false }] }),
  ];
  for (const row of rows) {
    const err = await forecast([...EVIDENCE, row], [answer(family())]).catch((e: unknown) => e);
    expect((err as UserError).code).toBe('EVIDENCE_AFTER_T0');
    expect((err as UserError).message).toContain(row.ref);
    expect(server!.requests).toHaveLength(0);
    await server!.close();
    server = undefined;
  }
});

/**
 * The whole path with a real tracker: a local GitHub whose issues were
 * renamed, relabelled, edited, commented on and opened after T0 (CANARY text
 * in each, tests/github/world.ts), fetch-github, snapshot, then
 * `forecast --forecaster llm` against a local model endpoint. The issues go
 * into the request as they stood at T0, and nothing from after T0 does.
 */
describe('issues from a tracker that changed after T0', () => {
  let github: GithubServer;
  let model: OpenAIServer;
  let db: string;
  let out: any;
  let user: string;

  beforeAll(async () => {
    const repo = await makeRepo(commits);
    github = await startGithubServer({ items: trackerItems(repo.shas), token: TOKEN });
    process.env.GITHUB_TOKEN = TOKEN;
    process.env.GITHUB_API_URL = github.url;
    db = join(await tempDir(), 'store.db');
    await runCliJson(['fetch-github', '--repo', repo.dir, '--github', 'acme/widgets', '--db', db]);
    const snapshot = (await runCliJson(['snapshot', '--repo', repo.dir, '--t0', TRACKER_T0, '--db', db])).snapshot;
    const cites = family({
      title: 'Nested and escaped quotes in the parser',
      evidence: [{ ref: 'issue#1', reason: 'open bug report at T0' }, { ref: 'pr#3', reason: 'escaped quotes fixed before' }],
    });
    model = await startOpenAIServer([answer(cites)]);
    out = await runCliJson([
      'forecast', '--snapshot', String(snapshot.id), '--db', db, '--forecaster', 'llm',
      '--llm-base-url', model.baseURL, '--llm-model', 'm', '--llm-cutoff', '2023-12-01',
    ]);
    user = model.requests[0]!.body.messages[1].content;
  });

  afterAll(async () => {
    delete process.env.GITHUB_TOKEN;
    delete process.env.GITHUB_API_URL;
    await github?.close();
    await model?.close();
  });

  test('open issues reach the request with their title, labels and body at T0; the closed one follows', () => {
    expect(model.requests).toHaveLength(1);
    const lines = user.split('\n');
    const line = (ref: string) => lines.find((l) => l.startsWith(`[${ref}] `)) ?? '';
    expect(line('issue#1')).toBe('[issue#1] 2024-01-10 open issue: Parser fails on nested quotes · labels: bug · 1 comment, last activity 2024-03-01 — Nested quotes crash src/parser/index.js');
    expect(line('issue#2')).toMatch(/^\[issue#2\] 2024-02-15 open issue: Retry on 503 responses · labels: enhancement · .* — The client gives up on the first 503\.$/);
    // Renamed and labelled after T0: its title and labels at T0; open at T0, so its files are not shown.
    expect(line('pull#6')).toMatch(/^\[pull#6\] 2024-05-01 open pull request: Add streaming tokenizer · 0 comments, last activity [\d-]+ — Tokens as a stream\.$/);
    // Its body was edited after T0 and the text at T0 is lost: the line has no body at all.
    expect(line('issue#4')).toMatch(/^\[issue#4\] 2024-05-20 open issue: Timeouts in the http client · 0 comments, last activity 2024-05-20$/);
    expect(line('issue#12')).toMatch(/^\[issue#12\] 2024-04-20 closed 2024-05-10 issue: Crash when the config is missing · labels: bug/);
    const open = user.indexOf('## Open issues');
    expect(open).toBeGreaterThan(0);
    expect(open).toBeLessThan(user.indexOf('## Recent work'));
    expect(user.indexOf('[issue#12]')).toBeGreaterThan(user.indexOf('## Issues and pull requests closed'));
  });

  test('no title, label, body, comment or issue from after T0 reaches the request, the forecast or the store', () => {
    const stored = JSON.stringify([queryRows(db, 'SELECT * FROM families'), queryRows(db, 'SELECT * FROM family_evidence'), queryRows(db, 'SELECT * FROM forecasts')]);
    for (const text of [model.requests[0]!.raw, JSON.stringify(out), stored]) {
      expect(text).not.toMatch(/CANARY/);
      for (const later of ['backpressure', 'Requests hang forever', 'issue#8', 'pull#9', 'Fix the tokenizer']) expect(text).not.toContain(later);
    }
  });

  test('the family citing an issue keeps the citation, stored and frozen with the issue\'s title at T0', () => {
    expect(out.families).toHaveLength(1);
    expect(out.families[0].evidence.map((e: any) => [e.kind, e.ref, e.text])).toEqual([
      ['issue', 'issue#1', 'Parser fails on nested quotes'],
      ['work_item', 'pr#3', 'Fix escaped quotes'],
    ]);
    const rows = queryRows(db, 'SELECT * FROM family_evidence');
    expect(JSON.stringify(rows)).toContain('issue#1');
  });
});
