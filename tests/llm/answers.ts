/**
 * Model answers for the LLM forecaster's tests, citing refs of the snapshot in
 * ./snapshot-literal.ts.
 */
export function family(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    category: 'bugfix',
    title: 'Fix quoting edge cases in the parser',
    anchor: { name: 'parser', paths: ['src/parser'] },
    expected_behavior: 'Nested and escaped quotes in attribute values parse correctly.',
    evidence: [
      { ref: 'pr#8', reason: 'nested quotes support landed recently' },
      { ref: 'todo:src/parser/index.js:1', reason: 'open TODO on nested quotes' },
      { ref: 'changelog:CHANGELOG.md:4', reason: 'unreleased parser change' },
    ],
    target_hints: { paths: ['src/parser/quote.js'], symbols: ['parse'] },
    acceptance_criteria: ['A test parses an attribute value with nested escaped quotes.'],
    score: 0.8,
    rationale: 'Three of the last pull requests and an open TODO touch quoting in src/parser.',
    ...overrides,
  };
}

export const BACKOFF = family({
  category: 'feature',
  title: 'Add exponential backoff to HTTP retries',
  anchor: { name: 'http client', paths: ['src/http'] },
  expected_behavior: 'Retries wait exponentially longer between attempts.',
  evidence: [
    { ref: 'pr#5', reason: 'the retry loop exists' },
    { ref: 'todo:src/http/retry.js:1', reason: 'FIXME: no backoff yet' },
    { ref: 'roadmap:ROADMAP.md:2', reason: 'planned on the roadmap' },
  ],
  target_hints: { paths: ['src/http/retry.js'], symbols: ['retry'] },
  acceptance_criteria: ['Consecutive retries wait longer each time.'],
  score: 0.7,
  rationale: 'A FIXME and a roadmap item ask for backoff in the retry loop added in pr#5.',
});

export function answer(...families: Record<string, unknown>[]): string {
  return JSON.stringify({ families });
}
