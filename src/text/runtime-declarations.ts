import { compareVersions } from './order.js';

/**
 * The one reader of runtime declarations: the files where a project says which runtime versions it supports or tests
 * on (manifests: requires-python / python_requires, engines.node, the go directive and toolchain line, rust-version,
 * clippy's msrv; version pins: .python-version, .nvmrc, .node-version, rust-toolchain files; tox envlists; CI
 * matrices), below both the forecaster's snapshot (src/snapshot/tree-scan.ts: pending runtime rows) and the judges
 * (src/git/added-identifiers.ts: `runtime:+python:3.13` entries of a change's diff; src/git/runtime-declarations.ts and
 * src/api/standing-runtimes.ts: what a commit's tree declares), so the forecaster and its judges share a parser, not
 * each other's code (as src/text/manifest-dependencies.ts does for dependencies). Pure: path and text in.
 *
 * It reads a file two ways, kept apart because each side was measured on its own (titles of the eval pairs,
 * judge-eval):
 * - findRuntimes: each declaration as one row at its line, with its runtime, its lowest version and every version it
 *   lists (a `matrix:` block's versions of one runtime, `include:` entries among them, are one row), from the files
 *   isRuntimeManifest names (manifests at any depth; pins, tox and CI files at the root).
 * - runtimeVersions / fileVersions: the `python:3.13`, `node:22` versions a line or a file names, read loosely (also
 *   classifiers, `py313` factors, a bare matrix entry read against the file around it), from the wider set of files
 *   RUNTIME_FILE names (any depth; also Travis, AppVeyor, Azure Pipelines and nox), for diffs and whole trees alike.
 * One cannot be made from the other without a behaviour change: on the 45 eval pairs' trees at T0 they read 57 of 525
 * runtime files differently (scripts/runtime-readings.ts; eval/results/quality57.md): the judges' reading also takes
 * classifiers, `python_version` markers and tox envs of pyproject.toml and setup.py, any `node` line of package.json
 * (`"@types/node": "^22"`) and noxfile.py; the forecaster's alone expands tox envlists, reads bare matrix keys
 * (`go: [...]`) and skips unpublished crates.
 */

export type Runtime = 'python' | 'node' | 'go' | 'rust';

/** One runtime declaration of a file (findRuntimes), in the shape of the snapshot's pending rows (src/snapshot/pending.ts PendingLine). */
export interface RuntimeDeclaration {
  signal: 'runtime';
  /** 1-based line of the declaration (a matrix's: the first line naming the runtime's versions). */
  line: number;
  subject: Runtime;
  /** The lowest version it names. */
  target: string;
  /** Every version it names, lowest first, as the calendar names them (Python, Go and Rust by minor, Node.js by major). */
  versions: string[];
  /** The line, trimmed (at most 240 characters). */
  text: string;
  /** A runtime row of a CI test matrix. */
  matrix?: true;
}

/** Whether a path can declare a runtime (manifests at any depth, pins and tox at the root, CI workflow files). */
export function isRuntimeManifest(path: string): boolean {
  return (
    /(^|\/)(pyproject\.toml|setup\.cfg|setup\.py|package\.json|go\.mod|Cargo\.toml|clippy\.toml|\.clippy\.toml)$/.test(path) ||
    /^(\.python-version|\.nvmrc|\.node-version|rust-toolchain|rust-toolchain\.toml|tox\.ini)$/.test(path) ||
    /^\.github\/workflows\/[^/]+\.ya?ml$/.test(path) ||
    /^\.gitlab-ci\.yml$/.test(path)
  );
}

const VERSION = /\d+(?:\.\d+){0,2}/g;

/** Runtime declarations of one manifest, pin, tox or CI file. */
export function findRuntimes(path: string, text: string): RuntimeDeclaration[] {
  const found: RuntimeDeclaration[] = [];
  const lines = text.split('\n');
  const add = (i: number, subject: Runtime, versions: readonly string[], matrix = false) => {
    const norm = versions.map((v) => normalize(subject, v)).filter((v): v is string => v !== null);
    const sorted = [...new Set(norm)].sort(compareVersions);
    if (sorted.length === 0) return;
    found.push({ signal: 'runtime', line: i + 1, subject, target: sorted[0]!, versions: sorted, text: lines[i]!.trim().slice(0, 240), ...(matrix ? { matrix: true as const } : {}) });
  };
  const base = path.split('/').at(-1)!;
  if (base === '.python-version' || base === '.nvmrc' || base === '.node-version' || base === 'rust-toolchain') {
    const i = lines.findIndex((l) => l.trim() && !l.trim().startsWith('#'));
    const pin = i >= 0 ? /^\s*v?(\d+(?:\.\d+){0,2})\s*$/.exec(lines[i]!) : null;
    if (pin) add(i, base === '.python-version' ? 'python' : base === 'rust-toolchain' ? 'rust' : 'node', [pin[1]!]);
    return found;
  }
  if (base === 'tox.ini') {
    const env = toxEnvlist(lines);
    if (env) add(env.line, 'python', env.versions, true);
    return found;
  }
  // A crate never published (`publish = false`: examples, test crates) promises no minimum Rust to anyone: its
  // rust-version states no support (newcomer5: tracing's examples/Cargo.toml at 1.64 made an MSRV raise task).
  const unpublished = base === 'Cargo.toml' && /^\s*publish\s*=\s*false\b/m.test(text);
  const ci = /^\.github\/workflows\/|\.gitlab-ci\.yml$/.test(path);
  const inMatrix = ci ? matrixBlocks(lines, add) : new Set<number>();
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (base === 'pyproject.toml' && /^\s*requires-python\s*=/.test(line)) add(i, 'python', lowerBounds(line));
    else if ((base === 'setup.py' || base === 'setup.cfg') && /python_requires\s*[=:]/.test(line)) add(i, 'python', lowerBounds(line));
    else if (base === 'go.mod' && /^(go|toolchain)\s+(go)?\d/.test(line)) add(i, 'go', line.match(VERSION) ?? []);
    else if (base === 'Cargo.toml' && /^\s*rust-version\s*=/.test(line) && !unpublished) add(i, 'rust', line.match(VERSION) ?? []);
    else if ((base === 'clippy.toml' || base === '.clippy.toml') && /^\s*msrv\s*=/.test(line)) add(i, 'rust', line.match(VERSION) ?? []);
    else if (base === 'rust-toolchain.toml' && /^\s*channel\s*=\s*["']\d/.test(line)) add(i, 'rust', line.match(VERSION) ?? []);
    else if (base === 'package.json' && /^\s*"node"\s*:/.test(line) && /"engines"/.test(lines.slice(Math.max(0, i - 3), i).join(' '))) add(i, 'node', lowerBounds(line));
    else if (ci && !inMatrix.has(i)) {
      // A setup step's single version outside a matrix (`python-version: "3.12"`), or the versions a job hands a
      // reusable workflow that runs its matrix (mocha's `node-versions: '18,20,22,24'`).
      const m = /^\s*-?\s*(python|node|go)[-_]version(s?)\s*:\s*(.*)$/.exec(line);
      if (m) add(i, m[1] as Runtime, listedVersions(m[3]!, lines, i), m[2] === 's');
    }
  }
  return found.sort((a, b) => a.line - b.line);
}

/** A version as the calendar names it: Python and Go by minor (`3.12`, `1.22`), Node.js by major, Rust by minor. */
function normalize(subject: Runtime, version: string): string | null {
  const parts = version.split('.');
  if (subject === 'node') return parts[0]!;
  if (parts.length < 2) return null;
  return `${parts[0]}.${parts[1]}`;
}

/** Lower bounds of a version specifier (`>=3.8`, `^18 || >=20`, `~=3.9`); a bare version counts as one. */
function lowerBounds(line: string): string[] {
  const spec = line.slice(line.search(/[=:]/) + 1);
  const bounds = [...spec.matchAll(/(>=|\^|~=|~|>)\s*v?(\d+(?:\.\d+){0,2})/g)].map((m) => m[2]!);
  if (bounds.length > 0) return bounds;
  return /[<]/.test(spec) ? [] : (spec.match(VERSION) ?? []);
}

/** An inline list's or scalar's versions (`["3.9", "3.10"]`, `3.9`, `'3.14t'`), or the `- "3.9"` items below the key. */
function listedVersions(rest: string, lines: readonly string[], at: number): string[] {
  const inline = rest.replace(/#.*$/, '');
  if (/\$\{\{/.test(inline)) return [];
  // A flow list opening on the next line (`python_version:` then `["3.8", "3.9"]`, packaging's test matrix).
  if (!inline.trim() && /^\s*\[/.test(lines[at + 1] ?? '')) {
    let flow = '';
    for (let j = at + 1; j < lines.length && j <= at + 20; j++) {
      flow += ` ${lines[j]!.replace(/#.*$/, '')}`;
      if (lines[j]!.includes(']')) break;
    }
    return listedVersions(flow.trim(), [], 0);
  }
  if (inline.trim()) return [...inline.matchAll(/(?:^|[\s\[,'"])v?(\d+(?:\.\d+){0,2})(?:\.x)?t?(?=$|[\s\],'"])/g)].map((m) => m[1]!);
  const out: string[] = [];
  for (let j = at + 1; j < lines.length; j++) {
    const m = /^\s*-\s*["']?v?(\d+(?:\.\d+){0,2})/.exec(lines[j]!);
    if (!m) break;
    out.push(m[1]!);
  }
  return out;
}

const MATRIX_KEYS: Record<string, Runtime> = { 'python-version': 'python', python_version: 'python', 'node-version': 'node', node_version: 'node', 'go-version': 'go', toolchain: 'rust', 'rust-version': 'rust' };

/**
 * Keys that name a runtime only by its name (`node: [16, 18, 20]`, yargs's and the demo's test matrix;
 * `python: ['3.9', '3.13']`; `go: ['1.22', '1.23']`; `rust: [1.70.0, stable]`). Elsewhere in a workflow such a key
 * names many things (`node:` under `services`, a job called `go`), so they are read only inside a real build
 * matrix (`strategy.matrix` of GitHub Actions, `parallel.matrix` of GitLab CI) and only with versions for values:
 * `node: [lts/*, latest]` or `rust: [stable, nightly]` states no version.
 */
const BARE_MATRIX_KEYS: Record<string, Runtime> = { node: 'node', python: 'python', go: 'go', rust: 'rust' };

/** Whether the `matrix:` key at `at` is a build matrix: its parent key is `strategy:` (GitHub Actions) or `parallel:` (GitLab CI). */
function isBuildMatrix(lines: readonly string[], at: number, indent: (l: string) => number): boolean {
  const level = indent(lines[at]!);
  for (let j = at - 1; j >= 0; j--) {
    const line = lines[j]!;
    if (!line.trim() || line.trim().startsWith('#') || indent(line) >= level) continue;
    return /^\s*-?\s*(strategy|parallel)\s*:\s*(#.*)?$/.test(line);
  }
  return false;
}

/**
 * Each `matrix:` block of a CI file: the versions of one runtime it lists, in
 * lists or in `include:` entries (`- {python: '3.14'}`, `- python-version:
 * "3.10"`), make one row at the first line naming them. Returns the lines the
 * blocks span. A bare runtime key (`node:`) counts only in a build matrix (BARE_MATRIX_KEYS).
 */
function matrixBlocks(lines: readonly string[], add: (i: number, subject: Runtime, versions: readonly string[], matrix: boolean) => void): Set<number> {
  const spanned = new Set<number>();
  const indent = (l: string) => l.length - l.trimStart().length;
  for (let i = 0; i < lines.length; i++) {
    if (!/^\s*matrix\s*:\s*(#.*)?$/.test(lines[i]!)) continue;
    const level = indent(lines[i]!);
    const build = isBuildMatrix(lines, i, indent);
    const found = new Map<Runtime, { line: number; versions: string[] }>();
    let j = i + 1;
    for (; j < lines.length; j++) {
      const line = lines[j]!;
      if (line.trim() && !line.trim().startsWith('#') && indent(line) <= level) break;
      spanned.add(j);
      for (const m of line.matchAll(/(?:^|[\s{,-])([a-z_-]+)\s*:\s*(\[[^\]]*\]|'[^']*'|"[^"]*"|[^,}\s#]*)/g)) {
        const bare = build ? BARE_MATRIX_KEYS[m[1]!] : undefined;
        const runtime = MATRIX_KEYS[m[1]!] ?? bare;
        if (!runtime) continue;
        const versions = listedVersions(m[2]!, lines, j);
        if ((bare || runtime === 'rust') && versions.length === 0) continue;
        const entry = found.get(runtime) ?? { line: j, versions: [] };
        entry.versions.push(...versions);
        found.set(runtime, entry);
      }
    }
    for (const [runtime, { line, versions }] of found) add(line, runtime, versions, true);
    i = j - 1;
  }
  return spanned;
}

/** tox's envlist: `py{38,39,310}`, `py311`, `py3.12` factors name the Python versions tested. */
function toxEnvlist(lines: readonly string[]): { line: number; versions: string[] } | null {
  const start = lines.findIndex((l) => /^\s*envlist\s*=/.test(l));
  if (start < 0) return null;
  let text = lines[start]!.replace(/^\s*envlist\s*=/, '');
  for (let j = start + 1; j < lines.length && /^\s+\S/.test(lines[j]!) && !/^\s*\w[\w-]*\s*=/.test(lines[j]!); j++) text += `\n${lines[j]!}`;
  text = text.replace(/#.*$/gm, '');
  // Expand one level of braces: py{38,39}-x -> py38-x py39-x.
  const expanded = text.replace(/(\S*?)\{([^}]*)\}/g, (_, head: string, alts: string) => alts.split(',').map((a) => `${head}${a.trim()}`).join(' '));
  const versions = [...expanded.matchAll(/(?:^|[\s,-])py(3)\.?(\d{1,2})(?=$|[\s,-])/g)].map((m) => `${m[1]}.${m[2]}`);
  return versions.length > 0 ? { line: start, versions } : null;
}

/** The runtime versions a runtime declaration file names, line by line (`context`: the text a bare matrix entry is read against). */
export function fileVersions(text: string, context: string): Set<string> {
  const out = new Set<string>();
  for (const line of text.split('\n')) for (const v of runtimeVersions(line, context)) out.add(v);
  return out;
}

/** Files that declare which runtime versions a project supports or tests on. */
export const RUNTIME_FILE = /(^|\/)\.github\/workflows\/|(^|\/)(\.gitlab-ci\.yml|\.travis\.yml|appveyor\.yml|azure-pipelines\.yml|pyproject\.toml|setup\.cfg|setup\.py|tox\.ini|noxfile\.py|\.python-version|package\.json|\.nvmrc|\.node-version|go\.mod|Cargo\.toml|rust-toolchain(\.toml)?|clippy\.toml)$/;

/**
 * The runtime versions a line of a runtime declaration file names, as `python:3.13`, `node:22`, `go:1.22`,
 * `rust:1.74`: on a line that names the runtime (`python-version`, `requires-python`, a `Python :: 3.13` classifier,
 * `py313`, `node-version`, `"node": ">=18"`, `go 1.22`, `rust-version`), or a bare matrix entry (`- "3.8"`, `[18, 20]`)
 * in a file that sets that runtime's versions (`context`, the file's text before and after).
 */
export function runtimeVersions(line: string, context: string): string[] {
  const out = new Set<string>();
  const bare = /^\s*(-\s*)?\[?\s*["']?v?\d+(\.\d+)*(\.x)?["']?\s*(,\s*["']?v?\d+(\.\d+)*(\.x)?["']?\s*)*\]?\s*$/.test(line);
  if (/python|requires-python|\bpy3\d|\bcp3\d/i.test(line) || (bare && /python-version/.test(context))) {
    for (const m of line.matchAll(/(?<![\w.])3\.(\d{1,2})(?![\d])/g)) out.add(`python:3.${m[1]}`);
    for (const m of line.matchAll(/\b(?:py|cp)3(\d{1,2})\b/g)) out.add(`python:3.${m[1]}`);
  }
  if (/\bnode\b|node-version|"node"/i.test(line) || (bare && /node-version/.test(context))) {
    for (const m of line.matchAll(/(?<![\w.@/-])v?(\d{1,2})(?:\.x|\.\d+)*(?![\w.])/g)) if (Number(m[1]) >= 10 && Number(m[1]) <= 40) out.add(`node:${m[1]}`);
  }
  if (/^go\s+1\.|go-version|golang/i.test(line.trim()) || (bare && /go-version/.test(context))) {
    for (const m of line.matchAll(/(?<![\w.])1\.(\d{1,2})(?![\d])/g)) out.add(`go:1.${m[1]}`);
  }
  if (/rust-version|msrv|toolchain/i.test(line)) {
    for (const m of line.matchAll(/(?<![\w.])1\.(\d{2})(?![\d])/g)) out.add(`rust:1.${m[1]}`);
  }
  return [...out];
}
