/**
 * Are two study stores the same, row by row? Every table a study fills is
 * compared as a multiset of rows by content: every column src/store/tables.ts
 * declares but the row id and the wall-clock columns (when a row was
 * written, how long it took), and every reference to another row replaced by
 * that row's content digest, so two stores that numbered their rows
 * differently (two runs finishing repositories in another order, a local run
 * and a queue run) compare equal exactly when they hold the same rows.
 *
 *   npx tsx scripts/same-rows.ts A.db B.db [--show 3]
 *
 * Prints each table's row count in both stores and whether they agree, then
 * up to --show rows found in only one of them per table; exits 1 when any
 * table differs.
 */
import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';
import { TABLES, type TableDeclaration, type TableName } from '../src/store/tables.js';
import { fail, parseFlags } from './exit.js';

/** Parents before children: a row's references are resolved to digests made before it. */
const ORDER: readonly TableName[] = [
  'repos', 'github_repos', 'github_items', 'commits', 'commit_files', 'work_items', 'snapshots', 'evidence', 'forecasts', 'families', 'family_evidence',
  'validations', 'verdicts', 'matches', 'model_calls', 'embeddings', 'studies', 'study_repos', 'study_results',
];

/** When and how fast a row was written: not what it says. */
const WALL_CLOCK = new Set(['created_at', 'frozen_at', 'finished_at', 'seconds', 'applied_at', 'fetched_at', 'started_at', 'duration_ms']);

interface TableDigest {
  rows: number;
  /** Row digest → how many rows have it, and one row's content to show. */
  counts: Map<string, { n: number; row: unknown[] }>;
}

function digestStore(file: string): Map<TableName, TableDigest> {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  const ids = new Map<string, Map<number, string>>();
  const out = new Map<TableName, TableDigest>();
  try {
    for (const table of ORDER) {
      const t: TableDeclaration = TABLES[table];
      const refs = t.refs ?? {};
      const columns = t.columns.filter((c) => c !== t.id && !WALL_CLOCK.has(c));
      const own = t.id ? new Map<number, string>() : null;
      const digest: TableDigest = { rows: 0, counts: new Map() };
      const select = `SELECT ${t.id ? `${t.id}, ` : ''}${columns.join(', ')} FROM ${table}`;
      for (const raw of db.prepare(select).raw().iterate() as Iterable<unknown[]>) {
        const values = t.id ? raw.slice(1) : raw;
        const row = values.map((v, i) => {
          const target = refs[columns[i]!];
          if (target === undefined || v === null) return Buffer.isBuffer(v) ? v.toString('base64') : v;
          return ids.get(target)?.get(v as number) ?? `unresolved ${target} ${String(v)}`;
        });
        const key = createHash('sha1').update(JSON.stringify(row)).digest('hex');
        if (own) own.set(raw[0] as number, key);
        const seen = digest.counts.get(key);
        if (seen) seen.n++;
        else digest.counts.set(key, { n: 1, row });
        digest.rows++;
      }
      if (own) ids.set(table, own);
      out.set(table, digest);
    }
  } finally {
    db.close();
  }
  return out;
}

/** Rows of `a` that `b` has fewer of. */
function onlyIn(a: TableDigest, b: TableDigest): unknown[][] {
  const rows: unknown[][] = [];
  for (const [key, { n, row }] of a.counts) if ((b.counts.get(key)?.n ?? 0) < n) rows.push(row);
  return rows;
}

const USAGE = 'usage: npx tsx scripts/same-rows.ts A.db B.db [--show N]';
const { values, positionals } = parseFlags({ allowPositionals: true, options: { show: { type: 'string', default: '3' } } }, USAGE);
if (positionals.length !== 2) fail(USAGE);
const [fileA, fileB] = positionals as [string, string];
const show = Number(values.show);
const [a, b] = [digestStore(fileA), digestStore(fileB)];
let differs = false;
for (const table of ORDER) {
  const [ta, tb] = [a.get(table)!, b.get(table)!];
  const onlyA = onlyIn(ta, tb);
  const onlyB = onlyIn(tb, ta);
  const same = onlyA.length === 0 && onlyB.length === 0 && ta.rows === tb.rows;
  differs ||= !same;
  console.log(`${table.padEnd(14)} ${String(ta.rows).padStart(9)} ${String(tb.rows).padStart(9)}  ${same ? 'same' : `DIFFER (${onlyA.length} only in A, ${onlyB.length} only in B)`}`);
  const clip = (row: unknown[]) => JSON.stringify(row).slice(0, 400);
  for (const row of onlyA.slice(0, show)) console.log(`  A only: ${clip(row)}`);
  for (const row of onlyB.slice(0, show)) console.log(`  B only: ${clip(row)}`);
}
console.log(differs ? 'The stores differ.' : 'Every row is the same in both stores.');
process.exitCode = differs ? 1 : 0;
