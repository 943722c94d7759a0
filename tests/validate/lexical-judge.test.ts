import { expect, test } from 'vitest';
import type { TaskFamily } from '../../src/forecast/model.js';
import type { WorkItem } from '../../src/sources/model.js';
import { createLexicalJudge } from '../../src/validate/lexical.js';

const family: TaskFamily = {
  id: 'F1',
  category: 'bugfix',
  title: 'Fix defects in src/parser: quoted values, escapes',
  anchor: { name: 'src/parser', paths: ['src/parser'] },
  expected_behavior: 'src/parser handles quoted values and escapes in quoted strings correctly.',
  evidence: [{ kind: 'work_item', ref: 'pr#1', date: '2024-01-01T00:00:00.000Z', text: 'fix(parser): escaped quotes inside quoted values', reason: 'r' }],
  target_hints: { paths: ['src/parser/quote.js'], symbols: ['parseQuoted'] },
  acceptance_criteria: ['A regression test reproduces a quoting defect.'],
  score: 0.7,
  score_components: {},
  rationale: 'r',
};

function item(key: string, title: string, paths: string[], body = ''): WorkItem {
  return { key, number: null, sha: key, title, body, mergedAt: '2025-02-01T00:00:00.000Z', author: 'a', paths, kind: 'squash', labels: [], bot: false, botReason: null };
}

test('later work doing what the family predicted, in its area and of its kind, is strong', async () => {
  const { verdicts } = await createLexicalJudge().judge({ families: [family], later: [item('pr#9', 'fix(parser): nested quotes inside quoted values', ['src/parser/quote.js'])] });
  expect(verdicts[0]).toMatchObject({ familyId: 'F1', label: 'strong' });
  expect(verdicts[0]!.reason).toMatch(/pr#9/);
});

test('work of the same kind in the same area but on another topic is rejected: related needs the same direction of work', async () => {
  const { verdicts } = await createLexicalJudge().judge({ families: [family], later: [item('pr#9', 'fix: crash on empty section header', ['src/parser/sections.js'])] });
  expect(verdicts[0]!.label).toBe('rejected');
});

test('work of another kind in the same direction is related', async () => {
  const { verdicts } = await createLexicalJudge().judge({ families: [family], later: [item('pr#9', 'feat(parser): single-quoted values may hold escapes', ['src/parser/quote.js'])] });
  expect(verdicts[0]!.label).toBe('related');
});

test('unrelated work elsewhere is rejected, and the reason names the nearest item', async () => {
  const { verdicts } = await createLexicalJudge().judge({ families: [family], later: [item('pr#9', 'feat(http): retry with backoff', ['src/http/client.js'])] });
  expect(verdicts[0]!.label).toBe('rejected');
  expect(verdicts[0]!.matches).toEqual([]);
  expect(verdicts[0]!.reason).toMatch(/nearest was pr#9/);
});

test('with no later work every family is rejected, saying so', async () => {
  const { verdicts } = await createLexicalJudge().judge({ families: [family], later: [] });
  expect(verdicts[0]).toMatchObject({ label: 'rejected', reason: 'rejected: no later work in the window' });
});

test('matches list every strong item, best first, then the best related ones', async () => {
  const later = [
    item('pr#1', 'fix(parser): quoted values lose escapes', ['src/parser/quote.js']),
    item('pr#2', 'fix(parser): escapes in quoted values at line end', ['src/parser/quote.js'], 'quoted values escapes'),
    item('pr#3', 'feat(parser): single-quoted values may hold escapes', ['src/parser/quote.js']),
    item('pr#4', 'fix: crash on empty section header', ['src/parser/sections.js']),
    item('pr#5', 'docs: typo', ['README.md']),
  ];
  const { verdicts } = await createLexicalJudge().judge({ families: [family], later });
  const labels = verdicts[0]!.matches.map((m) => [m.key, m.label]);
  expect(labels.filter(([, l]) => l === 'strong').map(([k]) => k).sort()).toEqual(['pr#1', 'pr#2']);
  expect(labels[labels.length - 1]).toEqual(['pr#3', 'related']);
  const scores = verdicts[0]!.matches.filter((m) => m.label === 'strong').map((m) => m.score);
  expect(scores).toEqual([...scores].sort((a, b) => b - a));
});

test('the lexical judge is deterministic', async () => {
  const later = [item('pr#1', 'fix(parser): quoted values', ['src/parser/q.js']), item('pr#2', 'feat: x', ['a.js'])];
  const a = await createLexicalJudge().judge({ families: [family], later });
  const b = await createLexicalJudge().judge({ families: [family], later });
  expect(a).toEqual(b);
});
