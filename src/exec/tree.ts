import type { GitBackend } from '../git/backend.js';
import type { TreeAtTgen } from '../synthesize/grounding.js';

const decoder = new TextDecoder('utf-8', { fatal: false });

/** The tree of one commit, read through a GitBackend: files and contents, no history. Binary files read as null. */
export async function treeAt(backend: GitBackend, commit: string, time: string): Promise<TreeAtTgen> {
  const files = await backend.listFiles(commit);
  const paths = files.map((f) => f.path);
  const known = new Set(paths);
  return {
    commit,
    time,
    paths,
    async read(path: string): Promise<string | null> {
      if (!known.has(path)) return null;
      const bytes = await backend.readFileAt(commit, path);
      if (bytes === null || bytes.includes(0)) return null;
      return decoder.decode(bytes);
    },
  };
}
