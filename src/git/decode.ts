/**
 * Bytes to text, the one way both backends do it, so their records agree byte
 * for byte: UTF-8, invalid sequences become U+FFFD (WHATWG decoding).
 */

const utf8 = new TextDecoder('utf-8', { fatal: false });

/** `bytes[start, end)` as UTF-8 text; invalid sequences become U+FFFD. */
export function decodeUtf8(bytes: Uint8Array, start = 0, end = bytes.length): string {
  return utf8.decode(bytes.subarray(start, end));
}

/**
 * A commit or tag message from its raw bytes: cut at the first NUL (git's
 * `%B` stops there too), decoded as UTF-8, one trailing newline removed.
 */
export function decodeMessage(bytes: Uint8Array, start = 0, end = bytes.length): string {
  const nul = bytes.subarray(start, end).indexOf(0);
  if (nul >= 0) end = start + nul;
  if (end > start && bytes[end - 1] === 0x0a) end -= 1;
  return decodeUtf8(bytes, start, end);
}

/** Largest time `Date` can hold, in seconds. */
const MAX_SECONDS = 8.64e12;

/**
 * Git's seconds since the epoch as an ISO string in UTC. Times a `Date`
 * cannot hold (corrupt headers) become the epoch rather than throwing.
 */
export function isoFromGitSeconds(seconds: number): string {
  if (!Number.isFinite(seconds) || Math.abs(seconds) > MAX_SECONDS) return new Date(0).toISOString();
  return new Date(seconds * 1000).toISOString();
}
