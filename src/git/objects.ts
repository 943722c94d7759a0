import { decodeMessage, decodeUtf8, decoderFor } from './decode.js';
import { type Ident, splitIdent } from './ident.js';

/**
 * Parsers for raw git objects (the content after the `<type> <size>\0`
 * header), written to read exactly what git's own pretty-printers read, so the
 * isomorphic backend's records equal the native backend's.
 */

export const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';

const NL = 0x0a;
const SPACE = 0x20;
const ascii = (bytes: Uint8Array, start: number, end: number): string =>
  Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start).toString('latin1');

export interface CommitObject {
  tree: string;
  parents: string[];
  author: Ident;
  committer: Ident;
  message: string;
}

interface HeaderLine {
  key: string;
  start: number;
  end: number;
}

/** Header lines up to the first empty line, and where the message starts (after it). */
function readHeaders(bytes: Uint8Array): { headers: HeaderLine[]; body: number } {
  const headers: HeaderLine[] = [];
  let at = 0;
  while (at < bytes.length) {
    let eol = bytes.indexOf(NL, at);
    if (eol < 0) eol = bytes.length;
    if (eol === at) return { headers, body: at + 1 };
    const space = bytes.indexOf(SPACE, at);
    const keyEnd = space >= 0 && space < eol ? space : eol;
    headers.push({ key: ascii(bytes, at, keyEnd), start: Math.min(keyEnd + 1, eol), end: eol });
    at = eol + 1;
  }
  return { headers, body: bytes.length };
}

/**
 * A commit object. Parents are the `parent` lines right after `tree` (git
 * ignores any elsewhere); `author`/`committer` take the last such line, as
 * `%an` does; the message is everything after the first empty line. Text is
 * decoded in the commit's `encoding` header when it has one, else as UTF-8.
 */
export function parseCommitObject(bytes: Uint8Array): CommitObject {
  const { headers, body } = readHeaders(bytes);
  const encoding = headers.find((line) => line.key === 'encoding');
  const decode = decoderFor(encoding ? ascii(bytes, encoding.start, encoding.end) : null);
  let tree = EMPTY_TREE;
  const parents: string[] = [];
  let author: Ident = { name: '', email: '', seconds: '' };
  let committer = author;
  headers.forEach((line, index) => {
    if (line.key === 'tree' && index === 0) tree = ascii(bytes, line.start, line.end);
    else if (line.key === 'parent' && index === parents.length + 1) parents.push(ascii(bytes, line.start, line.end));
    else if (line.key === 'author') author = splitIdent(bytes, line.start, line.end, decode);
    else if (line.key === 'committer') committer = splitIdent(bytes, line.start, line.end, decode);
  });
  return { tree, parents, author, committer, message: decodeMessage(bytes, body, bytes.length, decode) };
}

export interface TagObject {
  object: string;
  type: string;
  tagger: Ident | null;
  /** As `for-each-ref %(contents)` gives it: leading empty lines skipped, signature kept. */
  message: string;
}

/** An annotated tag object. */
export function parseTagObject(bytes: Uint8Array): TagObject {
  const { headers, body } = readHeaders(bytes);
  let object = '';
  let type = '';
  let tagger: Ident | null = null;
  for (const line of headers) {
    if (line.key === 'object') object = ascii(bytes, line.start, line.end);
    else if (line.key === 'type') type = ascii(bytes, line.start, line.end);
    else if (line.key === 'tagger') tagger = splitIdent(bytes, line.start, line.end);
  }
  let start = body;
  while (bytes[start] === NL) start++;
  return { object, type, tagger, message: decodeMessage(bytes, Math.min(start, bytes.length)) };
}

export type EntryKind = 'blob' | 'tree' | 'gitlink';

export interface TreeEntry {
  name: string;
  /** Canonical six-digit mode, as `git ls-tree` prints it. */
  mode: string;
  oid: string;
  kind: EntryKind;
}

/** Git's `canon_mode`: what a tree entry's mode means, whatever odd bits were written. */
export function canonicalMode(octal: string): { mode: string; kind: EntryKind } {
  const bits = Number.parseInt(octal, 8);
  const type = bits & 0o170000;
  if (type === 0o100000) return { mode: bits & 0o100 ? '100755' : '100644', kind: 'blob' };
  if (type === 0o120000) return { mode: '120000', kind: 'blob' };
  if (type === 0o040000) return { mode: '040000', kind: 'tree' };
  return { mode: '160000', kind: 'gitlink' };
}

/** A tree object's entries in stored order; names decoded as UTF-8. SHA-1 object ids. */
export function parseTreeObject(bytes: Uint8Array, hashBytes = 20): TreeEntry[] {
  const entries: TreeEntry[] = [];
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  let at = 0;
  while (at < buffer.length) {
    const space = buffer.indexOf(SPACE, at);
    const nul = buffer.indexOf(0, space + 1);
    if (space < 0 || nul < 0 || nul + hashBytes >= buffer.length + 1) throw new Error(`Malformed tree object at byte ${at}`);
    const { mode, kind } = canonicalMode(buffer.toString('latin1', at, space));
    entries.push({
      name: decodeUtf8(buffer, space + 1, nul),
      mode,
      oid: buffer.toString('hex', nul + 1, nul + 1 + hashBytes),
      kind,
    });
    at = nul + 1 + hashBytes;
  }
  return entries;
}
