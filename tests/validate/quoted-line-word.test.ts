import { expect, test } from 'vitest';
import type { TaskFamily } from '../../src/family/model.js';
import { loadWordTable } from '../../src/text/glove/cache.js';
import type { Judge } from '../../src/validate/judge.js';
import { createLexicalJudge } from '../../src/validate/lexical.js';
import { createSemanticJudge } from '../../src/validate/semantic/judge.js';
import { BACKOFF, fillerIn, item } from './judge-literals.js';

/**
 * A list-shaped family's one shared rare word is a direction only when the line it quotes has that word too
 * (direction-v26, judges49; FamilyDirection.quotedLine, docs/judges.md). Hotspot and random-anchor titles list words
 * of other evidence beside the titles they quote: yargs' "Fix defects in lib: address, after, async", continuing "fix:
 * exit after async handler done", was related to "fix(build): address problems with typescript compilation" by
 * "address" alone; people rejected it (audit20b yargs-F10).
 */
const table = loadWordTable();
const judges: Judge[] = [createSemanticJudge({ table }), createLexicalJudge()];

const YARGS: TaskFamily = {
  ...BACKOFF,
  id: 'F10',
  category: 'bugfix',
  title: 'Fix defects in lib: address, after, async',
  anchor: { name: 'lib', paths: ['lib'] },
  expected_behavior:
    'Work of kind bugfix lands in lib around address, after, async, continuing "fix(build): update typescript and rollup deps fixing bundling" and "fix: exit after async handler done".',
  acceptance_criteria: ['A change of kind bugfix to lib is merged, with tests.'],
  evidence: [],
  target_hints: { paths: ['lib'], symbols: [] },
};

const WINDOW = fillerIn('lib', 'ts');

test('a same-area fix sharing only a listed word no quoted title has is rejected', async () => {
  const build = item('pr#2445', 'fix(build): address problems with typescript compilation', ['lib/platform-shims/esm.mjs'], '', ['bug']);
  for (const judge of judges) {
    const { verdicts } = await judge.judge({ families: [YARGS], later: [build, ...WINDOW] });
    expect([judge.name, verdicts[0]!.label]).toEqual([judge.name, 'rejected']);
  }
});

test('a same-area fix sharing a listed word of the quoted line keeps its one-word direction', async () => {
  const handler = item('pr#2450', 'fix: await async middleware in command handlers', ['lib/command.ts'], '', ['bug']);
  for (const judge of judges) {
    const { verdicts } = await judge.judge({ families: [YARGS], later: [handler, ...WINDOW] });
    expect([judge.name, verdicts[0]!.label]).toEqual([judge.name, 'related']);
    expect(verdicts[0]!.reason).toMatch(/shares async/);
  }
});

test('a family quoting no title keeps its one-word direction', async () => {
  const unquoted: TaskFamily = { ...YARGS, expected_behavior: 'Work of kind bugfix lands in lib around address, after, async.' };
  const build = item('pr#2445', 'fix(build): address problems with typescript compilation', ['lib/platform-shims/esm.mjs'], '', ['bug']);
  for (const judge of judges) {
    const { verdicts } = await judge.judge({ families: [unquoted], later: [build, ...WINDOW] });
    expect([judge.name, verdicts[0]!.label]).toEqual([judge.name, 'related']);
  }
});

test('a branch merge of that line matches nothing', async () => {
  const merge = item('commit:m26', "Merge branch 'async-exit' into main: fix exit after async handler", ['lib/command.ts']);
  for (const judge of judges) {
    const { verdicts } = await judge.judge({ families: [YARGS], later: [merge, ...WINDOW] });
    expect([judge.name, verdicts[0]!.label, verdicts[0]!.matches]).toEqual([judge.name, 'rejected', []]);
  }
});
