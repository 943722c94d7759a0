export { reconstructWorkItems, readWorkItem } from './reconstruct.js';
export { botReason } from './bots.js';
export { WorkItem, WorkItemKind } from './model.js';
