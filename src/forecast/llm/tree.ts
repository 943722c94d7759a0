import type { Evidence, Snapshot } from '../../snapshot/model.js';
import { LOOKBACK_DAYS } from './digest-lines.js';
import { DAY_MS } from '../../time.js';

/**
 * The code areas of the prompt: the directories of the tree at T0 within a
 * character budget, chosen so the ones that matter are never crowded out.
 *
 * 1. The main package's directories are always listed, however many: every
 *    non-auxiliary directory under a top-level directory named like the
 *    repository or `src`/`lib`/`pkg` (or, when there is none, under the root).
 * 2. Auxiliary trees (documentation, examples, fixtures, benchmarks, assets,
 *    vendored code, dot-directories) are one summary entry each,
 *    `docs/** (86 dirs; 412 files)`, never their subdirectories.
 * 3. The other directories follow by pre-T0 activity (work items touching
 *    them in the year before T0), then size (files below them), until the
 *    budget is spent.
 * The note at the end counts exactly the directories neither listed nor
 * inside a summary: `+N more directories (F files; less active)`.
 */

const AUX_SEGMENT =
  /^(\..+|docs?|docs?_src|documentation|examples?|samples?|demos?|fixtures?|testdata|test[-_]data|__snapshots__|snapshots|bench(es|marks?)?|assets|static|vendor|third[-_]party|site|website|i18n|locales?|translations?|node_modules)$/i;
const MAIN_NAMES = new Set(['src', 'lib', 'pkg']);

interface Entry {
  dir: string;
  text: string;
}

/** A documentation, example, fixture, benchmark, asset, vendored or dot-directory, or one inside such a tree. */
export function isAuxDir(dir: string): boolean {
  return dir !== '' && dir.split('/').some((s) => AUX_SEGMENT.test(s));
}

export function renderTree(snapshot: Pick<Snapshot, 'tree' | 'repo' | 't0' | 'evidence'>, maxChars: number): string {
  const tree = snapshot.tree;
  if (tree.length === 0) return '';
  const isAux = isAuxDir;
  const auxRoots = tree.filter((d) => isAux(d.dir) && !isAux(parentOf(d.dir))).map((d) => d.dir);
  const below = (root: string) => tree.filter((d) => d.dir === root || d.dir.startsWith(`${root}/`));
  const mainRoots = mainPackageRoots(tree.map((d) => d.dir), snapshot.repo.name, isAux);
  // The main package at the root (a Go module, a single-crate repository): its top-level directories.
  const inMain = (dir: string) =>
    dir === '' || mainRoots.some((r) => (r === '' ? !dir.includes('/') : dir === r || dir.startsWith(`${r}/`)));

  const mandatory: Entry[] = [];
  const optional: { entry: Entry; activity: number; size: number; covers: number }[] = [];
  const activity = activityByDir(snapshot);
  for (const d of tree) {
    if (isAux(d.dir)) continue;
    const entry = { dir: d.dir, text: `${d.dir || '(root)'}: ${d.files}` };
    if (inMain(d.dir)) mandatory.push(entry);
    else optional.push({ entry, activity: activity(d.dir), size: below(d.dir).reduce((n, x) => n + x.files, 0), covers: 1 });
  }
  for (const root of auxRoots) {
    const dirs = below(root);
    const files = dirs.reduce((n, x) => n + x.files, 0);
    const text = dirs.length > 1 ? `${root}/** (${dirs.length} dirs; ${files} files)` : `${root}: ${files}`;
    optional.push({ entry: { dir: root, text }, activity: activity(root), size: files, covers: dirs.length });
  }
  optional.sort((a, b) => b.activity - a.activity || b.size - a.size || (a.entry.dir < b.entry.dir ? -1 : 1));

  const kept = [...mandatory];
  let used = mandatory.reduce((n, e) => n + e.text.length + 2, 0);
  let covered = mandatory.length;
  const reserve = 64; // for the closing note
  for (const o of optional) {
    if (used + o.entry.text.length + 2 > maxChars - reserve) continue;
    kept.push(o.entry);
    used += o.entry.text.length + 2;
    covered += o.covers;
  }
  kept.sort((a, b) => (a.dir < b.dir ? -1 : a.dir > b.dir ? 1 : 0));
  const text = kept.map((e) => e.text).join(', ');
  const missing = tree.length - covered;
  if (missing <= 0) return text;
  const listed = new Set(kept.map((e) => e.dir));
  const files = optional.filter((o) => !listed.has(o.entry.dir)).reduce((n, o) => n + (o.covers > 1 ? o.size : tree.find((d) => d.dir === o.entry.dir)!.files), 0);
  return `${text}, … +${missing} more ${missing === 1 ? 'directory' : 'directories'} (${files} files; less active)`;
}

/**
 * Top-level directories that hold the main package: named like the repository
 * (`click`, `axum`, `axum-core`, `src/click`) or `src`, `lib`, `pkg`. None: the root.
 */
export function mainPackageRoots(dirs: readonly string[], repoName: string, isAux: (dir: string) => boolean): string[] {
  const name = repoName.split(/[+/]/).pop()!.toLowerCase().replace(/[^a-z0-9]/g, '');
  const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
  const roots = dirs.filter((d) => {
    if (d === '' || isAux(d)) return false;
    const parts = d.split('/');
    if (parts.length === 1) return MAIN_NAMES.has(parts[0]!) || (name.length > 1 && squash(parts[0]!).startsWith(name));
    return false;
  });
  return roots.length > 0 ? roots : [''];
}

/** Work items of the year before T0 touching each directory (or below it). */
function activityByDir(snapshot: Pick<Snapshot, 't0' | 'evidence'>): (dir: string) => number {
  const start = Date.parse(snapshot.t0) - LOOKBACK_DAYS * DAY_MS;
  const counts = new Map<string, number>();
  for (const e of snapshot.evidence as Evidence[]) {
    if (e.kind !== 'work_item' || e.item.bot || Date.parse(e.date) <= start) continue;
    const dirs = new Set<string>();
    for (const path of e.item.paths) {
      const parts = path.split('/').slice(0, -1);
      for (let i = 1; i <= Math.min(3, parts.length); i++) dirs.add(parts.slice(0, i).join('/'));
    }
    for (const d of dirs) counts.set(d, (counts.get(d) ?? 0) + 1);
  }
  return (dir) => counts.get(dir) ?? 0;
}

function parentOf(dir: string): string {
  return dir.split('/').slice(0, -1).join('/');
}
