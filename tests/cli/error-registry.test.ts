import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { ERROR_CODES, exitStatusOf } from '../../src/error-codes.js';

/**
 * One registry of error codes (src/error-codes.ts), one list in
 * docs/errors.md, and the code: every code thrown anywhere in src/ is in both,
 * and each is asserted by at least one test (its code appears quoted in a
 * test other than this one).
 */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p) : p.endsWith('.ts') ? [p] : [];
  });
}

/** Codes in `new UserError(<code>, …)` calls, literal (also both arms of a ternary). */
function thrownCodes(): Map<string, string> {
  const out = new Map<string, string>();
  for (const file of filesUnder('src')) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/new UserError\(\s*([^,]+),/g)) for (const c of m[1]!.matchAll(/'([A-Z][A-Z0-9_]+)'/g)) out.set(c[1]!, file);
  }
  // Codes the environment mapping and the CLI give.
  for (const m of readFileSync('src/errors.ts', 'utf8').matchAll(/code: '([A-Z][A-Z0-9_]+)'/g)) out.set(m[1]!, 'src/errors.ts');
  return out;
}


test('every code thrown in src/ is in the registry and in docs/errors.md', () => {
  const docs = readFileSync('docs/errors.md', 'utf8');
  const thrown = thrownCodes();
  expect(thrown.size).toBeGreaterThan(100);
  const missing = [...thrown].filter(([code]) => !(code in ERROR_CODES)).map(([code, file]) => `${code} (${file})`);
  expect(missing).toEqual([]);
  const undocumented = Object.keys(ERROR_CODES).filter((code) => !docs.includes(`| \`${code}\` |`));
  expect(undocumented).toEqual([]);
});

test('every registry code is asserted by a test', () => {
  const tests = filesUnder('tests').filter((f) => !f.endsWith('error-registry.test.ts')).map((f) => readFileSync(f, 'utf8')).join('\n');
  const asserted = (code: string) => new RegExp(`['"\`]${code}['"\`]`).test(tests);
  expect(Object.keys(ERROR_CODES).filter((code) => !asserted(code))).toEqual([]);
});

test('every registry code is thrown somewhere in src/: no dead codes', () => {
  const thrown = thrownCodes();
  expect(Object.keys(ERROR_CODES).filter((code) => !thrown.has(code))).toEqual([]);
});

test('bugs exit 1 and everything else 2; each code has a meaning and a fix', () => {
  const bugs = Object.entries(ERROR_CODES).filter(([, spec]) => spec.exit === 1).map(([code]) => code).sort();
  expect(bugs).toEqual(['EVIDENCE_AFTER_T0', 'INTERNAL']);
  for (const [code, spec] of Object.entries(ERROR_CODES)) {
    expect(spec.what.length, code).toBeGreaterThan(5);
    expect(spec.fix.length, code).toBeGreaterThan(5);
  }
  expect(exitStatusOf('NOT_A_CODE')).toBe(2);
});
