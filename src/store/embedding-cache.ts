import { createHash } from 'node:crypto';
import type { EmbeddingCache } from '../validate/judges/embedding.js';
import type { Store } from './open.js';
import { transact } from './transaction.js';

export { cachedEmbeddings, type EmbeddingCache } from '../validate/judges/embedding.js';

/**
 * Embedding vectors in the store's `embeddings` table, keyed by (model, base
 * URL, sha256 hex of the text): the text itself is not stored. A vector is a
 * BLOB of float32 values, little-endian, 4 bytes each. Wrap an EmbeddingModel
 * with `cachedEmbeddings(model, createEmbeddingCache(store))` so only texts
 * never embedded before reach the endpoint.
 */
export function createEmbeddingCache(store: Store): EmbeddingCache {
  const select = store.db.prepare<[string, string, string], Buffer>(
    'SELECT vector FROM embeddings WHERE model = ? AND base_url = ? AND text_hash = ?',
  );
  const insert = store.db.prepare(
    'INSERT OR IGNORE INTO embeddings (model, base_url, text_hash, vector, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  return {
    get(model, baseURL, texts) {
      return texts.map((text) => {
        const blob = select.pluck().get(model, baseURL, textHash(text));
        return blob === undefined ? undefined : decodeVector(blob);
      });
    },
    put(model, baseURL, texts, vectors) {
      if (texts.length !== vectors.length) throw new Error(`put: ${texts.length} texts but ${vectors.length} vectors`);
      if (texts.length === 0) return;
      const now = new Date().toISOString();
      transact(store, () => {
        texts.forEach((text, i) => insert.run(model, baseURL, textHash(text), encodeVector(vectors[i]!), now));
      });
    },
  };
}

export function textHash(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

function encodeVector(vector: readonly number[]): Buffer {
  const buf = Buffer.alloc(vector.length * 4);
  vector.forEach((x, i) => buf.writeFloatLE(x, i * 4));
  return buf;
}

function decodeVector(blob: Buffer): number[] {
  const out = new Array<number>(blob.length / 4);
  for (let i = 0; i < out.length; i++) out[i] = blob.readFloatLE(i * 4);
  return out;
}
