import type { Tag, TreeFile } from '../git/model.js';

/**
 * What the snapshot stage may read from a repository: files and tags. It is
 * handed the pre-T0 history separately; this interface is how it reads file
 * contents at commits of that history (a GitBackend satisfies it).
 */
export interface SnapshotReader {
  listFiles(commit: string): Promise<TreeFile[]>;
  readBlob(oid: string): Promise<Uint8Array | null>;
  /** A file's bytes at a commit, null when the path or its blob is missing. */
  readFileAt(commit: string, path: string): Promise<Uint8Array | null>;
  listTags(): Promise<Tag[]>;
}

const decoder = new TextDecoder('utf-8', { fatal: false });

/** Bytes as text; invalid UTF-8 becomes U+FFFD instead of failing. */
export function decodeText(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}

/** A NUL byte in the first 8 KiB marks a binary file, as git itself decides. */
export function looksBinary(bytes: Uint8Array): boolean {
  const end = Math.min(bytes.length, 8000);
  for (let i = 0; i < end; i++) if (bytes[i] === 0) return true;
  return false;
}
