/**
 * The official Docker image for the runtime a repository declares at Tgen, so
 * an exported environment runs the code on the version it asks for (a
 * repository needing node >= 22.12 does not get node 20):
 *
 *   package.json  engines.node       ">=22.12" → node:22-bookworm (default 20; at least 18)
 *   pyproject.toml requires-python   ">=3.10"  → python:3.10-bookworm (default 3.12; 3.9–3.13)
 *   go.mod        go 1.22                      → golang:1.22-bookworm (default 1.23; at least 1.20)
 *   Cargo.toml    rust-version = "1.74"        → rust:1.74-bookworm (default rust:1-bookworm)
 *
 * Several manifests (a JavaScript repository with a Python port): the one of the
 * task's test runner (below), else the first in this order.
 *
 * The lowest version each declaration allows (the lowest of `||` alternatives),
 * raised to the oldest with a bookworm image. Full images (not slim), which have git.
 */
export interface Runtime {
  image: string;
  /** Dependency install, best effort. */
  install: string;
  /** Where the version came from, for the Dockerfile's comment. */
  source: string;
}

/**
 * The runtime for the repository's declared manifests. With the test format the
 * gate read (`format`), the manifest of the runner's language wins: a
 * JavaScript repository whose task runs pytest gets a Python image, not node's.
 */
export function runtimeImage(files: Readonly<Record<string, string | null>>, format: string | null = null): Runtime {
  const language = format === null ? null : FORMAT_LANGUAGE[format] ?? null;
  const order = language === null ? LANGUAGES : [language, ...LANGUAGES.filter((l) => l !== language)];
  for (const l of order) {
    const runtime = RUNTIMES[l](files);
    if (runtime) return runtime;
  }
  return { image: 'buildpack-deps:bookworm', install: 'true', source: 'no runtime declared' };
}

type Language = 'node' | 'python' | 'go' | 'rust';
const LANGUAGES: readonly Language[] = ['node', 'python', 'go', 'rust'];
const FORMAT_LANGUAGE: Record<string, Language> = { tap: 'node', vitest: 'node', jest: 'node', pytest: 'python', go: 'go', cargo: 'rust' };

const RUNTIMES: Record<Language, (files: Readonly<Record<string, string | null>>) => Runtime | null> = {
  node: (files) => {
    if (files['package.json'] == null) return null;
    const engines = jsonField(files['package.json'], ['engines', 'node']);
    const major = engines ? lowestMajor(engines) : null;
    return {
      image: `node:${Math.max(major ?? 20, 18)}-bookworm`,
      install: 'if [ -f package-lock.json ]; then npm ci; else npm install; fi || true',
      source: engines ? `package.json engines.node "${engines}"` : 'package.json (no engines.node)',
    };
  },
  python: (files) => {
    const pyproject = files['pyproject.toml'] ?? null;
    if (pyproject === null && files['setup.py'] == null) return null;
    const requires = pyproject ? /^\s*requires-python\s*=\s*["']([^"']+)["']/m.exec(pyproject)?.[1] ?? null : null;
    const minor = requires ? lowestMinor(requires) : null;
    return {
      image: `python:3.${Math.min(Math.max(minor ?? 12, 9), 13)}-bookworm`,
      install: 'pip install -e . pytest || pip install pytest || true',
      source: requires ? `pyproject.toml requires-python "${requires}"` : 'no requires-python',
    };
  },
  go: (files) => {
    if (files['go.mod'] == null) return null;
    const go = /^go\s+1\.(\d+)/m.exec(files['go.mod'])?.[1];
    return { image: `golang:1.${Math.max(go ? Number(go) : 23, 20)}-bookworm`, install: 'go mod download || true', source: go ? `go.mod go 1.${go}` : 'go.mod (no go line)' };
  },
  rust: (files) => {
    if (files['Cargo.toml'] == null) return null;
    const rust = /^\s*rust-version\s*=\s*["'](\d+\.\d+)/m.exec(files['Cargo.toml'])?.[1];
    return { image: rust ? `rust:${rust}-bookworm` : 'rust:1-bookworm', install: 'cargo fetch || true', source: rust ? `Cargo.toml rust-version "${rust}"` : 'Cargo.toml (no rust-version)' };
  },
};

/** The manifest files runtimeImage reads, at the repository's root. */
export const RUNTIME_FILES = ['package.json', 'pyproject.toml', 'setup.py', 'go.mod', 'Cargo.toml'] as const;

function jsonField(text: string, path: readonly string[]): string | null {
  try {
    let v: unknown = JSON.parse(text);
    for (const k of path) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined;
    return typeof v === 'string' ? v : null;
  } catch {
    return null;
  }
}

/** Lower bound of each `||` alternative (">=22.12", "^20", "18.x", "20 - 22"); upper bounds ("<23") are not lower bounds. */
function lowerBounds(range: string): [number, number][] {
  const out: [number, number][] = [];
  for (const alt of range.split('||')) {
    const m = /(?:^|\s|>=?|\^|~|=|v)\s*(\d+)(?:\.(\d+|x|\*))?/.exec(alt.replace(/<=?\s*\d+(?:\.\d+)*(?:\.x)?/g, ' '));
    if (m) out.push([Number(m[1]), m[2] && /^\d+$/.test(m[2]) ? Number(m[2]) : 0]);
  }
  return out;
}

function lowestMajor(range: string): number | null {
  const b = lowerBounds(range);
  return b.length ? Math.min(...b.map(([major]) => major)) : null;
}

function lowestMinor(range: string): number | null {
  const b = lowerBounds(range).filter(([major]) => major === 3);
  return b.length ? Math.min(...b.map(([, minor]) => minor)) : null;
}
