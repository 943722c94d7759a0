import type { WorkItem } from '../../sources/model.js';
import { dropsDependency } from './dependency-line.js';

/**
 * Pending-work families read the way people read them (issue 16; ../shared/judging-rules.md): a family stating a
 * task the repository declares at T0 — "Drop support for Python 3.8", "Add Python 3.13 to the test matrix",
 * "Remove `x` deprecated for removal in 9.0" (src/forecast/pending/signals.ts writes them) — is strong for a change
 * doing that task and related for a change continuing the same line (another version of the same runtime added or
 * dropped: "the Python-version matrix line"); a change sharing only the file or loose words is no direction.
 *
 * What a change did to runtime versions and definitions is read from its title and, where the clone has them, from
 * its diff (src/git/added-identifiers.ts: `runtime:+python:3.13`, `runtime:-python:3.8`, `removed:name` entries of
 * `JudgeRequest.added`).
 */

export type RuntimeAct = 'drop' | 'add';

/** A pending task a family's title states. */
export type PendingTask =
  | { kind: 'runtime'; act: RuntimeAct; runtime: string; version: string }
  | { kind: 'removal'; symbol: string }
  /**
   * One more runtime dependency removed ("Remove more runtime dependencies like `a` and `b` from package.json",
   * "Replace more dependencies with the standard library like …": src/forecast/pending/dependency-line.ts writes them).
   */
  | { kind: 'dependency' }
  /** A removal its title names no symbol of ("Remove the code, deprecated for removal in the future release in x.py"): done by removing definitions in its file. */
  | { kind: 'unnamed-removal' };

/** What a later change did to runtimes and definitions, read once per change. */
export interface PendingReading {
  /** Runtimes its title names with a drop or add act, and the versions it names for each (maybe none: "drop end of life Python versions"). */
  titleActs: readonly { act: RuntimeAct; runtime: string; versions: readonly string[] }[];
  /** Runtimes its title or its diff's runtime declarations concern. */
  runtimes: ReadonlySet<string>;
  /** `act:runtime:version` its diff does to runtime declarations (CI matrices, requires-python, classifiers, engines). */
  diffActs: ReadonlySet<string>;
  /** Names its diff removes the definition of (lower-cased). */
  removed: ReadonlySet<string>;
  /** It removes, drops or deletes something, by its title. */
  removes: boolean;
  /** Runtime dependencies its diff removes from a manifest (`dependency:-<name>` entries). */
  dependencies: readonly string[];
  /**
   * Its title removes, drops or replaces a dependency, polyfill or shim (dependency-line.ts), not a development one,
   * and no diff was read to say which (a read diff that removes none from a manifest removed a development dependency
   * or none: "Remove the nyc dependency").
   */
  dropsDependency: boolean;
  /** Its title replaces something with the standard library or the platform ("Replace futures_util::pin_mut with std::pin::pin"). */
  usesPlatform: boolean;
}

const RUNTIMES: readonly [RegExp, string][] = [
  [/^python$|^py$|^cpython$/i, 'python'],
  [/^pypy$/i, 'pypy'],
  [/^node(\.?js)?$/i, 'node'],
  [/^go(lang)?$/i, 'go'],
  [/^rust(c)?$|^msrv$/i, 'rust'],
  [/^ruby$/i, 'ruby'],
  [/^php$/i, 'php'],
];

/** A runtime's canonical name, or null. */
export function runtimeName(word: string): string | null {
  for (const [re, name] of RUNTIMES) if (re.test(word)) return name;
  return null;
}

const RUNTIME_WORD = String.raw`(python|pypy|cpython|node(?:\.?js)?|golang|go|rust|msrv|ruby|php)`;
const VERSION = String.raw`v?(\d+(?:\.\d+)?)`;
const DROP_ACT = /\b(drop\w*|remov\w*|delet\w*|end\w*|eol|deprecat\w*|unsupport\w*|no longer support\w*|stop\w* support\w*|bump\w* (?:the )?min\w*|raise\w* (?:the )?min\w*|require\w*)\b/i;
const ADD_ACT = /\b(add\w*|support\w*|test\w* (?:on|with|against)|enabl\w*|includ\w*)\b/i;

/** A title about development dependencies ("Remove the nyc dev dependency", "fix(devdeps): …"): upkeep, not the project's. */
const DEV_DEPENDENCY = /\bdev(?:elopment)?[- ]?dep|\bdevDependenc/i;

/** The standard library or the platform, as a title names it: std::, node:, "standard library", "built-in" or "native". */
const PLATFORM = String.raw`(?:\bstd::|\bnode:|\bstandard library\b|\bbuilt-?in\b|\bnative\b)`;

/** What a title names as replaced: a backticked name or a word, not an article or the project's own code ("the", "our", "custom"). */
const REPLACED = String.raw`(?:\x60[^\x60]+\x60|(?!(?:the|a|an|our|its|this|that|these|those|some|custom|manual|own|old|legacy|internal|local)\b)[\w@][\w@./:-]*)`;

/**
 * A title replacing a named dependency with the standard library or the platform: "Replace futures_util::pin_mut
 * with std::pin::pin", "switch from `uuid` to node:crypto", "use node:buffer instead of safe-buffer". A use of the
 * platform that names nothing replaced ("use the built-in max/min to simplify the code") is not: no dependency left.
 */
const USES_PLATFORM = new RegExp(
  String.raw`\b(?:replac\w*|switch\w*|migrat\w*|mov(?:e|es|ed|ing))\s+(?:from\s+)?${REPLACED}\s+(?:with|to|for|by)\b.*?${PLATFORM}` +
    String.raw`|\b(?:use[sd]?|using|prefer\w*)\b.*?${PLATFORM}.*?\binstead of\s+${REPLACED}`,
  'i',
);

/** The pending task a family's title states, or null. */
export function pendingTask(title: string): PendingTask | null {
  if (/^(?:remove more runtime dependencies|replace more dependencies with the standard library)\b/i.test(title)) return { kind: 'dependency' };
  const removal = /^remove\s+`([^`]+)`[^.]*\bdeprecated\b/i.exec(title);
  if (removal) return { kind: 'removal', symbol: removal[1]!.replace(/\(\)$/, '').toLowerCase() };
  // A TODO's removal: "Remove shell_complete in a future version" (a name, unquoted, and when), or one of no name.
  const future = /^remove\s+`?([A-Za-z_][\w.]*[_.][\w.]*)`?\s+(?:in|at|with|for)\s+(?:a|the)\s+(?:future|next)\b/i.exec(title);
  if (future) return { kind: 'removal', symbol: future[1]!.toLowerCase() };
  if (/^remove\s+the\s+(?:code|deprecated code|deprecated names?)\b[^.]*\bdeprecated\b/i.test(title)) return { kind: 'unnamed-removal' };
  const drop = new RegExp(String.raw`^(?:drop|remove|end)\s+(?:support\s+for\s+)?${RUNTIME_WORD}\s+${VERSION}\b`, 'i').exec(title);
  if (drop) return { kind: 'runtime', act: 'drop', runtime: runtimeName(drop[1]!)!, version: drop[2]! };
  const add = new RegExp(String.raw`^(?:add|support|test\s+on)\s+(?:support\s+for\s+)?${RUNTIME_WORD}\s+${VERSION}\b`, 'i').exec(title);
  if (add) return { kind: 'runtime', act: 'add', runtime: runtimeName(add[1]!)!, version: add[2]! };
  return null;
}

/** What a title alone says a change did to runtimes: the runtimes it names as version work, and its acts on them (PendingReading's `titleActs`, `runtimes`). */
function titleReading(title: string): { titleActs: { act: RuntimeAct; runtime: string; versions: string[] }[]; runtimes: Set<string> } {
  const titleActs: { act: RuntimeAct; runtime: string; versions: string[] }[] = [];
  const runtimes = new Set<string>();
  for (const m of title.matchAll(new RegExp(String.raw`\b${RUNTIME_WORD}\b((?:[\s,/&+-]*(?:and\s+|or\s+)?${VERSION}\b)*)`, 'gi'))) {
    const runtime = runtimeName(m[1]!)!;
    // "go" is a verb as often as a runtime: only with a version.
    const versions = [...(m[2] ?? '').matchAll(/\d+(?:\.\d+)?/g)].map((v) => v[0]);
    // A runtime's name alone is no version work ("use node:buffer", "go to definition"): it needs a version, or versions spoken of.
    if (versions.length === 0 && !/\bversions\b|\beol\b|end[- ]of[- ]life|\bmsrv\b/i.test(title)) continue;
    runtimes.add(runtime);
    const act: RuntimeAct | null = DROP_ACT.test(title) ? 'drop' : ADD_ACT.test(title) ? 'add' : null;
    if (act !== null) titleActs.push({ act, runtime, versions });
  }
  return { titleActs, runtimes };
}

/** What a later change did to runtimes and definitions: its title (titleReading), and the `runtime:`/`removed:` entries of what its diff was read to do. */
export function pendingReading(item: WorkItem, diff: readonly string[]): PendingReading {
  const title = item.title;
  const { titleActs, runtimes } = titleReading(title);
  const diffActs = new Set<string>();
  const removed = new Set<string>();
  const dependencies: string[] = [];
  for (const entry of diff) {
    const r = /^runtime:([+-])([a-z]+):(.+)$/.exec(entry);
    if (r) {
      diffActs.add(`${r[1] === '+' ? 'add' : 'drop'}:${r[2]}:${r[3]}`);
      runtimes.add(r[2]!);
    } else if (entry.startsWith('removed:')) removed.add(entry.slice('removed:'.length));
    else if (entry.startsWith('dependency:-')) dependencies.push(entry.slice('dependency:-'.length));
  }
  return { titleActs, runtimes, diffActs, removed, removes: /\b(remov\w*|drop\w*|delet\w*|get rid of)\b/i.test(title), dependencies, dropsDependency: diff.length === 0 && dropsDependency(title) && !DEV_DEPENDENCY.test(title), usesPlatform: USES_PLATFORM.test(title) };
}

/** A title that adds or drops versions of `runtime` itself ("Add support for Python 3.13", "drop end of life python versions"). */
export function titleActsOn(title: string, runtime: string): boolean {
  return titleReading(title).titleActs.some((a) => a.runtime === runtime);
}

/** How a change stands to a family's pending task: it does the task, continues its line (related), or neither. */
export function pendingMatch(task: PendingTask, r: PendingReading, names: (symbol: string) => boolean, touches = false): 'does' | 'line' | null {
  if (task.kind === 'unnamed-removal') return touches && r.removed.size > 0 ? 'does' : null;
  // Another runtime dependency out of a manifest, by its diff, does the work; a title removing one, with no diff read,
  // or replacing a use with the standard library (the dependency stays), continues the line.
  if (task.kind === 'dependency') return r.dependencies.length > 0 ? 'does' : r.dropsDependency || r.usesPlatform ? 'line' : null;
  if (task.kind === 'removal') {
    if (r.removed.has(task.symbol) || (r.removes && names(task.symbol))) return 'does';
    return names(task.symbol) ? 'line' : null;
  }
  if (!r.runtimes.has(task.runtime)) return null;
  if (r.diffActs.has(`${task.act}:${task.runtime}:${task.version}`)) return 'does';
  for (const a of r.titleActs) {
    if (a.runtime !== task.runtime || a.act !== task.act) continue;
    // "drop end of life python versions" names none: it drops what the family names when its diff does not say otherwise.
    if (a.versions.includes(task.version) || (a.versions.length === 0 && ![...r.diffActs].some((d) => d.startsWith(`${task.act}:${task.runtime}:`)))) return 'does';
  }
  return 'line';
}
