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
    complete: (request: ChatRequest): Promise<ChatResponse> =>
      recordCall(calls, { purpose, chat, request: { model: chat.model, ...request } }, () => chat.complete(request), (r) => r.content),
  };
}

/**
 * Runs one model call and records it as a ModelCall in `calls`: the request as
 * given, the response as `responseText` renders it, or the error; token counts,
 * start time and duration. A failure is recorded, then rethrown unchanged.
 * Every recording wrapper (chat, tool chat) goes through here.
 */
export async function recordCall<T extends Pick<ChatResponse, 'promptTokens' | 'completionTokens'>>(
  calls: ModelCall[],
  at: { purpose: string; chat: Pick<ChatModel, 'model' | 'baseURL'>; request: unknown },
  run: () => Promise<T>,
  responseText: (response: T) => string,
): Promise<T> {
  const startedAt = new Date();
  const started = performance.now();
  const record = (response: T | null, error: string | null): void => {
    calls.push({
      purpose: at.purpose,
      model: at.chat.model,
      baseURL: at.chat.baseURL,
      request: JSON.stringify(at.request),
      response: response ? responseText(response) : null,
      error,
      promptTokens: response?.promptTokens ?? null,
      completionTokens: response?.completionTokens ?? null,
      startedAt: startedAt.toISOString(),
      durationMs: Math.max(0, Math.round(performance.now() - started)),
    });
  };
  try {
    const response = await run();
    record(response, null);
    return response;
  } catch (err) {
    record(null, describeError(err));
    throw err;
  }
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
