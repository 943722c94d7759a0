import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Reading the executed copies that scripts/run-notebooks.sh writes. */

export const ROOT = resolve(import.meta.dirname, '../..');
export const ROWS_MIME = 'application/vnd.swe-future.rows+json';

export interface Output {
  output_type: string;
  name?: string;
  text?: string | string[];
  data?: Record<string, unknown>;
}
export interface Cell {
  cell_type: string;
  source: string | string[];
  execution_count?: number | null;
  outputs?: Output[];
  metadata: Record<string, unknown>;
}
export interface Notebook {
  cells: Cell[];
  metadata: Record<string, unknown>;
}

export const NOTEBOOKS = readdirSync(join(ROOT, 'notebooks'))
  .filter((f) => f.endsWith('.ipynb'))
  .sort();

export function readNotebook(file: string): Notebook {
  return JSON.parse(readFileSync(file, 'utf8')) as Notebook;
}

export const text = (value: unknown): string => (Array.isArray(value) ? value.join('') : String(value ?? ''));

export const codeCells = (nb: Notebook): Cell[] => nb.cells.filter((c) => c.cell_type === 'code');
export const outputsOf = (nb: Notebook): Output[] => codeCells(nb).flatMap((c) => c.outputs ?? []);

/** The rows behind the table a notebook showed under `name`. */
export function tableRows(nb: Notebook, name: string): Record<string, unknown>[] {
  const found = outputsOf(nb).filter((o) => (o.data?.[ROWS_MIME] as { name?: string } | undefined)?.name === name);
  if (found.length !== 1) throw new Error(`expected one table "${name}", found ${found.length}`);
  return (found[0]!.data![ROWS_MIME] as { rows: Record<string, unknown>[] }).rows;
}

export function tableHtml(nb: Notebook, name: string): string {
  const found = outputsOf(nb).find((o) => (o.data?.[ROWS_MIME] as { name?: string } | undefined)?.name === name);
  return text(found?.data?.['text/html']);
}

/** What the notebook test needs that npm ci does not install; empty when everything is there. */
export function missingTools(): string[] {
  const missing: string[] = [];
  if (!existsSync(join(ROOT, 'node_modules/.bin/deno'))) missing.push('deno (npm ci installs it)');
  if (spawnSync('jupyter-nbconvert', ['--version'], { stdio: 'ignore' }).status !== 0) {
    missing.push('jupyter-nbconvert (apt-get install -y --no-install-recommends jupyter-nbconvert jupyter-client)');
  }
  return missing;
}
