/**
 * The opt-in LLM forecaster (docs/llm.md). Pass it a ChatModel, e.g.
 * `createOpenAIChat` from src/llm/openai-chat.ts.
 */
export { createLlmForecaster, type LlmForecasterOptions } from './forecaster.js';
export { checkModelCutoff, type CutoffSettings } from './cutoff.js';
