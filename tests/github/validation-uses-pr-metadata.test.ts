import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { fetchGithub } from '../../src/api/fetch-github.js';
import { validateForecast } from '../../src/api/validate.js';
import type { WorkItem } from '../../src/sources/model.js';
import { createLexicalJudge } from '../../src/validate/lexical.js';
import { startGithubServer, type GithubServer } from '../fixtures/github-server.js';
import { makeRepo, tempDir } from '../fixtures/repo.js';
import { runCliJson } from '../cli/run-cli.js';
import { queryRows } from './tracker-rows.js';
import { commits, T0, TOKEN, trackerItems } from './world.js';

/**
 * Validation judges later work with the pull requests' real metadata: the
 * work items git reconstructed take each merged pull request's title, body
 * and labels as they stood when it merged (not today's), matched by merge
 * commit or number.
 */
let server: GithubServer;
let repo: { dir: string; shas: string[] };
let db: string;

beforeAll(async () => {
  repo = await makeRepo(commits);
  server = await startGithubServer({ items: trackerItems(repo.shas), token: TOKEN });
  db = join(await tempDir(), 'store.db');
});

afterAll(() => server.close());

const workItems = () =>
  Object.fromEntries(queryRows(db, 'SELECT key, title, body, labels FROM work_items').map((r) => [r.key, { title: r.title, body: r.body, labels: JSON.parse(r.labels as string) }]));

test('work items take their pull request\'s title, body and labels as they stood at its merge, whether the snapshot or the fetch came first', async () => {
  await runCliJson(['snapshot', '--repo', repo.dir, '--t0', T0, '--db', db]);
  expect(workItems()['pr#6']).toEqual({ title: 'Add streaming tokenizer', body: '', labels: [] });
  await fetchGithub({ repo: repo.dir, github: 'acme/widgets', db, token: TOKEN, apiUrl: server.url });
  const after = workItems();
  // Renamed and labelled before its merge (after T0): shown; renamed after its merge: not.
  expect(after['pr#6']).toEqual({ title: 'Streaming tokenizer with backpressure', body: 'Tokens as a stream.', labels: ['feature'] });
  expect(after['pr#9']).toEqual({ title: 'Fix the tokenizer', body: 'CANARY_PR9_BODY', labels: ['bug'] });
  expect(after['pr#3']).toEqual({ title: 'Fix escaped quotes', body: 'Keeps the backslash.', labels: ['bug'] });
  expect(after['pr#7']).toMatchObject({ title: 'Stream parser tokens', labels: ['refactor'] });
  expect(Object.keys(after).some((k) => k === `commit:${repo.shas[4]}`)).toBe(false);
  expect(JSON.stringify(after)).not.toMatch(/CANARY_AFTER_MERGE|CANARY_PR_RENAMED|CANARY_PR_LABEL/);
  // A snapshot taken again re-reads git and keeps the tracker's metadata.
  await runCliJson(['snapshot', '--repo', repo.dir, '--t0', '2024-06-02', '--db', db]);
  expect(workItems()).toEqual(after);
});

test('validate judges the later work with that metadata', async () => {
  const forecast = await runCliJson(['forecast', '--repo', repo.dir, '--t0', T0, '--db', db]);
  let judged: readonly WorkItem[] = [];
  const lexical = createLexicalJudge();
  await validateForecast({
    db,
    forecast: forecast.forecast.id,
    window: '3m',
    judge: 'embedding',
    networkJudge: () => ({
      name: 'embedding',
      judge: async (request) => {
        judged = request.later;
        return lexical.judge(request);
      },
    }),
  });
  expect(judged.map((i) => [i.key, i.title, i.labels])).toEqual([
    ['pr#6', 'Streaming tokenizer with backpressure', ['feature']],
    ['pr#9', 'Fix the tokenizer', ['bug']],
  ]);
});
