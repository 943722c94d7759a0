// One file each, not the package index: that loads all ~300 of date-fns' modules at start-up.
import { addDays } from 'date-fns/addDays';
import { addMonths } from 'date-fns/addMonths';
import { addYears } from 'date-fns/addYears';
import { UserError } from './errors.js';

/** One day in milliseconds: the unit of every age, lookback and horizon counted in days. */
export const DAY_MS = 86_400_000;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * Parses an ISO 8601 date as the CLI contract defines it: a date alone means
 * 00:00:00 UTC of that day; a date-time must carry its zone. Returns a
 * normalised ISO string in UTC (`2025-01-01T00:00:00.000Z`).
 */
export function parseDate(input: string, flag = 'date'): string {
  const text = String(input).trim();
  let ms = Number.NaN;
  if (DATE_ONLY.test(text)) ms = Date.parse(`${text}T00:00:00Z`);
  else if (DATE_TIME.test(text)) ms = Date.parse(text);
  if (Number.isNaN(ms) || !roundTrips(text, ms)) {
    throw new UserError(
      'BAD_DATE',
      `Cannot read ${flag} "${text}" as a date`,
      'Use ISO 8601, e.g. 2025-01-01 or 2025-01-01T12:00:00Z.',
    );
  }
  return new Date(ms).toISOString();
}

/** Rejects dates that Date.parse silently rolls over, like 2025-02-30. */
function roundTrips(text: string, ms: number): boolean {
  if (!DATE_ONLY.test(text.slice(0, 10))) return false;
  if (!DATE_TIME.test(text)) return new Date(ms).toISOString().slice(0, 10) === text.slice(0, 10);
  const [y, m, d] = text.slice(0, 10).split('-').map(Number) as [number, number, number];
  return m >= 1 && m <= 12 && d >= 1 && d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** Seconds since the epoch (git's unit) to an ISO string. */
export function isoFromSeconds(seconds: number): string {
  return new Date(seconds * 1000).toISOString();
}

export function secondsFromIso(iso: string): number {
  return Math.floor(Date.parse(iso) / 1000);
}

export interface Duration {
  amount: number;
  unit: 'd' | 'm' | 'y';
}

/** `90d`, `6m`, `1y`. */
export function parseDuration(input: string, flag = 'window'): Duration {
  const match = /^(\d+)([dmy])$/.exec(String(input).trim());
  const limit = { d: 366_000, m: 12_000, y: 1_000 }; // a thousand years: beyond it a window ends past any date
  if (!match || Number(match[1]) === 0 || Number(match[1]) > limit[match[2] as Duration['unit']]) {
    throw new UserError('BAD_DURATION', `Cannot read ${flag} "${input}" as a duration`, 'Use a whole number (1 to a thousand years) and a unit, e.g. 90d, 6m or 1y.');
  }
  return { amount: Number(match[1]), unit: match[2] as Duration['unit'] };
}

/**
 * Adds (or with sign -1 subtracts) a duration to an ISO time, on the UTC
 * calendar. Months and years come from date-fns, which clamps to the month's
 * end: 2024-08-31 + 6m = 2025-02-28, 2024-01-31 + 1m = 2024-02-29,
 * 2024-02-29 + 1y = 2025-02-28 (JavaScript's own setUTCMonth rolls over into
 * March instead, making every window that starts late in a month longer).
 * Tested directly in tests/time/window-bounds.test.ts.
 */
export function addDuration(iso: string, duration: Duration, sign: 1 | -1 = 1): string {
  const n = duration.amount * sign;
  const start = new UtcCalendarDate(Date.parse(iso));
  const context = { in: (value: Date | number | string) => new UtcCalendarDate(+new Date(value)) };
  const end = duration.unit === 'd' ? addDays(start, n, context) : duration.unit === 'm' ? addMonths(start, n, context) : addYears(start, n, context);
  return new Date(end.getTime()).toISOString();
}

/**
 * A Date whose calendar getters and setters read the UTC calendar, so date-fns
 * (which calls getDate/setMonth, the local-time methods) computes in UTC
 * whatever the process's time zone. The same idea as @date-fns/utc's UTCDate,
 * reduced to the methods addDays/addMonths/addYears call.
 */
class UtcCalendarDate extends Date {
  override getFullYear(): number {
    return this.getUTCFullYear();
  }
  override getMonth(): number {
    return this.getUTCMonth();
  }
  override getDate(): number {
    return this.getUTCDate();
  }
  override setFullYear(year: number, month?: number, date?: number): number {
    return this.setUTCFullYear(year, month ?? this.getUTCMonth(), date ?? this.getUTCDate());
  }
  override setMonth(month: number, date?: number): number {
    return this.setUTCMonth(month, date ?? this.getUTCDate());
  }
  override setDate(date: number): number {
    return this.setUTCDate(date);
  }
}
