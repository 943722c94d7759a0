import type { Commit } from '../git/model.js';
import { fileVersions } from './line-history.js';
import type { Evidence } from './model.js';
import { decodeText, type SnapshotReader } from './reader.js';

/** At most this many Cargo.toml files get a history, shallowest and shortest path first (tokio/Cargo.toml before tokio-macros/), and this many older versions read each. */
const MAX_FILES = 2;
const MAX_READS = 250;
const RUST_VERSION = /^\s*rust-version\s*=\s*["'](\d+\.\d+)/m;

/**
 * The values each Cargo.toml's `rust-version` took along the first-parent
 * history up to the snapshot commit (the pre-T0 history the scan reads), so
 * the forecaster can read the repository's own cadence of raising it. Sets
 * `history` on those pending rows (oldest first; consecutive equal values
 * merged). A file whose versions cannot all be read keeps what was read.
 */
export async function addMsrvHistory(reader: SnapshotReader, history: readonly Commit[], pending: Evidence[]): Promise<void> {
  const rows = pending
    .filter((e): e is Extract<Evidence, { kind: 'pending' }> => e.kind === 'pending' && e.subject === 'rust' && /(^|\/)Cargo\.toml$/.test(e.path))
    .sort((a, b) => a.path.split('/').length - b.path.split('/').length || a.path.length - b.path.length || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .slice(0, MAX_FILES);
  for (const row of rows) {
    const versions = fileVersions(history, row.path).slice(0, MAX_READS);
    const values: { date: string; version: string }[] = [];
    for (const v of versions) {
      const bytes = await reader.readFileAt(v.commit, v.path);
      if (!bytes) continue;
      const m = RUST_VERSION.exec(decodeText(bytes));
      if (!m) break;
      values.push({ date: v.time, version: m[1]! });
    }
    // Newest first -> oldest first, each value dated by the oldest version holding it in a run.
    const out: { date: string; version: string }[] = [];
    for (const value of values.reverse()) if (out.at(-1)?.version !== value.version) out.push(value);
    if (out.length > 0) row.history = out;
  }
}
