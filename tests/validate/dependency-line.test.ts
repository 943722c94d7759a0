import { expect, test } from 'vitest';
import type { TaskFamily } from '../../src/family/model.js';
import { loadWordTable } from '../../src/text/glove/cache.js';
import type { Judge } from '../../src/validate/judge.js';
import { createLexicalJudge } from '../../src/validate/lexical.js';
import { createSemanticJudge } from '../../src/validate/semantic/judge.js';
import { BACKOFF, fillerIn, item } from './judge-literals.js';

/**
 * The dependency-removal line (direction-v13, src/validate/judges/dependency-line.ts): a change in a list-shaped
 * family's own files removing a dependency continues the family's quoted removal of another; the act alone is none.
 */
const table = loadWordTable();
const judges: Judge[] = [createSemanticJudge({ table }), createLexicalJudge()];

const MORE = fillerIn('lib', 'js');

/** express's recency-v2 family of judge-eval's fit half (F4). */
const POLYFILL: TaskFamily = {
  ...BACKOFF,
  id: 'F4',
  category: 'refactor',
  title: 'Restructure lib/application.js: object, polyfill, prototype',
  anchor: { name: 'lib/application.js', paths: ['lib/application.js'] },
  expected_behavior: 'Work of kind refactor lands in lib/application.js around object, polyfill, prototype, continuing "refactor: Remove Object.setPrototypeOf polyfill".',
  acceptance_criteria: [],
  evidence: [{ kind: 'work_item', ref: 'pr#6081', date: '2024-10-22T18:22:26.000Z', text: 'refactor: Remove Object.setPrototypeOf polyfill', reason: 'one of the most recent pull requests before T0' }],
  target_hints: { paths: ['lib/application.js'], symbols: [] },
};

test("a dependency removed in the family's own files continues its quoted polyfill removal, though a fix: related", async () => {
  const merge = item('pr#6091', 'fix: Remove `utils-merge` dependency - use spread syntax instead', ['lib/application.js', 'package.json']);
  for (const judge of judges) {
    const { verdicts } = await judge.judge({ families: [POLYFILL], later: [merge, ...MORE] });
    expect([judge.name, verdicts[0]!.label]).toEqual([judge.name, 'related']);
    expect(verdicts[0]!.reason).toMatch(/continues its quoted removal of a dependency/);
  }
});

test('a same-area, same-kind removal of something else is no direction: rejected', async () => {
  // A refactor in lib/application.js that removes, but no dependency: the area, the kind and the act alone.
  const redirect = item('pr#6100', 'refactor: remove the deprecated app.del alias', ['lib/application.js']);
  // A dependency removed elsewhere: the line, but not in the family's files.
  const elsewhere = item('pr#6101', 'Remove `debug` dependency', ['lib/router.js', 'package.json']);
  for (const judge of judges) {
    for (const later of [redirect, elsewhere]) {
      const { verdicts } = await judge.judge({ families: [POLYFILL], later: [later, ...MORE] });
      expect([judge.name, later.key, verdicts[0]!.label]).toEqual([judge.name, later.key, 'rejected']);
    }
  }
});
