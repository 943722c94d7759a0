import { afterEach, expect, test } from 'vitest';
import { UserError } from '../../src/errors.js';
import { checkModelCutoff, createLlmForecaster } from '../../src/forecast/llm/index.js';
import { createOpenAIChat } from '../../src/llm/openai-chat.js';
import { startOpenAIServer, type OpenAIServer } from '../fixtures/openai-server.js';
import { answer, family } from '../llm/answers.js';
import { makeSnapshot, T0 } from '../llm/snapshot-literal.js';

let server: OpenAIServer | undefined;
afterEach(async () => {
  await server?.close();
});

function refusal(run: () => unknown): UserError {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(UserError);
    return err as UserError;
  }
  throw new Error('expected a refusal');
}

test('without a model cutoff the guard refuses with LLM_CUTOFF_REQUIRED and names both flags', () => {
  const err = refusal(() => checkModelCutoff({ cutoff: null, allowModelAfterT0: false }, T0));
  expect(err.code).toBe('LLM_CUTOFF_REQUIRED');
  expect(err.fix).toContain('--llm-cutoff DATE');
  expect(err.fix).toContain('--allow-model-after-t0');
});

test('a cutoff on or after T0 is refused with LLM_CUTOFF_AFTER_T0', () => {
  for (const cutoff of ['2024-07-01', '2024-07-01T00:00:00Z', '2025-01-01']) {
    const err = refusal(() => checkModelCutoff({ cutoff, allowModelAfterT0: false }, T0));
    expect(err.code).toBe('LLM_CUTOFF_AFTER_T0');
    expect(err.fix).toContain('--allow-model-after-t0');
  }
});

test('a cutoff before T0 passes', () => {
  expect(() => checkModelCutoff({ cutoff: '2024-06-30T23:59:59Z', allowModelAfterT0: false }, T0)).not.toThrow();
  expect(() => checkModelCutoff({ cutoff: '2023-10-01', allowModelAfterT0: false }, T0)).not.toThrow();
});

test('--allow-model-after-t0 lets a missing or later cutoff through', () => {
  expect(() => checkModelCutoff({ cutoff: null, allowModelAfterT0: true }, T0)).not.toThrow();
  expect(() => checkModelCutoff({ cutoff: '2025-01-01', allowModelAfterT0: true }, T0)).not.toThrow();
});

test('an unreadable cutoff is BAD_DATE even with the override', () => {
  const err = refusal(() => checkModelCutoff({ cutoff: '2024-13-01', allowModelAfterT0: true }, T0));
  expect(err.code).toBe('BAD_DATE');
  expect(err.message).toContain('--llm-cutoff');
});

test('the forecaster refuses a cutoff after T0 before sending any request', async () => {
  server = await startOpenAIServer([answer(family())]);
  const chat = createOpenAIChat({ baseURL: server.baseURL, model: 'm' });
  const refused = createLlmForecaster({ chat, cutoff: '2024-09-01', allowModelAfterT0: false });
  const err = await refused.forecast({ snapshot: makeSnapshot(), seed: 1, maxFamilies: 5 }).catch((e: unknown) => e);
  expect((err as UserError).code).toBe('LLM_CUTOFF_AFTER_T0');
  const missing = createLlmForecaster({ chat, cutoff: null, allowModelAfterT0: false });
  expect(((await missing.forecast({ snapshot: makeSnapshot(), seed: 1, maxFamilies: 5 }).catch((e: unknown) => e)) as UserError).code).toBe('LLM_CUTOFF_REQUIRED');
  expect(server.requests).toHaveLength(0);
});

test('with the override the forecast runs and its config says so', async () => {
  server = await startOpenAIServer([answer(family())]);
  const chat = createOpenAIChat({ baseURL: server.baseURL, model: 'm' });
  const forecaster = createLlmForecaster({ chat, cutoff: '2024-09-01', allowModelAfterT0: true });
  const { draft } = await forecaster.forecast({ snapshot: makeSnapshot(), seed: 1, maxFamilies: 5 });
  expect(draft.families).toHaveLength(1);
  expect(draft.config).toMatchObject({ cutoff: '2024-09-01T00:00:00.000Z', allowModelAfterT0: true });
});
