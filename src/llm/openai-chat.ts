import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import type { ChatModel, ChatRequest, ChatResponse } from './model.js';
import { badResponse, openEndpoint, type EndpointOptions } from './openai-client.js';

export type OpenAIChatOptions = EndpointOptions;

/**
 * A `ChatModel` over any OpenAI-compatible `/chat/completions` endpoint (OpenAI,
 * vLLM, llama.cpp, Ollama, LM Studio) through the `openai` package. Retries
 * and backoff are the package's (429 and 5xx, honouring `retry-after`);
 * failures become UserErrors: LLM_UNREACHABLE, LLM_TIMEOUT, LLM_AUTH,
 * LLM_RATE_LIMITED, LLM_SERVER_ERROR, LLM_REJECTED, LLM_BAD_RESPONSE.
 */
export function createOpenAIChat(options: OpenAIChatOptions): ChatModel {
  const endpoint = openEndpoint(options);
  return {
    model: endpoint.model,
    baseURL: endpoint.baseURL,
    async complete(request: ChatRequest): Promise<ChatResponse> {
      let completion: unknown;
      try {
        completion = await endpoint.client.chat.completions.create(chatBody(endpoint.model, request));
      } catch (err) {
        endpoint.fail(err, 'chat');
      }
      return readCompletion(completion, endpoint);
    },
  };
}

/** The wire body: what a recorded call's `request` describes. */
export function chatBody(model: string, request: ChatRequest): ChatCompletionCreateParamsNonStreaming {
  return {
    model,
    messages: request.messages.map((m) => ({ role: m.role, content: m.content })),
    ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
    // `max_tokens` rather than `max_completion_tokens`: every compatible server reads it.
    ...(request.maxTokens !== undefined ? { max_tokens: request.maxTokens } : {}),
    ...(request.json ? { response_format: { type: 'json_object' as const } } : {}),
    ...(request.seed !== undefined ? { seed: request.seed } : {}),
  };
}

function readCompletion(completion: unknown, at: { baseURL: string }): ChatResponse {
  if (completion === null || typeof completion !== 'object') {
    return fail(at, `expected a chat.completion object, got ${describe(completion)}`);
  }
  const body = completion as { choices?: unknown; usage?: { prompt_tokens?: unknown; completion_tokens?: unknown } };
  if (!Array.isArray(body.choices) || body.choices.length === 0) return fail(at, 'it has no choices');
  const message = (body.choices[0] as { message?: { content?: unknown; refusal?: unknown } }).message;
  if (typeof message?.refusal === 'string' && message.refusal) return fail(at, `the model refused: ${message.refusal.slice(0, 200)}`);
  if (typeof message?.content !== 'string') return fail(at, 'the first choice has no text content');
  return {
    content: message.content,
    promptTokens: tokenCount(body.usage?.prompt_tokens),
    completionTokens: tokenCount(body.usage?.completion_tokens),
  };
}

function fail(at: { baseURL: string }, problem: string): never {
  throw badResponse(at, 'chat', problem);
}

function tokenCount(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;
}

function describe(value: unknown): string {
  if (typeof value === 'string') return `text "${value.slice(0, 80)}"`;
  return value === null ? 'null' : typeof value;
}
