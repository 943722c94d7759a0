import type { Evidence } from '../../snapshot/model.js';
import { compareVersions } from '../../text/order.js';
import type { CalendarEntry } from './calendar.js';
import { msrvRaiseDue } from './msrv.js';
import { DAY_MS } from '../../time.js';

type Pending = Extract<Evidence, { kind: 'pending' }>;

export const RUNTIME_NAMES: Record<string, string> = { python: 'Python', node: 'Node.js', go: 'Go', rust: 'Rust' };

/** One runtime task: its text (date and source said), the declarations it cites, and its kind. */
export interface RuntimeTask {
  runtime: string;
  task: 'drop' | 'add' | 'raise';
  text: string;
  /** Words the family's topic is built from. */
  topic: string;
  rows: Pending[];
}

/** A CI file: where a test matrix lives. */
export function isCiPath(path: string): boolean {
  return /(^|\/)\.github\/workflows\/|gitlab-ci|(^|\/)tox\.ini$|(^|\/)noxfile\.py$/.test(path);
}

/** A version pin (the interpreter a developer or CI uses, not a supported range): cited with a task, never its sole ground. */
export function isPin(row: Pending): boolean {
  return /(^|\/)(\.python-version|\.nvmrc|\.node-version|rust-toolchain(\.toml)?)$/.test(row.path) || /^toolchain\b/.test(row.text);
}

/**
 * The runtime tasks a repository's declarations state at T0, one per runtime
 * and task, so declarations of one runtime (pyproject, setup.cfg, the CI
 * matrix, .python-version) cluster into one family:
 * - drop: the lowest declared version whose end of life (by an entry of
 *   `known`) falls before T0 + 183 days; every row declaring it is cited;
 * - add: the newest release of the year before T0 (for Node.js the newest
 *   even, long-term-support, line) that a CI matrix lacks while listing an
 *   older one, for a runtime the project declares (a manifest, or a CI matrix of two or more versions); it stands on
 *   a test matrix (a row the snapshot marks `matrix`) lacking it, cited first (the family's place), with every CI
 *   pin lacking it cited after; a CI job pinning one version is never its ground.
 * Pure: `known` must hold only calendar entries published by T0.
 */
export function runtimeTasks(rows: readonly Pending[], t0: string, known: readonly CalendarEntry[]): RuntimeTask[] {
  const t0ms = Date.parse(t0);
  const horizon = new Date(t0ms + 183 * DAY_MS).toISOString().slice(0, 10);
  const yearBefore = new Date(t0ms - 365 * DAY_MS).toISOString().slice(0, 10);
  const out: RuntimeTask[] = [];
  const runtimes = [...new Set(rows.filter((r) => r.signal === 'runtime').map((r) => r.subject))].sort();
  for (const runtime of runtimes) {
    const mine = rows.filter((r) => r.signal === 'runtime' && r.subject === runtime);
    const name = RUNTIME_NAMES[runtime] ?? runtime;
    const ending = known
      .filter((c) => c.runtime === runtime && c.event === 'eol' && c.date <= horizon && mine.some((r) => r.target === c.version && !isPin(r)))
      .sort((a, b) => compareVersions(a.version, b.version))[0];
    if (ending) {
      const cited = mine.filter((r) => r.target === ending.version);
      out.push({ runtime, task: 'drop', text: `Drop support for ${name} ${ending.version}, end of life ${ending.date} (${ending.source})`, topic: `${name} ${ending.version} support end of life drop`, rows: cited });
    }
    if (runtime === 'rust') {
      // Rust has no end of life: the repository's own cadence of raising its rust-version says when (src/forecast/pending/msrv.ts).
      const row = mine.find((r) => r.history && r.history.length > 0);
      const due = row ? msrvRaiseDue(row.history!, t0, 183, known) : null;
      if (row && due) {
        const stable = known.find((c) => c.runtime === 'rust' && c.event === 'release' && c.version === due.stable)!;
        // The Cargo.toml whose history says it first: the family anchors there.
        const cited = [row, ...mine.filter((r) => r !== row && r.target === due.from && !isCiPath(r.path))];
        out.push({
          runtime, task: 'raise',
          text: `Raise the minimum supported Rust version from ${due.from} to ${due.to}, stable ${due.stable} released ${stable.date} (${stable.source}); raised ${due.raises} times before, every ${due.cadenceDays} days at the median, last ${due.sinceDays} days before T0`,
          topic: `Rust ${due.to} minimum supported version msrv raise`, rows: cited,
        });
      }
    }
    const newest = known
      .filter((c) => c.runtime === runtime && c.event === 'release' && c.date >= yearBefore && (runtime !== 'node' || Number(c.version) % 2 === 0))
      .sort((a, b) => compareVersions(b.version, a.version))[0];
    if (newest && runtime !== 'rust') {
      // Only a test matrix (a CI row read from a `matrix:` block, a tox envlist or a list of versions handed to a
      // reusable workflow; got's matrix lists one version) is where a release is added: a job pinning one version to publish or build docs has none
      // (newcomer5: mocha's release-please.yml pins Node.js 22.11.0 to publish, packaging's docs.yml Python 3.9). The
      // task stands on a matrix lacking the release, first (the family's place); the pins lacking it are cited after.
      const older = mine.filter((r) => isCiPath(r.path) && r.versions.length > 0 && compareVersions(newest.version, r.versions.at(-1)!) > 0);
      const matrices = older.filter((r) => r.matrix === true);
      const lacking = matrices.length > 0 ? [...matrices, ...older.filter((r) => r.matrix !== true)] : [];
      // One CI file testing the release already is the matrix having it: a publish or lint job pinned to an older one is no task
      // (starlette at 2025-01-01: 3.13 in test-suite.yml, 3.12 in publish.yml).
      const tested = mine.some((r) => isCiPath(r.path) && r.versions.some((v) => compareVersions(v, newest.version) >= 0));
      // The runtime is the project's own when a manifest declares it (package.json engines, requires-python) or a CI
      // matrix lists two or more of its versions. A CI job that only pins a tool's interpreter (urfave-cli, a Go
      // project, sets up Python 3.13 in publish-docs.yml to run mkdocs) has no test matrix to add a release to.
      const own = mine.some((r) => (!isCiPath(r.path) && !isPin(r)) || (isCiPath(r.path) && r.versions.length >= 2));
      if (lacking.length > 0 && !tested && own) {
        out.push({ runtime, task: 'add', text: `Add ${name} ${newest.version} to the test matrix, released ${newest.date} (${newest.source})`, topic: `${name} ${newest.version} support test matrix`, rows: lacking });
      }
    }
  }
  return out;
}
