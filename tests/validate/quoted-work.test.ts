import { expect, test } from 'vitest';
import type { TaskFamily } from '../../src/family/model.js';
import { loadWordTable } from '../../src/text/glove/cache.js';
import type { Judge } from '../../src/validate/judge.js';
import { createLexicalJudge } from '../../src/validate/lexical.js';
import { createSemanticJudge } from '../../src/validate/semantic/judge.js';
import { BACKOFF, FILLER, item } from './judge-literals.js';

/**
 * What a family quotes of the work before T0 is what it was based on, not what it predicts (direction-v9,
 * docs/judges.md "Quoted past work"): a list-shaped family ("Extend src: apache, comment, completion") has a
 * direction with a change only through a word it lists, or when the change takes up one title it quotes whole;
 * its quoted identifiers count only from a change in its area; and "Its changes before T0 also touched …" is
 * no prediction at all. Each rule is what people's family labels of eval/families/dev6 and dev7 read.
 */
const table = loadWordTable();
const judges: Judge[] = [createSemanticJudge({ table }), createLexicalJudge()];

/** bat's hotspot family of dev6 (bat-B12), its words and quoted titles as the baseline wrote them. */
const KEYWORDS: TaskFamily = {
  ...BACKOFF,
  id: 'F1',
  category: 'feature',
  title: 'Extend src: apache, comment, completion',
  anchor: { name: 'src', paths: ['src'] },
  expected_behavior:
    'Work of kind feature lands in src around apache, comment, completion, continuing "Add `--completion <SHELL>` to provide shell completions" and "Update syntax mapping for Apache Conf".',
  acceptance_criteria: [],
  evidence: [],
  target_hints: { paths: ['src'], symbols: [] },
};

const MORE = [
  ...FILLER,
  item('pr#120', 'Add a pager option to the list command', ['src/pager.rs']),
  item('pr#121', 'Fix panic on empty input files', ['src/input.rs']),
  item('pr#122', 'Speed up startup by loading themes lazily', ['src/assets.rs']),
];

test("a list-shaped family is not related by a phrase of its quoted titles' words alone", async () => {
  // "syntax mapping … configuration" are words of "Update syntax mapping for Apache Conf", none of apache, comment,
  // completion: another format's mapping is the same kind of work in the same area (dev6: people rejected).
  const paru = item('pr#3182', 'Add syntax mapping for paru configuration files', ['src/syntax_mapping/builtins/linux/50-paru.toml']);
  for (const judge of judges) {
    const { verdicts } = await judge.judge({ families: [KEYWORDS], later: [paru, ...MORE] });
    expect([judge.name, verdicts[0]!.label]).toEqual([judge.name, 'rejected']);
    expect(verdicts[0]!.reason).toMatch(/no shared direction/);
  }
});

test('a list-shaped family is related by a phrase that has a word it lists', async () => {
  const apache = item('pr#3300', 'Add syntax mapping for Apache httpd conf.d files', ['src/syntax_mapping/builtins/unix-family/50-apache.toml']);
  const { verdicts } = await judges[0]!.judge({ families: [KEYWORDS], later: [apache, ...MORE] });
  expect(verdicts[0]!.label).not.toBe('rejected');
  expect(verdicts[0]!.reason).toMatch(/direction: .*shares .*apache/);
});


/** bat's heuristic family of judge-eval's fit half (people strong), and pr#3189 redoing the title it quotes. */
const batThemes = (): [TaskFamily, ReturnType<typeof item>] => [
  {
    ...KEYWORDS,
    title: 'Extend src/bin/bat: diagnostic, style, print',
    anchor: { name: 'bin', paths: ['src/bin/bat'] },
    expected_behavior:
      'src/bin/bat gains the next step of its diagnostic, style, print work, continuing "Don\'t output default theme info to piped stdout" (pr#3075) and "Merge `--style`s from different places using `+`/`-`" (pr#2929).',
    target_hints: { paths: ['src/bin/bat/main.rs'], symbols: [] },
  },
  item('pr#3189', "Fix: Don't output default theme info to piped stdout", ['src/bin/bat/main.rs', 'tests/integration_tests.rs']),
];

test('a list-shaped family is related by a change taking up a title it quotes, word for word', async () => {
  // bat's heuristic family of judge-eval's fit half: pr#3189 redoes the quoted "Don't output default theme info to
  // piped stdout" (people: strong), though it has none of diagnostic, style, print.
  const [family, redo] = batThemes();
  const partly = item('pr#3190', 'Show the default theme first in the theme list', ['src/bin/bat/main.rs']);
  const { verdicts } = await judges[0]!.judge({ families: [family], later: [redo, partly, ...MORE] });
  expect(verdicts[0]!.label).not.toBe('rejected');
  expect(verdicts[0]!.matches.map((m) => m.key)).toEqual(['pr#3189']);
});

test('a change in the family\'s files taking up a title it quotes, whole, does that work again: strong, whatever kind its prefix says', async () => {
  // The same bat family (judge-eval's fit half, people strong): a fix of the quoted feature is a follow-up of that
  // very work (direction-v11). Outside the family's files the same title only continues it: related.
  const [family, redo] = batThemes();
  for (const judge of judges) {
    const { verdicts } = await judge.judge({ families: [family], later: [redo, ...MORE] });
    expect([judge.name, verdicts[0]!.label]).toEqual([judge.name, 'strong']);
    expect(verdicts[0]!.reason).toMatch(/takes up its quoted "[^"]*default theme info[^"]*" again/);
  }
  const elsewhere = item('pr#3189', "Fix: Don't output default theme info to piped stdout", ['src/printer.rs']);
  const { verdicts } = await judges[0]!.judge({ families: [family], later: [elsewhere, ...MORE] });
  expect(verdicts[0]!.label).toBe('related');
});

test('a quoted title taken up does no work for a one-piece title, nor when it names only the area and one word', async () => {
  // dev8's bat-H03 "Support theme info in src/bin/bat" quotes the same title as evidence: its prediction is its own
  // object (people: related for pr#3189). heldout8's ripgrep-B12 "Fix defects in pkg/brew: tap" quotes
  // "pkg/brew: update tap", which its release chores repeat (people: rejected).
  const onePiece: TaskFamily = {
    ...KEYWORDS,
    title: 'Support theme info in src/bin/bat',
    anchor: { name: 'bin', paths: ['src/bin/bat'] },
    expected_behavior: 'src/bin/bat supports theme info, continuing "Don\'t output default theme info to piped stdout" (pr#3075).',
    target_hints: { paths: ['src/bin/bat/main.rs'], symbols: [] },
  };
  const redo = item('pr#3189', "Fix: Don't output default theme info to piped stdout", ['src/bin/bat/main.rs']);
  const brew: TaskFamily = {
    ...KEYWORDS,
    category: 'bugfix',
    title: 'Fix defects in pkg/brew: tap',
    anchor: { name: 'pkg/brew', paths: ['pkg/brew'] },
    expected_behavior: 'Work of kind bugfix lands in pkg/brew around tap, continuing "pkg/brew: update tap".',
    target_hints: { paths: ['pkg/brew'], symbols: [] },
  };
  const tap = item('commit:0551c6b', 'pkg/brew: update tap', ['pkg/brew/ripgrep-bin.rb']);
  for (const judge of judges) {
    const one = await judge.judge({ families: [onePiece], later: [redo, ...MORE] });
    expect([judge.name, one.verdicts[0]!.label]).not.toEqual([judge.name, 'strong']);
    const area = await judge.judge({ families: [brew], later: [tap, ...MORE] });
    expect([judge.name, area.verdicts[0]!.label]).not.toEqual([judge.name, 'strong']);
  }
});

test("a list-shaped family's quoted identifier is a direction only from a change in its area", async () => {
  // typer's recency family of dev6 (typer-B08): pr#1138 defines shell_complete in typer/core.py, outside
  // pyproject.toml (people: rejected).
  const family: TaskFamily = {
    ...KEYWORDS,
    category: 'bugfix',
    title: 'Fix defects in pyproject.toml: autocompletion, cli, complete',
    anchor: { name: 'pyproject.toml', paths: ['pyproject.toml'] },
    expected_behavior:
      'Work of kind bugfix lands in pyproject.toml around autocompletion, cli, complete, continuing "Deprecate `shell_complete` and continue to use `autocompletion` for CLI parameters".',
    target_hints: { paths: ['pyproject.toml'], symbols: [] },
  };
  const elsewhere = item('pr#1138', 'Ensure that Path arguments work', ['typer/core.py']);
  const inArea = item('pr#1139', 'Ensure that Path arguments work', ['typer/core.py', 'pyproject.toml']);
  const added = { 'pr#1138': ['shell_complete'], 'pr#1139': ['shell_complete'] };
  for (const judge of judges) {
    const outside = await judge.judge({ families: [family], later: [elsewhere, ...MORE], added });
    expect([judge.name, outside.verdicts[0]!.label]).toEqual([judge.name, 'rejected']);
    const inside = await judge.judge({ families: [family], later: [inArea, ...MORE], added });
    expect([judge.name, inside.verdicts[0]!.reason]).toEqual([judge.name, expect.stringMatching(/its diff defines `shell_complete`/)]);
  }
});

test('what the work before T0 also touched is no part of the prediction', async () => {
  // click's heuristic family of dev7 (click-H04): "use uv" shared only "action", a word of that sentence (people: rejected).
  const family: TaskFamily = {
    ...BACKOFF,
    category: 'refactor',
    title: 'Restructure the HTTP client in src/http',
    expected_behavior:
      'The code of the HTTP client in src/http is restructured; public names and outputs stay the same. Its changes before T0 also touched cookie jars and proxy tunnels.',
    acceptance_criteria: [],
    target_hints: { paths: ['src/http'], symbols: [] },
  };
  const tunnel = item('pr#90', 'Reuse proxy tunnels and cookie jars across redirects', ['src/http/redirect.ts']);
  for (const judge of judges) {
    const { verdicts } = await judge.judge({ families: [family], later: [tunnel, ...MORE] });
    expect([judge.name, verdicts[0]!.label]).toEqual([judge.name, 'rejected']);
  }
});

/** httpx's random-anchor family of judge-eval's fit half (people rejected), its words as the baseline wrote them. */
const TRANSPORTS: TaskFamily = {
  ...KEYWORDS,
  id: 'F3',
  category: 'bugfix',
  title: 'Fix defects in httpx/_transports: asgi, api, app',
  anchor: { name: 'httpx/_transports', paths: ['httpx/_transports'] },
  expected_behavior:
    'Work of kind bugfix lands in httpx/_transports around asgi, api, app, continuing "Update asgi.py docstring" and "[fix] Use proxy ssl context consistently".',
  acceptance_criteria: ['A change of kind bugfix to httpx/_transports is merged, with tests.'],
  target_hints: { paths: ['httpx/_transports'], symbols: [] },
};

test('words only a quoted past title holds never count toward a shared phrase, even with a word the family lists', async () => {
  // httpx pr#3319 shares "api" (listed) and "context" (only in the quoted "Use proxy ssl context
  // consistently"): the quoted work is the family's evidence, not its prediction (people: rejected).
  const sslApi = item('pr#3319', 'Introduce new `SSLContext` API & escalate deprecations.', ['httpx/_transports/default.py', 'httpx/_config.py']);
  for (const judge of judges) {
    const { verdicts } = await judge.judge({ families: [TRANSPORTS], later: [sslApi, ...MORE] });
    expect([judge.name, verdicts[0]!.label]).toEqual([judge.name, 'rejected']);
    expect(verdicts[0]!.reason).toMatch(/no shared direction \(only api, context in common\)/);
  }
});

test('two words a family lists still make a phrase beside its quoted ones', async () => {
  const asgiApp = item('pr#3400', 'Fix ASGI app lifespan errors in the transport', ['httpx/_transports/asgi.py']);
  const { verdicts } = await judges[0]!.judge({ families: [TRANSPORTS], later: [asgiApp, ...MORE] });
  expect(verdicts[0]!.label).not.toBe('rejected');
  expect(verdicts[0]!.reason).toMatch(/direction: shares app, asgi/);
});
