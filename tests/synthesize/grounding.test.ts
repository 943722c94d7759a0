import { expect, test } from 'vitest';
import type { TaskFamily } from '../../src/family/model.js';
import { groundFamily, type TreeAtTgen } from '../../src/synthesize/grounding.js';

/** One commit's files, as grounding reads them (no history). */
function tree(files: Record<string, string>): TreeAtTgen {
  return { commit: 'c'.repeat(40), time: '2026-07-27T00:00:00.000Z', paths: Object.keys(files).sort(), read: async (p) => files[p] ?? null };
}

function family(anchor: { name: string; paths: string[] }, hints: string[] = []): TaskFamily {
  return {
    id: 'F3', category: 'refactor', title: 'Modernise lib code', anchor, expected_behavior: 'lib uses current APIs.', evidence: [],
    target_hints: { paths: hints, symbols: [] }, acceptance_criteria: [], score: 0.5, score_components: {}, rationale: '',
  };
}

test('the test files of an area include those named after its source files, abbreviations too (express: test/res.send.js for lib/response.js)', async () => {
  // Seen recording express: for the family anchored on lib/, the agent was told "Tests of this area: none found"
  // although test/ holds a test file per response, request and application method.
  const code = 'module.exports = function () {};\n';
  const grounding = await groundFamily(family({ name: 'core library', paths: ['lib'] }), tree({
    'lib/response.js': code, 'lib/request.js': code, 'lib/utils.js': code,
    'test/res.send.js': code, 'test/req.query.js': code, 'test/utils.js': code, 'test/Router.js': code,
    'test/support/env.js': code, 'test/fixtures/name.txt': 'tobi\n',
  }), 'npx mocha --reporter tap');
  expect(grounding.testFiles).toEqual(['test/req.query.js', 'test/res.send.js', 'test/utils.js']);
});

test('test files named like the anchor come first, then those named after its sources, at most five', async () => {
  const code = 'export const x = 1;\n';
  const grounding = await groundFamily(family({ name: 'parser', paths: ['src/parser'] }), tree({
    'src/parser/quote.js': code, 'test/parser.test.js': code, 'test/quote.test.js': code, 'test/other.test.js': code,
  }), 'node --test');
  expect(grounding.testFiles).toEqual(['test/parser.test.js', 'test/quote.test.js']);
});
