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

/**
 * Blobs read in a given order with up to `ahead` reads in flight: a backend
 * answers many reads at once (the native one pipes them all to one `git
 * cat-file --batch`), so a scan that reads file after file waits for one
 * round trip per batch, not per file. `next()` gives the next blob in order.
 */
export class ReadAhead {
  private readonly reads: Promise<Uint8Array | null>[] = [];
  private taken = 0;

  constructor(
    private readonly reader: Pick<SnapshotReader, 'readBlob'>,
    private readonly oids: readonly string[],
    private readonly ahead = 64,
  ) {}

  next(): Promise<Uint8Array | null> {
    // Topped up in batches, not one read per blob taken: reads asked for together reach git in one write.
    const until = this.reads.length - this.taken < this.ahead / 2 ? Math.min(this.oids.length, this.taken + this.ahead) : 0;
    while (this.reads.length < until) {
      const read = this.reader.readBlob(this.oids[this.reads.length]!);
      read.catch(() => undefined); // a failure is reported to the caller that takes it, not as an unhandled rejection
      this.reads.push(read);
    }
    const read = this.reads[this.taken];
    if (!read) throw new Error('ReadAhead.next called past the last blob');
    this.reads[this.taken++] = Promise.resolve(null); // let the bytes go once taken
    return read;
  }
}
