import { parseDate } from '../time.js';

/**
 * A time as the store keeps it in columns that SQL compares:
 * `Date.prototype.toISOString` form in UTC, which orders correctly as text.
 * Times reach the store from code, so one that cannot be read is a bug.
 */
export function storedTime(value: string, what: string): string {
  try {
    return parseDate(value, what);
  } catch {
    throw new Error(`${what} "${value}" is not an ISO 8601 time with a zone; the store cannot order it`);
  }
}
