import { expect, test } from 'vitest';
import type { TaskFamily } from '../../src/family/model.js';
import { loadWordTable } from '../../src/text/glove/cache.js';
import type { Judge } from '../../src/validate/judge.js';
import { createLexicalJudge } from '../../src/validate/lexical.js';
import { createSemanticJudge } from '../../src/validate/semantic/judge.js';
import { BACKOFF, FILLER, item } from './judge-literals.js';

/**
 * One rare word a list-shaped family lists, shared by a change of its kind in its area, is a direction only when the
 * change's title has it (direction-v24, judges45 L1): in the body alone it is a loose word of the area, the same kind
 * of work in the same area (../shared/judging-rules.md). urllib3's "Fix defects in src/urllib3: handling, integer,
 * manager" was related to "Fix readinto type hint …" by "integer" in its body; people rejected it.
 */
const table = loadWordTable();
const judges: Judge[] = [createSemanticJudge({ table }), createLexicalJudge()];

const WINDOW = [
  ...FILLER,
  item('pr#120', 'Add a pager option to the list command', ['src/pager.py']),
  item('pr#121', 'Speed up startup by loading themes lazily', ['src/assets.py']),
];

const FAMILY: TaskFamily = {
  ...BACKOFF,
  id: 'F50',
  category: 'bugfix',
  title: 'Fix defects in src/pool: handling, integer, manager',
  anchor: { name: 'src/pool', paths: ['src/pool'] },
  expected_behavior: 'Work of kind bugfix lands in src/pool around handling, integer, manager.',
  acceptance_criteria: [],
  evidence: [],
  target_hints: { paths: ['src/pool'], symbols: [] },
};

async function verdictOf(judge: Judge, change: ReturnType<typeof item>) {
  const { verdicts } = await judge.judge({ families: [FAMILY], later: [change, ...WINDOW] });
  return verdicts[0]!;
}

test('a listed word in the body of a same-kind change in the area only: no direction, rejected', async () => {
  const change = item('pr#130', 'Fix readinto type hint for buffered readers', ['src/pool/response.py'], 'The buffer may be any object with an integer length.');
  for (const judge of judges) expect([judge.name, (await verdictOf(judge, change)).label]).toEqual([judge.name, 'rejected']);
});

test('the same word in its title: the specific object, done the same way in the area, related as before', async () => {
  const change = item('pr#131', 'Fix integer overflow in chunked reads', ['src/pool/response.py']);
  for (const judge of judges) {
    const v = await verdictOf(judge, change);
    expect([judge.name, v.label]).toEqual([judge.name, 'related']);
    expect(v.reason).toMatch(/shares integer/);
  }
});
