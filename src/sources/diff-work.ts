import { editDistance } from '../text/edit-distance.js';

/**
 * What a change's diff does, read from its unified patch (`git show`): the
 * files it changes, its added and deleted lines, and how many of them change
 * source or test code beyond formatting. A title that states no work ("Minor
 * tweaks", a bare "Fix typos", "chore: …") is a chore only when its diff does
 * no work either (src/sources/work-kind.ts, docs/validation.md "Kinds of later
 * work"): got's c2ce656c "Minor tweaks" unskipped a test and implemented a
 * TODO in source/core/options.ts.
 *
 * Formatting is what a formatter could have done: within a hunk, the deleted
 * and added lines are the same once whitespace, commas, semicolons and quote
 * style are dropped (re-indenting, re-wrapping, trailing commas). Comment-only
 * lines (`//`, `#`, `/*`, `*`) are not work, nor is a hunk whose lines each
 * differ from their counterpart only by respelt words ("succeded" ->
 * "succeeded", `evaluate_intepreter` -> `evaluate_interpreter`, "an sync" ->
 * "a sync"): a typo fixed in a message, comment or name is a chore.
 */
export interface DiffSummary {
  files: string[];
  added: number;
  deleted: number;
  /** Changed lines of source files (not tests, docs, examples, scripts, configuration) beyond formatting and comments. */
  sourceLines: number;
  /** Changed lines of test files beyond formatting and comments. */
  testLines: number;
  /** Whether the change does work by its diff: it changes source or test lines beyond formatting and comments. */
  doesWork: boolean;
}

const CODE_FILE = /\.(c|cc|cpp|cs|go|h|hpp|java|js|jsx|kt|mjs|cjs|mts|cts|php|py|pyi|rb|rs|scala|swift|ts|tsx|vue|svelte|ex|exs|zig)$/i;
const TEST_FILE = /(^|\/)(tests?|__tests__|spec|testdata|testing)\/|(^|\/)test_[^/]+\.py$|_test\.(go|py|rb|rs)$|\.(test|spec)\.[cm]?[jt]sx?$/i;
const NOT_CODE = /(^|\/)(\.github|docs?|documentation|examples?|scripts?|benchmarks?|bench|fixtures?|vendor|third_party)\/|(^|\/)[^/]*\.config\.[cm]?[jt]s$|(^|\/)\.[^/]+$|\.d\.ts$/i;
const COMMENT = /^\s*(\/\/|#(?!\[)|\/\*|\*|--\s)/;

/** Reads a unified diff (several files) into what it does. */
export function summarizeDiff(patch: string): DiffSummary {
  const files: string[] = [];
  let added = 0;
  let deleted = 0;
  let sourceLines = 0;
  let testLines = 0;
  let file: string | null = null;
  let hunk: { lines: { side: ' ' | '-' | '+'; text: string }[] } | null = null;

  const closeHunk = () => {
    if (!hunk || file === null) return;
    const kind = codeKind(file);
    if (kind) {
      const code = codeLines(hunk.lines);
      const minus = code.filter((l) => l.side === '-').map((l) => l.text);
      const plus = code.filter((l) => l.side === '+').map((l) => l.text);
      if (normalize(minus) !== normalize(plus) && !spellingOnly(minus, plus)) {
        const n = changedLines(minus, plus);
        if (kind === 'source') sourceLines += n;
        else testLines += n;
      }
    }
    hunk = null;
  };

  for (const line of patch.split('\n')) {
    if (line.startsWith('diff --git ')) {
      closeHunk();
      const m = / b\/(.*)$/.exec(line);
      file = m ? m[1]! : null;
      if (file !== null) files.push(file);
      continue;
    }
    if (line.startsWith('+++ ') || line.startsWith('--- ')) {
      if (line.startsWith('+++ b/')) file = line.slice(6);
      continue;
    }
    if (line.startsWith('@@')) {
      closeHunk();
      hunk = { lines: [] };
      continue;
    }
    if (!hunk) continue;
    if (line.startsWith('+')) {
      added++;
      hunk.lines.push({ side: '+', text: line.slice(1) });
    } else if (line.startsWith('-')) {
      deleted++;
      hunk.lines.push({ side: '-', text: line.slice(1) });
    } else if (line.startsWith(' ')) {
      hunk.lines.push({ side: ' ', text: line.slice(1) });
    }
  }
  closeHunk();
  return { files, added, deleted, sourceLines, testLines, doesWork: sourceLines + testLines > 0 };
}

/**
 * The changed lines of a hunk that are code: not blank, not a line comment, not inside a block comment (a JSDoc
 * body without leading `*`, as sindresorhus writes them). Each side keeps its own comment state; a hunk whose first
 * comment mark is a close (`*\/`) began inside a comment.
 */
function codeLines(lines: readonly { side: ' ' | '-' | '+'; text: string }[]): { side: ' ' | '-' | '+'; text: string }[] {
  const out: { side: ' ' | '-' | '+'; text: string }[] = [];
  const first = lines.map((l) => /\/\*|\*\//.exec(l.text)?.[0]).find((m) => m !== undefined);
  const inside = { '-': first === '*/', '+': first === '*/' };
  for (const l of lines) {
    const sides = l.side === ' ' ? (['-', '+'] as const) : ([l.side] as const);
    const wasInside = inside[sides[0]];
    for (const side of sides) inside[side] = commentAfter(l.text, inside[side]);
    if (l.side === ' ' || l.text.trim() === '' || COMMENT.test(l.text)) continue;
    if (wasInside && !/\*\/\s*\S/.test(l.text)) continue;
    out.push(l);
  }
  return out;
}

/** Whether a block comment is open after a line, given whether one was open before it. */
function commentAfter(text: string, open: boolean): boolean {
  let state = open;
  for (const m of text.matchAll(/\/\*|\*\//g)) state = m[0] === '/*';
  return state;
}

function codeKind(path: string): 'source' | 'test' | null {
  if (!CODE_FILE.test(path)) return null;
  if (TEST_FILE.test(path)) return 'test';
  if (NOT_CODE.test(path)) return null;
  return 'source';
}

/** The hunk's text as a formatter sees it: no whitespace, commas or semicolons, one quote style. */
function normalize(lines: readonly string[]): string {
  return lines.join('').replace(/[\s,;]+/g, '').replace(/['`]/g, '"');
}

/** Lines of a hunk that differ beyond formatting: those of either side with no like line on the other. */
function changedLines(minus: readonly string[], plus: readonly string[]): number {
  const left = new Map<string, number>();
  for (const l of minus) left.set(normalize([l]), (left.get(normalize([l])) ?? 0) + 1);
  let changed = 0;
  for (const l of plus) {
    const k = normalize([l]);
    const n = left.get(k) ?? 0;
    if (n > 0) left.set(k, n - 1);
    else changed++;
  }
  for (const n of left.values()) changed += n;
  return changed;
}

/** Whether a hunk only respells words: as many lines each side, each pair the same words but for small spelling edits. */
function spellingOnly(minus: readonly string[], plus: readonly string[]): boolean {
  if (minus.length === 0 || minus.length !== plus.length) return false;
  return minus.every((m, i) => {
    const a = m.split(/[^\p{L}\p{N}_]+/u).filter(Boolean);
    const b = plus[i]!.split(/[^\p{L}\p{N}_]+/u).filter(Boolean);
    if (a.length !== b.length) return false;
    const punctuation = (s: string) => s.replace(/[\p{L}\p{N}_\s]+/gu, '');
    if (punctuation(m) !== punctuation(plus[i]!)) return false;
    return a.every((w, j) => w === b[j] || (Math.abs(w.length - b[j]!.length) <= 2 && editDistance(w, b[j]!) <= 2));
  });
}
