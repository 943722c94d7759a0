import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { TaskFamily } from '../../src/family/model.js';
import { startOpenAIServer, type CapturedRequest, type OpenAIServer, type Reply } from '../fixtures/openai-server.js';
import { makeRepo, tempDir } from '../fixtures/repo.js';
import { frozenForecast } from './frozen-forecast.js';
import { BACKOFF, QUOTES } from './judge-literals.js';

/**
 * scripts/rejudge-families.ts --judge llm: the llm judge built from the endpoint flags by the CLI's own builder
 * (src/cli/network-judges.ts), against a real HTTP server on 127.0.0.1 speaking the OpenAI wire format; --parallel
 * judges packets at once and writes the same files; a failed request is one line, exit 2, and no verdicts file is
 * rewritten.
 */
const ROOT = join(import.meta.dirname, '..', '..');

/** Answers by family: F1 (backoff) strong on pr#11, F2 (quotes) rejected; `failing` families get a 500. */
let failing = new Set<string>();
function answer(request: CapturedRequest): Reply {
  const family = /^Forecast task family (\S+)/.exec(String(request.body.messages[1].content))![1]!;
  if (failing.has(family)) return { status: 500 };
  return family === 'F1'
    ? JSON.stringify({ label: 'strong', matches: [{ key: 'pr#11', label: 'strong', reason: 'adds the backoff' }], reason: 'pr#11' })
    : JSON.stringify({ label: 'rejected', matches: [], reason: 'nothing about quotes' });
}

/** The two families without evidence (the fixture repository has no TODO to cite). */
const FAMILIES: TaskFamily[] = [BACKOFF, QUOTES].map((f) => ({ ...f, evidence: [] }));

let server: OpenAIServer;
let db: string;
let forecastId: number;
let repoName: string;
beforeAll(async () => {
  server = await startOpenAIServer(answer);
  const repo = await makeRepo([
    { at: '2024-11-01T00:00:00Z', msg: 'Initial commit', files: { 'src/http/retry.ts': 'export function retry() {}\n', 'src/parser/quote.ts': 'export function parseQuoted() {}\n' } },
    { at: '2025-02-01T00:00:00Z', msg: 'Add exponential backoff between HTTP retries (#11)', files: { 'src/http/retry.ts': 'export function retry() { backoff() }\n' } },
    { at: '2025-02-10T00:00:00Z', msg: 'Fix parsing of nested quotes (#12)', files: { 'src/parser/quote.ts': 'export function parseQuoted() { nested() }\n' } },
    { at: '2025-02-20T00:00:00Z', msg: 'Add dark theme to the website (#13)', files: { 'site/theme.css': 'body {}\n' } },
  ]);
  repoName = basename(repo.dir);
  ({ db, forecastId } = await frozenForecast(repo.dir, '2025-01-01', FAMILIES));
});
afterAll(() => server.close());

/** A set of two packets (a, b) of the forecast's two families, its verdicts files holding `old`. */
async function packetSet(): Promise<string> {
  const dir = await tempDir();
  for (const packet of ['a', 'b']) {
    mkdirSync(join(dir, packet));
    writeFileSync(join(dir, packet, 'key.jsonl'), [BACKOFF, QUOTES].map((f, i) => JSON.stringify({ blind: `${packet}-${i}`, forecaster: 'heuristic', forecastId, rank: i + 1, familyId: f.id, score: 0.5 })).join('\n') + '\n');
    writeFileSync(join(dir, packet, 'families.jsonl'), [BACKOFF, QUOTES].map((f, i) => JSON.stringify({ blind: `${packet}-${i}`, title: f.title })).join('\n') + '\n');
    writeFileSync(join(dir, packet, 'meta.json'), JSON.stringify({ repo: repoName, t0: '2025-01-01' }) + '\n');
    writeFileSync(join(dir, packet, 'verdicts.jsonl'), 'old\n');
  }
  return dir;
}

/** Runs the script without blocking this process (the fixture server answers from it). */
function rejudge(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/rejudge-families.ts'), ...args], { cwd: ROOT, encoding: 'utf8' }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const llm = () => ['--judge', 'llm', '--llm-base-url', server.baseURL, '--llm-model', 'table-model', '--llm-retries', '0', '--llm-concurrency', '2'];

test('rejudge-families --judge llm judges each packet through the endpoint; --parallel 2 writes the same files as 1', async () => {
  failing = new Set();
  const outputs = [];
  for (const parallel of ['1', '2']) {
    const dir = await packetSet();
    const dump = join(dir, 'dump.jsonl');
    const run = await rejudge(['--dir', dir, '--db', db, ...llm(), '--parallel', parallel, '--dump', dump]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    outputs.push(['a', 'b'].map((p) => readFileSync(join(dir, p, 'verdicts.jsonl'), 'utf8')).concat(readFileSync(dump, 'utf8')));
  }
  expect(outputs[1]).toEqual(outputs[0]);
  const verdicts = outputs[0]![0]!.trim().split('\n').map((l) => JSON.parse(l));
  expect(verdicts).toEqual([
    { forecastId, familyId: 'F1', judge: 'llm', label: 'strong', strong: ['pr#11'] },
    { forecastId, familyId: 'F2', judge: 'llm', label: 'rejected', strong: [] },
  ]);
  expect(outputs[0]![2]).toMatch(/"reason":"strong: pr#11 .*adds the backoff/);
});

test('a failed model request is one line and exit 2, and leaves every verdicts file as it was', async () => {
  failing = new Set(['F2']);
  const dir = await packetSet();
  const run = await rejudge(['--dir', dir, '--db', db, ...llm(), '--parallel', '2']);
  expect(run.code).toBe(2);
  expect(run.stderr).toMatch(/^rejudge-families: [^\n]+\n$/);
  expect(run.stderr).toMatch(/500|server/i);
  for (const p of ['a', 'b']) expect(readFileSync(join(dir, p, 'verdicts.jsonl'), 'utf8')).toBe('old\n');
});

test('the llm judge without its endpoint, or a bad --llm-concurrency, is one line and exit 2', async () => {
  const dir = await packetSet();
  const bare = await rejudge(['--dir', dir, '--db', db, '--judge', 'llm']);
  expect(bare.code).toBe(2);
  expect(bare.stderr).toMatch(/^rejudge-families: .*--llm-base-url[^\n]*\n$/);
  const bad = await rejudge(['--dir', dir, '--db', db, ...llm(), '--llm-concurrency', '99']);
  expect(bad.code).toBe(2);
  expect(bad.stderr).toMatch(/^rejudge-families: Option --llm-concurrency: [^\n]+\n$/);
  for (const p of ['a', 'b']) expect(readFileSync(join(dir, p, 'verdicts.jsonl'), 'utf8')).toBe('old\n');
});

test('the llm judge is asked only about the families a packet keys', async () => {
  failing = new Set();
  const dir = await packetSet();
  // Packet a keys F1 only; packet b is left out of the set.
  writeFileSync(join(dir, 'a', 'key.jsonl'), JSON.stringify({ blind: 'a-0', forecaster: 'heuristic', forecastId, rank: 1, familyId: 'F1', score: 0.5 }) + '\n');
  writeFileSync(join(dir, 'a', 'families.jsonl'), JSON.stringify({ blind: 'a-0', title: BACKOFF.title }) + '\n');
  rmSync(join(dir, 'b'), { recursive: true });
  const before = server.requestsTo('chat').length;
  const run = await rejudge(['--dir', dir, '--db', db, ...llm()]);
  expect(run.code).toBe(0);
  const asked = server.requestsTo('chat').slice(before).map((r) => /^Forecast task family (\S+)/.exec(String(r.body.messages[1].content))![1]);
  expect(asked).toEqual(['F1']);
  expect(readFileSync(join(dir, 'a', 'verdicts.jsonl'), 'utf8')).toBe(JSON.stringify({ forecastId, familyId: 'F1', judge: 'llm', label: 'strong', strong: ['pr#11'] }) + '\n');
});
