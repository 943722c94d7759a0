import { expect, test } from 'vitest';
import type { WorkItem } from '../../src/sources/model.js';
import { computeMetrics } from '../../src/validate/metrics.js';
import type { Verdict } from '../../src/validate/model.js';

const v = (familyId: string, category: Verdict['category'], label: Verdict['label'], strongKeys: string[] = []): Verdict => ({
  familyId, category, label, score: 0, reason: '', matches: strongKeys.map((key) => ({ key, title: key, label: 'strong' as const, score: 1, reason: '' })),
});
const w = (key: string, bot = false): WorkItem => ({ key, number: null, sha: key, title: key, body: '', mergedAt: '2025-01-02T00:00:00.000Z', author: 'a', paths: [], kind: 'commit', labels: [], bot, botReason: bot ? 'bot' : null });

test('relevance is (strong + related) / families and strong rate is strong / families, pooled and per category', () => {
  const m = computeMetrics({
    verdicts: [v('F1', 'bugfix', 'strong', ['a']), v('F2', 'bugfix', 'related'), v('F3', 'feature', 'rejected'), v('F4', 'refactor', 'strong', ['a', 'b'])],
    abstained: false,
    judged: [w('a'), w('b'), w('c'), w('d')],
    bots: [w('x', true)],
  });
  expect(m).toMatchObject({ families: 4, strong: 2, related: 1, rejected: 1, relevance: 0.75, strongRate: 0.5, abstained: 0, laterWork: 4, laterBotWork: 1 });
  expect(m.perCategory.bugfix).toEqual({ families: 2, strong: 1, related: 1, rejected: 0, relevance: 1, strongRate: 0.5 });
  expect(m.perCategory.feature.relevance).toBe(0);
});

test('PR coverage counts distinct non-bot later items matched strong by some family', () => {
  const m = computeMetrics({ verdicts: [v('F1', 'bugfix', 'strong', ['a', 'x']), v('F2', 'bugfix', 'strong', ['a'])], abstained: false, judged: [w('a'), w('b'), w('x', true)], bots: [w('x', true)] });
  expect(m).toMatchObject({ covered: 1, laterWork: 2, coverage: 0.5 });
});

test('an abstention has no families and no relevance, and is counted', () => {
  const m = computeMetrics({ verdicts: [], abstained: true, judged: [w('a')], bots: [] });
  expect(m).toMatchObject({ families: 0, relevance: null, strongRate: null, abstained: 1, coverage: 0 });
});
