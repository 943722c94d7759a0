import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** The repository root, for import-boundary tests. */
export const ROOT = resolve(import.meta.dirname, '..');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? filesUnder(join(dir, d.name)) : d.name.endsWith('.ts') ? [join(dir, d.name)] : []));
}

function importsOf(file: string, typeImports: boolean): string[] {
  const text = readFileSync(file, 'utf8');
  const pattern = typeImports
    ? /(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g
    : /(?:import|export)(?!\s+type\b)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
  return [...text.matchAll(pattern)].map((m) => (m[1] ?? m[2])!);
}

/**
 * Walks the import graph from every .ts file under `folder` (relative to the
 * root) and returns each chain that reaches a forbidden module: a package
 * name, or a repository path such as `src/store/x.ts`. With `typeImports`
 * false, `import type` (erased at run time) is not followed.
 */
export function forbiddenImports(folder: string, forbidden: readonly RegExp[], options: { typeImports: boolean }): { files: number; violations: string[] } {
  const seen = new Set<string>();
  const violations: string[] = [];
  const visit = (file: string, via: string[]) => {
    const rel = relative(ROOT, file);
    if (seen.has(rel)) return;
    seen.add(rel);
    for (const spec of importsOf(file, options.typeImports)) {
      if (!spec.startsWith('.')) {
        if (forbidden.some((re) => re.test(spec))) violations.push([...via, rel, spec].join(' -> '));
        continue;
      }
      const target = resolve(dirname(file), spec.replace(/\.js$/, '.ts'));
      const targetRel = relative(ROOT, target);
      if (forbidden.some((re) => re.test(targetRel))) violations.push([...via, rel, targetRel].join(' -> '));
      else visit(target, [...via, rel]);
    }
  };
  const files = filesUnder(join(ROOT, folder));
  for (const file of files) visit(file, []);
  return { files: files.length, violations };
}
