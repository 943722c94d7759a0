import { declaredBelow, enclosingDeclaration } from './pending.js';

/** TODO/FIXME/HACK/XXX comments, found line by line in one file's text. */

export interface TodoLine {
  line: number;
  marker: 'TODO' | 'FIXME' | 'HACK' | 'XXX';
  /** The comment's text after the marker (or the whole trimmed line if empty). */
  text: string;
  /** The whole line, trimmed: what line-history bisection looks for. */
  raw: string;
  /** The declaration a note that says "this", "it" or "me" is about, where its place tells (see noteSubject). */
  subject?: string;
}

const MARKER = /(^|[^A-Za-z0-9_])(TODO|FIXME|HACK|XXX)\b(?:\([^)]{0,40}\))?(?=[:\s!-]|$)[:\s!-]*(.*)$/;
/** A comment opener somewhere before the marker: //, /*, *, #, <!--, --, ;, %, {#, """. */
const COMMENT_BEFORE = /(\/\/|\/\*|^\s*\*|#|<!--|^\s*--|;|^\s*%|\{#|"""|''')/;
const PROSE = /\.(md|markdown|rst|txt|adoc)$/i;

export function findTodos(path: string, text: string): TodoLine[] {
  const found: TodoLine[] = [];
  const prose = PROSE.test(path);
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const match = MARKER.exec(line);
    if (!match) continue;
    const before = line.slice(0, match.index + match[1]!.length);
    if (!prose && !COMMENT_BEFORE.test(before)) continue;
    if (prose && before.trim() && !/^[-*+>\s#]*$/.test(before) && !COMMENT_BEFORE.test(before)) continue;
    const raw = line.trim();
    const body = continued(cleanComment(match[3] ?? ''), lines, i, prose ? null : /^\s*(\/\/+|#+|\*|--)\s/.exec(line)?.[1] ?? null);
    const text = (body || raw).slice(0, 300);
    const subject = !prose && DEICTIC.test(text) ? noteSubject(lines, i) : '';
    found.push({ line: i + 1, marker: match[2] as TodoLine['marker'], text, raw, ...(subject ? { subject } : {}) });
  }
  return found;
}

/** A comment line of words (identifiers in backticks), without code's `=`, `:`, brackets or `;`. */
const PROSE_LINE = /^[a-z][\w'’-]*(?:[\s,]+(?:`[^`]+`|[\w'’".-]+))*[.!?]?$/;

/**
 * A note cut mid-sentence at the line's end ("Explore a central cache for all the schemas shared across") goes on in
 * the comment lines below it that open the same way ("// encapsulated contexts"): up to two of them, until a
 * sentence ends, a line holds another marker, or the comment ends. A note on a line of code (`x = 1 // TODO: …`)
 * or in prose is read on its own line only.
 */
function continued(body: string, lines: readonly string[], at: number, opener: string | null): string {
  let text = body;
  if (!opener || !text) return text;
  for (let j = at + 1; j <= at + 2 && j < lines.length && !/[.!?:;)]$/.test(text); j++) {
    const m = /^\s*(\/\/+|#+|\*|--)\s+(.*)$/.exec(lines[j]!);
    // Prose only: commented-out code below a note (`# style_line = f"…"`, `// private _get(path) {`) is no part of it.
    if (!m || m[1] !== opener || MARKER.test(lines[j]!) || !PROSE_LINE.test(m[2]!)) break;
    text = `${text} ${cleanComment(m[2]!)}`;
  }
  return text;
}

/** A note that points at its place ("Remove this in 3.0", "Enable me", "This should not return a `Result`"). */
const DEICTIC = /\b(?:this|it|me)\b/i;
/** A comment line, a doc comment, an attribute or a decorator: what may sit between a note and its declaration. */
const COMMENT_LINE = /^\s*(?:\/\/|\/?\*|#(?!\[)|--)\s?(.*)$/;
const ANNOTATION = /^\s*(?:#\[|@\w)/;

/**
 * The declaration a note on its own comment line is about, or '': the one right below it (past its prose, doc
 * comments and attributes: ripgrep's "Re-enable this test" above `#[test] #[ignore] fn candidate_lines`), or the one
 * whose body the note opens (the nearest code line above declares it, or ends its signature: ripgrep's "This should
 * not return a `Result`" first in `fn case_insensitive(...) -> Result<...> {`). A note further down a body, after
 * code, or above commented-out code points at a statement ("TODO: Enable me" above `// if self.has_sgr_sequences {`):
 * it names no declaration, and the title reader drops it as before.
 */
export function noteSubject(lines: readonly string[], at: number): string {
  if (!COMMENT_LINE.test(lines[at]!) || !/^\s*(?:\/\/+|#+|\/?\*+|--)/.test(lines[at]!)) return '';
  for (let j = at + 1; j < Math.min(lines.length, at + 12); j++) {
    const line = lines[j]!;
    if (!line.trim()) break;
    if (ANNOTATION.test(line)) continue;
    const comment = COMMENT_LINE.exec(line);
    if (comment) {
      // Prose continues the note or documents the declaration; commented-out code is what the note is about.
      if (/^\s*(?:\/\/\/|\/\*\*|\*)/.test(line) || PROSE_LINE.test(comment[1]!.trim()) || !comment[1]!.trim()) continue;
      return '';
    }
    const below = declaredBelow(lines, j - 1);
    if (below && DECLARES.test(line)) return below;
    break;
  }
  for (let j = at - 1; j >= 0; j--) {
    const line = lines[j]!;
    if (!line.trim() || COMMENT_LINE.test(line) || ANNOTATION.test(line)) continue;
    // The nearest code line above opens the body: a declaration's header, or the end of its signature.
    if (!DECLARES.test(line) && !/^\s*\)/.test(line)) return '';
    if (!/[{:]\s*$/.test(line)) return '';
    // A signature over several lines ends in ") -> Result<...> {": its header is the line above at its indent.
    const indent = (l: string) => /^\s*/.exec(l)![0].length;
    let header = j;
    while (header > Math.max(0, j - 12) && !(DECLARES.test(lines[header]!) && indent(lines[header]!) === indent(line))) header--;
    if (!DECLARES.test(lines[header]!)) return '';
    const name = declaredBelow(lines, header - 1);
    const outer = enclosingDeclaration(lines, header).split('.').pop();
    return name && outer ? `${outer}.${name}` : name;
  }
  return '';
}

/** A line that declares a function, method, class, type or constant (Go, Rust, Python, JS/TS). */
const DECLARES =
  /^\s*(?:(?:pub(?:\([^)]*\))?|export|default|declare|async|static|public|private|protected|readonly)\s+)*(?:func|fn|struct|enum|trait|type|const|static|def|class|function\*?|interface|let|var)\s+\w|^[A-Za-z_]\w*\s*(?::\s*[^=]+)?=\s*\S/;

function cleanComment(text: string): string {
  return text.replace(/\s*(\*\/|-->|#\})\s*$/, '').trim();
}

const SKIP_DIRS = /(^|\/)(node_modules|vendor|third_party|third-party|bower_components|dist|build|target|\.git|__snapshots__|fixtures?)\//;
const SKIP_FILES = /(\.min\.(js|css)|\.map|\.lock|-lock\.json|\.sum|\.snap|\.svg)$/i;
const BINARY_EXT =
  /\.(png|jpe?g|gif|bmp|ico|icns|webp|avif|tiff?|psd|pdf|zip|gz|tgz|bz2|xz|zst|7z|rar|jar|war|class|so|dylib|dll|exe|bin|o|a|lib|wasm|pyc|woff2?|ttf|otf|eot|mp[34]|mov|avi|webm|ogg|wav|flac|sqlite|db|pickle|npy|parquet)$/i;

/** Why a path is not scanned for TODOs without reading it, or null to scan it. */
export function todoSkipReason(path: string): 'vendor' | 'binary' | null {
  if (SKIP_DIRS.test(path) || SKIP_FILES.test(path)) return 'vendor';
  if (BINARY_EXT.test(path)) return 'binary';
  return null;
}
