import { expect, test } from 'vitest';
import type { TaskFamily } from '../../src/family/model.js';
import { loadWordTable } from '../../src/text/glove/cache.js';
import type { Judge } from '../../src/validate/judge.js';
import { createLexicalJudge } from '../../src/validate/lexical.js';
import { createSemanticJudge } from '../../src/validate/semantic/judge.js';
import { BACKOFF, FILLER, item } from './judge-literals.js';

/**
 * A folder or file of a family's own paths is where its work lands, not a symbol it names (direction-v18, issue 16
 * rule C, docs/judges.md): `clap_lex` in "Fix defects in clap_lex/tests/testsuite: …" is a crate, and another fix in
 * that crate is the same area with another purpose (judges23: clap's random-anchor family, people rejected).
 */
const table = loadWordTable();
const judges: Judge[] = [createSemanticJudge({ table }), createLexicalJudge()];

const CLAP_LEX: TaskFamily = {
  ...BACKOFF,
  id: 'F3',
  category: 'bugfix',
  title: 'Fix defects in clap_lex/tests/testsuite: notation, scientific, template',
  anchor: { name: 'clap_lex/tests/testsuite', paths: ['clap_lex/tests/testsuite'] },
  expected_behavior:
    'Work of kind bugfix lands in clap_lex/tests/testsuite around notation, scientific, template, continuing "fix(lex): allow `E` in scientific notation" and "chore: Update template".',
  acceptance_criteria: ['A change of kind bugfix to clap_lex/tests/testsuite is merged, with tests.'],
  evidence: [],
  target_hints: { paths: ['clap_lex/tests/testsuite'], symbols: [] },
};

test("a component of the family's own paths named by a change is no symbol of its direction", async () => {
  const lifetime = item('pr#6221', 'Use longer lifetime in clap_lex ParsedArg', ['clap_lex/src/lib.rs', 'clap_lex/tests/testsuite/lexer.rs']);
  for (const judge of judges) {
    const { verdicts } = await judge.judge({ families: [CLAP_LEX], later: [lifetime, ...FILLER] });
    expect([judge.name, verdicts[0]!.label]).toEqual([judge.name, 'rejected']);
    expect(verdicts[0]!.reason).not.toMatch(/names `clap_lex`/);
  }
});

test('a symbol the family names beside its paths still counts', async () => {
  const named: TaskFamily = { ...CLAP_LEX, target_hints: { paths: ['clap_lex/tests/testsuite'], symbols: ['ParsedArg'] } };
  const lifetime = item('pr#6221', 'Use longer lifetime in clap_lex ParsedArg', ['clap_lex/src/lib.rs', 'clap_lex/tests/testsuite/lexer.rs']);
  const { verdicts } = await judges[0]!.judge({ families: [named], later: [lifetime, ...FILLER] });
  expect(verdicts[0]!.reason).toMatch(/names .*`parsedarg`/);
});
