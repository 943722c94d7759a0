import type { TaskFamily } from '../family/model.js';
import { mainLineAt, noteLinesByFile, type NoteLinesMemo } from '../git/note-lines.js';
import type { WorkItem } from '../sources/model.js';
import type { DeclaredRuntimesMemo } from '../git/runtime-declarations.js';
import { readStandingRuntimes } from './standing-runtimes.js';

/** A stated limitation (a `pending` row) that is a note: it says what is not supported, skipped or to be deprecated. */
const LIMITATION = /\b(?:todo|fixme|xxx|hack|not (?:currently |yet )?(?:supported|implemented)|unsupported|skip|xfail|deprecated|will be|no longer)\b/i;

/**
 * The note a one-piece family was stated from: its first evidence row when that row is an open TODO/FIXME note or a
 * stated limitation (`todo`; `pending` when its text states one: not a declaration line), with every row of the
 * family stating the same note (its words within the other's: the same note in several files, however each line
 * wraps it, `'… not supported yet for ESM';` beside `const ERROR = '… not supported yet for ESM'`), each as its
 * file (from the row's `todo:`/`pending:` ref) and text. Families of other shapes have none.
 */
export function leadNote(family: TaskFamily): { text: string; rows: { path: string; text: string }[] } | null {
  const first = family.evidence[0];
  if (!first || (first.kind !== 'todo' && first.kind !== 'pending')) return null;
  const text = first.text.trim();
  if (text.length < 8 || (first.kind === 'pending' && !LIMITATION.test(text))) return null;
  const lead = noteWords(text);
  const rows = family.evidence.flatMap((e) => {
    const path = refPath(e.ref);
    const t = e.text.trim();
    if (path === null || (e.kind !== 'todo' && e.kind !== 'pending')) return [];
    const words = noteWords(t);
    return t === text || (lead.size >= 3 && words.size >= 3 && (within(lead, words) || within(words, lead))) ? [{ path, text: needle(t) }] : [];
  });
  return rows.length === 0 ? null : { text, rows };
}

const MARKERS = new Set(['todo', 'fixme', 'xxx', 'hack']);

/**
 * What is looked for in the tree: the note without its marker, which the snapshot writes plainly ("TODO: add ANSI
 * support" for the source's `// TODO(eliza): add ANSI support`); the whole text when what is left is short.
 */
export function needle(text: string): string {
  const rest = text.replace(/^\s*(?:TODO|FIXME|XXX|HACK)\b(?:\([^)]*\))?[:\s-]*/i, '').trim();
  return rest.length >= 8 ? rest : text;
}

function noteWords(text: string): Set<string> {
  return new Set((text.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((w) => !MARKERS.has(w)));
}

function within(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  for (const w of a) if (!b.has(w)) return false;
  return true;
}

function refPath(ref: string): string | null {
  const m = /^(?:todo|pending):(.+):\d+$/.exec(ref);
  return m ? m[1]! : null;
}

/**
 * The families whose note still stands, unchanged, at the window's last change (notes42, issue 16 cause L2), by family
 * id with the note's text: in every file the family quotes it from (each row's own line), the tree of the window's last change holds the
 * text at least as often as the T0 tree did; a file that is gone counts as standing when the text is still found
 * elsewhere as often as before (the note moved). Its work was not done, whatever a later change's words share with
 * it. A note the T0 tree lacks in its file (a runtime line the forecaster worded itself) is not read; without a clone,
 * or with no later change, nothing is. A pending runtime task ("Drop support for Python 3.8 in …") whose declaration
 * still says the same at the window's last change is read too, by standing-runtimes.ts (judges45), with a phrase
 * naming what stands instead of a note's text.
 */
export async function readStandingNotes(
  repoPath: string | null,
  families: readonly TaskFamily[],
  t0Commit: string | null,
  window: readonly WorkItem[],
  memo?: NoteLinesMemo,
  runtimesMemo?: DeclaredRuntimesMemo,
): Promise<Record<string, string>> {
  if (repoPath === null || t0Commit === null || window.length === 0) return {};
  const last = [...window].sort((a, b) => (a.mergedAt < b.mergedAt ? -1 : a.mergedAt > b.mergedAt ? 1 : 0)).at(-1)!;
  // The main line as of the last item's merge (that item may be on a side branch merged at the same second); its own commit when git cannot say.
  const end = (await mainLineAt(repoPath, last.mergedAt)) ?? last.sha;
  return readStandingAt(repoPath, families, t0Commit, end, memo, runtimesMemo);
}

/** The same reading between two known commits: T0's and the window's end (judge-eval, which has no work items, finds both on the clone's main line). */
export async function readStandingAt(
  repoPath: string,
  families: readonly TaskFamily[],
  t0Commit: string,
  endCommit: string,
  memo?: NoteLinesMemo,
  runtimesMemo?: DeclaredRuntimesMemo,
): Promise<Record<string, string>> {
  // A pending runtime task whose declaration still says the same (standing-runtimes.ts) is read the same way.
  const runtimes = await readStandingRuntimes(repoPath, families, t0Commit, endCommit, runtimesMemo);
  return { ...(await readNotes(repoPath, families, t0Commit, endCommit, memo)), ...runtimes };
}

async function readNotes(repoPath: string, families: readonly TaskFamily[], t0Commit: string, lastCommit: string, memo?: NoteLinesMemo): Promise<Record<string, string>> {
  const notes = families.flatMap((f) => { const n = leadNote(f); return n === null ? [] : [{ id: f.id, ...n }]; });
  if (notes.length === 0) return {};
  const texts = [...new Set(notes.flatMap((n) => n.rows.map((r) => r.text)))];
  const before = new Map(await noteLinesByFile(repoPath, t0Commit, texts, memo));
  // A note wrapped over lines (the snapshot joins a comment's lines: "…span fields, and re-enable this.") is on no one
  // line of the tree: it is looked for by its leading words, the longest run of them its file holds at T0 (tracing-F01).
  const rowText = new Map<string, string>();
  for (const row of notes.flatMap((n) => n.rows)) {
    if ((before.get(row.text)?.get(row.path) ?? 0) > 0 || rowText.has(`${row.path}\0${row.text}`)) continue;
    // Longest first; a shorter run is in the file wherever a longer one is, so the longest found is searched by halves.
    const runs = leadingRuns(row.text);
    const foundAt = async (i: number) => {
      const found = (await noteLinesByFile(repoPath, t0Commit, [runs[i]!], memo)).get(runs[i]!);
      return (found?.get(row.path) ?? 0) > 0 ? found! : null;
    };
    let [lo, hi] = [0, runs.length]; // the first index found lies in [lo, hi]; hi = none
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (await foundAt(mid)) hi = mid;
      else lo = mid + 1;
    }
    const found = lo < runs.length ? await foundAt(lo) : null;
    if (found === null) continue;
    before.set(runs[lo]!, found);
    rowText.set(`${row.path}\0${row.text}`, runs[lo]!);
  }
  const textOf = (r: { path: string; text: string }) => rowText.get(`${r.path}\0${r.text}`) ?? r.text;
  const after = await noteLinesByFile(repoPath, lastCommit, [...new Set(notes.flatMap((n) => n.rows.map(textOf)))], memo);
  const standing: Record<string, string> = {};
  for (const note of notes) {
    const read = note.rows.map((r) => ({ path: r.path, b: before.get(textOf(r)), a: after.get(textOf(r)) }));
    if (read.every((r) => r.b !== undefined && r.a !== undefined && stands(r.path, r.b, r.a))) standing[note.id] = note.text;
  }
  return standing;
}

/** A note's leading words, longest first, down to five words and 24 characters: where a wrapped note's first line may end. */
export function leadingRuns(text: string): string[] {
  const words = text.split(/\s+/).filter((w) => w !== '');
  const out: string[] = [];
  for (let n = words.length - 1; n >= 5; n--) {
    const lead = words.slice(0, n).join(' ');
    if (lead.length >= 24) out.push(lead);
  }
  return out;
}

function total(counts: ReadonlyMap<string, number>): number {
  let n = 0;
  for (const c of counts.values()) n += c;
  return n;
}

/** The note stands in `path`: as often there as at T0; or its file lost it and the tree holds it as often as before elsewhere. */
function stands(path: string, before: ReadonlyMap<string, number>, after: ReadonlyMap<string, number>): boolean {
  const was = before.get(path) ?? 0;
  if (was === 0) return false;
  if ((after.get(path) ?? 0) >= was) return true;
  // Moved: gone from its file but found elsewhere at least as often as the whole T0 tree held it.
  return !after.has(path) && total(after) >= total(before);
}
