import type { TaskFamily } from '../../src/forecast/model.js';
import type { WorkItem } from '../../src/sources/model.js';

/** Families and later work items for the embedding and LLM judge tests. */

export const BACKOFF: TaskFamily = {
  id: 'F1',
  category: 'feature',
  title: 'Add exponential backoff to HTTP retries',
  anchor: { name: 'http client', paths: ['src/http'] },
  expected_behavior: 'Retries of failed HTTP requests wait exponentially longer between attempts.',
  evidence: [
    { kind: 'todo', ref: 'todo:src/http/retry.ts:3', date: '2024-01-02T00:00:00.000Z', text: 'EVIDENCE-SECRET: FIXME no backoff yet', reason: 'open FIXME' },
  ],
  target_hints: { paths: ['src/http/retry.ts'], symbols: ['retry'] },
  acceptance_criteria: ['Consecutive retries wait longer each time.'],
  score: 0.7,
  score_components: { model: 0.7 },
  rationale: 'RATIONALE-SECRET: a FIXME asks for backoff.',
};

export const QUOTES: TaskFamily = {
  id: 'F2',
  category: 'bugfix',
  title: 'Fix nested quotes in the parser',
  anchor: { name: 'parser', paths: ['src/parser'] },
  expected_behavior: 'Nested and escaped quotes in attribute values parse correctly.',
  evidence: [],
  target_hints: { paths: ['src/parser/quote.ts'], symbols: ['parseQuoted'] },
  acceptance_criteria: ['A test parses an attribute value with nested escaped quotes.'],
  score: 0.6,
  score_components: {},
  rationale: 'Quoting keeps breaking.',
};

export function item(key: string, title: string, paths: string[], body = '', labels: string[] = []): WorkItem {
  const number = /^pr#(\d+)$/.exec(key)?.[1];
  return {
    key,
    number: number ? Number(number) : null,
    sha: `sha-${key}`,
    title,
    body,
    mergedAt: '2025-02-01T00:00:00.000Z',
    author: 'a',
    paths,
    kind: 'squash',
    labels,
    bot: false,
    botReason: null,
  };
}

/** A later pull request doing what BACKOFF predicted, in other words. */
export const PARAPHRASE = item(
  'pr#21',
  'Add exponential backoff between HTTP retries',
  ['src/http/retry.ts', 'tests/http/retry.test.ts'],
  'Failed HTTP requests now wait exponentially longer between retry attempts.',
);

/** Later work that has nothing to do with either family. */
export const UNRELATED = item('pr#22', 'Fix typo in README install section', ['README.md'], 'The install command was missing a flag.');

/** Later work of other directions, so a judgement has texts enough for IDF and common components. */
export const FILLER = [
  item('pr#101', 'docs: update the contributing guide', ['CONTRIBUTING.md']),
  item('pr#103', 'Add dark theme to the website', ['site/theme.css']),
  item('pr#106', 'Cache compiled templates between renders', ['src/render/cache.ts']),
  item('pr#107', 'Support YAML configuration files', ['src/config/yaml.ts']),
];

/** FILLER and three changes of other purposes in `dir`'s own files (a pager, a crash fix, a speed-up): the window of a one-rule test. */
export function fillerIn(dir: string, ext: string): WorkItem[] {
  return [
    ...FILLER,
    item('pr#120', 'Add a pager option to the list command', [`${dir}/pager.${ext}`]),
    item('pr#121', 'Fix crash on empty request bodies', [`${dir}/request.${ext}`]),
    item('pr#122', 'Speed up route matching with a cache', [`${dir}/router.${ext}`]),
  ];
}

/** A family naming one symbol a later change may define (tests/validate/diff-added, diff-defined). */
export const RETRY: TaskFamily = {
  ...BACKOFF,
  id: 'F1',
  title: 'Let callers choose a retry policy per request',
  expected_behavior: 'A retry_policy_for hook picks the retry policy of each request.',
  acceptance_criteria: [],
  evidence: [],
  target_hints: { paths: ['src/http/retry.py'], symbols: ['retry_policy_for'] },
};

/**
 * A reworded baseline's feature family as judge-eval's fit half holds them: "Extend <area>: <listed words>", worked
 * "around" those words, continuing one quoted pull request before T0 in the area.
 */
export function quotingFamily(id: string, area: string, listed: readonly string[], quoted: { ref: string; date: string; title: string }): TaskFamily {
  return {
    ...BACKOFF,
    id,
    category: 'feature',
    title: `Extend ${area}: ${listed.join(', ')}`,
    anchor: { name: area, paths: [area] },
    expected_behavior: `Work of kind feature lands in ${area} around ${listed.join(', ')}, continuing "${quoted.title}".`,
    acceptance_criteria: [],
    evidence: [{ kind: 'work_item', ref: quoted.ref, date: quoted.date, text: quoted.title, reason: `pull request before T0 in ${area}` }],
    target_hints: { paths: [area], symbols: [] },
  };
}
