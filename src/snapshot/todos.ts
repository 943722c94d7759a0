/** TODO/FIXME/HACK/XXX comments, found line by line in one file's text. */

export interface TodoLine {
  line: number;
  marker: 'TODO' | 'FIXME' | 'HACK' | 'XXX';
  /** The comment's text after the marker (or the whole trimmed line if empty). */
  text: string;
  /** The whole line, trimmed: what line-history bisection looks for. */
  raw: string;
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
    found.push({ line: i + 1, marker: match[2] as TodoLine['marker'], text: (body || raw).slice(0, 300), raw });
  }
  return found;
}

/**
 * A note cut mid-sentence at the line's end ("Explore a central cache for all the schemas shared across") goes on in
 * the comment lines below it that open the same way ("// encapsulated contexts"): up to two of them, until a
 * sentence ends, a line holds another marker, or the comment ends. A note on a line of code (`x = 1 // TODO: …`)
 * or in prose is read on its own line only.
 */
/** A comment line of words (identifiers in backticks), without code's `=`, `:`, brackets or `;`. */
const PROSE_LINE = /^[a-z][\w'’-]*(?:[\s,]+(?:`[^`]+`|[\w'’".-]+))*[.!?]?$/;

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
