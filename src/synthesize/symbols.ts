import type { CodeNote } from './model.js';

/**
 * Cheap, language-aware reading of a source file: the names a person would
 * look for (top-level functions, classes, types, exported names) and its
 * TODO/FIXME/HACK/XXX notes. Regular expressions, not a parser: good enough to
 * ground a task in code that exists, never used to judge it.
 */

const PATTERNS: [RegExp, RegExp[]][] = [
  [/\.(m|c)?[jt]sx?$/, [
    /^\s*export\s+(?:default\s+)?(?:declare\s+)?(?:abstract\s+)?(?:async\s+)?(?:function\*?|class|const|let|var|interface|type|enum)\s+([A-Za-z_$][\w$]*)/gm,
    /^(?:async\s+)?function\*?\s+([A-Za-z_$][\w$]*)/gm,
    /^class\s+([A-Za-z_$][\w$]*)/gm,
  ]],
  [/\.pyi?$/, [/^(?:async\s+)?def\s+([A-Za-z_]\w*)/gm, /^class\s+([A-Za-z_]\w*)/gm, /^ {4}(?:async\s+)?def\s+([A-Za-z]\w*)/gm]],
  [/\.go$/, [/^func\s+(?:\([^)]*\)\s*)?([A-Za-z_]\w*)/gm, /^type\s+([A-Za-z_]\w*)/gm]],
  [/\.rs$/, [/^\s*(?:pub(?:\([^)]*\))?\s+)?(?:async\s+)?(?:unsafe\s+)?(?:fn|struct|enum|trait|type|mod)\s+([A-Za-z_]\w*)/gm]],
  [/\.(java|kt|cs|swift|scala)$/, [/^\s*(?:public|open|internal)?\s*(?:final\s+|abstract\s+|static\s+|data\s+)*(?:class|interface|enum|object|struct|fun)\s+([A-Za-z_]\w*)/gm]],
  [/\.(rb)$/, [/^\s*(?:def|class|module)\s+(?:self\.)?([A-Za-z_]\w*[?!]?)/gm]],
  [/\.(c|h|cc|cpp|hpp)$/, [/^[A-Za-z_][\w\s*]*?\b([A-Za-z_]\w*)\s*\([^;]*$/gm]],
];

const SOURCE = /\.(m|c)?[jt]sx?$|\.pyi?$|\.go$|\.rs$|\.(java|kt|cs|swift|scala|rb|c|h|cc|cpp|hpp|php|ex|exs|lua|sh)$/;

/** Whether a path looks like source code worth grounding a task in. */
export function isSourcePath(path: string): boolean {
  return SOURCE.test(path) && !/\.min\.js$|\.d\.ts$/.test(path);
}

const MAX_SYMBOLS = 30;

export function extractSymbols(path: string, text: string): string[] {
  const found: { name: string; at: number }[] = [];
  for (const [file, patterns] of PATTERNS) {
    if (!file.test(path)) continue;
    for (const pattern of patterns) {
      for (const match of text.matchAll(pattern)) {
        const name = match[1];
        if (name && !KEYWORDS.has(name)) found.push({ name, at: match.index ?? 0 });
      }
    }
    break;
  }
  const names: string[] = [];
  for (const { name } of found.sort((a, b) => a.at - b.at)) if (!names.includes(name)) names.push(name);
  return names.slice(0, MAX_SYMBOLS);
}

const KEYWORDS = new Set(['if', 'for', 'while', 'switch', 'return', 'main', 'init', 'new']);

const NOTE = /\b(TODO|FIXME|HACK|XXX)\b[:(\s]/;

/** Notes in a file, 1-based lines, text from the marker on (at most 200 characters), at most 20. */
export function extractNotes(text: string): CodeNote[] {
  const notes: CodeNote[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length && notes.length < 20; i++) {
    const match = NOTE.exec(lines[i]!);
    if (match) notes.push({ line: i + 1, text: lines[i]!.slice(match.index).trim().slice(0, 200) });
  }
  return notes;
}

/**
 * Test files by the conventions of the common ecosystems: test/ tests/
 * __tests__/ spec/ folders, *.test.* and *.spec.*, test_*.py, *_test.py,
 * *_test.go, conftest.py. The execution gate splits a patch by this rule.
 */
export function isTestPath(path: string): boolean {
  const p = path.replace(/\\/g, '/');
  return (
    /(^|\/)(tests?|__tests__|spec|specs|testing)\//.test(p) ||
    /\.(test|spec)\.[cm]?[jt]sx?$/.test(p) ||
    /(^|\/)test_[^/]*\.py$/.test(p) ||
    /_test\.(py|go)$/.test(p) ||
    /(^|\/)conftest\.py$/.test(p)
  );
}
