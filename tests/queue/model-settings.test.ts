import { afterEach, expect, test } from 'vitest';
import { buildModels, ModelSettings, QueueJob } from '../../src/queue/job.js';
import { startOpenAIServer, type OpenAIServer } from '../fixtures/openai-server.js';
import { makeSnapshot } from '../llm/snapshot-literal.js';

const servers: OpenAIServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

test("a queue job's model settings keep the study's --llm-timeout and --llm-retries for its worker", () => {
  const models = { llmBaseUrl: 'http://127.0.0.1:1/v1', llmModel: 'm', llmTimeout: 0.5, llmRetries: 1 };
  expect(ModelSettings.parse(models)).toEqual(models);
  expect(QueueJob.shape.models.parse(models)).toEqual(models);
});

test("a worker's llm forecaster waits and retries as the job's settings say", async () => {
  const server = await startOpenAIServer([{ hang: true }, { hang: true }]);
  servers.push(server);
  const { llmForecaster } = await buildModels({ llmBaseUrl: server.baseURL, llmModel: 'm', llmCutoff: '2023-10-01', llmTimeout: 0.5, llmRetries: 1 });
  const forecaster = llmForecaster!();
  const outcome = forecaster.forecast({ snapshot: makeSnapshot(), seed: 0, maxFamilies: 5 });
  // Without the job's limits the client would wait its default 120 s per attempt, past this test's time limit.
  await expect(outcome).rejects.toThrow(/no answer within 500 ms \(2 attempts\)/);
  expect(server.requestsTo('chat')).toHaveLength(2);
});
