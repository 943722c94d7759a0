/** The git access layer: open a repository, read its history as plain records. */
export { openRepository, OpenOptions } from './open.js';
export type { BackendName, GitBackend, LogOptions } from './backend.js';
export * from './model.js';
