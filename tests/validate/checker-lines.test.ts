import { expect, test } from 'vitest';
import type { TaskFamily } from '../../src/family/model.js';
import { loadWordTable } from '../../src/text/glove/cache.js';
import type { Judge } from '../../src/validate/judge.js';
import { createLexicalJudge } from '../../src/validate/lexical.js';
import { createSemanticJudge } from '../../src/validate/semantic/judge.js';
import { BACKOFF, FILLER, item } from './judge-literals.js';

/**
 * Checker lines (direction-v13, src/validate/judges/checker-lines.ts): a list-shaped family listing a checker's
 * words (typing, lint, clippy) is continued by a change whose title does that checker's work, in its area or in the
 * files of the work it quotes, whatever its kind; a change with another purpose in the same files is not.
 */
const table = loadWordTable();
const judges: Judge[] = [createSemanticJudge({ table }), createLexicalJudge()];

const MORE = [
  ...FILLER,
  item('pr#120', 'Add a pager option to the list command', ['src/pager.py']),
  item('pr#121', 'Fix panic on empty input files', ['src/input.py']),
  item('pr#122', 'Speed up startup by loading themes lazily', ['src/assets.py']),
];

/** click's recency-v2 family of judge-eval's fit half (F3), quoting pr#2803. */
const TYPING: TaskFamily = {
  ...BACKOFF,
  id: 'F3',
  category: 'feature',
  title: 'Extend src/click/_compat.py: typing, windows',
  anchor: { name: 'src/click/_compat.py', paths: ['src/click/_compat.py'] },
  expected_behavior: 'Work of kind feature lands in src/click/_compat.py around typing, windows, continuing "Improve typing on Windows".',
  acceptance_criteria: [],
  evidence: [{ kind: 'work_item', ref: 'pr#2803', date: '2024-12-22T20:37:43.000Z', text: 'Improve typing on Windows', reason: 'one of the most recent pull requests before T0' }],
  target_hints: { paths: ['src/click/_compat.py'], symbols: [] },
};
const TYPING_QUOTED = { 'pr#2803': ['src/click/_compat.py', 'src/click/_winconsole.py'] };

/** axum's hotspot-v2 family of the fit half (F3). */
const LINT: TaskFamily = {
  ...BACKOFF,
  id: 'F4',
  category: 'feature',
  title: 'Extend axum-macros: lint, centralize, clippy',
  anchor: { name: 'axum-macros', paths: ['axum-macros'] },
  expected_behavior: 'Work of kind feature lands in axum-macros around lint, centralize, clippy, continuing "Update more hardcoded docs.rs URLs".',
  acceptance_criteria: [],
  evidence: [],
  target_hints: { paths: ['axum-macros'], symbols: [] },
};

test("a type checker's fix in the quoted work's files continues a family listing typing, though a bugfix: related", async () => {
  const pyright = item('pr#2855', 'Fix compatibility with pyright 1.1.394', ['src/click/_winconsole.py']);
  for (const judge of judges) {
    const { verdicts } = await judge.judge({ families: [TYPING], later: [pyright, ...MORE], quoted: TYPING_QUOTED });
    expect([judge.name, verdicts[0]!.label]).toEqual([judge.name, 'related']);
    expect(verdicts[0]!.reason).toMatch(/continues its typing line/);
  }
});

test("a linter's upkeep in the family's area continues a family listing lint and clippy: related", async () => {
  const clippy = item('pr#3350', 'Make clippy happy', ['Cargo.toml', 'axum-macros/src/from_request/mod.rs', 'examples/sse/src/main.rs']);
  for (const judge of judges) {
    const { verdicts } = await judge.judge({ families: [LINT], later: [clippy, ...MORE] });
    expect([judge.name, verdicts[0]!.label]).toEqual([judge.name, 'related']);
  }
});

test('a same-area, same-kind change with another purpose shares no checker line: rejected', async () => {
  // A feature in the family's own file, about Windows, naming no type checker: the area and the kind alone.
  const console = item('pr#2860', 'Add support for ANSI colours in the terminal', ['src/click/_compat.py']);
  // A feature in the family's own file naming no type checker, and one in axum-macros naming no linter: the area and the kind alone.
  const macro = item('pr#3351', 'Add a debug_middleware attribute to axum-macros', ['axum-macros/src/lib.rs']);
  for (const judge of judges) {
    for (const [family, later] of [[TYPING, console], [LINT, macro]] as const) {
      const { verdicts } = await judge.judge({ families: [family], later: [later, ...MORE], quoted: TYPING_QUOTED });
      expect([judge.name, later.key, verdicts[0]!.label]).toEqual([judge.name, later.key, 'rejected']);
    }
  }
});

test('a listed "types" is any type: typing work continues it only when a title the family quotes is typing work', async () => {
  // httpx's heuristic F4 of the fit half: people rejected "Fix `extensions` type annotation" in the quoted files.
  const asgi: TaskFamily = {
    ...TYPING,
    title: 'Extend httpx/_transports: asgi, format, types',
    anchor: { name: 'httpx/_transports', paths: ['httpx/_transports/asgi.py'] },
    expected_behavior: 'httpx/_transports gains the next step of its asgi, format, types work, continuing "Update asgi.py docstring" (pr#3210).',
    evidence: [{ kind: 'work_item', ref: 'pr#3109', date: '2024-02-23T13:36:45.000Z', text: 'Use more permissible types in ASGIApp', reason: 'pull request before T0' }],
    target_hints: { paths: ['httpx/_transports/asgi.py'], symbols: [] },
  };
  const annotation = item('pr#3400', 'Fix `extensions` type annotation.', ['httpx/_types.py']);
  // "type" is everyday vocabulary of both windows (in three or more changes): one such word shared is no direction.
  const types = [item('pr#130', 'Add a Path type for file names', ['src/paths.py']), item('pr#131', 'Document the FLOAT type', ['docs/types.md']), item('pr#132', 'Show the type name in errors', ['src/errors.py'])];
  // click's heuristic F5 lists "type" too, and quotes "Improve typing on Windows": there it names the typing line.
  const compat: TaskFamily = { ...TYPING, category: 'bugfix', title: 'Fix defects in src/click/_compat.py: type', target_hints: { paths: ['src/click/_compat.py', 'src/click/_winconsole.py'], symbols: [] } };
  const pyright = item('pr#2855', 'Fix compatibility with pyright 1.1.394', ['src/click/_winconsole.py']);
  for (const judge of judges) {
    const rejected = await judge.judge({ families: [asgi], later: [annotation, ...types, ...MORE], quoted: { 'pr#3109': ['httpx/_transports/asgi.py', 'httpx/_types.py'] } });
    expect([judge.name, rejected.verdicts[0]!.label]).toEqual([judge.name, 'rejected']);
    const related = await judge.judge({ families: [compat], later: [pyright, ...types, ...MORE], quoted: TYPING_QUOTED });
    expect([judge.name, related.verdicts[0]!.label]).toEqual([judge.name, 'related']);
  }
});

test("a listed word naming the family's own config file (eslint for .eslintrc.json) is its area, not a checker line", async () => {
  // zustand's recency-v2 F2 of the fit half: people rejected a lint rule change for a flat-config migration family.
  const flat: TaskFamily = {
    ...TYPING,
    category: 'refactor',
    title: 'Restructure .eslintrc.json: config, eslint, flat',
    anchor: { name: '.eslintrc.json', paths: ['.eslintrc.json'] },
    expected_behavior: 'Work of kind refactor lands in .eslintrc.json around config, eslint, flat, continuing "chore: migrate to eslint flat config".',
    evidence: [{ kind: 'work_item', ref: 'pr#2900', date: '2024-12-01T00:00:00.000Z', text: 'chore: migrate to eslint flat config', reason: 'one of the most recent pull requests before T0' }],
    target_hints: { paths: ['.eslintrc.json'], symbols: [] },
  };
  const rule = item('pr#3116', 'feat(eslint): lint the test files too', ['.eslintrc.json', 'src/index.ts']);
  for (const judge of judges) {
    const { verdicts } = await judge.judge({ families: [flat], later: [rule, ...MORE] });
    expect([judge.name, verdicts[0]!.label]).toEqual([judge.name, 'rejected']);
  }
});
