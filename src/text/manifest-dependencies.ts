/**
 * The dependencies a manifest declares, split into runtime and development ones: package.json, Cargo.toml,
 * pyproject.toml, setup.cfg and go.mod. Pure text parsing, below both the snapshot (which reads the manifests'
 * history before T0: src/snapshot/dependency-removals.ts) and the judges' diff reading (src/git/added-identifiers.ts
 * `dependency:-<name>` entries), so the forecaster and its judges share a parser, not each other's code.
 *
 * - package.json: `dependencies`, `peerDependencies`, `optionalDependencies` are runtime; `devDependencies` dev.
 * - Cargo.toml: `[dependencies]`, `[dependencies.<name>]` and target-specific `[target.<cfg>.dependencies]` are
 *   runtime; `[dev-dependencies]` and `[build-dependencies]` (any target) dev; `[workspace.dependencies]` only pins
 *   versions for the members and is neither.
 * - pyproject.toml: `[project] dependencies` and `[tool.poetry.dependencies]` (less `python`) are runtime; poetry's
 *   dev groups and `[dependency-groups]` dev; optional extras neither.
 * - setup.cfg: `[options] install_requires` runtime; `tests_require` dev.
 * - go.mod: `require` lines without `// indirect` runtime (Go has no dev dependencies).
 * Names are as the ecosystem compares them: lower-cased, Python's `_` and `.` as `-`.
 */

export interface ManifestDependencies {
  runtime: ReadonlySet<string>;
  dev: ReadonlySet<string>;
}

const MANIFEST = /(^|\/)(package\.json|Cargo\.toml|pyproject\.toml|setup\.cfg|go\.mod)$/;

/** Whether a path is a manifest this module reads. */
export function isManifestPath(path: string): boolean {
  return MANIFEST.test(path);
}

/** The dependencies a manifest's text declares, by its file name; null for another file or a text that does not parse. */
export function manifestDependencies(path: string, text: string): ManifestDependencies | null {
  const base = path.split('/').pop();
  switch (base) {
    case 'package.json':
      return packageJson(text);
    case 'Cargo.toml':
      return cargoToml(text);
    case 'pyproject.toml':
      return pyprojectToml(text);
    case 'setup.cfg':
      return setupCfg(text);
    case 'go.mod':
      return goMod(text);
    default:
      return null;
  }
}

/**
 * The runtime dependencies one version of a manifest has and the next lacks, sorted: not moved to its development
 * dependencies (a move between runtime sections keeps the name runtime), and none when the next gains as many runtime
 * dependencies as it loses (a package swapped for another). With `added`, those the next has anew.
 */
export function removedRuntimeDependencies(path: string, before: string, after: string): { removed: string[]; added: string[] } {
  const a = manifestDependencies(path, before);
  const b = manifestDependencies(path, after);
  if (!a || !b) return { removed: [], added: [] };
  const removed = [...a.runtime].filter((n) => !b.runtime.has(n) && !b.dev.has(n)).sort();
  const added = [...b.runtime].filter((n) => !a.runtime.has(n) && !a.dev.has(n)).sort();
  return { removed: added.length >= removed.length ? [] : removed, added };
}

function packageJson(text: string): ManifestDependencies | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof json !== 'object' || json === null) return null;
  const keys = (field: string) => {
    const v = (json as Record<string, unknown>)[field];
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? Object.keys(v).map((k) => k.toLowerCase()) : [];
  };
  const dev = new Set(keys('devDependencies'));
  const runtime = new Set([...keys('dependencies'), ...keys('peerDependencies'), ...keys('optionalDependencies')]);
  return { runtime, dev };
}

/** A TOML table header: `[name]` or `[[name]]`, the name with its quoted parts unquoted. */
function tomlHeader(line: string): string | null {
  const m = /^\s*\[\[?\s*([^\]]+?)\s*\]\]?\s*(#.*)?$/.exec(line);
  return m ? m[1]!.replace(/\s*\.\s*/g, '.').replace(/["']/g, '') : null;
}

/** A key at the start of a TOML line (`name =`, `"name" =`, `name.workspace =`): its first part. */
function tomlKey(line: string): string | null {
  const m = /^\s*(?:"([^"]+)"|'([^']+)'|([A-Za-z0-9_][A-Za-z0-9_.-]*))\s*=/.exec(line);
  if (!m) return null;
  return (m[1] ?? m[2] ?? m[3]!.split('.')[0]!).toLowerCase();
}

function cargoToml(text: string): ManifestDependencies {
  const runtime = new Set<string>();
  const dev = new Set<string>();
  // Which set the keys of the current table go to, or null (not a dependency table).
  let into: Set<string> | null = null;
  for (const line of text.split('\n')) {
    const header = tomlHeader(line);
    if (header !== null) {
      into = null;
      // [dependencies], [target.'cfg(unix)'.dependencies], [dev-dependencies.foo] ...
      const m = /^(?:target\..+\.)?(dependencies|dev-dependencies|build-dependencies)(?:\.(.+))?$/.exec(header);
      if (!m || header.startsWith('workspace.')) continue;
      const set = m[1] === 'dependencies' ? runtime : dev;
      if (m[2] !== undefined) set.add(m[2].toLowerCase());
      else into = set;
      continue;
    }
    if (into === null) continue;
    const key = tomlKey(line);
    // A renamed dependency (`hyper1 = { package = "hyper", … }`) is the package it names.
    const renamed = /\bpackage\s*=\s*["']([^"']+)["']/.exec(line)?.[1];
    if (key !== null) into.add((renamed ?? key).toLowerCase());
  }
  return { runtime, dev };
}

/** A Python requirement's name ("httpx[http2]>=0.27; python_version<'3.11'" gives httpx), normalized. */
export function requirementName(spec: string): string | null {
  const m = /^\s*([A-Za-z0-9][A-Za-z0-9._-]*)/.exec(spec);
  return m ? m[1]!.toLowerCase().replace(/[._]+/g, '-') : null;
}

/** The quoted strings of a TOML array starting at `start` (the `[` and whatever follows on its lines, to the closing `]`). */
function tomlStrings(lines: readonly string[], start: number, from: number): string[] {
  const out: string[] = [];
  let depth = 0;
  for (let i = start; i < lines.length; i++) {
    let line = i === start ? lines[i]!.slice(from) : lines[i]!;
    line = line.replace(/#.*$/, (c) => (/["']/.test(c) ? c : ''));
    for (const m of line.matchAll(/"([^"]*)"|'([^']*)'|(\[)|(\])/g)) {
      if (m[3]) depth++;
      else if (m[4]) {
        depth--;
        if (depth <= 0) return out;
      } else out.push(m[1] ?? m[2]!);
    }
  }
  return out;
}

function pyprojectToml(text: string): ManifestDependencies {
  const runtime = new Set<string>();
  const dev = new Set<string>();
  const lines = text.split('\n');
  let table = '';
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const header = tomlHeader(line);
    if (header !== null) {
      table = header;
      continue;
    }
    const key = tomlKey(line);
    if (key === null) continue;
    const add = (set: Set<string>) => {
      const at = line.indexOf('[', line.indexOf('='));
      if (at < 0) return;
      for (const spec of tomlStrings(lines, i, at)) {
        const name = requirementName(spec);
        if (name) set.add(name);
      }
    };
    if (table === 'project' && key === 'dependencies') add(runtime);
    else if (table === 'dependency-groups') add(dev);
    else if (table === 'tool.poetry.dependencies' && key !== 'python') runtime.add(key.replace(/[._]+/g, '-'));
    else if (/^tool\.poetry\.(dev-dependencies|group\.[^.]+\.dependencies)$/.test(table)) dev.add(key.replace(/[._]+/g, '-'));
  }
  return { runtime, dev };
}

function setupCfg(text: string): ManifestDependencies {
  const runtime = new Set<string>();
  const dev = new Set<string>();
  let section = '';
  let into: Set<string> | null = null;
  for (const line of text.split('\n')) {
    const header = /^\s*\[([^\]]+)\]/.exec(line);
    if (header) {
      section = header[1]!.trim();
      into = null;
      continue;
    }
    const key = /^(\w+)\s*=\s*(.*)$/.exec(line);
    if (key) {
      into = section === 'options' && key[1] === 'install_requires' ? runtime : section === 'options' && key[1] === 'tests_require' ? dev : null;
      if (into && key[2]!.trim()) for (const spec of key[2]!.split(/[,;]/)) addRequirement(into, spec);
      continue;
    }
    if (into && /^\s+\S/.test(line)) addRequirement(into, line.trim());
    else if (line.trim() !== '') into = null;
  }
  return { runtime, dev };
}

function addRequirement(into: Set<string>, spec: string): void {
  if (spec.trim().startsWith('#')) return;
  const name = requirementName(spec);
  if (name) into.add(name);
}

function goMod(text: string): ManifestDependencies {
  const runtime = new Set<string>();
  let block = false;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (block) {
      if (line.startsWith(')')) block = false;
      else addModule(runtime, line);
      continue;
    }
    if (/^require\s*\(\s*$/.test(line)) block = true;
    else if (line.startsWith('require ')) addModule(runtime, line.slice('require '.length).trim());
  }
  return { runtime, dev: new Set() };
}

function addModule(into: Set<string>, line: string): void {
  if (/\/\/\s*indirect\b/.test(line)) return;
  const m = /^([^\s/][^\s]*)\s+v\d/.exec(line);
  if (m) into.add(m[1]!.toLowerCase());
}

/**
 * The runtime dependencies a change removes from the manifests it edits (`[before, after, path]` of each changed
 * file; other files are passed over): removed from a manifest that is there before and after (removedRuntimeDependencies:
 * not moved to its development dependencies, not swapped for another package) and not added to another manifest by
 * the same change (moved between workspace members). Sorted.
 */
export function dependenciesRemovedBy(files: readonly (readonly [before: string, after: string, path?: string])[]): string[] {
  const removed = new Set<string>();
  const added = new Set<string>();
  for (const [before, after, path] of files) {
    if (path === undefined || !isManifestPath(path) || before === '' || after === '') continue;
    const change = removedRuntimeDependencies(path, before, after);
    for (const n of change.added) added.add(n);
    for (const n of change.removed) removed.add(n);
  }
  return [...removed].filter((n) => !added.has(n)).sort();
}
