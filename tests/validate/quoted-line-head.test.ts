import { expect, test } from 'vitest';
import type { TaskFamily } from '../../src/family/model.js';
import { loadWordTable } from '../../src/text/glove/cache.js';
import type { Judge } from '../../src/validate/judge.js';
import { titleHead } from '../../src/validate/judges/direction.js';
import { createLexicalJudge } from '../../src/validate/lexical.js';
import { createSemanticJudge } from '../../src/validate/semantic/judge.js';
import { BACKOFF, FILLER, item } from './judge-literals.js';

/**
 * A change whose title starts as a past title the family quotes starts, when that head holds a word the family's
 * title lists, continues that line with another instance: related, never strong by it (direction-v21, issue 16,
 * docs/judges.md). judges29: attrs' "Extend bench: benchmarks, asdict, astuple" and "Add benchmarks for cached
 * properties on slotted classes" shared only "benchmarks" and were rejected; people (two labellers) related them.
 */
const table = loadWordTable();
const judges: Judge[] = [createSemanticJudge({ table }), createLexicalJudge()];

// In attrs' window "benchmarks" is no rare word: three more changes name it elsewhere.
const BENCHMARK_CHORES = [
  item('pr#1480', 'Run benchmarks on pull requests only', ['.github/workflows/codspeed.yml']),
  item('pr#1481', 'Pin the benchmarks runner image', ['.github/workflows/codspeed.yml']),
  item('pr#1482', 'Mention benchmarks in the contributing guide', ['.github/CONTRIBUTING.md']),
];

const BENCH: TaskFamily = {
  ...BACKOFF,
  id: 'F11',
  category: 'feature',
  title: 'Extend bench: benchmarks, asdict, astuple',
  anchor: { name: 'bench', paths: ['bench'] },
  expected_behavior:
    'Work of kind feature lands in bench around benchmarks, asdict, astuple, continuing "Add benchmarks for asdict and astuple" and "Write specific benchmarks for CodSpeed".',
  acceptance_criteria: ['A change of kind feature to bench is merged, with tests.'],
  evidence: [],
  target_hints: { paths: ['bench'], symbols: [] },
};

test("a title's head is its first two words, lower-cased, a plural s cut", () => {
  expect(titleHead('sponsors: add Privacy Solutions')).toBe('sponsor add');
  expect(titleHead('Add benchmarks for asdict and astuple')).toBe('add benchmark');
  expect(titleHead('Release')).toBeNull();
});

test('a change starting as a quoted title whose head a listed word holds continues its line: related', async () => {
  const cached = item('pr#1489', 'Add benchmarks for cached properties on slotted classes', ['bench/test_benchmarks.py']);
  for (const judge of judges) {
    const { verdicts } = await judge.judge({ families: [BENCH], later: [cached, ...BENCHMARK_CHORES, ...FILLER] });
    expect([judge.name, verdicts[0]!.label]).toEqual([judge.name, 'related']);
    expect(verdicts[0]!.reason).toMatch(/continues its quoted "add benchmark" line/);
  }
});

test('the same head without a listed word, or another kind of work, is no direction', async () => {
  // "Add support" holds no word the family lists: the head alone is not its line.
  const support: TaskFamily = { ...BENCH, expected_behavior: 'Work of kind feature lands in bench around benchmarks, asdict, astuple, continuing "Add support for PyPy" and "Add benchmarks for asdict and astuple".' };
  const pypy = item('pr#1500', 'Add support for GraalPy', ['bench/conftest.py']);
  // A bugfix is another kind of work than the feature family's line.
  const fix = item('pr#1501', 'Fix benchmarks crashing on Python 3.14', ['bench/test_benchmarks.py'], '', ['bug']);
  for (const judge of judges) {
    const { verdicts } = await judge.judge({ families: [support], later: [pypy, ...BENCHMARK_CHORES, ...FILLER] });
    expect([judge.name, verdicts[0]!.label]).toEqual([judge.name, 'rejected']);
    const { verdicts: fixed } = await judge.judge({ families: [BENCH], later: [fix, ...BENCHMARK_CHORES, ...FILLER] });
    expect(fixed[0]!.reason).not.toMatch(/continues its quoted/);
  }
});
