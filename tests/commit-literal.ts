import type { Commit, ModifiedFile } from '../src/git/model.js';

/** A Commit record built by hand, for tests of the pure stages. */
export function commitLiteral(partial: Partial<Commit> & { sha: string; committerTime: string }): Commit {
  return {
    parents: [],
    authorName: 'Ada',
    authorEmail: 'ada@example.com',
    authorTime: partial.committerTime,
    committerName: 'Ada',
    committerEmail: 'ada@example.com',
    message: 'change',
    files: [],
    ...partial,
  };
}

export function changed(path: string, status: ModifiedFile['status'] = 'modified', oldPath: string | null = null): ModifiedFile {
  return { path, oldPath, status, additions: 1, deletions: 0 };
}
