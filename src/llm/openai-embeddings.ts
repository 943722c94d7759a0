import { z } from 'zod';
import { UserError } from '../errors.js';
import type { EmbeddingModel } from './embedding.js';
import { badResponse, EndpointOptions, openEndpoint } from './openai-client.js';

export const DEFAULT_EMBEDDING_BATCH = 64;

export type OpenAIEmbeddingsOptions = z.input<typeof EndpointOptions> & {
  /** Texts per request (default 64). */
  batchSize?: number;
};

/**
 * An `EmbeddingModel` over an OpenAI-compatible `/embeddings` endpoint. Texts
 * go in batches of `batchSize`, one request at a time, and come back in input
 * order. Floats are asked for explicitly (`encoding_format: 'float'`), which
 * every compatible server supports. Failures map to the same UserError codes
 * as the chat client (./openai-chat.ts).
 */
export function createOpenAIEmbeddings(options: OpenAIEmbeddingsOptions): EmbeddingModel {
  const { batchSize = DEFAULT_EMBEDDING_BATCH, ...rest } = options;
  if (!Number.isInteger(batchSize) || batchSize < 1) {
    throw new UserError('LLM_BAD_OPTION', `Bad embedding batch size ${batchSize}`, 'Pass a whole number of texts per request, 1 or more.');
  }
  const endpoint = openEndpoint(rest);
  return {
    model: endpoint.model,
    baseURL: endpoint.baseURL,
    async embed(texts: string[]): Promise<number[][]> {
      const vectors: number[][] = [];
      for (let start = 0; start < texts.length; start += batchSize) {
        // Servers refuse empty input strings; a space embeds as "nothing".
        const batch = texts.slice(start, start + batchSize).map((t) => (t === '' ? ' ' : t));
        let response: unknown;
        try {
          response = await endpoint.client.embeddings.create({ model: endpoint.model, input: batch, encoding_format: 'float' });
        } catch (err) {
          endpoint.fail(err, 'embeddings');
        }
        vectors.push(...readVectors(response, batch.length, endpoint));
      }
      const dims = new Set(vectors.map((v) => v.length));
      if (dims.size > 1) throw badResponse(endpoint, 'embeddings', `vectors of different lengths (${[...dims].join(', ')})`);
      return vectors;
    },
  };
}

const EmbeddingList = z.object({
  data: z.array(z.object({ index: z.number().int().nonnegative(), embedding: z.array(z.number().refine(Number.isFinite, 'not finite')).min(1) })),
});

function readVectors(response: unknown, expected: number, at: { baseURL: string }): number[][] {
  const parsed = EmbeddingList.safeParse(response);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw badResponse(at, 'embeddings', `${issue.path.join('.') || 'body'}: ${issue.message}`);
  }
  const rows = [...parsed.data.data].sort((a, b) => a.index - b.index);
  if (rows.length !== expected || rows.some((row, i) => row.index !== i)) {
    throw badResponse(at, 'embeddings', `expected ${expected} vectors indexed 0..${expected - 1}, got ${rows.length}`);
  }
  return rows.map((row) => row.embedding);
}
