import Database from 'better-sqlite3';
import { afterEach, beforeAll, expect, test } from 'vitest';
import { runCli } from '../cli/run-cli.js';
import { startOpenAIServer, type CapturedRequest, type OpenAIServer, type Reply } from '../fixtures/openai-server.js';
import { demoSnapshot } from './demo-fixture.js';

let demo: Awaited<ReturnType<typeof demoSnapshot>>;
beforeAll(async () => {
  demo = await demoSnapshot();
});

const servers: OpenAIServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** The refs the forecaster showed in its prompt, in order. */
function shownRefs(request: CapturedRequest): string[] {
  const user = (request.body.messages as { role: string; content: string }[]).find((m) => m.role === 'user')!.content;
  return [...user.matchAll(/^\[([^\]\s]+)\]/gm)].map((m) => m[1]!);
}

function familyCiting(refs: string[], overrides: Record<string, unknown> = {}) {
  return {
    category: 'bugfix', title: 'Fix the demo project', anchor: { name: 'root', paths: [''] }, expected_behavior: 'It works.',
    evidence: refs.map((ref) => ({ ref, reason: 'shown' })), target_hints: { paths: [], symbols: [] },
    acceptance_criteria: ['A test passes.'], score: 0.5, rationale: 'Cited rows.', ...overrides,
  };
}

async function forecast(script: Reply[] | ((r: CapturedRequest, i: number) => Reply), ...flags: string[]) {
  const server = await startOpenAIServer(script);
  servers.push(server);
  const before = counts();
  const run = await runCli([
    'forecast', '--snapshot', String(demo.snapshotId), '--db', demo.db, '--forecaster', 'llm', '--llm-base-url', server.baseURL,
    '--llm-model', 'm', '--llm-cutoff', '2020-01-01', '--llm-retries', '0', ...flags,
  ]);
  return { run, server, before, after: counts() };
}

function counts() {
  const conn = new Database(demo.db, { readonly: true });
  const one = (sql: string) => conn.prepare(sql).pluck().get() as number;
  const c = { forecasts: one('SELECT COUNT(*) FROM forecasts'), calls: one('SELECT COUNT(*) FROM model_calls'), families: one('SELECT COUNT(*) FROM families') };
  conn.close();
  return c;
}

test.each([
  ['a 200 whose body is not JSON', { rawBody: 'Service starting, try later', contentType: 'text/plain' }, /sent an unusable chat response/],
  ['an HTML error page', { status: 502, body: '<html><body><h1>502 Bad Gateway</h1></body></html>' }, /failed the chat request once \(502: /],
  ['a stall past --llm-timeout', { hang: true }, /got no answer within 500 ms \(1 attempt\)/],
] as const)('%s is one line and exit 2, with nothing written', async (_what, reply, message) => {
  // Only the stall waits out the 0.5 s limit; the others get room, so a loaded machine cannot turn them into a timeout.
  const { run, before, after } = await forecast([reply as Reply], '--llm-timeout', 'hang' in reply ? '0.5' : '30');
  expect(run.code).toBe(2);
  expect(run.stderr.trim().split('\n')).toHaveLength(1);
  expect(run.stderr).toMatch(/^swe-future: .+\. .+/);
  expect(run.stderr).not.toMatch(/\n\s+at /);
  expect(run.stderr).toMatch(message);
  expect(run.stdout).toBe('');
  expect(after).toEqual(before);
});

test.each([
  ['JSON without families', '{"items": [{"title": "x"}]}', /^model output did not validate after one repair \(answer\.families: /],
  ['an empty family list', '{"families": []}', /^the model proposed no families: it gave no reason$/],
  ['text that is not JSON', 'I think the project will add plugins.', /^model output did not validate after one repair \(the answer is not valid JSON/],
])('a model answering %s gives an abstained forecast with its reason', async (_what, content, reason) => {
  const { run, after, before } = await forecast([content, content], '--json');
  expect(run.code).toBe(0);
  const out = JSON.parse(run.stdout);
  expect(out.forecast.abstained).toBe(true);
  expect(out.forecast.abstain_reason).toMatch(reason);
  expect(out.families).toEqual([]);
  expect(after.forecasts).toBe(before.forecasts + 1);
  expect(after.families).toBe(before.families);
});

test('families dropped after the repair are printed on stderr with their reason and listed in --json', async () => {
  const script = (request: CapturedRequest, i: number): Reply => {
    const refs = shownRefs(request);
    const good = familyCiting(refs.slice(0, 2));
    const bad = familyCiting(['pr#99999'], { title: 'Invented work' });
    return JSON.stringify({ families: i === 0 ? [good, bad] : [bad] });
  };
  const { run, server } = await forecast(script, '--json', '--seed', '5');
  expect(server.requests).toHaveLength(2);
  expect(run.code).toBe(0);
  const out = JSON.parse(run.stdout);
  expect(out.families.map((f: { title: string }) => f.title)).toEqual(['Fix the demo project']);
  expect(out.dropped).toEqual([{ title: 'Invented work', reason: expect.stringContaining('none of the cited refs (pr#99999)') }]);
  const quiet = await forecast(script, '--seed', '6');
  expect(quiet.run.stderr).toMatch(/swe-future: warning: dropped the model's family "Invented work": .*pr#99999/);
});

test('--llm-timeout and --llm-retries reach the client, and every attempt is a model_calls row', async () => {
  const script = (request: CapturedRequest, i: number): Reply => (i === 0 ? { hang: true } : JSON.stringify({ families: [familyCiting(shownRefs(request).slice(0, 2))] }));
  const { run, before } = await forecast(script, '--llm-timeout', '0.5', '--llm-retries', '1', '--json', '--seed', '7');
  expect(run.code).toBe(0);
  const id = JSON.parse(run.stdout).forecast.id;
  const conn = new Database(demo.db, { readonly: true });
  const rows = conn.prepare('SELECT purpose, response IS NULL AS failed, error FROM model_calls WHERE forecast_id = ? ORDER BY id').all(id);
  conn.close();
  expect(rows).toEqual([
    { purpose: 'forecast', failed: 1, error: 'attempt 1 of 2 failed: no answer within 500 ms (timed out)' },
    { purpose: 'forecast', failed: 0, error: null },
  ]);
  expect(before.forecasts).toBeGreaterThan(0);
});

test('forecast --debug prints the digest\'s per-section character shares and its checks on stderr', async () => {
  const script = (request: CapturedRequest): Reply => JSON.stringify({ families: [familyCiting(shownRefs(request).slice(0, 2))] });
  const { run } = await forecast(script, '--debug', '--seed', '8');
  expect(run.code).toBe(0);
  expect(run.stderr).toMatch(/swe-future: debug: llm prompt \d+ of 24000 chars; digest budget \d+ chars, per section:/);
  for (const section of ['open_issues', 'recent_work', 'chores', 'todo', 'changelog', 'roadmap', 'hotspots', 'tags', 'closed_issues']) {
    expect(run.stderr).toMatch(new RegExp(`^  ${section} +\\d+/\\d+ +lines +\\d+ of +\\d+ chars +\\d+\\.\\d % \\(base share \\d+ %\\)$`, 'm'));
  }
  expect(run.stderr).toMatch(/over budget: none; repeated TODO texts: 0; main package directories listed: (\d+) of \1/);
});
