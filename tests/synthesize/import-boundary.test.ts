import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { expect, test } from 'vitest';

/**
 * Synthesis is conditioned on the family and the code at Tgen only: nothing
 * under src/synthesize/ may import, even indirectly, what reads later work
 * (validation, the store, git history, work-item reconstruction), the file
 * system or processes. The code at Tgen comes in through the TreeAtTgen and
 * Workspace interfaces, which src/exec/ implements.
 */
const root = resolve(import.meta.dirname, '../..');
const FORBIDDEN = [/^src\/(validate|store|git|api|cli|demo|exec|sources)\//, /^(node:)?(fs|child_process|fs\/promises)$/, /^better-sqlite3$/, /^isomorphic-git/];

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? filesUnder(join(dir, d.name)) : d.name.endsWith('.ts') ? [join(dir, d.name)] : []));
}

/** Runtime imports only: `import type` is erased. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:import|export)(?!\s+type\b)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => (m[1] ?? m[2])!);
}

test('nothing under src/synthesize/ imports, even indirectly, code that reads later work, git, the store, files or processes', () => {
  const seen = new Set<string>();
  const violations: string[] = [];
  const visit = (file: string, via: string[]) => {
    const rel = relative(root, file);
    if (seen.has(rel)) return;
    seen.add(rel);
    for (const spec of importsOf(file)) {
      if (!spec.startsWith('.')) {
        if (FORBIDDEN.some((re) => re.test(spec))) violations.push([...via, rel, spec].join(' -> '));
        continue;
      }
      const target = resolve(dirname(file), spec.replace(/\.js$/, '.ts'));
      const targetRel = relative(root, target);
      if (FORBIDDEN.some((re) => re.test(targetRel))) violations.push([...via, rel, targetRel].join(' -> '));
      else visit(target, [...via, rel]);
    }
  };
  const files = filesUnder(join(root, 'src/synthesize'));
  expect(files.length).toBeGreaterThan(10);
  for (const file of files) visit(file, []);
  expect(violations).toEqual([]);
});
