import { z } from 'zod';

/**
 * Model backends are opt-in and reached through OpenAI-compatible endpoints.
 * Stages take a `ChatModel` (or `EmbeddingModel`) interface; the openai-package
 * implementations live beside this file. Every call is recorded as a
 * `ModelCall` so prompts and raw responses can be audited from the store.
 */

export const ChatMessage = z.object({
  role: z.enum(['system', 'user', 'assistant']),
  content: z.string(),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

export interface ChatRequest {
  messages: ChatMessage[];
  temperature?: number;
  maxTokens?: number;
  /** Ask for a JSON object (`response_format: {type: 'json_object'}`). */
  json?: boolean;
  seed?: number;
}

export interface ChatResponse {
  content: string;
  promptTokens: number | null;
  completionTokens: number | null;
}

export interface ChatModel {
  /** The model name sent to the endpoint. */
  readonly model: string;
  /** The endpoint's base URL (recorded with calls; never a key). */
  readonly baseURL: string;
  complete(request: ChatRequest): Promise<ChatResponse>;
}

export const ModelCall = z.object({
  /** What the call was for: `forecast`, `forecast-repair`, `judge`, ... */
  purpose: z.string(),
  model: z.string(),
  baseURL: z.string(),
  /** The request as sent (messages and options), JSON. */
  request: z.string(),
  /** The raw response text, or null when the call failed. */
  response: z.string().nullable(),
  /** The error message when the call or its validation failed, else null. */
  error: z.string().nullable(),
  promptTokens: z.number().int().nullable(),
  completionTokens: z.number().int().nullable(),
  startedAt: z.string(),
  durationMs: z.number().nonnegative(),
});
export type ModelCall = z.infer<typeof ModelCall>;
