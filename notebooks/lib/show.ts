/**
 * Output for the notebooks. Every display goes through `show`. The Deno 2.9.6
 * kernel only queues a display and can report the cell done before it has
 * published it; scripts/execute-notebook.sh waits for the queue to empty
 * (scripts/flushing_execute.py, docs/notebooks.md), so nothing is needed here.
 *
 * A table is shown as HTML and plain text, and carries the rows it was drawn
 * from under ROWS_MIME, so a test can compare the notebook's numbers with the
 * named queries' (tests/notebooks/). Text from a repository is escaped.
 */
import { escapeHtml, fraction, percent, points } from '../../src/report/html.ts';
import type { Row } from './study-db.ts';

/** The media type of the rows behind a table: `{ name, rows }`; front ends without a renderer for it show the table. */
export const ROWS_MIME = 'application/vnd.swe-future.rows+json';

export async function show(value: unknown): Promise<void> {
  await Deno.jupyter.display(value, { raw: isBundle(value) });
}

function isBundle(value: unknown): boolean {
  return value !== null && typeof value === 'object' && Object.keys(value).some((k) => k.includes('/'));
}

export interface Column {
  /** The row key. */
  key: string;
  /** The header; the key when absent. */
  label?: string;
  /** How a value is written; the value as text when absent (null: an em dash). */
  format?: (value: unknown, row: Row) => string;
}

/** Rates as the report writes them (`58.1%`), lift in points (`+12.5 pts`). */
export const rate = (value: unknown): string => percent(value as number | null);
export const lift = (value: unknown): string => points(value as number | null);
/** `n/of` as the report writes it: `58.1% (151/260)`. */
export const share = (n: number, of: number): string => fraction(n, of);
export const fixed2 = (value: unknown): string => (typeof value === 'number' ? value.toFixed(2) : '—');

/** Shows `rows` as a table titled `title`; `name` labels the rows for tests and readers of the executed copy. */
export async function showTable(name: string, title: string, rows: readonly Row[], columns: readonly Column[]): Promise<void> {
  const cell = (c: Column, row: Row) => (c.format ? c.format(row[c.key], row) : row[c.key] === null || row[c.key] === undefined ? '—' : String(row[c.key]));
  const header = columns.map((c) => c.label ?? c.key);
  const body = rows.map((row) => columns.map((c) => cell(c, row)));
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) => cells.map((v, i) => v.padEnd(widths[i]!)).join('  ').trimEnd();
  const plain = [title, line(header), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
  const numeric = (i: number) => body.every((r) => /^[−+±-]?[\d.,]+(%|( pts|%) \(.*\))?$|^—$|^$/.test(r[i]!));
  const align = (i: number) => (numeric(i) ? ' style="text-align:right"' : '');
  const html = [
    `<table data-name="${escapeHtml(name)}"><caption style="text-align:left;font-weight:bold">${escapeHtml(title)}</caption>`,
    `<thead><tr>${header.map((h, i) => `<th${align(i)}>${escapeHtml(h)}</th>`).join('')}</tr></thead>`,
    `<tbody>${body.map((r) => `<tr>${r.map((v, i) => `<td${align(i)}>${escapeHtml(v)}</td>`).join('')}</tr>`).join('')}</tbody></table>`,
  ].join('');
  await show({ 'text/html': html, 'text/plain': plain, [ROWS_MIME]: { name, rows } });
}

/** A line of Markdown (headings, notes); `text` is trusted notebook prose, values in it must be escaped by the caller. */
export async function note(text: string): Promise<void> {
  await show({ 'text/markdown': text, 'text/plain': text });
}

/** Markdown-escapes text from a repository (titles, reasons) for `note`. */
export function md(value: unknown): string {
  return escapeHtml(value).replace(/([\\`*_[\]|#])/g, '\\$1');
}
