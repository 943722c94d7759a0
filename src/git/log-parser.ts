import { decodeMessage, decodeUtf8 } from './decode.js';
import type { FileChange } from './exact-renames.js';

/**
 * Incremental parser for the output of `git log -z --raw --numstat` with the
 * format in LOG_FORMAT. The output is a stream of NUL-terminated tokens:
 *
 *   ""  sha parents an ae at cn ce ct e body       (one commit's header; the
 *                                                     body ends at the -z terminator)
 *   "\n:<modes> <oids> <status>"  path                (--raw, one pair per file)
 *   "<added>\t<deleted>\t<path>"                      (--numstat, `-` for binary)
 *
 * Paths and messages cannot hold NUL, so tokens are found with `indexOf(0)`
 * on the bytes, chunk by chunk, never on the whole output.
 */

/** `%x00` first so every commit starts with an empty token; `%B` last, ended by -z's NUL. */
export const LOG_FORMAT = '--format=%x00%H%x00%P%x00%an%x00%ae%x00%at%x00%cn%x00%ce%x00%ct%x00%e%x00%B';
const HEADER_FIELDS = 10;

/** A file line of --raw with the counts --numstat gave for it. */
export interface RawEntry {
  path: string;
  oldMode: string;
  newMode: string;
  oldOid: string;
  newOid: string;
  additions: number | null;
  deletions: number | null;
}

/** One commit as git printed it; times are the digits `%at`/`%ct` printed. */
export interface LoggedCommit {
  sha: string;
  parents: string[];
  authorName: string;
  authorEmail: string;
  authorSeconds: string;
  committerName: string;
  committerEmail: string;
  committerSeconds: string;
  /** The commit's `encoding` header, empty when it has none. Git re-encodes such messages to UTF-8. */
  encoding: string;
  message: string;
  entries: RawEntry[];
}

const COLON = 0x3a;
const NL = 0x0a;
const TAB = 0x09;
const NULL_MODE = '000000';
const GITLINK = '160000';

/**
 * Turns `git log` output (LOG_FORMAT, -z, --raw, optionally --numstat) into
 * commits as chunks arrive. Keeps only the unfinished token between chunks.
 */
export class LogStreamParser {
  private buffer: Buffer = Buffer.alloc(0);
  private state: 'lead' | 'header' | 'diff' = 'lead';
  private fields: Buffer[] = [];
  private current: LoggedCommit | null = null;
  private pendingPath: RawEntry | null = null;
  /** Where the next --numstat line starts looking for its --raw entry. */
  private cursor = 0;

  /** Feeds a chunk; returns the commits it completed (a commit completes when the next begins). */
  push(chunk: Buffer): LoggedCommit[] {
    const done: LoggedCommit[] = [];
    const data = this.buffer.length > 0 ? Buffer.concat([this.buffer, chunk]) : chunk;
    let at = 0;
    for (let nul = data.indexOf(0, at); nul >= 0; nul = data.indexOf(0, at)) {
      const finished = this.token(data, at, nul);
      if (finished) done.push(finished);
      at = nul + 1;
    }
    this.buffer = at < data.length ? data.subarray(at) : Buffer.alloc(0);
    return done;
  }

  /** The last commit, once the stream has ended cleanly; null if there was none. */
  end(): LoggedCommit | null {
    if (this.buffer.length > 0 || this.state === 'header') throw new Error('git log output ended inside a commit');
    const last = this.current;
    this.current = null;
    return last;
  }

  private token(data: Buffer, start: number, end: number): LoggedCommit | null {
    if (this.state === 'lead') {
      if (end !== start) throw new Error('git log output does not start with a commit');
      this.state = 'header';
      return null;
    }
    if (this.state === 'header') {
      this.fields.push(data.subarray(start, end));
      if (this.fields.length === HEADER_FIELDS) this.startCommit();
      return null;
    }
    if (this.pendingPath) {
      this.pendingPath.path = decodeUtf8(data, start, end);
      this.pendingPath = null;
      return null;
    }
    if (end === start) {
      const finished = this.current;
      this.current = null;
      this.state = 'header';
      return finished;
    }
    if (data[start] === NL) start += 1;
    if (data[start] === COLON) this.rawLine(data.toString('latin1', start + 1, end));
    else this.numstatLine(data, start, end);
    return null;
  }

  private startCommit(): void {
    const [sha, parents, an, ae, at, cn, ce, ct, encoding, body] = this.fields as [Buffer, Buffer, Buffer, Buffer, Buffer, Buffer, Buffer, Buffer, Buffer, Buffer];
    const parentText = parents.toString('latin1');
    this.current = {
      sha: sha.toString('latin1'),
      parents: parentText === '' ? [] : parentText.split(' '),
      authorName: decodeUtf8(an),
      authorEmail: decodeUtf8(ae),
      authorSeconds: at.toString('latin1'),
      committerName: decodeUtf8(cn),
      committerEmail: decodeUtf8(ce),
      committerSeconds: ct.toString('latin1'),
      encoding: encoding.toString('latin1'),
      message: decodeMessage(body),
      entries: [],
    };
    this.fields = [];
    this.cursor = 0;
    this.state = 'diff';
  }

  private rawLine(text: string): void {
    const [oldMode = '', newMode = '', oldOid = '', newOid = ''] = text.split(' ');
    const entry: RawEntry = { path: '', oldMode, newMode, oldOid, newOid, additions: null, deletions: null };
    this.commit().entries.push(entry);
    this.pendingPath = entry;
  }

  private numstatLine(data: Buffer, start: number, end: number): void {
    const tab1 = data.indexOf(TAB, start);
    const tab2 = tab1 < 0 ? -1 : data.indexOf(TAB, tab1 + 1);
    if (tab2 < 0 || tab2 >= end) throw new Error('Malformed --numstat line in git log output');
    const path = decodeUtf8(data, tab2 + 1, end);
    const entries = this.commit().entries;
    for (let i = this.cursor; i < entries.length; i++) {
      const entry = entries[i] as RawEntry;
      if (entry.path !== path) continue;
      entry.additions = data[start] === 0x2d ? null : Number(data.toString('latin1', start, tab1));
      entry.deletions = data[tab1 + 1] === 0x2d ? null : Number(data.toString('latin1', tab1 + 1, tab2));
      this.cursor = i + 1;
      return;
    }
  }

  private commit(): LoggedCommit {
    if (!this.current) throw new Error('git log output has a file line outside a commit');
    return this.current;
  }
}

/**
 * A --raw entry as a change to a file. A submodule (gitlink) added, moved to
 * another commit or removed is a change to its path with no blob on either
 * side (a syntax added as a submodule is work in its folder; no blob to read,
 * never an exact rename). A path that turns from a gitlink into a file (or
 * back) is an added (deleted) file.
 */
export function fileChangeOf(entry: RawEntry, withLines: boolean): FileChange | null {
  const oldLink = entry.oldMode === GITLINK;
  const newLink = entry.newMode === GITLINK;
  const oldGone = entry.oldMode === NULL_MODE || oldLink;
  const newGone = entry.newMode === NULL_MODE || newLink;
  if (oldGone && newGone) {
    if (!oldLink && !newLink) return null;
    const status = !oldLink ? 'added' : !newLink ? 'deleted' : 'modified';
    return { path: entry.path, status, oldOid: null, newOid: null, additions: null, deletions: null };
  }
  const status = oldGone ? 'added' : newGone ? 'deleted' : 'modified';
  return {
    path: entry.path,
    status,
    oldOid: oldGone ? null : entry.oldOid,
    newOid: newGone ? null : entry.newOid,
    additions: withLines ? entry.additions : null,
    deletions: withLines ? entry.deletions : null,
  };
}
