import { UserError } from '../errors.js';
import type { ChatModel, ChatRequest, ChatResponse, ModelCall } from './model.js';

/**
 * Wraps a ChatModel so every call is recorded as a ModelCall in `calls`: the
 * request as sent (model and options; never a key, the wrapped model holds
 * none in reach), the raw response text or the error, token counts, the start
 * time and the duration. Failures are recorded, then rethrown unchanged.
 */
export function recordingChat(chat: ChatModel, purpose: string, calls: ModelCall[]): ChatModel {
  return {
    model: chat.model,
    baseURL: chat.baseURL,
    async complete(request: ChatRequest): Promise<ChatResponse> {
      const startedAt = new Date();
      const started = performance.now();
      const record = (response: ChatResponse | null, error: string | null): void => {
        calls.push({
          purpose,
          model: chat.model,
          baseURL: chat.baseURL,
          request: JSON.stringify({ model: chat.model, ...request }),
          response: response?.content ?? null,
          error,
          promptTokens: response?.promptTokens ?? null,
          completionTokens: response?.completionTokens ?? null,
          startedAt: startedAt.toISOString(),
          durationMs: Math.max(0, Math.round(performance.now() - started)),
        });
      };
      try {
        const response = await chat.complete(request);
        record(response, null);
        return response;
      } catch (err) {
        record(null, describeError(err));
        throw err;
      }
    },
  };
}

/** Notes a problem found after the call (output that did not validate) on the latest record. */
export function annotateLastCall(calls: ModelCall[], problem: string): void {
  const last = calls[calls.length - 1];
  if (last) last.error = last.error ? `${last.error}; ${problem}` : problem;
}

function describeError(err: unknown): string {
  if (err instanceof UserError) return `${err.code}: ${err.message}`;
  return err instanceof Error ? `${err.name}: ${err.message}` : String(err);
}
