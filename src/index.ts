/**
 * swe-future as a library: the stages and the command-level functions the CLI
 * calls. tests/public-api.test.ts pins this list.
 */
export { UserError } from './errors.js';
export { openRepository } from './git/open.js';
export type { GitBackend, BackendName } from './git/backend.js';
export { Commit, ModifiedFile, Tag, TreeFile, RepoFacts } from './git/model.js';
export { reconstructWorkItems, WorkItem } from './sources/index.js';
export { takeSnapshot, DEFAULT_SNAPSHOT_CONFIG } from './snapshot/take-snapshot.js';
export { cutAtT0 } from './snapshot/cutoff.js';
export { assertVisibleAtT0 } from './snapshot/guard.js';
export { Snapshot, Evidence, SnapshotConfig } from './snapshot/model.js';
export { createHeuristicForecaster, freezeForecast, offlineForecaster, Forecast, TaskFamily, familyJsonSchema } from './forecast/index.js';
export { createLlmForecaster } from './forecast/llm/index.js';
export { createOpenAIChat } from './llm/openai-chat.js';
export { createOpenAIEmbeddings } from './llm/openai-embeddings.js';
export { createOpenAIToolChat } from './llm/tools.js';
export { createLexicalJudge } from './validate/lexical.js';
export { computeMetrics } from './validate/metrics.js';
export { judgeAgreement } from './validate/agreement.js';
export { Verdict, Validation, Metrics } from './validate/model.js';
export { openStore } from './store/open.js';
export { snapshotRepository } from './api/snapshot.js';
export { forecastSnapshot } from './api/forecast.js';
export { validateForecast } from './api/validate.js';
export { runStudy } from './api/study.js';
export { writeReport } from './api/report.js';
export { synthesizeTasks } from './api/synthesize.js';
export { exportTasks } from './api/export.js';
export { Synthesis, SynthesizedTask } from './synthesize/model.js';
export { runDemo } from './api/demo.js';
export { buildDemoRepo, demoScenario, DEMO_T0 } from './demo/scenario.js';
export { NAMED_QUERIES } from './queries/named.js';
