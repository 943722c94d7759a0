import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Label } from '../../src/validate/model.js';
import type { LabelledPair } from '../../src/validate/pairs.js';
import { runCli, runCliJson } from '../cli/run-cli.js';
import { startOpenAIServer, type CapturedRequest, type OpenAIServer } from '../fixtures/openai-server.js';
import { tempDir } from '../fixtures/repo.js';
import { BACKOFF, FILLER, item, PARAPHRASE, QUOTES, UNRELATED } from './judge-literals.js';

/**
 * judge-eval gives the llm judge (no judgePairs) family figures: each family judged against its repository's whole
 * window by judge(), its label the verdict's, through a real HTTP server on 127.0.0.1 speaking the OpenAI wire format
 * and answering from a small table by family.
 */
const QUOTES_FIX = item('pr#23', 'fix(parser): nested quotes inside attribute values', ['src/parser/quote.ts'], 'Nested quotes in attribute values parse again.');

/** The model's answer for each family: what it labels, and which candidate. */
const TABLE: Record<string, { label: Label; key?: string }> = {
  'heuristic/F1': { label: 'strong', key: 'pr#21' },
  'heuristic/F2': { label: 'rejected' },
  'hotspot/F1': { label: 'related', key: 'pr#21' },
};

function answer(request: CapturedRequest): string {
  const family = /^Forecast task family (\S+)/.exec(String(request.body.messages[1].content))![1]!;
  const row = TABLE[family] ?? { label: 'rejected' };
  const matches = row.key ? [{ key: row.key, label: row.label, reason: `table says ${row.label} for ${family}` }] : [];
  return JSON.stringify({ label: row.label, matches, reason: `table row of ${family}` });
}

function pair(id: string, label: Label, over: Partial<LabelledPair> = {}): LabelledPair {
  return { id, repo: 'o/r', t0: '2025-01-01', split: 'fit', source: 'heuristic', label, reason: 'read both sides', family: BACKOFF, item: PARAPHRASE, ...over };
}

let server: OpenAIServer;
let dir: string;
beforeAll(async () => {
  server = await startOpenAIServer(answer);
  dir = await tempDir();
  mkdirSync(join(dir, 'windows'));
  const window = [PARAPHRASE, UNRELATED, QUOTES_FIX, ...FILLER];
  writeFileSync(join(dir, 'windows', 'r.jsonl'), window.map((i) => JSON.stringify({ repo: 'o/r', t0: '2025-01-01', item: i })).join('\n'));
  const pairs = [
    // heuristic/F1: people strong, the table strong.
    pair('a', 'strong'),
    pair('b', 'rejected', { item: UNRELATED }),
    // heuristic/F2: people related, the table rejects.
    pair('c', 'related', { family: QUOTES, item: QUOTES_FIX }),
    // hotspot/F1: people rejected, the table related.
    pair('d', 'rejected', { source: 'hotspot', item: UNRELATED }),
  ];
  writeFileSync(join(dir, 'pairs.jsonl'), pairs.map((p) => JSON.stringify(p)).join('\n'));
});
afterAll(() => server.close());

const llmFlags = () => ['--judge', 'llm', '--llm-base-url', server.baseURL, '--llm-model', 'table-model', '--llm-concurrency', '2', '--split', 'fit', '--no-quoted', '--no-diffs', '--no-standing'];

test('judge-eval --judge llm gives family figures from the verdicts, by forecaster too', async () => {
  const out = await runCliJson(['judge-eval', '--pairs', dir, ...llmFlags()]);
  const llm = out.judges[0];
  expect(llm.judge).toBe('llm');
  // 3 families: agreed on heuristic/F1 only.
  expect(llm.families.accuracy).toBeCloseTo(1 / 3);
  expect(llm.families).toMatchObject({ families: 3, relevance: 2 / 3, goldRelevance: 2 / 3, strongRate: 1 / 3, goldStrongRate: 1 / 3 });
  expect(Object.keys(llm.families.bySource)).toEqual(['heuristic', 'hotspot']);
  expect(llm.families.bySource.hotspot).toMatchObject({ families: 1, relevance: 1, goldRelevance: 0 });
  const text = await runCli(['judge-eval', '--pairs', dir, ...llmFlags()]);
  expect(text.code).toBe(0);
  expect(text.stdout).toMatch(/Families by forecaster/);
  expect(text.stdout).toMatch(/^llm\s+hotspot\s+1\s+/m);
});

test('judge-eval --judge llm --families FILE names the verdict\'s reason and the model\'s first match', async () => {
  const file = join(await tempDir(), 'families.jsonl');
  const run = await runCli(['judge-eval', '--pairs', dir, ...llmFlags(), '--families', file, '--quiet']);
  expect(run.code).toBe(0);
  const lines = readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  expect(lines.map((l) => [l.family, l.gold, l.label, l.agrees])).toEqual([
    ['heuristic/F2', 'related', 'rejected', false],
    ['hotspot/F1', 'rejected', 'related', false],
    ['heuristic/F1', 'strong', 'strong', true],
  ]);
  const hotspot = lines[1];
  expect(hotspot.judgedBest).toEqual({ key: 'pr#21', title: PARAPHRASE.title, label: 'related', score: expect.any(Number), reason: 'table says related for hotspot/F1' });
  expect(hotspot.verdictReason).toMatch(/^related: pr#21 .*table says related for hotspot\/F1/);
  expect(hotspot.goldPair.key).toBe(UNRELATED.key);
  expect(hotspot.judgedOnGoldItem).toBeNull();
  const quotes = lines[0];
  expect(quotes.judgedBest).toBeNull();
  expect(quotes.verdictReason).toMatch(/table row of heuristic\/F2/);
  expect(lines[2].judgedOnGoldItem).toMatchObject({ label: 'strong', reason: 'table says strong for heuristic/F1' });
});

test('a model request that times out under concurrency is one line, exit 2, and --families FILE is not written', async () => {
  const hanging = await startOpenAIServer(() => ({ hang: true }));
  try {
    const file = join(await tempDir(), 'timed-out.jsonl');
    const run = await runCli(['judge-eval', '--pairs', dir, ...llmFlags(), '--llm-base-url', hanging.baseURL, '--llm-timeout', '0.3', '--llm-retries', '0', '--families', file]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^swe-future: [^\n]*(timed out|no answer)[^\n]*\n$/);
    expect(existsSync(file)).toBe(false);
  } finally {
    await hanging.close();
  }
});
