import { expect, test } from 'vitest';
import type { TaskFamily } from '../../src/family/model.js';
import { loadWordTable } from '../../src/text/glove/cache.js';
import type { Judge } from '../../src/validate/judge.js';
import { createLexicalJudge } from '../../src/validate/lexical.js';
import { createSemanticJudge } from '../../src/validate/semantic/judge.js';
import { BACKOFF, FILLER, item } from './judge-literals.js';

/**
 * What people call strong and the judges used to call related (issue 16, the development sets' disagreements,
 * docs/judging.md): a change that does the object a one-piece title names, in its area, or edits the file its title
 * names; and what they call area, not direction: a test file's name, a list's heading, a path.
 */
const table = loadWordTable();
const judges: Judge[] = [createSemanticJudge({ table }), createLexicalJudge()];

async function verdictOf(judge: Judge, family: TaskFamily, later = FILLER) {
  const { verdicts } = await judge.judge({ families: [family], later: [...later, ...FILLER] });
  return verdicts[0]!;
}

/** A one-piece title: an act, its object, the component ("Document triage role and team in docs/"). */
const TRIAGE: TaskFamily = {
  ...BACKOFF,
  id: 'F20',
  category: 'refactor',
  title: 'Document triage role and team in docs/',
  anchor: { name: 'docs', paths: ['Readme.md', 'Contributing.md'] },
  expected_behavior: 'The documentation says who triages and how.',
  acceptance_criteria: [],
  evidence: [],
  target_hints: { paths: ['Readme.md', 'Contributing.md'], symbols: [] },
};

test('a change that does the object a one-piece title names, in its area, is strong, and its reason says so', async () => {
  const joins = item('pr#90', 'docs: add @someone to the triage team', ['Readme.md']);
  for (const judge of judges) {
    const v = await verdictOf(judge, TRIAGE, [joins]);
    expect([judge.name, v.label, v.matches[0]?.key]).toEqual([judge.name, 'strong', 'pr#90']);
    expect(v.matches[0]!.reason).toMatch(/^direction: does its title's triage, team/);
  }
});

test('a same-area, same-kind change of another purpose stays rejected beside a one-piece title', async () => {
  const other = item('pr#91', 'docs: describe the release process and the security policy', ['Readme.md', 'Contributing.md']);
  for (const judge of judges) expect([judge.name, (await verdictOf(judge, TRIAGE, [other])).label]).toEqual([judge.name, 'rejected']);
});

/** Pages named by a title's list, which are the family's own files. */
const PAGES: TaskFamily = {
  ...BACKOFF,
  id: 'F21',
  category: 'refactor',
  title: 'Fix, restructure and extend the documentation pages (projects using cobra, user guide)',
  anchor: { name: 'site/content', paths: ['site/content/projects_using_cobra.md', 'site/content/user_guide.md', 'site/content/active_help.md'] },
  expected_behavior: 'The documentation pages are corrected and extended.',
  acceptance_criteria: [],
  evidence: [],
  target_hints: { paths: ['site/content/projects_using_cobra.md', 'site/content/user_guide.md', 'site/content/active_help.md'], symbols: [] },
};

test('a change that edits the page a title names is strong, whatever its words; another page of its area is not', async () => {
  const listed = item('pr#92', 'doc: add Conduit', ['site/content/projects_using_cobra.md']);
  const unnamed = item('pr#93', 'doc: reword the shell section', ['site/content/active_help.md']);
  for (const judge of judges) {
    const v = await verdictOf(judge, PAGES, [listed, unnamed]);
    expect([judge.name, v.label, v.matches.map((m) => m.key)]).toEqual([judge.name, 'strong', ['pr#92']]);
    expect(v.matches[0]!.reason).toMatch(/^direction: edits `projects_using_cobra`, which its title names/);
  }
});

test('a branch merge matches nothing, even one that edits the page a title names', async () => {
  const merge = item('commit:m9', "Merge branch 'develop' into main", ['site/content/projects_using_cobra.md']);
  for (const judge of judges) {
    const v = await verdictOf(judge, PAGES, [merge]);
    expect([judge.name, v.label, v.matches]).toEqual([judge.name, 'rejected', []]);
  }
});

test('a file is named by a piece of work the title names, not by a list heading, a path or one word', async () => {
  // "standard renderer" heads the list: it names the component, as the path in the second title does.
  const heading: TaskFamily = { ...BACKOFF, id: 'F22', category: 'bugfix', title: 'Fix standard renderer edge cases (use newline, alt screen)', expected_behavior: 'Edge cases render correctly.', acceptance_criteria: [], anchor: { name: 'renderer', paths: ['standard_renderer.go'] }, target_hints: { paths: ['standard_renderer.go'], symbols: [] } };
  const path: TaskFamily = { ...heading, id: 'F23', category: 'refactor', title: 'Remove the deprecated code in standard_renderer.go' };
  const oneWord: TaskFamily = { ...heading, id: 'F24', category: 'feature', title: 'Extend cli beyond life python in src/flask/cli.py', anchor: { name: 'cli', paths: ['src/flask/cli.py'] }, target_hints: { paths: ['src/flask/cli.py'], symbols: [] } };
  const cursor = item('pr#94', 'fix(renderer): properly reset cursor position to start of line', ['standard_renderer.go']);
  const context = item('pr#95', 'merge app and request context', ['src/flask/cli.py', 'src/flask/ctx.py']);
  for (const judge of judges) {
    const { verdicts } = await judge.judge({ families: [heading, path, oneWord], later: [cursor, context, ...FILLER] });
    // Not strong (a shared word may still make one related), and no reason rests on a named file.
    expect([judge.name, verdicts.map((v) => v.label === 'strong')]).toEqual([judge.name, [false, false, false]]);
    for (const v of verdicts) expect(v.reason).not.toMatch(/which its title names/);
  }
});

test("a test file's name the family quotes is its area's tests, not a symbol; an API named like one still is", async () => {
  const family: TaskFamily = {
    ...BACKOFF,
    id: 'F25',
    title: 'Extend termui beyond editing multiple files in src/click/_termui_impl.py',
    anchor: { name: 'termui', paths: ['src/click/_termui_impl.py'] },
    expected_behavior: 'click.edit gains more; tests/test_termui.py covers it.',
    acceptance_criteria: ['`test_termui` passes with a new case; `test.extend` fixtures keep working.'],
    target_hints: { paths: ['src/click/_termui_impl.py'], symbols: [] },
  };
  const sameTests = item('pr#96', 'Raise an exception on end of input in CliRunner', ['src/click/testing.py', 'tests/test_termui.py']);
  const api = item('pr#97', 'Use the suite timeout in `test.extend`', ['src/runner/suite.ts']);
  for (const judge of judges) {
    const v = await verdictOf(judge, family, [sameTests, api]);
    expect([judge.name, v.matches.map((m) => m.key)]).toEqual([judge.name, ['pr#97']]);
    expect(v.matches[0]!.reason).toMatch(/^direction: names `test\.extend`/);
  }
});
