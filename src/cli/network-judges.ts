import type { Command } from 'commander';
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

/** The endpoint flags of the network judges, declared once for every command that can judge. */
export function addNetworkJudgeOptions(command: Command): Command {
  return command
    .option('--llm-base-url <url>', 'OpenAI-compatible endpoint for --judge llm (key from OPENAI_API_KEY)')
    .option('--llm-model <name>', 'chat model for --judge llm')
    .option('--embedding-base-url <url>', 'OpenAI-compatible endpoint for --judge embedding')
    .option('--embedding-model <name>', 'embedding model for --judge embedding');
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
