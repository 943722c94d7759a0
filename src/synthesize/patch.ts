import { isTestPath } from './symbols.js';

/** Splits a unified diff into per-file chunks, keyed by the path after the change (before it, for a deletion). */
export function splitDiff(diff: string): { path: string; text: string }[] {
  const chunks: { path: string; text: string }[] = [];
  for (const part of diff.split(/^(?=diff --git )/m)) {
    if (!part.startsWith('diff --git ')) continue;
    const header = /^diff --git a\/(.+?) b\/(.+)$/m.exec(part);
    const path = header ? header[2]! : part.split('\n')[0]!;
    chunks.push({ path, text: part.endsWith('\n') ? part : `${part}\n` });
  }
  return chunks;
}

/**
 * A work tree's diff against Tgen as the task's two patches: changes to test
 * files (isTestPath) are the test patch, everything else the gold patch.
 */
export function splitTestAndGold(diff: string): { testPatch: string; goldPatch: string; testPaths: string[]; goldPaths: string[] } {
  const chunks = splitDiff(diff);
  const tests = chunks.filter((c) => isTestPath(c.path));
  const gold = chunks.filter((c) => !isTestPath(c.path));
  return {
    testPatch: tests.map((c) => c.text).join(''),
    goldPatch: gold.map((c) => c.text).join(''),
    testPaths: tests.map((c) => c.path),
    goldPaths: gold.map((c) => c.path),
  };
}
