/**
 * The test command a repository most likely uses, from the files at Tgen, in
 * a form whose output the gate can read per test (src/synthesize/test-log.ts)
 * and SWE-bench's own log parser can key (src/synthesize/swebench-parsers.ts).
 * `--test-cmd` overrides it. A test script of several steps (`a && b`) is cut
 * to the runner's own step, so the reporter flag lands on it.
 *
 *   package.json  node --test …      → … --test-reporter=tap                       (tap)
 *                 vitest …           → npx vitest run --reporter=verbose [--config] (vitest)
 *                 jest …             → npx jest --verbose [--config]                (jest)
 *                 mocha …            → npx mocha … --reporter tap                   (tap)
 *                 anything else      → npm test --silent, with a warning: its output cannot be read per test
 *   pyproject.toml, setup.py, setup.cfg, pytest.ini, tox.ini → python -m pytest -rA -p no:cacheprovider (pytest)
 *   go.mod        → go test -v ./...                                                (go)
 *   Cargo.toml    → cargo test --no-fail-fast (every test target runs)              (cargo)
 */
export interface TestSetup {
  command: string;
  /** The log format the gate will read (test-log.ts), or null when none will be readable. */
  format: string | null;
  /** Why the gate will likely read no per-test results, and what to do; null when the format is known. */
  warning: string | null;
}

const READABLE = 'node --test (TAP), vitest --reporter=verbose, jest --verbose, mocha --reporter tap, pytest -rA, go test -v, cargo test';

export function detectTestSetup(paths: readonly string[], packageJson: string | null): TestSetup | null {
  const has = (p: string) => paths.includes(p);
  if (has('package.json')) {
    const script = testScript(packageJson);
    if (script !== null) {
      const steps = script.split(/\s*(?:&&|\|\||;)\s*/).map((x) => x.trim()).filter(Boolean);
      const config = (step: string) => /--config[= ]\S+/.exec(step)?.[0] ?? null;
      const nodeTest = steps.find((x) => /^node\s+(?:\S+\s+)*--test\b/.test(x));
      if (nodeTest) return known(`${nodeTest.replace(/--test-reporter(?:-destination)?[= ]\S+/g, '').trim()} --test-reporter=tap`, 'tap');
      const vitest = steps.find((x) => /^(?:npx\s+)?vitest\b/.test(x));
      if (vitest) return known(`npx vitest run --reporter=verbose${config(vitest) ? ` ${config(vitest)}` : ''}`, 'vitest');
      const jest = steps.find((x) => /^(?:npx\s+)?jest\b/.test(x));
      if (jest) return known(`npx jest --verbose${config(jest) ? ` ${config(jest)}` : ''}`, 'jest');
      const mocha = steps.find((x) => /^(?:npx\s+)?mocha\b/.test(x));
      if (mocha) {
        const args = mocha.replace(/^(?:npx\s+)?mocha\b/, '').replace(/(?:--reporter|-R)[= ]\S+/g, '').trim();
        return known(`npx mocha${args ? ` ${args}` : ''} --reporter tap`, 'tap');
      }
      return {
        command: 'npm test --silent',
        format: null,
        warning: `the test script \`${script}\` runs no runner whose output swe-future reads per test (${READABLE}); the execution gate will likely reject every task as NO_TEST_RESULTS. Pass --test-cmd with one of them`,
      };
    }
  }
  if (has('pyproject.toml') || has('setup.py') || has('setup.cfg') || has('pytest.ini') || has('tox.ini')) return known('python -m pytest -rA -p no:cacheprovider', 'pytest');
  if (has('go.mod')) return known('go test -v ./...', 'go');
  if (has('Cargo.toml')) return known('cargo test --no-fail-fast', 'cargo');
  return null;
}

/** The detected command alone (null when nothing is recognised). */
export function detectTestCommand(paths: readonly string[], packageJson: string | null): string | null {
  return detectTestSetup(paths, packageJson)?.command ?? null;
}

function known(command: string, format: string): TestSetup {
  return { command, format, warning: null };
}

function testScript(text: string | null): string | null {
  if (text === null) return null;
  try {
    const script = (JSON.parse(text) as { scripts?: { test?: unknown } }).scripts?.test;
    return typeof script === 'string' && !/no test specified/.test(script) ? script.trim() : null;
  } catch {
    return null;
  }
}

/**
 * The test command narrowed to some test files and/or tests whose name
 * matches `name` (a regular expression), in the runner's own terms: node
 * --test-name-pattern, vitest/jest -t, mocha --grep, pytest -k (a substring
 * expression), go -run, cargo's name filter. Files replace the files the
 * command named (node, vitest, jest, mocha, pytest) or become packages (go).
 * Null when the command's runner is not one of these.
 */
export function targetedCommand(command: string, target: { files?: readonly string[]; name?: string }): string | null {
  const files = (target.files ?? []).map(shellWord);
  const name = target.name ? shellWord(target.name) : null;
  const words = command.split(/\s+/);
  // A test file, a glob of them, or a test folder (`test/`, `test/acceptance/`); not the value of an option that takes
  // a path (`--require test/support/env`, `--config vitest.config.ts`).
  const isFile = (w: string) => /\.(?:[cm]?[jt]sx?|py)$/.test(w) || /^(?:\.\/)?(?:test|tests|spec|__tests__)(?:\/\S*)?\/$|^(?:test|tests|spec|__tests__)$/.test(w);
  const takesPath = (w: string | undefined) => w !== undefined && /^(?:--require|-r|--config|--file|--ignore|--exclude|--import|--loader|--rootdir|--setup-files?)$/.test(w);
  const base = files.length > 0 ? words.filter((w, i) => !isFile(w) || takesPath(words[i - 1])).join(' ') : command;
  if (/^node\s.*--test\b/.test(command)) return [base.replace(/--test\b(?!-)/, name ? `--test --test-name-pattern=${name}` : '--test'), ...files].join(' ');
  if (/\bvitest\b/.test(command)) return [base, ...files, name ? `-t ${name}` : ''].filter(Boolean).join(' ');
  if (/\bjest\b/.test(command)) return [base, ...files, name ? `-t ${name}` : ''].filter(Boolean).join(' ');
  if (/\bmocha\b/.test(command)) return [base, name ? `--grep ${name}` : '', ...files].filter(Boolean).join(' ');
  if (/\bpytest\b/.test(command)) return [base, name ? `-k ${name}` : '', ...files].filter(Boolean).join(' ');
  if (/^go test\b/.test(command)) {
    // The gate's go ids are package-qualified (`example.com/m/pkg > TestX/sub`); -run takes the test's own name.
    const goName = target.name ? shellWord(target.name.split(' > ').pop()!) : null;
    const pkgs = files.map((f) => `./${f.replace(/^'|'$/g, '').replace(/\/[^/]*$/, '') || '.'}`.replace(/^\.\/\.$/, '.'));
    return [files.length > 0 ? command.replace(/\s\.\/\.\.\.(?=\s|$)/, '') : command, goName ? `-run ${goName}` : '', ...new Set(pkgs)].filter(Boolean).join(' ');
  }
  if (/^cargo test\b/.test(command)) return name ? `${command} ${name}` : command;
  return null;
}

function shellWord(s: string): string {
  return /^[A-Za-z0-9_./:=@%+-]+$/.test(s) ? s : `'${s.replace(/'/g, "'\\''")}'`;
}
