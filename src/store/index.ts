export { DEFAULT_STORE_FILE, openStore, type OpenStoreOptions, type Store } from './open.js';
export { findRepo, upsertRepo, type RepoRecord, type StoredRepo } from './repos.js';
export { knownCommits, loadFirstParentChain, saveCommits } from './commits.js';
export { loadWorkItems, saveWorkItems, type WorkItemBounds } from './work-items.js';
export { findSnapshot, loadSnapshot, saveSnapshot } from './snapshots.js';
export { runQuery, type QueryParams } from './query.js';
export { loadForecast, saveForecast } from './forecasts.js';
export { forecastOrigin, historyEnd, loadValidation, saveValidation } from './validations.js';
