import { UserError } from '../errors.js';

/**
 * The one guard on the T0 boundary. Every evidence row passes through it where
 * it enters the store (src/store/snapshots.ts) and where a snapshot is taken
 * (src/snapshot/take-snapshot.ts). A row dated after T0, or with no readable
 * date, is refused: the whole write is abandoned, nothing is half-written.
 */
export function assertVisibleAtT0(rows: Iterable<{ ref: string; date: string }>, t0: string): void {
  const cutoff = Date.parse(t0);
  if (Number.isNaN(cutoff)) {
    throw new UserError('BAD_T0', `T0 "${t0}" is not a date`, 'Pass --t0 as ISO 8601, e.g. 2025-01-01.');
  }
  for (const row of rows) {
    const at = Date.parse(row.date);
    if (Number.isNaN(at) || at > cutoff) {
      throw new UserError(
        'EVIDENCE_AFTER_T0',
        `Evidence ${row.ref} is dated ${row.date}, after T0 ${t0}; the snapshot was refused`,
        'This is a leak in the evidence miner: please report it with the repository and T0.',
      );
    }
  }
}
