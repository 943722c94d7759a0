import { z } from 'zod';
import { WorkItem, type WorkItemKind } from '../sources/model.js';
import { parseDate } from '../time.js';
import type { Store } from './open.js';
import { storedTime } from './times.js';
import { RowWriter } from './tables.js';
import { transact } from './transaction.js';

/**
 * Work items of a repository, before and after any T0. Readers choose the
 * time range explicitly: a snapshot reads `{ until: t0 }`, validation reads
 * `{ after: t0, until: t0 + window }`.
 */

/** Inserts or replaces (by repository and key) every item, in one transaction. */
export function saveWorkItems(store: Store, repoId: number, items: readonly WorkItem[]): void {
  const parsed = z.array(WorkItem).parse(items);
  const upsert = new RowWriter(store.db, 'work_items', {
    onConflict: `ON CONFLICT (repo_id, key) DO UPDATE SET
       number = excluded.number, sha = excluded.sha, title = excluded.title, body = excluded.body,
       merged_at = excluded.merged_at, author = excluded.author, kind = excluded.kind, labels = excluded.labels,
       bot = excluded.bot, bot_reason = excluded.bot_reason, paths = excluded.paths, integration = excluded.integration,
       diff_work = excluded.diff_work
     -- An unchanged item is not written again (a re-run saves every item of the history).
     WHERE (number, sha, title, body, merged_at, author, kind, labels, bot, bot_reason, paths, integration, diff_work) IS NOT
       (excluded.number, excluded.sha, excluded.title, excluded.body, excluded.merged_at, excluded.author,
        excluded.kind, excluded.labels, excluded.bot, excluded.bot_reason, excluded.paths, excluded.integration, excluded.diff_work)`,
  });
  transact(store, () => {
    for (const item of parsed) {
      upsert.run({
        repo_id: repoId,
        key: item.key,
        number: item.number,
        sha: item.sha,
        title: item.title,
        body: item.body,
        merged_at: storedTime(item.mergedAt, `work item ${item.key} mergedAt`),
        author: item.author,
        kind: item.kind,
        labels: JSON.stringify(item.labels),
        bot: item.bot ? 1 : 0,
        bot_reason: item.botReason,
        paths: JSON.stringify(item.paths),
        integration: item.integration ? 1 : 0,
        diff_work: item.diffWork ? 1 : 0,
      });
    }
  });
}

export interface WorkItemBounds {
  /** Exclusive lower bound on mergedAt (ISO 8601; a date alone is 00:00 UTC). */
  after?: string;
  /** Inclusive upper bound on mergedAt. */
  until?: string;
}

interface WorkItemRow {
  key: string;
  number: number | null;
  sha: string;
  title: string;
  body: string;
  merged_at: string;
  author: string;
  kind: WorkItemKind;
  labels: string;
  bot: number;
  bot_reason: string | null;
  paths: string;
  integration: number;
  diff_work: number;
}

/** The repository's work items with after < mergedAt <= until, ordered by mergedAt, then key. */
export function loadWorkItems(store: Store, repoId: number, bounds: WorkItemBounds = {}): WorkItem[] {
  const where = ['repo_id = @repoId'];
  const params: Record<string, string | number> = { repoId };
  if (bounds.after !== undefined) {
    where.push('merged_at > @after');
    params.after = parseDate(bounds.after, 'after');
  }
  if (bounds.until !== undefined) {
    where.push('merged_at <= @until');
    params.until = parseDate(bounds.until, 'until');
  }
  const rows = store.db
    .prepare<Record<string, string | number>, WorkItemRow>(
      `SELECT key, number, sha, title, body, merged_at, author, kind, labels, bot, bot_reason, paths, integration, diff_work
       FROM work_items WHERE ${where.join(' AND ')} ORDER BY merged_at, key`,
    )
    .all(params);
  return rows.map((row) => ({
    key: row.key,
    number: row.number,
    sha: row.sha,
    title: row.title,
    body: row.body,
    mergedAt: row.merged_at,
    author: row.author,
    paths: JSON.parse(row.paths) as string[],
    kind: row.kind,
    labels: JSON.parse(row.labels) as string[],
    bot: row.bot === 1,
    botReason: row.bot_reason,
    ...(row.integration === 1 ? { integration: true } : {}),
    ...(row.diff_work === 1 ? { diffWork: true } : {}),
  }));
}
