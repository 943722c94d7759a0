import { expect, test } from 'vitest';
import { buildForecastPrompt, buildRepairMessages, estimateTokens, SYSTEM_PROMPT } from '../../src/forecast/llm/prompt.js';
import type { Evidence } from '../../src/snapshot/model.js';
import { EVIDENCE, makeSnapshot, todo, workItem } from '../llm/snapshot-literal.js';

const options = { maxFamilies: 5, maxPromptChars: 24_000 };

function day(n: number): string {
  return new Date(Date.UTC(2024, 0, 1) + n * 86_400_000).toISOString();
}

/** 400 work items and 300 TODOs over the half year before T0, far more than fits. */
function bigEvidence(): Evidence[] {
  const rows: Evidence[] = [...EVIDENCE];
  for (let i = 0; i < 400; i++) {
    rows.push(workItem(`pr#${100 + i}`, day(i % 180), `Change number ${i} to the module ${'x'.repeat(i % 40)}`, [`src/m${i % 7}/f${i}.js`]));
  }
  for (let i = 0; i < 300; i++) rows.push(todo(`src/m${i % 7}/f${i}.js`, i + 1, day(i % 170), 'TODO', `note ${i} ${'y'.repeat(i % 60)}`));
  return rows;
}

test('the prompt is the same whatever order the evidence rows come in', () => {
  const rows = bigEvidence();
  const a = buildForecastPrompt(makeSnapshot(rows), options);
  const b = buildForecastPrompt(makeSnapshot([...rows].reverse()), options);
  expect(a.messages).toEqual(b.messages);
  expect(a.messages[0]!.content).toBe(SYSTEM_PROMPT);
});

test('a large snapshot is cut to maxPromptChars, keeping the newest rows of every section', () => {
  for (const maxPromptChars of [6_000, 12_000, 24_000]) {
    const prompt = buildForecastPrompt(makeSnapshot(bigEvidence()), { ...options, maxPromptChars });
    expect(prompt.chars).toBeLessThanOrEqual(maxPromptChars);
    expect(prompt.digest.shown).toBeLessThan(prompt.digest.available);
    const user = prompt.messages[1]!.content;
    for (const title of ['Recent work', 'TODO / FIXME', 'Changelog', 'Open roadmap', 'Churn hotspots', 'Releases']) expect(user).toContain(title);
    const work = prompt.digest.sections[0]!.lines;
    const dates = work.map((l) => l.text.slice(0, 10));
    expect(dates).toEqual([...dates].sort().reverse());
    const newest = [...bigEvidence()].filter((e) => e.kind === 'work_item' && !e.item.bot).sort((x, y) => y.date.localeCompare(x.date) || x.ref.localeCompare(y.ref));
    expect(work.map((l) => l.ref)).toEqual(newest.slice(0, work.length).map((e) => e.ref));
  }
});

test('only shown rows are citable, and bot work and done roadmap items are not shown', () => {
  const prompt = buildForecastPrompt(makeSnapshot(), options);
  expect([...prompt.digest.citable.keys()].sort()).toEqual([
    'changelog:CHANGELOG.md:4', 'hotspot:src/parser', 'pr#3', 'pr#5', 'pr#8', 'roadmap:ROADMAP.md:2', 'tag:v0.1.0',
    'todo:src/http/retry.js:1', 'todo:src/parser/index.js:1',
  ]);
  const user = prompt.messages[1]!.content;
  expect(user).not.toContain('Bump lodash');
  expect(user).not.toContain('parser skeleton');
  expect(user).toContain('Repository: quill');
  expect(user).toContain('src/parser: 2');
});

test('a token is estimated as four characters', () => {
  expect(estimateTokens(24_000)).toBe(6_000);
  expect(estimateTokens(1)).toBe(1);
});

test('the repair request echoes the answer and lists the problems', () => {
  const prompt = buildForecastPrompt(makeSnapshot(), options);
  const messages = buildRepairMessages(prompt, '{"families": 3}', ['answer.families: expected array']);
  expect(messages.slice(0, 2)).toEqual(prompt.messages);
  expect(messages[2]).toEqual({ role: 'assistant', content: '{"families": 3}' });
  expect(messages[3]!.content).toContain('- answer.families: expected array');
});
