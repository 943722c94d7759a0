/**
 * Named queries: the SQL behind each figure swe-future prints, so any number
 * can be regenerated from the database alone (docs/queries.md). Plain data
 * with no driver import, so notebooks and other runtimes can use it.
 */
export interface NamedQuery {
  name: string;
  description: string;
  sql: string;
}

export const NAMED_QUERIES: readonly NamedQuery[] = [
  {
    name: 'snapshots',
    description: 'every snapshot with its repository, T0, commit and evidence counts',
    sql: `SELECT s.id, r.name AS repo, s.t0, s.commit_sha, s.hash, s.counts, s.created_at
FROM snapshots s JOIN repos r ON r.id = s.repo_id
ORDER BY s.id`,
  },
  {
    name: 'evidence',
    description: 'evidence rows per snapshot and kind, with the date range they span',
    sql: `SELECT e.snapshot_id, e.kind, COUNT(*) AS rows, MIN(e.date) AS first, MAX(e.date) AS last
FROM evidence e
GROUP BY e.snapshot_id, e.kind
ORDER BY e.snapshot_id, e.kind`,
  },
];

export function findNamedQuery(name: string): NamedQuery | undefined {
  return NAMED_QUERIES.find((q) => q.name === name);
}
