import { expect, test } from 'vitest';
import type { TaskFamily } from '../../src/family/model.js';
import { loadWordTable } from '../../src/text/glove/cache.js';
import type { Judge } from '../../src/validate/judge.js';
import { createLexicalJudge } from '../../src/validate/lexical.js';
import { createSemanticJudge } from '../../src/validate/semantic/judge.js';
import { BACKOFF, FILLER, item } from './judge-literals.js';

/**
 * A lint line done in the family's own files (direction-v23, judges40 rule C): a list-shaped family asking for fixes
 * or restructuring in its files and listing a linter's word ("Fix defects in tree: lint, children, hide") is done by
 * a change fixing that linter's findings there: strong. The same change continues, and does not do, a family asking
 * for a feature there ("Extend tree: lint, …"): related, as before. lipgloss's newcomer2-18 families F06 and F15,
 * people strong, the judges related.
 */
const table = loadWordTable();
const judges: Judge[] = [createSemanticJudge({ table }), createLexicalJudge()];

const WINDOW = [
  ...FILLER,
  item('pr#120', 'Add a pager option to the list command', ['src/pager.go']),
  item('pr#121', 'Fix panic on empty input files', ['src/input.go']),
  item('pr#122', 'Speed up startup by loading themes lazily', ['src/assets.go']),
];

const FIX_LINT: TaskFamily = {
  ...BACKOFF,
  id: 'F40',
  category: 'bugfix',
  title: 'Fix defects in tree: lint, children, hide',
  anchor: { name: 'tree', paths: ['tree'] },
  expected_behavior: 'Work of kind bugfix lands in tree around lint, children, hide, continuing "lint: fix lint for newer go versions".',
  acceptance_criteria: [],
  evidence: [],
  target_hints: { paths: ['tree'], symbols: [] },
};
const EXTEND_LINT: TaskFamily = { ...FIX_LINT, id: 'F41', category: 'feature', title: 'Extend tree: lint, children, hide', expected_behavior: 'Work of kind feature lands in tree around lint, children, hide.' };

const lintFix = item('commit:f274d05', 'fix(lint): fix linting issues after golangci-lint v2 upgrade', ['tree/renderer.go', 'style.go']);

async function verdictOf(judge: Judge, family: TaskFamily, later: ReturnType<typeof item>[]) {
  const { verdicts } = await judge.judge({ families: [family], later: [...later, ...WINDOW] });
  return verdicts[0]!;
}

test("a linter's fixes in the family's own files do a fix family listing lint: strong, and the reason names the line", async () => {
  for (const judge of judges) {
    const v = await verdictOf(judge, FIX_LINT, [lintFix]);
    expect([judge.name, v.label, v.matches[0]?.key]).toEqual([judge.name, "strong", "commit:f274d05"]);
    expect(v.matches[0]!.reason).toMatch(/^direction: does its lint line \(linting\) in its own files/);
  }
});

test('the same change only continues a family asking for a feature there: related', async () => {
  for (const judge of judges) {
    const v = await verdictOf(judge, EXTEND_LINT, [lintFix]);
    expect([judge.name, v.label]).toEqual([judge.name, 'related']);
    expect(v.reason).toMatch(/continues its lint line/);
  }
});

test('a same-area, same-kind change of another purpose stays rejected', async () => {
  const other = item('pr#530', 'fix(tree): correct the indentation of nested enumerators', ['tree/renderer.go']);
  for (const judge of judges) expect([judge.name, (await verdictOf(judge, FIX_LINT, [other])).label]).toEqual([judge.name, 'rejected']);
});

test('a branch merge of lint fixes into the main branch matches nothing', async () => {
  const merge = item('commit:m40', "Merge branch 'lint-fixes' into main: fix linting issues", ['tree/renderer.go']);
  for (const judge of judges) {
    const v = await verdictOf(judge, FIX_LINT, [merge]);
    expect([judge.name, v.label, v.matches]).toEqual([judge.name, 'rejected', []]);
  }
});
