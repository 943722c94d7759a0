import { nativeGitdir } from './git-binary.js';
import { exitOf, spawnGit } from './git-process.js';

/**
 * Where a commit's tree holds a text, line by line: `git grep -F -c` (a fixed string, the whole tree, so a note that
 * moved to another file is still found), as lines per file. Validation reads it to tell whether a family's quoted
 * TODO/FIXME note (or stated limitation) still stands at the window's last change (src/api/standing-notes.ts).
 * Tolerant like readDefinedIdentifiers: no usable git, a clone that moved away, a commit or blob the clone lacks
 * (never fetched: GIT_NO_LAZY_FETCH) give no entry for that text, never an error. Memoised per (commit, text).
 */
export type NoteLinesMemo = Map<string, ReadonlyMap<string, number> | null>;

export async function noteLinesByFile(repoPath: string, commit: string, texts: readonly string[], memo: NoteLinesMemo = new Map()): Promise<Map<string, ReadonlyMap<string, number>>> {
  const out = new Map<string, ReadonlyMap<string, number>>();
  const wanted = [...new Set(texts.filter((t) => t.trim().length > 0))];
  if (wanted.length === 0) return out;
  const gitdir = await nativeGitdir(repoPath);
  if (gitdir === null) return out;
  for (const text of wanted) {
    const key = `${repoPath}\0${commit}\0${text}`;
    if (!memo.has(key)) memo.set(key, await grepFiles(gitdir, commit, text));
    const found = memo.get(key);
    if (found) out.set(text, found);
  }
  return out;
}

async function grepFiles(gitdir: string, commit: string, text: string): Promise<ReadonlyMap<string, number> | null> {
  try {
    const child = spawnGit(gitdir, ['grep', '-F', '-c', '--no-color', '-I', '-e', text, commit, '--']);
    const exit = exitOf(child);
    const chunks: Buffer[] = [];
    for await (const chunk of child.stdout) chunks.push(chunk as Buffer);
    const { code } = await exit;
    // git grep exits 1 when nothing matched: no line holds it. Any other failure is unknown.
    if (code === 1) return new Map();
    return code === 0 ? countsByFile(Buffer.concat(chunks).toString('utf8'), commit) : null;
  } catch {
    return null; // git could not be started
  }
}

/** `<commit>:<path>:<count>` lines, by path. */
export function countsByFile(out: string, commit: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of out.split('\n')) {
    const m = /^(.*):(\d+)$/.exec(line);
    if (!m) continue;
    const path = m[1]!.startsWith(`${commit}:`) ? m[1]!.slice(commit.length + 1) : m[1]!;
    counts.set(path, (counts.get(path) ?? 0) + Number(m[2]));
  }
  return counts;
}

/**
 * The main line's commit as of `time`: the newest first-parent commit of the clone's HEAD committed at or before it
 * (`git rev-list -1 --first-parent --before`). The window's last work item may sit on a side branch merged at the same
 * second (jinja's "remove slsa provenance" on stable beside "Merge branch 'stable'"): its tree is not the project's at
 * the window's end. Null when git cannot say.
 */
export async function mainLineAt(repoPath: string, time: string): Promise<string | null> {
  const gitdir = await nativeGitdir(repoPath);
  if (gitdir === null) return null;
  try {
    const child = spawnGit(gitdir, ['rev-list', '-1', '--first-parent', `--before=${time}`, 'HEAD', '--']);
    const exit = exitOf(child);
    const chunks: Buffer[] = [];
    for await (const chunk of child.stdout) chunks.push(chunk as Buffer);
    const { code } = await exit;
    const sha = Buffer.concat(chunks).toString('utf8').trim();
    return code === 0 && /^[0-9a-f]{40,64}$/.test(sha) ? sha : null;
  } catch {
    return null;
  }
}
