import { type Decode, decodeUtf8 } from './decode.js';

/** A person line (`author`, `committer`, `tagger`) split the way git splits it. */
export interface Ident {
  name: string;
  email: string;
  /** The seconds as git prints them with `%at`: the digits after the last `>`, possibly empty. */
  seconds: string;
}

const LT = 0x3c;
const GT = 0x3e;

function isSpace(byte: number | undefined): boolean {
  return byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d;
}

/**
 * Splits `Name <email> 1700000000 +0100` like git's `split_ident_line`: the
 * name runs to the first `<` (trailing spaces dropped), the email to the first
 * `>` after it, the time is the digits after the last `>`. A line without
 * `<...>` yields empty fields, as `%an`/`%ae`/`%at` print nothing for it.
 */
export function splitIdent(bytes: Uint8Array, start: number, end: number, decode: Decode = decodeUtf8): Ident {
  const line = bytes.subarray(start, end);
  const lt = line.indexOf(LT);
  const gt = lt < 0 ? -1 : line.indexOf(GT, lt + 1);
  if (lt < 0 || gt < 0) return { name: '', email: '', seconds: '' };
  let nameEnd = lt;
  while (nameEnd > 0 && isSpace(line[nameEnd - 1])) nameEnd--;
  let cursor = line.lastIndexOf(GT) + 1;
  while (cursor < line.length && isSpace(line[cursor])) cursor++;
  let digitsEnd = cursor;
  while (digitsEnd < line.length && (line[digitsEnd] as number) >= 0x30 && (line[digitsEnd] as number) <= 0x39) digitsEnd++;
  return {
    name: decode(line, 0, nameEnd),
    email: decode(line, lt + 1, gt),
    seconds: decodeUtf8(line, cursor, digitsEnd),
  };
}
