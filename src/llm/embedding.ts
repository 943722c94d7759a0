/**
 * Text embeddings through an OpenAI-compatible `/embeddings` endpoint, for the
 * validation judges. Like `ChatModel` (./model.ts) it is an interface so stages
 * take it as a parameter; `createOpenAIEmbeddings` (./openai-embeddings.ts) is
 * the openai-package implementation.
 */
export interface EmbeddingModel {
  /** The model name sent to the endpoint. */
  readonly model: string;
  /** The endpoint's base URL, credentials and query removed (safe to record). */
  readonly baseURL: string;
  /** One vector per text, in input order. An empty list makes no request. */
  embed(texts: string[]): Promise<number[][]>;
}
