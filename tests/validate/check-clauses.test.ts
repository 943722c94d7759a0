import { expect, test } from 'vitest';
import type { TaskFamily } from '../../src/family/model.js';
import { loadWordTable } from '../../src/text/glove/cache.js';
import type { Judge } from '../../src/validate/judge.js';
import { predictionText } from '../../src/validate/judges/shared.js';
import { createLexicalJudge } from '../../src/validate/lexical.js';
import { createSemanticJudge } from '../../src/validate/semantic/judge.js';
import { BACKOFF, FILLER, item } from './judge-literals.js';

/**
 * The stock clauses of a family's expected behaviour and criteria say how any change of its kind is checked ("the
 * existing tests pass without edits to their assertions", "Every test that passed before the change still passes"),
 * not what the work is: their words are no topic words (direction-v20, issue 16, docs/judges.md). judges29: echo's
 * "Add multipart multi files in bind.go" was related to an empty-body fix in bind.go by "code, existing, type,
 * without", all but `TypeFor`'s "type" from those clauses; people rejected it (two labellers).
 */
const table = loadWordTable();
const judges: Judge[] = [createSemanticJudge({ table }), createLexicalJudge()];

const MULTIPART: TaskFamily = {
  ...BACKOFF,
  id: 'F12',
  category: 'refactor',
  title: 'Add multipart multi files in bind.go',
  anchor: { name: 'bind.go', paths: ['bind.go'] },
  expected_behavior:
    'The code of multipart multi files in bind.go is restructured, continuing "bind: add support of multipart multi files" (commit:d1ab8e8) and "🎨 : add some test case for multipart file" (commit:fb769d7); public names and outputs stay the same.',
  acceptance_criteria: [
    'The code of multipart multi files is restructured with behaviour unchanged: the existing tests pass without edits to their assertions.',
    'Every test that passed before the change still passes.',
  ],
  evidence: [],
  target_hints: { paths: ['bind.go'], symbols: ['TypeFor'] },
};

const EMPTY_BODY = item(
  'commit:2fb8419',
  'Fix DefaultBinder empty body handling for unknown ContentLength',
  ['bind.go', 'bind_test.go'],
  'Fix issue where POST requests with empty bodies and ContentLength=-1\n(unknown/chunked encoding) incorrectly fail with 415 Unsupported Media Type.\n\nThe DefaultBinder.BindBody method now properly detects truly empty bodies\nwhen ContentLength=-1 by peeking at the first byte. If no content is found,\nit returns early without error. If content exists, it reconstructs the body\nto preserve the original data.\n\nFixes #2813\n\n🤖 Generated with [Claude Code](https://claude.ai/code)',
);

test("a family's check clauses are not part of what it predicts", () => {
  const text = predictionText(MULTIPART);
  expect(text).toMatch(/multipart multi files/);
  expect(text).not.toMatch(/existing tests|without edits|still passes|stay the same|The code of/i);
});

test('a change in the same file sharing only the words of check clauses is rejected', async () => {
  for (const judge of judges) {
    const { verdicts } = await judge.judge({ families: [MULTIPART], later: [EMPTY_BODY, ...FILLER] });
    expect([judge.name, verdicts[0]!.label]).toEqual([judge.name, 'rejected']);
    expect(verdicts[0]!.reason).not.toMatch(/shares [^;]*\b(existing|without)\b/);
  }
});

test('a change restructuring the object its title names still shares its direction', async () => {
  const split = item('pr#2900', 'Restructure multipart multi files binding into its own function', ['bind.go', 'bind_test.go']);
  for (const judge of judges) {
    const { verdicts } = await judge.judge({ families: [MULTIPART], later: [split, EMPTY_BODY, ...FILLER] });
    expect([judge.name, verdicts[0]!.label]).not.toEqual([judge.name, 'rejected']);
    expect(verdicts[0]!.reason).toMatch(/pr#2900/);
  }
});
