import { z } from 'zod';
import { UserError } from '../errors.js';
import type { Forecaster } from '../forecast/forecaster.js';
import { endpointLimits, loadNetworkJudgeBuilder, NetworkJudgeFlags } from '../cli/network-judges.js';
import { RepoTask } from '../study/model.js';
import type { ValidateOptions } from '../api/validate.js';

/**
 * A queue job's data: the repository's task and, when the study uses a model
 * (the llm forecaster, the embedding or llm judge), the endpoint settings the
 * coordinator was given, with its --llm-timeout and --llm-retries (a worker's
 * model calls wait and retry as the study command asked). No key travels: each worker reads OPENAI_API_KEY
 * from its own environment.
 */
export const ModelSettings = NetworkJudgeFlags.extend({
  llmCutoff: z.string().optional(),
  allowModelAfterT0: z.boolean().optional(),
});
export type ModelSettings = z.infer<typeof ModelSettings>;

export const QueueJob = z.object({ task: RepoTask, models: ModelSettings.nullable() });
export type QueueJob = z.infer<typeof QueueJob>;

/** The builders the unit of work takes, from a job's model settings; the model clients load only for an endpoint given. */
export async function buildModels(models: ModelSettings | null): Promise<{ networkJudge?: ValidateOptions['networkJudge']; llmForecaster?: () => Forecaster }> {
  if (!models) return {};
  const buildNetworkJudge = await loadNetworkJudgeBuilder(models);
  const llm = models.llmBaseUrl && models.llmModel ? await Promise.all([import('../forecast/llm/index.js'), import('../llm/openai-chat.js')]) : null;
  return {
    networkJudge: (name, deps) => buildNetworkJudge(name, deps.embeddingCache),
    llmForecaster: () => {
      if (!llm || !models.llmBaseUrl || !models.llmModel) {
        throw new UserError('LLM_NOT_CONFIGURED', 'The study names the llm forecaster, which needs a model endpoint', 'Pass --llm-base-url URL and --llm-model NAME to the study command.');
      }
      const [{ createLlmForecaster }, { createOpenAIChat }] = llm;
      return createLlmForecaster({ chat: createOpenAIChat({ baseURL: models.llmBaseUrl, model: models.llmModel, ...endpointLimits(models) }), cutoff: models.llmCutoff ?? null, allowModelAfterT0: models.allowModelAfterT0 ?? false });
    },
  };
}
