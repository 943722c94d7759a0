import type { TaskFamily } from '../family/model.js';
import { readDeclaredRuntimes, type DeclaredRuntimesMemo } from '../git/runtime-declarations.js';
import { RUNTIME_FILE } from '../text/runtime-declarations.js';
import { pendingTask } from '../validate/judges/pending.js';

/**
 * A pending runtime task whose declaration at the window's last change still says what it said at T0 was not done
 * (judges45, issue 16 cause L2: packaging's "Drop support for Python 3.8 in .github/workflows/test.yml" with 3.8 still
 * in the matrix at the window's end, mocha's "Add Node.js 24 to the test matrix in …release-please.yml" with 24 still
 * absent; people reject them). The same "work not done" reading as a standing TODO note (standing-notes.ts).
 *
 * Which declarations are read: the runtime declaration files among the family's anchor and target-hint paths (a
 * workflow file, or every runtime file under a folder it names), else every runtime declaration file of the tree. The
 * task stands when
 * - drop: some read file declares the version at T0, and every file that did still declares it at the window's end;
 * - add: no read file declares it at T0, and none does at the window's end (the files read still there).
 * Anything else (a file gone, a commit or blob the clone lacks, the version already added at T0) reads nothing: the
 * judges judge as before. By family id, a phrase naming what still stands.
 */
export async function readStandingRuntimes(
  repoPath: string,
  families: readonly TaskFamily[],
  t0Commit: string,
  lastCommit: string,
  memo?: DeclaredRuntimesMemo,
): Promise<Record<string, string>> {
  const tasks = families.flatMap((f) => {
    const task = pendingTask(f.title);
    return task?.kind === 'runtime' ? [{ family: f, task }] : [];
  });
  if (tasks.length === 0) return {};
  const before = await readDeclaredRuntimes(repoPath, t0Commit, memo);
  const after = await readDeclaredRuntimes(repoPath, lastCommit, memo);
  if (before === null || after === null) return {};
  const out: Record<string, string> = {};
  for (const { family, task } of tasks) {
    const named = [...family.anchor.paths, ...family.target_hints.paths];
    const files = readFiles([...before.keys()], named);
    if (files.length === 0 || files.some((p) => !after.has(p))) continue;
    const version = `${task.runtime}:${task.version}`;
    const had = files.filter((p) => before.get(p)!.has(version));
    const has = files.filter((p) => after.get(p)!.has(version));
    const shown = `${task.runtime} ${task.version}`;
    if (task.act === 'drop' && had.length > 0 && had.every((p) => after.get(p)!.has(version))) out[family.id] = `${shown} still declared in ${had.slice(0, 3).join(', ')}`;
    if (task.act === 'add' && had.length === 0 && has.length === 0) out[family.id] = `${shown} still not declared in ${files.length <= 3 ? files.join(', ') : `any of ${files.length} runtime files`}`;
  }
  return out;
}

/** The runtime declaration files the family names (a file, or the runtime files under a folder it names); else all of them. */
function readFiles(runtimeFiles: readonly string[], named: readonly string[]): string[] {
  const own = runtimeFiles.filter((p) => named.some((n) => n !== '' && (p === n || p.startsWith(`${n.replace(/\/+$/, '')}/`))) && RUNTIME_FILE.test(p));
  return own.length > 0 ? own : [...runtimeFiles];
}
