import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { expect, test } from 'vitest';

/**
 * The T0 boundary is also an import boundary: src/forecast/ sees a Snapshot
 * and nothing else. Walk the import graph from every file under src/forecast/
 * and fail on anything that reads git, the store, the file system, or later work.
 */
const root = resolve(import.meta.dirname, '../..');
const FORBIDDEN = [/^src\/(validate|store|git|api|cli|demo)\//, /^src\/sources\/reconstruct/, /^(node:)?(fs|child_process|fs\/promises)$/, /^better-sqlite3$/, /^isomorphic-git/];

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? filesUnder(join(dir, d.name)) : d.name.endsWith('.ts') ? [join(dir, d.name)] : []));
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => (m[1] ?? m[2])!);
}

test('nothing under src/forecast/ imports, even indirectly, code that reads git, the store, files or later work', () => {
  const seen = new Set<string>();
  const violations: string[] = [];
  const visit = (file: string, via: string[]) => {
    const rel = relative(root, file);
    if (seen.has(rel)) return;
    seen.add(rel);
    for (const spec of importsOf(file)) {
      if (!spec.startsWith('.')) {
        if (FORBIDDEN.some((f) => f.test(spec))) violations.push(`${[...via, rel].join(' -> ')} -> ${spec}`);
        continue;
      }
      const target = resolve(dirname(file), spec.replace(/\.js$/, '.ts'));
      const targetRel = relative(root, target);
      if (FORBIDDEN.some((f) => f.test(targetRel))) violations.push(`${[...via, rel].join(' -> ')} -> ${targetRel}`);
      else visit(target, [...via, rel]);
    }
  };
  const files = filesUnder(join(root, 'src/forecast'));
  expect(files.length).toBeGreaterThan(5);
  for (const file of files) visit(file, []);
  expect(violations).toEqual([]);
});
