import { CatFile } from './cat-file.js';
import { nativeGitdir } from './git-binary.js';
import { runGit } from './git-process.js';
import { fileVersions, RUNTIME_FILE } from '../text/runtime-declarations.js';

/**
 * What a commit's tree declares about runtime versions, read with src/text/runtime-declarations.ts (the one reader of
 * runtime declarations, below both the forecaster's snapshot and the judges): validation's standing reading
 * (src/api/standing-runtimes.ts: a pending runtime task whose declaration at the window's last change still says what
 * it said at T0 was not done). The git I/O only; the reading is pure and lives there.
 */

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
