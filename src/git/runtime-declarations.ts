import { CatFile } from './cat-file.js';
import { nativeGitdir } from './git-binary.js';
import { runGit } from './git-process.js';

/**
 * Runtime declarations: the files where a project says which runtime versions it supports or tests on (CI matrices,
 * requires-python and classifiers, tox/nox, package.json engines, .nvmrc, go.mod, rust-version), and the versions a
 * line of one names. Below both the diff reading (added-identifiers.ts: `runtime:+python:3.13` entries) and
 * validation's standing reading (src/api/standing-notes.ts: a pending runtime task whose declaration at the window's
 * last change still says what it said at T0 was not done). Pure, but for readDeclaredRuntimes, which reads a commit's
 * tree.
 */

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

/** What was read of one clone's trees: a commit's declared versions by runtime file, or null when unreadable. Keyed by `repo\0commit`. */
export type DeclaredRuntimesMemo = Map<string, Promise<ReadonlyMap<string, ReadonlySet<string>> | null>>;

/**
 * The runtime versions each runtime declaration file of a commit's tree names (`python:3.8`, `node:22`), by path; null
 * when the clone cannot read the commit (no usable git, a commit or blob it lacks: never fetched). Tolerant like
 * noteLinesByFile; memoised per (clone, commit).
 */
export function readDeclaredRuntimes(repoPath: string, commit: string, memo: DeclaredRuntimesMemo = new Map()): Promise<ReadonlyMap<string, ReadonlySet<string>> | null> {
  const key = `${repoPath}\0${commit}`;
  let got = memo.get(key);
  if (got === undefined) {
    got = readTree(repoPath, commit);
    memo.set(key, got);
  }
  return got;
}

async function readTree(repoPath: string, commit: string): Promise<ReadonlyMap<string, ReadonlySet<string>> | null> {
  if (!/^[0-9a-f]{40,64}$/.test(commit)) return null;
  const gitdir = await nativeGitdir(repoPath);
  if (gitdir === null) return null;
  let listing: string;
  try {
    listing = (await runGit(gitdir, ['ls-tree', '-r', '-z', '--name-only', commit])).toString('utf8');
  } catch {
    return null;
  }
  const paths = listing.split('\0').filter((p) => p !== '' && RUNTIME_FILE.test(p));
  const cat = new CatFile(gitdir);
  try {
    const blobs = await Promise.all(paths.map((p) => cat.read(`${commit}:${p}`)));
    const out = new Map<string, ReadonlySet<string>>();
    for (const [i, path] of paths.entries()) {
      const blob = blobs[i];
      if (blob?.type !== 'blob') return null; // a blob the clone lacks: what the tree declares is unknown
      const text = blob.bytes.toString('utf8');
      out.set(path, fileVersions(text, text));
    }
    return out;
  } finally {
    await cat.close();
  }
}
