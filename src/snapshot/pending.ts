/**
 * Pending work a repository announces in its own files at the snapshot
 * commit: deprecation notices that name when the thing goes (a version, a
 * date, "the next major release"), and the runtimes it declares it supports
 * (requires-python, engines.node, the go directive, rust-version, CI version
 * matrices). Pure: text in, lines out; dated by the caller (the snapshot
 * commit's time, <= T0).
 */

export interface PendingLine {
  signal: 'deprecation' | 'runtime' | 'skipped_test' | 'expected_failure' | 'pending_test' | 'not_supported' | 'not_implemented' | 'planned' | 'new_trait' | 'needs_work';
  line: number;
  /** What it is about: the deprecated name (or the notice), or the runtime (`python`, `node`, `go`, `rust`). */
  subject: string;
  /** The stated target: removal version or date for a deprecation; the lowest supported version for a runtime. */
  target: string | null;
  /** Every version a runtime declaration or CI matrix lists (empty for deprecations). */
  versions: string[];
  /** The line, trimmed (at most 240 characters). */
  text: string;
  /** A runtime row of a CI test matrix (src/text/runtime-declarations.ts). */
  matrix?: true;
}

const DEPRECATED = /deprecat/i;
const TARGETS: ReadonlyArray<[RegExp, (m: RegExpExecArray) => string]> = [
  [/\b(?:removed?|removal|dropped|drop|deleted?|go(?:es)? away|unsupported)\b[^.;]{0,40}?\b(?:in|from|by|with|after|before|as of)\s+(?:version\s+|release\s+|v)?(\d+\.\d+(?:\.\d+)?|\d+\.x|\d+\.0)\b/i, (m) => m[1]!],
  [/\b(?:in|until|before|after)\s+(?:version\s+|v)(\d+(?:\.\d+){0,2})\b/i, (m) => m[1]!],
  [/\b(20\d\d-\d\d(?:-\d\d)?)\b/, (m) => m[1]!],
  [/\b(next major(?: version| release)?|next minor(?: version| release)?|next release|future (?:version|release)|a future version)\b/i, (m) => m[1]!.toLowerCase()],
];

/** Deprecation notices with a stated target, one per line. */
export function findDeprecations(text: string): PendingLine[] {
  const found: PendingLine[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!DEPRECATED.test(line) || line.length > 1000) continue;
    // The notice may go on for a line or two: read the target there too.
    const window = [line, lines[i + 1] ?? '', lines[i + 2] ?? ''].join(' ');
    let target: string | null = null;
    for (const [pattern, read] of TARGETS) {
      const m = pattern.exec(window);
      if (m) {
        target = read(m);
        break;
      }
    }
    if (!target) continue;
    const subject = /`([^`]{2,60})`|["']([A-Za-z_][\w.]{1,60})["']|\b([A-Za-z_]\w*(?:\.\w+)*)\s*(?:\(\))?\s+is\s+deprecated/i.exec(line);
    let named = subject?.[1] ?? subject?.[2] ?? subject?.[3] ?? '';
    // "The old name is deprecated" (click's docstring, of a name the sentence before gave) names a word, not a declaration: nothing here says what goes.
    if (subject?.[3] && /\b(?:the|this|that|its|their|old|new|an?)\s+$/i.test(line.slice(0, subject.index))) continue;
    // "use `x` instead" names the replacement, not what goes; a doc comment ("// Deprecated: ...", "@deprecated ...") is about the declaration below it.
    if (subject && /\b(?:use|with|prefer|in favou?r of|replaced by)\s+$/i.test(line.slice(0, subject.index))) named = '';
    if (!named && /^\s*(?:\/\/+|\/?\*+|#)/.test(line)) named = declaredBelow(lines, i);
    // A notice inside a declaration's body or docstring ("this property will be deprecated in a future release") is about that declaration.
    if (!named) named = enclosingDeclaration(lines, i);
    found.push({ signal: 'deprecation', line: i + 1, subject: named.slice(0, 80), target, versions: [], text: line.trim().slice(0, 240) });
  }
  return found;
}

const GO_FUNC = /^\s*func\s+(?:\([^)]*\)\s*)?(\w+)/;
const PY_DEF = /^\s*(?:async\s+)?(?:def|class)\s+(\w+)/;

/** Declarations that open a block a line can sit in (enclosingDeclaration). */
const DECLARATION = [
  GO_FUNC,
  /^\s*(?:pub(?:\([^)]*\))?\s+)?(?:async\s+)?(?:fn|struct|enum|trait|impl|mod)\s+(\w+)/,
  PY_DEF,
  /^\s*(?:export\s+)?(?:default\s+)?(?:async\s+)?(?:function\*?|class)\s+(\w+)/,
];

/** Declarations a doc comment can sit on (declaredBelow): blocks, and also types, constants, fields and methods; first match wins. */
const DECLARED = [
  GO_FUNC,
  /^\s*(?:pub(?:\([^)]*\))?\s+)?(?:async\s+)?(?:fn|struct|enum|trait|type|const|static|mod)\s+(\w+)/,
  PY_DEF,
  /^\s*(?:export\s+)?(?:declare\s+)?(?:async\s+)?(?:function|class|interface|type|const|let|var)\s+(\w+)/,
  /^\s*(?:readonly\s+|public\s+|static\s+|get\s+)*(\w+)\s*[?]?\s*[(:=]/,
  /^\s*(\w+)\s+\w[\w.*[\]]*\s*(?:=|$)/,
];

/**
 * The declaration a line sits in, by indentation: the nearest line above indented less that declares a function,
 * method or class, qualified by its class ("URL.raw"); '' at module level or past a block that declares nothing
 * within 2000 lines. A module-level notice names itself or names nothing: the caller writes no task for it then.
 */
export function enclosingDeclaration(lines: readonly string[], at: number): string {
  const indent = (l: string) => /^\s*/.exec(l)![0].replace(/\t/g, '    ').length;
  let limit = indent(lines[at]!);
  const names: string[] = [];
  for (let j = at - 1; j >= Math.max(0, at - 2000) && limit > 0; j--) {
    const line = lines[j]!;
    if (!line.trim() || indent(line) >= limit || /^\s*(?:#|\/\/|\*|@)/.test(line)) continue;
    limit = indent(line);
    const name = DECLARATION.map((d) => d.exec(line)?.[1]).find(Boolean);
    if (name) names.unshift(name);
    else if (names.length) break;
  }
  return names.slice(-2).join('.');
}

/** The name a declaration right below a doc comment declares (Go, Rust, Python, JS/TS), or ''. */
export function declaredBelow(lines: readonly string[], at: number): string {
  for (let j = at + 1; j < Math.min(lines.length, at + 12); j++) {
    const line = lines[j]!;
    if (/^\s*(?:\/\/|\/?\*|#(?!\[)|@)/.test(line) || !line.trim()) continue;
    for (const declared of DECLARED) {
      const m = declared.exec(line);
      if (m) return m[1]!;
    }
    return '';
  }
  return '';
}
