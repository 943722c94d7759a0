import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { tempDir } from '../fixtures/repo.js';
import { codeCells, missingTools, readNotebook, ROOT, text } from './executed-notebooks.js';

/**
 * Deno's kernel (2.9.x) reports a cell done while displays it queued are still unpublished; a cell that displays
 * 40 outputs of 200 kB lost most of them under plain `nbconvert --execute` (9, 26 and 8 kept in three runs) and the
 * next cell showed the rest in place of its own (eval/results/quality57.md). scripts/execute-notebook.sh waits
 * for the kernel to publish them (scripts/flushing_execute.py).
 */
const missing = missingTools();

describe.skipIf(missing.length > 0)('executing a notebook on the Deno kernel', () => {
  test("every output a cell displays reaches that cell, in order, and the next cell holds only its own", async () => {
    const dir = await tempDir('swe-future-late-outputs-');
    const cell = (source: string) => ({ cell_type: 'code', execution_count: null, metadata: {}, outputs: [], source });
    const notebook = {
      cells: [
        cell("const big = 'x'.repeat(200_000);\nfor (let i = 0; i < 40; i++) await Deno.jupyter.display({ 'text/plain': `${i} ${big}` }, { raw: true });"),
        cell("await Deno.jupyter.display({ 'text/plain': 'second cell' }, { raw: true });"),
      ],
      metadata: { kernelspec: { name: 'deno', display_name: 'Deno (swe-future)', language: 'typescript' } },
      nbformat: 4,
      nbformat_minor: 5,
    };
    writeFileSync(join(dir, 'burst.ipynb'), JSON.stringify(notebook));
    const run = spawnSync('bash', [join(ROOT, 'scripts/execute-notebook.sh'), join(dir, 'burst.ipynb'), join(dir, 'out')], { cwd: ROOT, encoding: 'utf8', timeout: 110_000 });
    expect(run.status, run.stdout + run.stderr).toBe(0);
    const [first, second] = codeCells(readNotebook(join(dir, 'out', 'burst.ipynb'))).map((c) => (c.outputs ?? []).map((o) => text(o.data?.['text/plain']).split(' ')[0]));
    expect(first).toEqual(Array.from({ length: 40 }, (_, i) => String(i)));
    expect(second).toEqual(['second']);
  }, 120_000);
});
