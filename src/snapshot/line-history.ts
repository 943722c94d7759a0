import type { Commit } from '../git/model.js';
import type { SnapshotReader } from './reader.js';
import { decodeText } from './reader.js';

/** One version of a file in first-parent history, newest first. */
export interface FileVersion {
  commit: string;
  time: string;
  path: string;
  /** True when this commit created the file: no older version exists. */
  added: boolean;
}

/**
 * The versions of `path` along the pre-T0 history (newest first), following
 * exact renames backwards. The first version holds the content at T0.
 */
export function fileVersions(history: readonly Commit[], path: string): FileVersion[] {
  const versions: FileVersion[] = [];
  let current = path;
  for (const commit of history) {
    const change = commit.files.find((f) => f.path === current);
    if (!change) continue;
    if (change.status === 'deleted') break;
    const added = change.status === 'added' || (change.status === 'renamed' && change.oldPath === null);
    versions.push({ commit: commit.sha, time: commit.committerTime, path: current, added });
    if (added) break;
    if (change.status === 'renamed' && change.oldPath) current = change.oldPath;
  }
  return versions;
}

/** A shared allowance of file reads, so dating lines stays cheap on big repositories. */
export class ReadBudget {
  used = 0;
  constructor(readonly limit: number) {}
  take(): boolean {
    if (this.used >= this.limit) return false;
    this.used++;
    return true;
  }
}

/**
 * When each line (trimmed text) first appeared in the file: the start of the
 * run of versions, ending at T0, that contain it, found by bisection over the
 * file's versions. Null when the budget runs out, a version cannot be read, or
 * the history is cut (shallow) before the line's start.
 */
export async function firstSeenDates(
  reader: SnapshotReader,
  versions: readonly FileVersion[],
  needles: readonly string[],
  budget: ReadBudget,
): Promise<Map<string, string | null>> {
  const result = new Map<string, string | null>();
  // Each version read at most once, kept as its set of trimmed lines.
  const seen = new Map<number, Set<string> | null>();
  const readVersion = async (i: number): Promise<Set<string> | null> => {
    if (seen.has(i)) return seen.get(i)!;
    const v = versions[i]!;
    let lines: Set<string> | null = null;
    if (budget.take()) {
      const bytes = await reader.readFileAt(v.commit, v.path);
      if (bytes) lines = new Set(decodeText(bytes).split('\n').map((line) => line.trim()));
    }
    seen.set(i, lines);
    return lines;
  };

  for (const needle of needles) {
    if (result.has(needle) || versions.length === 0) {
      result.set(needle, result.get(needle) ?? null);
      continue;
    }
    // Invariant: versions[lo] contains the needle (version 0 is the T0 content).
    let lo = 0;
    let hi = versions.length - 1;
    let failed = false;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      const lines = await readVersion(mid);
      if (!lines) {
        failed = true;
        break;
      }
      if (lines.has(needle)) lo = mid;
      else hi = mid - 1;
    }
    const start = versions[lo]!;
    const cutShort = lo === versions.length - 1 && !start.added;
    result.set(needle, failed || cutShort ? null : start.time);
  }
  return result;
}
