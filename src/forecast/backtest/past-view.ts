import type { Evidence, Snapshot } from '../../snapshot/model.js';
import type { WorkItem } from '../../sources/model.js';
import { compareText } from '../../text/order.js';
import { DAY_MS } from '../../time.js';


/**
 * The snapshot as it would have been at an earlier cutoff, built from the T0
 * snapshot alone (so from nothing dated after T0): work items, tags, changelog
 * and roadmap rows and dependency removals dated at or before the cutoff; TODO notes whose first
 * appearance is known and at or before it (dated then); hotspots recounted
 * from the work items of the year before it. Tracker issues are left out (their
 * state at the cutoff is not known from a T0 view), and notes removed between
 * the cutoff and T0 are not known: docs/forecast.md says what that costs.
 */
export function pastView(snapshot: Snapshot, cutoff: string): Snapshot {
  const end = Date.parse(cutoff);
  const evidence: Evidence[] = [];
  for (const e of snapshot.evidence) {
    if (e.kind === 'todo') {
      if (e.firstSeen !== null && Date.parse(e.firstSeen) <= end) evidence.push({ ...e, date: e.firstSeen });
    } else if (e.kind === 'work_item' || e.kind === 'tag' || e.kind === 'changelog' || e.kind === 'roadmap' || e.kind === 'dependency_removal') {
      if (Date.parse(e.date) <= end) evidence.push(e);
    }
  }
  const items = evidence.flatMap((e) => (e.kind === 'work_item' ? [e.item] : []));
  evidence.push(...hotspotsAt(items, cutoff, snapshot.config.hotspotTop));
  return { ...snapshot, t0: cutoff, evidence };
}

/** Non-bot work items merged in (from, to]: what a direction forecast at `from` could have become. */
export function workBetween(snapshot: Snapshot, from: string, to: string): WorkItem[] {
  const a = Date.parse(from);
  const b = Date.parse(to);
  return snapshot.evidence.flatMap((e) => {
    if (e.kind !== 'work_item' || e.item.bot) return [];
    const t = Date.parse(e.date);
    return t > a && t <= b ? [e.item] : [];
  });
}

/** Directories (to depth 3) by how many work items of the 365 days up to the cutoff touched them. */
function hotspotsAt(items: readonly WorkItem[], cutoff: string, top: number): Evidence[] {
  const end = Date.parse(cutoff);
  const byDir = new Map<string, { n: number; n90: number }>();
  for (const item of items) {
    const age = end - Date.parse(item.mergedAt);
    if (age > 365 * DAY_MS || age < 0) continue;
    const dirs = new Set(item.paths.flatMap(ancestorDirs));
    for (const dir of dirs) {
      const s = byDir.get(dir) ?? { n: 0, n90: 0 };
      s.n++;
      if (age <= 90 * DAY_MS) s.n90++;
      byDir.set(dir, s);
    }
  }
  return [...byDir]
    .sort((a, b) => b[1].n - a[1].n || compareText(a[0], b[0]))
    .slice(0, top)
    .map(([dir, s]) => ({
      kind: 'hotspot' as const, ref: `hotspot:${dir}`, date: cutoff, text: dir, dir,
      commits90: s.n90, commits365: s.n, changes90: s.n90, changes365: s.n,
    }));
}

function ancestorDirs(path: string): string[] {
  const parts = path.split('/').slice(0, -1);
  const dirs: string[] = [];
  for (let i = 1; i <= Math.min(parts.length, 3); i++) dirs.push(parts.slice(0, i).join('/'));
  return dirs;
}
