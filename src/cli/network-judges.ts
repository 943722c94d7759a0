import { UserError } from '../errors.js';
import { createOpenAIChat } from '../llm/openai-chat.js';
import { createOpenAIEmbeddings } from '../llm/openai-embeddings.js';
import type { Judge } from '../validate/judge.js';
import { createEmbeddingJudge, type EmbeddingCache } from '../validate/judges/embedding.js';
import { createLlmJudge } from '../validate/judges/llm.js';
import type { NetworkJudgeName } from '../validate/model.js';

export interface NetworkJudgeFlags {
  llmBaseUrl?: string;
  llmModel?: string;
  embeddingBaseUrl?: string;
  embeddingModel?: string;
}

/** Builds the embedding or LLM judge from CLI flags; nothing is sent until it judges. */
export function buildNetworkJudge(name: NetworkJudgeName, flags: NetworkJudgeFlags, cache: EmbeddingCache): Judge {
  if (name === 'llm') {
    if (!flags.llmBaseUrl || !flags.llmModel) {
      throw new UserError('JUDGE_NOT_CONFIGURED', 'The llm judge needs a chat model endpoint', 'Pass --llm-base-url URL and --llm-model NAME (key from OPENAI_API_KEY).');
    }
    return createLlmJudge({ chat: createOpenAIChat({ baseURL: flags.llmBaseUrl, model: flags.llmModel }) });
  }
  if (!flags.embeddingBaseUrl || !flags.embeddingModel) {
    throw new UserError('JUDGE_NOT_CONFIGURED', 'The embedding judge needs an embeddings endpoint', 'Pass --embedding-base-url URL and --embedding-model NAME (key from OPENAI_API_KEY).');
  }
  return createEmbeddingJudge({ embeddings: createOpenAIEmbeddings({ baseURL: flags.embeddingBaseUrl, model: flags.embeddingModel }), cache });
}
