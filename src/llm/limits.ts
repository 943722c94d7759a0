/** A model request's default limits, apart from the client so the CLI can print them without loading openai. */
export const DEFAULT_TIMEOUT_MS = 120_000;
export const DEFAULT_MAX_RETRIES = 2;
/** The most requests the llm judge keeps in flight (`--llm-concurrency`). */
export const MAX_JUDGE_CONCURRENCY = 16;
