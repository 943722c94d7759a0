/**
 * Known failures a test suite states at the snapshot commit: tests skipped or
 * expected to fail with a reason, and pending tests (`it.todo`). Each names a
 * checkable task: make that test pass, or write it. Pure: one file's text in,
 * lines out.
 *
 * A skip that guards a platform or an environment ("requires network",
 * "windows only", `skipif(...)`, `it.skipIf(...)`, a `t.Skip` inside an `if`)
 * is no pending work and is left out, as is a skip with no reason or no test
 * name.
 */

export interface KnownFailure {
  line: number;
  /** `skip` (skipped with a reason), `xfail` (expected to fail) or `todo` (a pending test with no body). */
  mark: 'skip' | 'xfail' | 'todo';
  /** The test's name ('' when it cannot be read). */
  test: string;
  /** The stated reason, or null (a pending test, or a JS skip with no reason). */
  reason: string | null;
  /** The line, trimmed (at most 240 characters). */
  text: string;
}

/** Whether a path is a test file whose skips this scanner reads. */
export function isTestFile(path: string): boolean {
  if (FIXTURE_DIR.test(path)) return false;
  return /(^|\/)(tests?|spec|__tests__|testing)\//i.test(path) || /(^|\/)test_[^/]+\.py$|_test\.(py|go)$|[._-](test|spec)\.[cm]?[jt]sx?$/i.test(path) || /\.rs$/.test(path);
}

/** Sources kept as data (highlighting samples, benchmark inputs, fixtures): their skips are not this repository's. */
const FIXTURE_DIR = /(^|\/)(fixtures?|testdata|samples?|corpus|benchmarks?|benches|syntax-tests|highlighting[^/]*|vendor|third[_-]party|node_modules|examples?)\//i;
/** A test named for a skip, todo or failure mode exercises the test runner's own modes (vitest's suite): no task. */
const MODE_NAME = /\b(skip|skipped|todo|fail|fails|failed|failure|failing|unimplemented|pending|only|xfail)\b/i;
/** More than this many marks in one file: the file exercises skipping itself. */
const MAX_PER_FILE = 5;

/** Reasons that guard a platform, a runtime, an optional dependency or the machine: no pending work. */
const ENVIRONMENT =
  /\b(windows|win32|linux|mac ?os|macos|darwin|osx|freebsd|unix|posix|platform|network|internet|online|offline|connection|ci|github actions|travis|appveyor|docker|root|sudo|permissions?|privileges?|installed|not available|unavailable|no module|optional|dependency|dependencies|python ?[23](?:\.\d+)?|pypy|cpython|node ?\d+|wasm|x86|arm64|aarch64|32-?bit|64-?bit|msvc|locale|timezone|tty|terminal|slow|short mode|-short|long[- ]running|flaky|flakey|intermittent(?:ly)?|random(?:ly)?|non-?deterministic(?:ally)?|sporadic(?:ally)?|race|timing|xdist|parallel|benchmark|manual(?:ly)?|env(?:ironment)?(?: variable)?|credentials?|token|api key|requires? (?:a |the )?(?:network|internet|server|display|gpu)|only on|only runs|not supported on)\b/i;

export function isEnvironmentGuard(reason: string): boolean {
  return ENVIRONMENT.test(reason);
}

const PY_DECORATOR = /^\s*@(?:pytest\.mark\.(skip|xfail)|unittest\.(skip|expectedFailure))\b(.*)$/;
const PY_CALL = /^\s*pytest\.(skip|xfail)\(\s*(?:reason\s*=\s*)?(["'])(.+?)\2/;
const JS_CALL = /^\s*(?:it|test|describe)\.(skip|todo|fails)\(\s*(["'`])(.+?)\2/;
const JS_X = /^\s*x(?:it|test|describe)\(\s*(["'`])(.+?)\1/;
const RS_IGNORE = /^\s*#\[ignore\s*=\s*"(.+?)"\s*\]/;
const GO_SKIP = /^\s*t\.Skipf?\(\s*"(.+?)"/;

/** The known failures of one test file. */
export function findKnownFailures(path: string, text: string): KnownFailure[] {
  if (!isTestFile(path)) return [];
  const lines = text.split('\n');
  const out: KnownFailure[] = [];
  const add = (i: number, mark: KnownFailure['mark'], test: string, reason: string | null) => {
    const why = reason?.trim() || null;
    if (why && isEnvironmentGuard(why)) return;
    // A skip or an expected failure states its task only with a reason; a pending test (`it.todo`) by its name.
    if (mark === 'todo' ? !test : !why) return;
    // A skip whose test cannot be read ("Make `` pass") names nothing a person can check.
    if (!test) return;
    if (MODE_NAME.test(test)) return;
    out.push({ line: i + 1, mark, test: test.slice(0, 120), reason: why ? why.slice(0, 200) : null, text: lines[i]!.trim().slice(0, 240) });
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.length > 400) continue;
    if (/\.py$/.test(path)) {
      const d = PY_DECORATOR.exec(line);
      if (d) {
        const mark = d[1] === 'xfail' || d[2] === 'expectedFailure' ? 'xfail' : 'skip';
        const { args, end } = decoratorArgs(lines, i);
        // A condition before the reason (`xfail(sys.platform == ...)`) is a guard, like skipif.
        if (/^\s*\(\s*(?!reason\s*=|["'])[^)\s]/.test(args) && !/^\s*\(\s*(?:raises|strict|run)\s*=/.test(args)) continue;
        const reason = stringArgument(args);
        if (!reason && mark === 'skip') continue;
        add(i, mark, nextPythonTest(lines, end), reason);
        continue;
      }
      const c = PY_CALL.exec(line);
      if (c && isFirstStatement(lines, i, /^\s*(?:async\s+)?def\s+(test\w*)/)) add(i, c[1] === 'xfail' ? 'xfail' : 'skip', enclosing(lines, i, /^\s*(?:async\s+)?def\s+(test\w*)/), c[3]!);
    } else if (/\.[cm]?[jt]sx?$/.test(path)) {
      const c = JS_CALL.exec(line);
      if (c) {
        const mark = c[1] === 'todo' ? 'todo' : c[1] === 'fails' ? 'xfail' : 'skip';
        add(i, mark, c[3]!, mark === 'todo' ? null : commentAbove(lines, i));
        continue;
      }
      const x = JS_X.exec(line);
      if (x) add(i, 'skip', x[2]!, commentAbove(lines, i));
    } else if (/\.rs$/.test(path)) {
      const r = RS_IGNORE.exec(line);
      if (r) add(i, 'skip', nextRustFn(lines, i), r[1]!);
    } else if (/_test\.go$/.test(path)) {
      const g = GO_SKIP.exec(line);
      if (g && isFirstStatement(lines, i, /^func\s+(Test\w*)/)) add(i, 'skip', enclosing(lines, i, /^func\s+(Test\w*)/), g[1]!);
    }
  }
  return out.length > MAX_PER_FILE ? [] : out;
}

/**
 * The decorator's argument text, from its opening parenthesis to its closing one (a triple-quoted reason may run over
 * many lines: yarl's `xfail(reason="""` then the reason's lines, then `""")`), and the line it ends on. What follows is
 * no part of it (attrs' `@pytest.mark.xfail(raises=...)` over a `def` whose docstring opens with `"""` read a lone
 * quote as the reason).
 */
function decoratorArgs(lines: readonly string[], at: number): { args: string; end: number } {
  const last = Math.min(lines.length - 1, at + MAX_DECORATOR_LINES);
  const joined = lines.slice(at, last + 1).join('\n');
  const open = joined.search(/[(]/);
  const def = joined.search(/\bdef\s/);
  if (open < 0 || (def >= 0 && def < open)) return { args: '', end: at };
  const lineAt = (i: number) => at + (joined.slice(0, i).match(/\n/g)?.length ?? 0);
  let depth = 0;
  let quote = '';
  for (let i = open; i < joined.length; i++) {
    const c = joined[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (joined.startsWith(quote, i)) {
        i += quote.length - 1;
        quote = '';
      } else if (c === '\n' && quote.length === 1) quote = '';
    } else if (c === '"' || c === "'") quote = joined.startsWith(c.repeat(3), i) ? c.repeat(3) : c;
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return { args: joined.slice(open, i + 1), end: lineAt(i) };
    // The next decorator or the `def` itself: the parenthesis was never closed where a decorator can end.
    else if (c === '\n' && /^\s*(?:@|(?:async\s+)?def\s)/.test(joined.slice(i + 1))) return { args: joined.slice(open, i), end: lineAt(i) };
  }
  return { args: joined.slice(open), end: last };
}

/** A decorator's argument text may span this many lines past its first. */
const MAX_DECORATOR_LINES = 16;

/**
 * The first string argument (or `reason=`), as one line: a triple-quoted one's first sentence, whitespace collapsed
 * and a trailing "See <url>" dropped. Null when it holds no word.
 */
function stringArgument(args: string): string | null {
  const triple = /("""|''')([\s\S]*?)\1/.exec(args);
  const single = /(["'])(.+?)\1/.exec(args);
  const first = triple && (!single || triple.index <= single.index) ? triple[2]! : single?.[2];
  if (!first) return null;
  const text = first.replace(/\s+/g, ' ').trim();
  const sentence = (/^(.+?[.!?])(?:\s|$)/.exec(text)?.[1] ?? text).replace(/\s*See https?:\S+.*$/i, '').trim();
  return /[A-Za-z]{2}/.test(sentence) ? sentence : null;
}

/** The test a decorator applies to: the next `def`, past other decorators. */
function nextPythonTest(lines: readonly string[], at: number): string {
  for (let j = at + 1; j < Math.min(lines.length, at + 12); j++) {
    const m = /^\s*(?:async\s+)?def\s+(\w+)|^\s*class\s+(\w+)/.exec(lines[j]!);
    if (m) return m[1] ?? m[2]!;
  }
  return '';
}

function nextRustFn(lines: readonly string[], at: number): string {
  for (let j = at + 1; j < Math.min(lines.length, at + 8); j++) {
    const m = /^\s*(?:pub\s+)?(?:async\s+)?fn\s+(\w+)/.exec(lines[j]!);
    if (m) return m[1]!;
  }
  return '';
}

/** The skip call is the test's first statement (comments and blank lines aside): not inside an `if`, so no guard. */
function isFirstStatement(lines: readonly string[], at: number, def: RegExp): boolean {
  for (let j = at - 1; j >= 0; j--) {
    const prev = lines[j]!.trim();
    if (!prev || /^(#|\/\/)/.test(prev) || /^("""|''')/.test(prev)) continue;
    if (/^(t\.Parallel\(\)|t\.Helper\(\))$/.test(prev)) continue;
    return def.test(lines[j]!);
  }
  return false;
}

function enclosing(lines: readonly string[], at: number, def: RegExp): string {
  for (let j = at - 1; j >= Math.max(0, at - 8); j--) {
    const m = def.exec(lines[j]!);
    if (m) return m[1]!;
  }
  return '';
}

/**
 * A lint or type-checker directive in a comment (`eslint-disable-next-line ava/no-skip-test -- Unreliable`,
 * `biome-ignore lint/x: why`, `@ts-expect-error`): its rule names are no words of a reason; the text after its
 * separator ("--", or biome's ":") is one.
 */
const DIRECTIVE = /^(?:(?:eslint|oxlint|tslint|jshint|stylelint)[-\w]*|biome-ignore\S*|deno-lint-ignore\S*|prettier-ignore|(?:istanbul|c8|v8)\s+ignore\b|@ts-[-\w]+|noinspection\b)/i;

/** A directive's stated reason, or '' when it states none. */
function directiveReason(comment: string): string {
  const why = /\s--\s+(.+)$/.exec(comment) ?? (/^biome-ignore/i.test(comment) ? /:\s+(.+)$/.exec(comment) : null);
  return why ? why[1]!.trim() : '';
}

/**
 * A `// why` comment above a skipped JS test, as its reason: past a lint directive that only allows the skip
 * ("// Blocked by nyc#619" over "// eslint-disable-next-line ava/no-skip-test"), or the directive's own reason.
 */
function commentAbove(lines: readonly string[], at: number): string | null {
  for (let j = at - 1; j >= Math.max(0, at - 3); j--) {
    const m = /^\/\/\s*(.*)$/.exec((lines[j] ?? '').trim());
    if (!m) return null;
    const text = DIRECTIVE.test(m[1]!) ? directiveReason(m[1]!) : m[1]!;
    if (!text) continue;
    const why = text.replace(/^(TODO|FIXME|XXX)\b[:\s-]*/i, '').trim();
    return why.length >= 4 ? why : null;
  }
  return null;
}
