import { expect, test } from 'vitest';
import type { TaskFamily } from '../../src/family/model.js';
import { loadWordTable } from '../../src/text/glove/cache.js';
import { asksForMore, moreKindWords, removesInstance } from '../../src/validate/judges/addition-line.js';
import type { Judge } from '../../src/validate/judge.js';
import { createLexicalJudge } from '../../src/validate/lexical.js';
import { createSemanticJudge } from '../../src/validate/semantic/judge.js';
import { BACKOFF, FILLER, item } from './judge-literals.js';

/**
 * A family asking for one more instance (direction-v15, src/validate/judges/addition-line.ts): a removal at its place
 * has another purpose (rejected); an addition there continues it, and the kind it adds ("syntaxes") stays its word
 * though one of its paths (`assets/syntaxes/02_Extra`) is named like it.
 */
const table = loadWordTable();
const judges: Judge[] = [createSemanticJudge({ table }), createLexicalJudge()];

const PLACES = ['.gitmodules', 'assets/syntaxes/02_Extra', 'tests/syntax-tests', 'assets/patches'];

/** bat's heuristic family on dev with submodule gitlinks recorded as paths (dev9's bat-H04, people strong by pr#3300). */
const SYNTAXES: TaskFamily = {
  ...BACKOFF,
  id: 'F2',
  category: 'feature',
  title: 'Add more syntaxes like CFML, puppet and lisp as git submodules in .gitmodules or in assets/syntaxes/02_Extra or in assets/patches, each with a test in tests/syntax-tests',
  anchor: { name: 'assets/patches', paths: PLACES },
  expected_behavior:
    'Syntaxes gain one more, beyond those added before T0 (CFML, puppet and lisp), added the way they were (as git submodules in .gitmodules or in assets/syntaxes/02_Extra or in assets/patches), continuing "add CFML syntax" (pr#3031) and "Added patch for puppet syntax highlighting in Markdown code snippets" (pr#3152): documented, and tested in tests/syntax-tests.',
  acceptance_criteria: [
    'One more of the syntaxes than at T0 is in place (as git submodules in .gitmodules or in assets/syntaxes/02_Extra or in assets/patches), with a test in tests/syntax-tests that exercises it.',
    'Those added before T0 (CFML, puppet and lisp) are unchanged: their tests pass without edits.',
  ],
  evidence: [],
  target_hints: { paths: PLACES, symbols: [] },
};

const TYPST = item('pr#3300', 'Adds Typst syntax from hyrious/typst-syntax-highlight', ['.gitmodules', 'CHANGELOG.md', 'assets/syntaxes/02_Extra/typst-syntax-highlight', 'tests/syntax-tests/highlighted/Typst/test.typ', 'tests/syntax-tests/source/Typst/test.typ']);
const LIVESCRIPT = item('pr#3276', 'Remove the LiveScript syntax submodule', ['.gitmodules', 'assets/syntaxes/02_Extra/LiveScript']);

test('a removal of a syntax submodule at the family\'s place shares no direction with "Add more syntaxes": rejected', async () => {
  for (const judge of judges) {
    const { verdicts } = await judge.judge({ families: [SYNTAXES], later: [LIVESCRIPT, ...FILLER] });
    expect([judge.name, verdicts[0]!.label]).toEqual([judge.name, 'rejected']);
  }
});

test('one more syntax added there as a submodule with its test continues the family, and is its best match', async () => {
  for (const judge of judges) {
    const { verdicts } = await judge.judge({ families: [SYNTAXES], later: [LIVESCRIPT, TYPST, ...FILLER] });
    expect([judge.name, verdicts[0]!.label === 'rejected']).toEqual([judge.name, false]);
    expect(verdicts[0]!.matches.map((m) => m.key)).toEqual(['pr#3300']);
    expect(verdicts[0]!.reason).toMatch(/syntaxes/);
  }
});

test('what asks for more, what removes, and the kind a "more" title adds', () => {
  expect(asksForMore(SYNTAXES.title, '')).toBe(true);
  expect(asksForMore('Add more entries like Incus to the projects using cobra list in site/content/projects_using_cobra.md', '')).toBe(true);
  expect(asksForMore('Fix more compat defects like typing in src/click/_compat.py', 'handles one more case correctly')).toBe(false);
  expect(asksForMore('Extend the ecosystem page', 'ECOSYSTEM.md gains one more entry, beyond those added before T0')).toBe(true);
  for (const t of ['remove LiveScript submodule', 'chore: drop the Foo entry', 'feat(syntax)!: Delete lisp patch', 'Deprecate `old_name`']) expect([t, removesInstance(t)]).toEqual([t, true]);
  for (const t of ['Adds Typst syntax', 'Fix: removal of trailing spaces breaks output', 'Add a way to remove themes', 'docs: remove zutron, add zubridge']) expect([t, removesInstance(t)]).toEqual([t, false]);
  expect(moreKindWords(SYNTAXES.title)).toEqual(['syntaxes']);
  expect(moreKindWords('Add more syntax mappings like those for CITATION.cff in src/syntax_mapping/builtins')).toEqual(['syntax', 'mappings']);
  expect(moreKindWords('Fix defects in src/x')).toEqual([]);
});
