import type { TestRun } from './model.js';

/** What `search` returns at most: matches, and characters of each matching line (stated in the tool's description). */
export const SEARCH_LIMITS = { matches: 200, lineChars: 200 } as const;

/**
 * A work tree at Tgen that the LLM backend and the execution gate act on. The
 * implementation (src/exec/workspace.ts) is a clone of the task's Tgen bundle,
 * so its history ends at Tgen. Paths are relative to the work tree; the
 * implementation refuses any that leave it or enter `.git`.
 */
export interface Workspace {
  /** Files under `dir` (default: the whole tree), sorted, `.git` left out. */
  listFiles(dir?: string): Promise<string[]>;
  /** A file's text, or null when it does not exist. */
  readFile(path: string): Promise<string | null>;
  writeFile(path: string, content: string): Promise<void>;
  /** Removes a file; false when there was none. */
  deleteFile(path: string): Promise<boolean>;
  /** Lines matching a regular expression (or, when it is not one, the literal text); at most SEARCH_LIMITS.matches, each line cut at SEARCH_LIMITS.lineChars. */
  search(pattern: string, dir?: string): Promise<{ path: string; line: number; text: string }[]>;
  /** Whether git ignores this path (.gitignore, or what the dependency install made): list_files and search skip it. */
  isIgnored?(path: string): Promise<boolean>;
  /** Runs the test command once (or `command`, a narrowed form of it), under the time and memory limits. */
  runTests(command?: string): Promise<TestRun>;
  /** The work tree's changes against Tgen as one unified diff (new files included). */
  diff(): Promise<string>;
  /** Back to Tgen exactly: tracked changes reverted, untracked files removed. */
  reset(): Promise<void>;
  /** Applies a unified diff; false when it does not apply (nothing is changed then). */
  apply(patch: string): Promise<boolean>;
}
