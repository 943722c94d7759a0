import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { expect, test } from 'vitest';
import { codeCells, NOTEBOOKS, readNotebook, ROOT, text } from './executed-notebooks.js';

/**
 * What is committed under notebooks/: notebooks without outputs (the executed
 * copies are built by `npm run notebooks`), no machine's paths, the committed
 * kernelspec, and no import that would reach the database driver, which
 * cannot load under Deno. These run without Deno or Jupyter.
 */

test('the notebooks are the three the issue lists', () => {
  expect(NOTEBOOKS).toEqual(['family-audit.ipynb', 'study-overview.ipynb', 'task-set.ipynb']);
});

test('committed notebooks hold no outputs, no execution counts and no machine paths, and ask for the deno kernel', () => {
  for (const file of NOTEBOOKS) {
    const raw = readFileSync(join(ROOT, 'notebooks', file), 'utf8');
    const nb = readNotebook(join(ROOT, 'notebooks', file));
    for (const cell of codeCells(nb)) {
      expect(cell.outputs, file).toEqual([]);
      expect(cell.execution_count, file).toBeNull();
    }
    expect(raw, file).not.toMatch(/\/(work|tmp|home|root|Users)\/|file:\/\/|[A-Z]:\\\\/);
    expect((nb.metadata.kernelspec as { name: string }).name).toBe('deno');
  }
});

test('the committed kernelspec starts Deno from PATH, so no absolute path is needed', () => {
  const spec = JSON.parse(readFileSync(join(ROOT, 'notebooks/jupyter/kernels/deno/kernel.json'), 'utf8')) as { argv: string[]; language: string };
  expect(spec.argv).toEqual(['deno', 'jupyter', '--kernel', '--conn', '{connection_file}']);
  expect(spec.language).toBe('typescript');
});

/** The driver and every module that opens the store; src/store/migrations.ts is plain SQL and may be read. */
const FORBIDDEN = [/^better-sqlite3$/, /^src\/store\/(?!migrations\.ts$)/, /^src\/queries\/run\.ts$/, /^src\/report\/load\.ts$/];

function importsOf(source: string): string[] {
  return [...source.matchAll(/(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => (m[1] ?? m[2])!);
}

test('nothing a notebook imports reaches, even indirectly, the database driver or the store', () => {
  const violations: string[] = [];
  const seen = new Set<string>();
  const visit = (file: string, source: string, via: string[]) => {
    for (const spec of importsOf(source)) {
      if (!spec.startsWith('.')) {
        if (FORBIDDEN.some((f) => f.test(spec))) violations.push([...via, spec].join(' -> '));
        continue;
      }
      const target = resolve(dirname(file), spec.replace(/\.js$/, '.ts'));
      const rel = relative(ROOT, target);
      if (FORBIDDEN.some((f) => f.test(rel))) violations.push([...via, rel].join(' -> '));
      else if (!seen.has(rel)) {
        seen.add(rel);
        visit(target, readFileSync(target, 'utf8'), [...via, rel]);
      }
    }
  };
  for (const file of NOTEBOOKS) {
    const path = join(ROOT, 'notebooks', file);
    visit(path, codeCells(readNotebook(path)).map((c) => text(c.source)).join('\n'), [`notebooks/${file}`]);
  }
  expect(seen.has('src/queries/named.ts')).toBe(true);
  expect(seen.has('src/validate/metrics.ts')).toBe(true);
  expect(violations).toEqual([]);
});
