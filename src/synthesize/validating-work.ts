import type { Grounding, GroundedFile } from './model.js';

/**
 * What the validating work (the work items in the validation window, T0 to
 * window end) added to the files a task statement may show. The code at Tgen
 * holds that work: a TODO, a changelog line, a docs page or a whole file that
 * a validating pull request added is in the Tgen tree, and grounding reads the
 * tree. Shown in a statement, it tells the solver what the real later work
 * was. So everything grounding takes from the tree is checked against these
 * added lines as a gold patch is (src/synthesize/leakage.ts, the lines one
 * item added), before any backend sees it.
 *
 * Enforced in two places: `withholdValidatingWork` on every grounding before
 * conditioning (src/api/synthesize.ts), and `quotedValidatingLines` on every
 * drafted statement as a leakage check. Proved by
 * tests/synthesize/validating-work-canaries.test.ts.
 */
export interface ValidatingWork {
  /** Paths a validating item created. */
  addedFiles: ReadonlySet<string>;
  /** Per path, the lines validating items added to it, whitespace collapsed. */
  addedLines: ReadonlyMap<string, readonly string[]>;
  /** Key of the item that added each (path, line), for the rejection reason. */
  addedBy: ReadonlyMap<string, string>;
}

export const NO_VALIDATING_WORK: ValidatingWork = { addedFiles: new Set(), addedLines: new Map(), addedBy: new Map() };

/**
 * Builds the lookup from the lines each validating item added, per path. A line some shown file already had at T0
 * (`atT0`, whitespace collapsed: `@click.command()`, `return None`) tells nothing of the later work and is left out:
 * a statement quoting it is not a leak (click's window added `@click.command()` to tests that had dozens).
 */
export function validatingWork(added: readonly { key: string; path: string; lines: readonly string[]; created: boolean }[], atT0: ReadonlySet<string> = new Set()): ValidatingWork {
  const addedFiles = new Set<string>();
  const addedLines = new Map<string, string[]>();
  const addedBy = new Map<string, string>();
  for (const a of added) {
    if (a.created) addedFiles.add(a.path);
    const list = addedLines.get(a.path) ?? [];
    for (const line of a.lines) {
      const l = collapse(line);
      if (l === '' || atT0.has(l)) continue;
      list.push(l);
      if (!addedBy.has(`${a.path}\u0000${l}`)) addedBy.set(`${a.path}\u0000${l}`, a.key);
    }
    addedLines.set(a.path, list);
  }
  return { addedFiles, addedLines, addedBy };
}

/**
 * The grounding without what the validating work added: files it created
 * (source and test files), notes on lines it added, and symbols named on
 * lines it added to that file. What was there at T0 stays.
 */
export function withholdValidatingWork(grounding: Grounding, work: ValidatingWork): Grounding {
  const files: GroundedFile[] = grounding.files
    .filter((f) => !work.addedFiles.has(f.path))
    .map((f) => {
      const lines = work.addedLines.get(f.path) ?? [];
      if (lines.length === 0) return f;
      return {
        ...f,
        notes: f.notes.filter((n) => !lines.some((l) => l.includes(collapse(n.text)))),
        symbols: f.symbols.filter((s) => !lines.some((l) => namesSymbol(l, s))),
      };
    });
  return { ...grounding, files, testFiles: grounding.testFiles.filter((t) => !work.addedFiles.has(t)) };
}

/**
 * Lines of a statement (or hints) that quote a line the validating work added
 * to any file, with the item that added it. Only lines long enough to be
 * telling (12 characters after collapsing) count.
 */
export function quotedValidatingLines(text: string, work: ValidatingWork): { line: string; path: string; key: string }[] {
  const shown = collapse(text);
  const out: { line: string; path: string; key: string }[] = [];
  for (const [path, lines] of work.addedLines) {
    for (const line of lines) {
      const quoted = noteBody(line);
      if (quoted.length >= 12 && shown.includes(quoted)) out.push({ line, path, key: work.addedBy.get(`${path}\u0000${line}`) ?? 'validating work' });
    }
  }
  return out;
}

/** A comment line without its comment marker and list bullet: what a statement would quote. */
function noteBody(line: string): string {
  return line.replace(/^(?:\/\/+|#+|\/?\*+|<!--|--|;+|-|\+)\s*/, '').replace(/\s*(?:\*\/|-->)$/, '').trim();
}

function namesSymbol(line: string, symbol: string): boolean {
  const escaped = symbol.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^A-Za-z0-9_$])${escaped}($|[^A-Za-z0-9_$])`).test(line);
}

export function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
