import { median } from 'simple-statistics';
import { entriesKnownAt, type CalendarEntry } from './calendar.js';
import { DAY_MS } from '../../time.js';

/** One value a repository's declared minimum supported Rust version took, from the commit that set it (<= T0). */
export interface MsrvChange {
  date: string;
  version: string;
}

export interface MsrvRaise {
  from: string;
  to: string;
  /** Median days between the repository's raises, and since its last one at T0. */
  cadenceDays: number;
  sinceDays: number;
  /** Median minor releases the new minimum stood behind the newest stable release when raised. */
  lag: number;
  /** The newest stable release at T0, by the calendar entries published by T0. */
  stable: string;
  raises: number;
}

const minor = (v: string) => Number(v.split('.')[1] ?? NaN);

/**
 * Rust has no end of life: a project raises its minimum supported version on
 * its own cadence. From the dated values its declaration took before T0
 * (oldest first) and the stable releases the calendar knows at T0: a raise is
 * due within the window when the repository raised at least twice before, and
 * its median interval between raises has run out by T0 + `windowDays`; the
 * new minimum is the stable release at T0 less the repository's usual lag
 * behind stable, at least one above today's. Null otherwise. Pure.
 */
export function msrvRaiseDue(history: readonly MsrvChange[], t0: string, windowDays = 183, calendar?: readonly CalendarEntry[]): MsrvRaise | null {
  const day = t0.slice(0, 10);
  const known = (calendar ? entriesKnownAt(day, calendar) : entriesKnownAt(day)).filter((e) => e.runtime === 'rust' && e.event === 'release');
  const stableAt = (date: string) => Math.max(-1, ...known.filter((e) => e.date <= date).map((e) => minor(e.version)));
  const changes = history.filter((h) => h.date.slice(0, 10) <= day && Number.isFinite(minor(h.version)));
  if (changes.length === 0) return null;
  const raises: { date: string; to: number }[] = [];
  for (let i = 1; i < changes.length; i++) {
    if (minor(changes[i]!.version) > minor(changes[i - 1]!.version)) raises.push({ date: changes[i]!.date.slice(0, 10), to: minor(changes[i]!.version) });
  }
  if (raises.length < 2) return null;
  const times = [changes[0]!.date.slice(0, 10), ...raises.map((r) => r.date)].map((d) => Date.parse(d));
  const intervals = times.slice(1).map((t, i) => (t - times[i]!) / DAY_MS);
  const cadenceDays = median(intervals);
  const sinceDays = (Date.parse(day) - times.at(-1)!) / DAY_MS;
  // Due when the usual interval runs out within the window; a repository more than two intervals past its last raise
  // has left its cadence (axum after 2023-11) and states nothing.
  if (sinceDays + windowDays < cadenceDays || sinceDays > 2 * cadenceDays) return null;
  const lag = Math.round(median(raises.map((r) => stableAt(r.date) - r.to)));
  const stable = stableAt(day);
  const current = minor(changes.at(-1)!.version);
  const to = Math.max(current + 1, stable - lag);
  if (stable < 0 || to > stable) return null;
  return { from: `1.${current}`, to: `1.${to}`, cadenceDays: Math.round(cadenceDays), sinceDays: Math.round(sinceDays), lag, stable: `1.${stable}`, raises: raises.length };
}
