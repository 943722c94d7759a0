/** The synthesis stage: validated families + the code at Tgen → tasks (docs/synthesis.md). */
export { allocateTasks } from './allocation.js';
export { conditionFamily } from './conditioning.js';
export { groundFamily, type TreeAtTgen } from './grounding.js';
export { templateTask } from './template.js';
export { runAgent } from './agent.js';
export { judgeLeakage, LEAKAGE_THRESHOLDS } from './leakage.js';
export { classifyRuns, runGate } from './gate.js';
export type { Workspace } from './workspace.js';
export { ConditioningInput, Synthesis, SynthesizedTask, TaskStatus } from './model.js';
