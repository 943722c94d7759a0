import type { Command } from 'commander';
import { z } from 'zod';
import { UserError } from '../errors.js';
import { DEFAULT_MAX_RETRIES, DEFAULT_TIMEOUT_MS, MAX_JUDGE_CONCURRENCY } from '../llm/limits.js';
import type { Judge } from '../validate/judge.js';
import type { EmbeddingCache } from '../validate/judges/embedding.js';
import type { NetworkJudgeName } from '../validate/model.js';
import type { CliIO } from './io.js';

/**
 * `--llm-timeout SECONDS` and `--llm-retries N`: every command that talks to a
 * model takes them (cli-contract.md). The timeout is per attempt; a failed
 * attempt (timeout, connection, 408/409/429/5xx) is retried up to N times,
 * and every attempt is recorded in model_calls.
 */
export const ModelCallFlags = z.object({
  llmTimeout: z.coerce.number().positive().max(86_400).optional(),
  llmRetries: z.coerce.number().int().nonnegative().max(20).optional(),
});
export type ModelCallFlags = z.infer<typeof ModelCallFlags>;

/** The flags addNetworkJudgeOptions declares, as a command's options schema starts (`NetworkJudgeFlags.extend({...})`). */
export const NetworkJudgeFlags = ModelCallFlags.extend({
  llmBaseUrl: z.string().optional(),
  llmModel: z.string().optional(),
  /** Families the llm judge judges at once (requests in flight); the verdicts and calls are the same whatever it is. */
  llmConcurrency: z.coerce.number().int().min(1).max(MAX_JUDGE_CONCURRENCY).optional(),
  embeddingBaseUrl: z.string().optional(),
  embeddingModel: z.string().optional(),
});
export type NetworkJudgeFlags = z.infer<typeof NetworkJudgeFlags>;

/** Declares --llm-timeout and --llm-retries on a command. */
export function addModelCallOptions(command: Command): Command {
  return command
    .option('--llm-timeout <seconds>', `seconds each model request may take before it is retried or fails (default ${DEFAULT_TIMEOUT_MS / 1000})`)
    .option('--llm-retries <n>', `retries of a failed model request: timeout, connection, 429, 5xx (default ${DEFAULT_MAX_RETRIES})`);
}

/** The client limits the flags ask for (unset flags keep the defaults). */
export function endpointLimits(flags: ModelCallFlags): { timeoutMs?: number; maxRetries?: number } {
  return {
    ...(flags.llmTimeout !== undefined ? { timeoutMs: Math.max(1, Math.round(flags.llmTimeout * 1000)) } : {}),
    ...(flags.llmRetries !== undefined ? { maxRetries: flags.llmRetries } : {}),
  };
}

/** The endpoint flags of the network judges, declared once for every command that can judge. */
export function addNetworkJudgeOptions(command: Command): Command {
  return addModelCallOptions(command)
    .option('--llm-base-url <url>', 'OpenAI-compatible endpoint for --judge llm (key from OPENAI_API_KEY)')
    .option('--llm-model <name>', 'chat model for --judge llm')
    .option('--llm-concurrency <n>', `families --judge llm judges at once, 1 to ${MAX_JUDGE_CONCURRENCY} requests in flight (default 1); verdicts and recorded calls are the same whatever n`)
    .option('--embedding-base-url <url>', 'OpenAI-compatible endpoint for --judge embedding')
    .option('--embedding-model <name>', 'embedding model for --judge embedding');
}

/** Builds a network judge by name, sending nothing until it judges. */
export type NetworkJudgeBuilder = (name: NetworkJudgeName, cache: EmbeddingCache) => Judge;

/**
 * The embedding or LLM judge from CLI flags. The model clients (openai) load
 * here, and only for an endpoint the flags configure: a command that judges
 * offline never pays for them at start-up.
 */
export async function loadNetworkJudgeBuilder(flags: NetworkJudgeFlags): Promise<NetworkJudgeBuilder> {
  const llm = flags.llmBaseUrl && flags.llmModel ? await Promise.all([import('../llm/openai-chat.js'), import('../validate/judges/llm.js')]) : null;
  const embedding =
    flags.embeddingBaseUrl && flags.embeddingModel ? await Promise.all([import('../llm/openai-embeddings.js'), import('../validate/judges/embedding.js')]) : null;
  return (name, cache) => {
    if (name === 'llm') {
      if (!llm || !flags.llmBaseUrl || !flags.llmModel) {
        throw new UserError('JUDGE_NOT_CONFIGURED', 'The llm judge needs a chat model endpoint', 'Pass --llm-base-url URL and --llm-model NAME (key from OPENAI_API_KEY).');
      }
      const [{ createOpenAIChat }, { createLlmJudge }] = llm;
      return createLlmJudge({
        chat: createOpenAIChat({ baseURL: flags.llmBaseUrl, model: flags.llmModel, ...endpointLimits(flags) }),
        ...(flags.llmConcurrency !== undefined ? { concurrency: flags.llmConcurrency } : {}),
      });
    }
    if (!embedding || !flags.embeddingBaseUrl || !flags.embeddingModel) {
      throw new UserError('JUDGE_NOT_CONFIGURED', 'The embedding judge needs an embeddings endpoint', 'Pass --embedding-base-url URL and --embedding-model NAME (key from OPENAI_API_KEY).');
    }
    const [{ createOpenAIEmbeddings }, { createEmbeddingJudge }] = embedding;
    return createEmbeddingJudge({ embeddings: createOpenAIEmbeddings({ baseURL: flags.embeddingBaseUrl, model: flags.embeddingModel, ...endpointLimits(flags) }), cache });
  };
}

/**
 * What a judging command (validate, judge-eval) hands the library beside its own options: the network judges its
 * flags configure, and the semantic judge's word-table notes and the progress on stderr (none with --quiet).
 */
export async function judgingHooks(io: CliIO, flags: NetworkJudgeFlags & { quiet?: boolean }) {
  const [buildNetworkJudge, { stderrProgress }] = await Promise.all([loadNetworkJudgeBuilder(flags), import('./progress.js')]);
  return {
    networkJudge: (name: NetworkJudgeName, deps: { embeddingCache: EmbeddingCache }) => buildNetworkJudge(name, deps.embeddingCache),
    onVectorBuild: flags.quiet ? undefined : (message: string) => io.stderr(`swe-future: ${message}\n`),
    progress: stderrProgress(io, flags.quiet),
  };
}
