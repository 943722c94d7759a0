/**
 * The test command a repository most likely uses, from the files at Tgen, in
 * a form whose output the gate can read per test (src/synthesize/test-log.ts).
 * `--test-cmd` overrides it. Null when nothing is recognised.
 */
export function detectTestCommand(paths: readonly string[], packageJson: string | null): string | null {
  const has = (p: string) => paths.includes(p);
  if (has('package.json')) {
    const script = testScript(packageJson);
    if (script !== null && /^node\s+--test\b/.test(script)) return `${script.replace(/--test-reporter[= ]\S+/g, '').trim()} --test-reporter=tap`;
    if (script !== null) return 'npm test --silent';
  }
  if (has('pyproject.toml') || has('setup.py') || has('setup.cfg') || has('pytest.ini') || has('tox.ini')) return 'python -m pytest -rA -p no:cacheprovider';
  if (has('go.mod')) return 'go test -v ./...';
  if (has('Cargo.toml')) return 'cargo test';
  return null;
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
