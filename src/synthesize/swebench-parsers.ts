import type { TestOutcome } from './model.js';

/**
 * The keys SWE-bench's own log parsers give a test log
 * (swebench/harness/log_parsers/*.py, SWE-bench 5.0.2), ported line for line so
 * an exported instance's FAIL_TO_PASS and PASS_TO_PASS are the keys the
 * harness will look up in its status map. A parser keeps the LAST status of a
 * key (a Python dict), and so does this port; the gate classifies these keyed
 * runs exactly as it classifies its own ids (src/synthesize/gate.ts), so a
 * key that collides across tests is listed only when the harness would read
 * it the same way. tests/export/swebench-parsers.test.ts runs the real Python
 * parsers on the same logs when a SWE-bench checkout is at hand, and checks a
 * recorded copy of their output otherwise.
 *
 * Our log format → the registry name SWE-bench's `log_parser` field takes.
 */
export const SWEBENCH_PARSER: Readonly<Record<string, string>> = {
  tap: 'parse_log_tap',
  vitest: 'parse_log_vitest',
  jest: 'parse_log_jest',
  pytest: 'parse_log_pytest',
  go: 'parse_log_gotest',
  cargo: 'parse_log_cargo',
};

/** SWE-bench's TestStatus values. */
export type SwebenchStatus = 'PASSED' | 'FAILED' | 'SKIPPED' | 'ERROR' | 'XFAIL';

type Parser = (log: string) => Map<string, SwebenchStatus>;

/** Python's `str.strip()` for what a log holds (ASCII whitespace and the Unicode spaces `trim` knows). */
const strip = (s: string) => s.trim();

const PARSERS: Record<string, Parser> = {
  parse_log_tap(log) {
    const map = new Map<string, SwebenchStatus>();
    for (const line of log.split('\n')) {
      const m = /^(ok|not ok) (\d+) (.+)$/.exec(strip(line));
      if (m) map.set(m[3]!, m[1] === 'ok' ? 'PASSED' : 'FAILED');
    }
    return map;
  },
  parse_log_vitest(log) {
    const map = new Map<string, SwebenchStatus>();
    for (const line of log.split('\n')) {
      const m = /^\s*(✓|×|↓)\s(.+?)(?:\s(\d+\s*m?s?|\[skipped\]))?$/.exec(strip(line));
      if (m) map.set(m[2]!, m[1] === '✓' ? 'PASSED' : m[1] === '×' ? 'FAILED' : 'SKIPPED');
    }
    return map;
  },
  parse_log_jest(log) {
    const map = new Map<string, SwebenchStatus>();
    for (const line of log.split('\n')) {
      const m = /^\s*(✓|✕|○)\s(.+?)(?:\s\((\d+\s*m?s)\))?$/.exec(strip(line));
      if (m) map.set(m[2]!.trim(), m[1] === '✓' ? 'PASSED' : m[1] === '✕' ? 'FAILED' : 'SKIPPED');
    }
    return map;
  },
  parse_log_pytest(log) {
    const statuses = ['FAILED', 'PASSED', 'SKIPPED', 'ERROR', 'XFAIL'];
    const map = new Map<string, SwebenchStatus>();
    for (let line of log.split('\n')) {
      if (!statuses.some((s) => line.startsWith(s))) continue;
      if (line.startsWith('FAILED')) line = line.split(' - ').join(' ');
      const testCase = line.split(/\s+/).filter(Boolean);
      if (testCase.length <= 1) continue;
      if (testCase[0] === 'SKIPPED' && /^\[\d+\]$/.test(testCase[1]!)) continue;
      map.set(testCase[1]!, testCase[0] as SwebenchStatus);
    }
    return map;
  },
  parse_log_gotest(log) {
    const map = new Map<string, SwebenchStatus>();
    for (const line of log.split('\n')) {
      const m = /^--- (PASS|FAIL|SKIP): (.+) \((.+)\)$/.exec(strip(line));
      if (m) map.set(m[2]!, m[1] === 'PASS' ? 'PASSED' : m[1] === 'FAIL' ? 'FAILED' : 'SKIPPED');
    }
    return map;
  },
  parse_log_cargo(log) {
    const map = new Map<string, SwebenchStatus>();
    for (const line of log.split('\n')) {
      const m = /^test\s+(\S+)\s+\.\.\.\s+(\w+)$/.exec(strip(line));
      if (!m) continue;
      if (m[2] === 'ok') map.set(m[1]!, 'PASSED');
      else if (m[2] === 'FAILED') map.set(m[1]!, 'FAILED');
    }
    return map;
  },
};

/** The status map SWE-bench's parser `parser` gives `log` (null for a parser not ported). */
export function swebenchStatusMap(parser: string, log: string): Map<string, SwebenchStatus> | null {
  return Object.hasOwn(PARSERS, parser) ? PARSERS[parser]!(log) : null;
}

/**
 * The keyed outcomes of a log for the gate: PASSED and XFAIL pass (SWE-bench's
 * test_passed), FAILED and ERROR fail, SKIPPED is a skip (never a pass).
 */
export function swebenchResults(format: string | null, log: string): { parser: string; results: Record<string, TestOutcome> } | null {
  const parser = format ? SWEBENCH_PARSER[format] : undefined;
  if (!parser) return null;
  const map = swebenchStatusMap(parser, log)!;
  const results: Record<string, TestOutcome> = {};
  for (const [key, status] of map) results[key] = status === 'PASSED' || status === 'XFAIL' ? 'pass' : status === 'SKIPPED' ? 'skip' : 'fail';
  return { parser, results };
}
