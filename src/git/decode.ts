/**
 * Bytes to text, the one way both backends do it, so their records agree byte
 * for byte: UTF-8, invalid sequences become U+FFFD (WHATWG decoding).
 */

const utf8 = new TextDecoder('utf-8', { fatal: false });

/** `bytes[start, end)` as UTF-8 text; invalid sequences become U+FFFD. */
export function decodeUtf8(bytes: Uint8Array, start = 0, end = bytes.length): string {
  return utf8.decode(bytes.subarray(start, end));
}

export type Decode = (bytes: Uint8Array, start?: number, end?: number) => string;

const decoders = new Map<string, Decode>();

/** True for what `encoding` headers call UTF-8 (and for no header at all). */
export function isUtf8Label(label: string | null): boolean {
  return label === null || label === '' || /^utf-?8$/i.test(label.trim());
}

/**
 * A decoder for a commit's `encoding` header (`ISO-8859-1`, `Shift_JIS`...):
 * WHATWG's decoder for that label, or UTF-8 when there is no header or the
 * label is unknown. Invalid sequences become U+FFFD either way.
 */
export function decoderFor(label: string | null): Decode {
  if (label === null || isUtf8Label(label)) return decodeUtf8;
  const key = label.trim().toLowerCase();
  let decode = decoders.get(key);
  if (!decode) {
    try {
      const decoder = new TextDecoder(key, { fatal: false });
      decode = (bytes, start = 0, end = bytes.length) => decoder.decode(bytes.subarray(start, end));
    } catch {
      decode = decodeUtf8;
    }
    decoders.set(key, decode);
  }
  return decode;
}

/**
 * A commit or tag message from its raw bytes: cut at the first NUL (git's
 * `%B` stops there too), decoded (UTF-8 unless told otherwise), one trailing
 * newline removed.
 */
export function decodeMessage(bytes: Uint8Array, start = 0, end = bytes.length, decode: Decode = decodeUtf8): string {
  const nul = bytes.subarray(start, end).indexOf(0);
  if (nul >= 0) end = start + nul;
  if (end > start && bytes[end - 1] === 0x0a) end -= 1;
  return decode(bytes, start, end);
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
