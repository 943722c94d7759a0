/**
 * Tests a change makes run again: a test skipped (or marked as expected to fail) in a test file before the change and
 * present, not skipped, after it — `test.skip('the old stacktrace is recovered', …)` → `test('the old stacktrace is
 * recovered', …)`, `@pytest.mark.skip` taken off `def test_x`, `t.Skip(…)` taken out of `func TestX`. Read from the
 * texts of one file before and after a change (src/git/added-identifiers.ts gives them as `unskipped:<name>` entries,
 * lower-cased); the judges read them for a family asking "Make `name` pass" (src/validate/judges/task-line.ts).
 */

/** A JavaScript test's line: `test(…)`, `it.skip(…)`, `test.failing(…)`, `xit(…)`, `describe.skip(…)`; group 1 an `x`, 2 the modifiers, 4 the name. */
const JS_TEST = /^\s*(x?)(?:it|test|describe)((?:\.\w+)*)\(\s*(['"`])(.+?)\3/;
const JS_SKIP = /\.(?:skip|failing|todo|fixme)\b/;
const PY_DEF = /^\s*(?:async\s+)?def\s+(test\w*)\s*\(/;
const PY_DECORATOR = /^\s*@/;
const PY_SKIP = /^\s*@(?:pytest\.mark\.(?:skip|skipif|xfail)|unittest\.(?:skip\w*|expectedFailure)|skip\w*)\b/;
const GO_FUNC = /^func\s+(Test\w+)\s*\(/;
const GO_SKIP = /\bt\.Skip(?:f|Now)?\(/;
/** How many lines of a Go test's body are read for a `t.Skip`: a skip stands at its top. */
const GO_HEAD = 5;

/** Each test a file's text defines (lower-cased name) and whether it is skipped or expected to fail. */
export function testStates(text: string): Map<string, boolean> {
  const out = new Map<string, boolean>();
  const lines = text.split('\n');
  let skipDecorator = false;
  for (let n = 0; n < lines.length; n++) {
    const line = lines[n]!;
    const js = JS_TEST.exec(line);
    if (js) {
      out.set(js[4]!.toLowerCase(), js[1] === 'x' || JS_SKIP.test(js[2]!));
      continue;
    }
    if (PY_DECORATOR.test(line)) {
      if (PY_SKIP.test(line)) skipDecorator = true;
      continue;
    }
    const py = PY_DEF.exec(line);
    if (py) out.set(py[1]!.toLowerCase(), skipDecorator);
    skipDecorator = false;
    const go = GO_FUNC.exec(line);
    if (go) out.set(go[1]!.toLowerCase(), GO_SKIP.test(lines.slice(n + 1, n + 1 + GO_HEAD).join('\n')));
  }
  return out;
}

/** The tests skipped before and run after (lower-cased names); none for an added or deleted file. */
export function unskippedTests(before: string, after: string): string[] {
  if (before === '' || after === '') return [];
  const was = testStates(before);
  const out: string[] = [];
  for (const [name, skipped] of testStates(after)) if (!skipped && was.get(name) === true) out.push(name);
  return out;
}
