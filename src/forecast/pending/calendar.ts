import { DAY_MS } from '../../time.js';
/**
 * A shipped calendar of runtime releases and end-of-life dates, from the
 * runtimes' public schedules. Every entry carries the date its schedule was
 * published (a release is published the day it ships; an end-of-life date
 * when its schedule was: the PEP, the Node.js release plan, Go's policy of
 * supporting the two newest releases, so a Go release's end is the day the
 * second one after it ships). The forecaster reads only entries published on
 * or before T0 (entriesKnownAt). Dates are days (UTC); publication dates of
 * the schedules are those of the documents' first versions, to the month
 * where the day is not recorded. Rust has no end of life: its entries are
 * the stable releases of the six-week train, each published the day it ships.
 *
 * Sources checked for the entries after 2025 (2026-12): PEP 745 (created
 * 2024-04-24; 3.14.0 2025-10-07, security fixes until October 2030), PEP 790
 * (created 2025-04-26; 3.15.0 scheduled 2026-10-01, end of life 2031-10), the
 * devguide's release-cycle.json; nodejs/Release schedule.json and README
 * (v23 2024-10-16..2025-06-01, v24 2025-05-06..2028-04-30, v25
 * 2025-10-15..2026-06-01, v26 2026-05-05..2029-04-30); go.dev release history
 * (go1.25.0 2025-08-12, go1.26.0 2026-02-10) and the go1.27.0 tag
 * (2026-08-19); Rust's release notes (1.84.0 2025-01-09 ... 1.95.0
 * 2026-04-16, every 42 days from 1.1.0 on 2015-06-25).
 */
export interface CalendarEntry {
  runtime: 'python' | 'node' | 'go' | 'rust';
  version: string;
  event: 'release' | 'eol';
  date: string;
  published: string;
  /** The schedule the date comes from, as a family's text cites it ("PEP 596"). */
  source: string;
}

const PY = (version: string, release: string, eol: string, pep: string, published: string): CalendarEntry[] => [
  { runtime: 'python', version, event: 'release', date: release, published: release, source: pep },
  { runtime: 'python', version, event: 'eol', date: eol, published, source: pep },
];
const NODE = (version: string, release: string, eol: string): CalendarEntry[] => [
  { runtime: 'node', version, event: 'release', date: release, published: release, source: 'Node.js release schedule' },
  // The release plan states each line's end when the line ships.
  { runtime: 'node', version, event: 'eol', date: eol, published: release, source: 'Node.js release schedule' },
];
const GO = (version: string, release: string, eol: string | null): CalendarEntry[] => [
  { runtime: 'go', version, event: 'release', date: release, published: release, source: 'go.dev release history' },
  ...(eol ? [{ runtime: 'go' as const, version, event: 'eol' as const, date: eol, published: eol, source: 'Go release policy' }] : []),
];

/** Rust 1.1.0 shipped 2015-06-25; every minor release since came 42 days after the one before. */
const RUST_TRAIN_START = Date.parse('2015-06-25T00:00:00Z');
/** Releases whose recorded date is not the train's (endoflife.date, from the release notes). */
const RUST_EXCEPTIONS: Record<number, string> = { 0: '2015-05-15', 94: '2026-03-06' };
/** The newest Rust release in the calendar (shipped by 2026-12). */
const RUST_NEWEST = 100;

/** The date Rust 1.`minor`.0 shipped. */
export function rustReleaseDate(minor: number): string {
  return RUST_EXCEPTIONS[minor] ?? new Date(RUST_TRAIN_START + (minor - 1) * 42 * DAY_MS).toISOString().slice(0, 10);
}
const RUST = (): CalendarEntry[] =>
  Array.from({ length: RUST_NEWEST + 1 }, (_, minor) => {
    const date = rustReleaseDate(minor);
    return { runtime: 'rust' as const, version: `1.${minor}`, event: 'release' as const, date, published: date, source: 'Rust release notes' };
  });

export const RUNTIME_CALENDAR: readonly CalendarEntry[] = [
  ...PY('3.7', '2018-06-27', '2023-06-27', 'PEP 537', '2016-12-01'),
  ...PY('3.8', '2019-10-14', '2024-10-07', 'PEP 569', '2018-05-01'),
  ...PY('3.9', '2020-10-05', '2025-10-31', 'PEP 596', '2019-05-01'),
  ...PY('3.10', '2021-10-04', '2026-10-31', 'PEP 619', '2020-05-01'),
  ...PY('3.11', '2022-10-24', '2027-10-31', 'PEP 664', '2021-07-01'),
  ...PY('3.12', '2023-10-02', '2028-10-31', 'PEP 693', '2022-05-01'),
  ...PY('3.13', '2024-10-07', '2029-10-31', 'PEP 719', '2023-05-01'),
  ...PY('3.14', '2025-10-07', '2030-10-31', 'PEP 745', '2024-04-24'),
  ...PY('3.15', '2026-10-01', '2031-10-31', 'PEP 790', '2025-04-26'),
  ...NODE('14', '2020-04-21', '2023-04-30'),
  ...NODE('16', '2021-04-20', '2023-09-11'),
  ...NODE('18', '2022-04-19', '2025-04-30'),
  ...NODE('19', '2022-10-18', '2023-06-01'),
  ...NODE('20', '2023-04-18', '2026-04-30'),
  ...NODE('21', '2023-10-17', '2024-06-01'),
  ...NODE('22', '2024-04-24', '2027-04-30'),
  ...NODE('23', '2024-10-16', '2025-06-01'),
  ...NODE('24', '2025-05-06', '2028-04-30'),
  ...NODE('25', '2025-10-15', '2026-06-01'),
  ...NODE('26', '2026-05-05', '2029-04-30'),
  ...GO('1.19', '2022-08-02', '2023-08-08'),
  ...GO('1.20', '2023-02-01', '2024-02-06'),
  ...GO('1.21', '2023-08-08', '2024-08-13'),
  ...GO('1.22', '2024-02-06', '2025-02-11'),
  ...GO('1.23', '2024-08-13', '2025-08-12'),
  ...GO('1.24', '2025-02-11', '2026-02-10'),
  ...GO('1.25', '2025-08-12', '2026-08-19'),
  ...GO('1.26', '2026-02-10', null),
  ...GO('1.27', '2026-08-19', null),
  ...RUST(),
];

/** The entries a forecaster at T0 may know: published on or before T0. */
export function entriesKnownAt(t0: string, calendar: readonly CalendarEntry[] = RUNTIME_CALENDAR): CalendarEntry[] {
  const day = t0.slice(0, 10);
  return calendar.filter((e) => e.published <= day);
}
