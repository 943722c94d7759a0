import type { Commit } from '../git/model.js';
import { compareText } from '../text/order.js';
import { DAY_MS } from '../time.js';

export interface Hotspot {
  dir: string;
  commits90: number;
  commits365: number;
  changes90: number;
  changes365: number;
}

const MAX_DEPTH = 3;

/**
 * Per-directory churn in the 90 and 365 days up to T0: how many first-parent
 * commits touched a directory (or anything under it, to depth 3), and how many
 * file changes they made there. Counts, not line totals, so both git backends
 * give the same figures. Ranked by 365-day commits, then changes, then name.
 */
export function findHotspots(history: readonly Commit[], t0: string, top: number): Hotspot[] {
  const end = Date.parse(t0);
  const byDir = new Map<string, Hotspot>();
  for (const commit of history) {
    const age = end - Date.parse(commit.committerTime);
    if (age > 365 * DAY_MS) continue;
    const recent = age <= 90 * DAY_MS;
    const touched = new Map<string, number>();
    for (const file of commit.files) {
      for (const dir of ancestorDirs(file.path)) touched.set(dir, (touched.get(dir) ?? 0) + 1);
    }
    for (const [dir, changes] of touched) {
      const spot = byDir.get(dir) ?? { dir, commits90: 0, commits365: 0, changes90: 0, changes365: 0 };
      spot.commits365++;
      spot.changes365 += changes;
      if (recent) {
        spot.commits90++;
        spot.changes90 += changes;
      }
      byDir.set(dir, spot);
    }
  }
  return [...byDir.values()]
    .sort((a, b) => b.commits365 - a.commits365 || b.changes365 - a.changes365 || compareText(a.dir, b.dir))
    .slice(0, top);
}

/** `src/a/b/c.ts` -> `src`, `src/a`, `src/a/b` (top-level files have none). */
export function ancestorDirs(path: string): string[] {
  const parts = path.split('/').slice(0, -1);
  const dirs: string[] = [];
  for (let i = 1; i <= Math.min(parts.length, MAX_DEPTH); i++) dirs.push(parts.slice(0, i).join('/'));
  return dirs;
}
