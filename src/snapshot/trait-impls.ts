/**
 * Public traits a Rust project declares and the types it implements them for, read from one file's text at the
 * snapshot commit (issue 15, cover38): the parts of a "trait implemented for more types" line. The tree scan
 * (tree-scan.ts) gathers them over the whole tree, dates each declaration by its first appearance and keeps a trait
 * the project added in the year before T0 that two or more of its types implement: its next work is one more
 * implementation (src/forecast/pending/trait-line.ts). Pure: one file's text in, lines out.
 *
 * Kept precise: only `pub trait` declarations (a private or `pub(crate)` helper trait's impls are no piece of work anyone asks for);
 * only `impl … Trait<…> for Type` lines written out (a macro's impls are not read); tests, examples and benches are
 * not the project's types.
 */

export interface TraitDeclaration {
  name: string;
  line: number;
  /** The declaration line, trimmed: what its first appearance is dated by. */
  raw: string;
}

export interface TraitImpl {
  trait: string;
  /** The implementing type's name, without its path or generic arguments ("Path" for `Path<T>`). */
  type: string;
  line: number;
}

const DECLARATION = /^\s*pub\s+(?:unsafe\s+)?trait\s+([A-Z][A-Za-z0-9_]*)/;
// `impl<T, S> OptionalFromRequestParts<S> for Path<T>`, `impl Foo for crate::x::Bar`, `unsafe impl Send for X`.
const IMPL = /^\s*(?:unsafe\s+)?impl\b(?:\s*<(?:[^<>]|<(?:[^<>]|<[^<>]*>)*>)*>)?\s+(?:[a-z_][a-z0-9_]*::)*([A-Z][A-Za-z0-9_]*)\s*(?:<[^{]*?>)?\s+for\s+&?(?:'[a-z_]+\s+)?(?:mut\s+)?(?:[a-z_][a-z0-9_]*::)*([A-Z][A-Za-z0-9_]*)/;
const SKIP_PATH = /(^|\/)(tests?|examples?|benches|fuzz|testdata|fixtures?)\//i;

/** Whether a path is Rust source of the project itself (not its tests, examples or benches). */
export function isTraitSource(path: string): boolean {
  return /\.rs$/.test(path) && !SKIP_PATH.test(path) && !/(^|\/)build\.rs$/.test(path);
}

/** The public trait declarations and written-out trait impls of one Rust file. */
export function findTraitLines(path: string, text: string): { declarations: TraitDeclaration[]; impls: TraitImpl[] } {
  const declarations: TraitDeclaration[] = [];
  const impls: TraitImpl[] = [];
  if (!isTraitSource(path)) return { declarations, impls };
  const lines = text.split('\n');
  let testModule = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.length > 400) continue;
    // `#[cfg(test)] mod tests { … }` at the end of a file: its impls are test helpers.
    if (/^\s*#\[cfg\(test\)\]/.test(line)) testModule = true;
    if (testModule) continue;
    const d = DECLARATION.exec(line);
    if (d) declarations.push({ name: d[1]!, line: i + 1, raw: line.trim() });
    const m = IMPL.exec(line);
    if (m && m[1] !== m[2]) impls.push({ trait: m[1]!, type: m[2]!, line: i + 1 });
  }
  return { declarations, impls };
}
