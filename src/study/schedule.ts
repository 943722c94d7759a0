import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The order a study hands its repositories to workers: largest history
 * first. A study's wall time is at least its longest repository's; started
 * last, that one runs alone while the other workers idle (the paper-scale
 * study's largest repository costs ten times its median). Largest first keeps
 * every worker busy to the end (longest-processing-time-first scheduling).
 *
 * The size of a history is read without running git: the bytes of the
 * clone's pack indexes, which grow with its number of objects (commits,
 * trees, blobs). A folder that is not a clone here (a URL still to be
 * cloned) weighs 0 and keeps its place among the rest.
 */
export function historyWeight(path: string): number {
  for (const objects of [join(path, 'objects'), join(path, '.git', 'objects')]) {
    let names: string[];
    try {
      names = readdirSync(join(objects, 'pack'));
    } catch {
      continue;
    }
    let bytes = 0;
    for (const name of names) {
      if (!name.endsWith('.idx')) continue;
      try {
        bytes += statSync(join(objects, 'pack', name)).size;
      } catch {
        // removed meanwhile (a concurrent gc): not counted
      }
    }
    return bytes;
  }
  return 0;
}

/** `rows` heaviest first; equal weights keep their config order. */
export function largestFirst<T extends { ord: number; path: string }>(rows: readonly T[], weight: (path: string) => number = historyWeight): T[] {
  const weights = new Map(rows.map((r) => [r.ord, weight(r.path)]));
  return [...rows].sort((a, b) => weights.get(b.ord)! - weights.get(a.ord)! || a.ord - b.ord);
}
