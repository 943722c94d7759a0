import { expect, test } from 'vitest';
import type { TaskFamily } from '../../src/family/model.js';
import { loadWordTable } from '../../src/text/glove/cache.js';
import type { Judge } from '../../src/validate/judge.js';
import { createLexicalJudge } from '../../src/validate/lexical.js';
import { createSemanticJudge } from '../../src/validate/semantic/judge.js';
import { BACKOFF, FILLER, item, PARAPHRASE } from './judge-literals.js';

/**
 * Related by direction, not area (../shared/judging-rules.md): a later change
 * makes a family related or strong only when it shares a specific direction
 * with it (a phrase, a symbol, an issue), and every match's reason names it.
 */
const table = loadWordTable();
const judges: Judge[] = [createSemanticJudge({ table }), createLexicalJudge()];


test('a same-area, same-kind, different-purpose change stays rejected, by every offline judge', async () => {
  // BACKOFF is a feature in src/http; this is a feature in src/http that does something else.
  const proxy = item('pr#32', 'Add support for SOCKS proxies in the HTTP client', ['src/http/proxy.ts', 'src/http/client.ts'], 'Reads socks5:// URLs from the environment.');
  for (const judge of judges) {
    const { verdicts } = await judge.judge({ families: [BACKOFF], later: [proxy, ...FILLER] });
    expect([judge.name, verdicts[0]!.label]).toEqual([judge.name, 'rejected']);
    expect(verdicts[0]!.reason).toMatch(/no shared direction/);
  }
});

test('a branch merge, a release and a chore match nothing, even when their text repeats the family\'s words', async () => {
  const merge = item('commit:m1', "Merge branch 'develop'", ['src/http/retry.ts'], 'Add exponential backoff between HTTP retries');
  const release = item('pr#60', 'Release 2.0: exponential backoff for HTTP retries', ['CHANGELOG.md', 'package.json']);
  const chore = item('pr#61', 'ci: test HTTP retries with exponential backoff', ['.github/workflows/ci.yml']);
  for (const judge of judges) {
    const { verdicts } = await judge.judge({ families: [BACKOFF], later: [merge, release, chore, ...FILLER] });
    expect([judge.name, verdicts[0]!.label, verdicts[0]!.matches]).toEqual([judge.name, 'rejected', []]);
  }
  const { verdicts } = await judges[0]!.judge({ families: [BACKOFF], later: [merge, ...FILLER] });
  expect(verdicts[0]!.reason).toMatch(/branch merge: not work, counted apart/);
});

test('every related or strong match names the shared direction: words, a symbol or an issue', async () => {
  const family: TaskFamily = {
    ...BACKOFF,
    id: 'F7',
    title: 'Make `RetryPolicy` configurable per request',
    expected_behavior: 'Callers pass their own retry policy; see #812.',
    acceptance_criteria: [],
    target_hints: { paths: ['src/http'], symbols: ['RetryPolicy'] },
  };
  const bySymbol = item('pr#70', 'Let callers swap the RetryPolicy', ['src/http/retry.ts']);
  const byIssue = item('pr#71', 'Per-request overrides (closes #812)', ['src/http/request.ts']);
  for (const judge of judges) {
    const { verdicts } = await judge.judge({ families: [family, BACKOFF], later: [bySymbol, byIssue, PARAPHRASE, ...FILLER] });
    const matches = verdicts.flatMap((v) => v.matches);
    expect(matches.length).toBeGreaterThan(0);
    for (const m of matches) expect([judge.name, m.key, m.reason]).toEqual([judge.name, m.key, expect.stringMatching(/^direction: (shares|names|both|does|edits|its diff defines) /)]);
    const f7 = verdicts[0]!.matches.map((m) => m.key);
    expect([judge.name, f7]).toEqual([judge.name, expect.arrayContaining(['pr#70', 'pr#71'])]);
  }
});

test('a vague family (an area and loose words) is rejected unless a change plainly does what its words say', async () => {
  const vague: TaskFamily = { ...BACKOFF, id: 'F8', category: 'bugfix', title: 'Fix defects in src/http', expected_behavior: 'Defects in src/http get fixed.', acceptance_criteria: [], target_hints: { paths: ['src/http'], symbols: [] } };
  const someFix = item('pr#80', 'fix: close the socket when a TLS handshake fails', ['src/http/tls.ts']);
  for (const judge of judges) {
    const { verdicts } = await judge.judge({ families: [vague], later: [someFix, ...FILLER] });
    expect([judge.name, verdicts[0]!.label]).toEqual([judge.name, 'rejected']);
  }
});

/** A list-shaped family whose words come from a past title it quotes (the baselines' and heuristic's shape). */
const QUOTING: TaskFamily = {
  ...BACKOFF,
  id: 'F9',
  title: 'Extend src/cli: completion, shell, fish',
  anchor: { name: 'src/cli', paths: ['src/cli'] },
  expected_behavior: 'Work of kind feature lands in src/cli around completion, shell, fish, continuing "Add shell completion for fish".',
  acceptance_criteria: ['A change of kind feature to src/cli is merged, with tests.'],
  evidence: [],
  target_hints: { paths: ['src/cli'], symbols: [] },
};

test('a change outside the family\'s area that shares two words of its quoted title is no direction; three words, or the area\'s tests, are', async () => {
  const twoWords = item('pr#31', 'Clarify which shell completions the packaged docs mention', ['docs/install.md']);
  const threeWords = item('pr#32', 'Fix fish shell completion of quoted values', ['completions/fish.sh']);
  const itsTests = item('pr#33', 'Check shell completion output in the test suite', ['tests/cli/test_completion.py']);
  for (const judge of judges) {
    const { matches } = await judge.judgePairs!({ families: [QUOTING], later: [twoWords, threeWords, itsTests, ...FILLER] });
    const byKey = new Map(matches[0]!.map((m) => [m.key, m]));
    expect([judge.name, byKey.get('pr#31')!.label, byKey.get('pr#31')!.reason]).toEqual([judge.name, 'rejected', expect.stringMatching(/^no shared direction \(only completion, shell in common\)/)]);
    expect([judge.name, byKey.get('pr#32')!.label]).toEqual([judge.name, 'related']);
    expect(byKey.get('pr#32')!.reason).toMatch(/^direction: shares completion, fish, shell/);
    // Its tests are its area: the two words are a direction again (the label then rests on the similarity, as for any pair).
    expect(byKey.get('pr#33')!.reason).toMatch(/^direction: shares completion, shell;/);
  }
});

test('a plain-word symbol the family names is a direction only from a change in its area; a compound one from anywhere', async () => {
  // The family names `main` (a plain word) and `run_loop` (a compound name) for its event-loop file.
  const LOOP: TaskFamily = {
    ...BACKOFF,
    id: 'F7',
    category: 'refactor',
    title: 'Refactor the event loop (`main`, `run_loop`, shutdown order)',
    anchor: { name: 'event loop', paths: ['src/loop'] },
    expected_behavior: 'The event loop in src/loop is restructured around `main` and `run_loop`.',
    target_hints: { paths: ['src/loop/loop.ts'], symbols: ['main', 'run_loop'] },
    acceptance_criteria: [],
  };
  const elsewhere = item('pr#41', 'Remove the unused helper from `main`', ['src/cli/main.ts']);
  const inArea = item('pr#42', 'Inline the helper into `main`', ['src/loop/loop.ts']);
  const compound = item('pr#43', 'Document `run_loop` in the guide', ['docs/guide.md']);
  for (const judge of judges) {
    const { matches } = await judge.judgePairs!({ families: [LOOP], later: [elsewhere, inArea, compound, ...FILLER] });
    const byKey = new Map(matches[0]!.map((m) => [m.key, m]));
    expect([judge.name, byKey.get('pr#41')!.label, byKey.get('pr#41')!.reason]).toEqual([judge.name, 'rejected', expect.stringMatching(/^no shared direction/)]);
    expect([judge.name, byKey.get('pr#42')!.reason]).toEqual([judge.name, expect.stringMatching(/^direction: names `main`/)]);
    expect([judge.name, byKey.get('pr#43')!.reason]).toEqual([judge.name, expect.stringMatching(/^direction: names `run_loop`/)]);
  }
});

test('a typo or spelling fix shares no direction with a family that predicts none, even in its files with its words', async () => {
  // cobra's recency family of judge-eval's fit half: "Update command.go" ("Fix spelling in the help output.") was
  // strong for "Fix defects in command.go: help, output, plugins" by "shares help, output" (people: rejected).
  const family: TaskFamily = {
    ...BACKOFF,
    id: 'F2',
    category: 'bugfix',
    title: 'Fix defects in command.go: help, output, plugins',
    anchor: { name: 'command.go', paths: ['command.go'] },
    expected_behavior: 'Work of kind bugfix lands in command.go around help, output, plugins, continuing "Fix --version help and output for plugins".',
    acceptance_criteria: [],
    target_hints: { paths: ['command.go'], symbols: [] },
  };
  const spelling = item('pr#2248', 'Update command.go', ['command.go'], 'Fix spelling in the help output.\n\ntopcis -> topics');
  const titled = item('pr#2249', 'Fix typo in the help output', ['command.go']);
  const fix = item('pr#2250', 'Fix the help output of plugins', ['command.go']);
  for (const judge of judges) {
    for (const typo of [spelling, titled]) {
      const { verdicts } = await judge.judge({ families: [family], later: [typo, ...FILLER] });
      expect([judge.name, typo.key, verdicts[0]!.label]).toEqual([judge.name, typo.key, 'rejected']);
    }
    const { verdicts } = await judge.judge({ families: [family], later: [fix, ...FILLER] });
    expect([judge.name, verdicts[0]!.label]).not.toEqual([judge.name, 'rejected']);
  }
  // A family that predicts spelling fixes is still done by one.
  const wording: TaskFamily = { ...family, title: 'Fix spelling mistakes in the help output of command.go', expected_behavior: 'Spelling mistakes in the help output are corrected.' };
  const { verdicts } = await judges[0]!.judge({ families: [wording], later: [titled, ...FILLER] });
  expect(verdicts[0]!.label).not.toBe('rejected');
});
