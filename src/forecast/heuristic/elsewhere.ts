import { compareText } from '../../text/order.js';
import { stem } from '../../text/tokens.js';
import type { Category } from '../model.js';
import { GENERIC } from './aspects.js';
import { isTestPath } from './signals.js';
import type { StreamItem } from './streams.js';
import { changeTask, type Instances } from './task-line.js';

/**
 * Instances of a line's kind that were added outside its component, and where
 * they were added. A line that added one instance per change in one folder
 * (bat's syntax patches in assets/patches: puppet, lisp) is not the only
 * place its kind grows: "add CFML syntax" added a syntax as a git submodule
 * (.gitmodules) with its test in tests/syntax-tests/source/CFML, and the
 * syntaxes added after T0 came that way (Idris2, Odin, GDScript, Typst). A
 * change counts when it adds (verb add or support) an object whose head is
 * the line's kind ("CFML syntax"), named by its modifier ("CFML"), and a
 * folder or file of its paths carries that name (tests/syntax-tests/source/
 * CFML) or it edits .gitmodules (the instance is a submodule, whose own path
 * git records as a gitlink the snapshot leaves out).
 */
export interface Elsewhere {
  /** The instances, newest first ("CFML"). */
  done: string[];
  /** The changes that added them, newest first. */
  items: StreamItem[];
  /** Whether one of them was added as a git submodule (.gitmodules changed). */
  submodule: boolean;
  /** Folders outside tests that hold an instance's own file or folder. */
  homes: string[];
  /** Test folders that hold an instance's own file or folder ("tests/syntax-tests"). */
  tests: string[];
}

const ADDING = new Set(['add', 'support']);

/** The instances of `more`'s kind added by `items` (changes outside the line's own component), or null when none is. */
export function instancesElsewhere(more: Instances, items: readonly StreamItem[], names: ReadonlySet<string>, fallback: Category): Elsewhere | null {
  const kind = new Set(more.kind.split(/\s+/).map((w) => stem(w.toLowerCase())));
  const known = new Set(more.done.map((d) => d.replace(/`/g, '').toLowerCase()));
  const found: { name: string; item: StreamItem; places: string[]; submodule: boolean }[] = [];
  for (const item of [...items].sort((a, b) => compareText(b.date, a.date) || compareText(a.ref, b.ref))) {
    const t = changeTask(item, names, fallback);
    if (!t || !ADDING.has(t.verbKey) || !kind.has(t.head)) continue;
    const words = t.object.split(/\s+/);
    const name = words.slice(0, -1).join(' ').replace(/`/g, '');
    // One name of one instance: not a list, not a generic word ("new syntax"), not one the line already names.
    if (!name || words.length > 3 || /\s(and|or)\s|,/.test(t.object) || GENERIC.has(name.toLowerCase()) || /^(new|more|other|some|basic)$/i.test(name)) continue;
    if (known.has(name.toLowerCase()) || found.some((f) => f.name.toLowerCase() === name.toLowerCase())) continue;
    const places = placesNamed(item.paths, name);
    const submodule = item.paths.includes('.gitmodules');
    if (!places.length && !submodule) continue;
    found.push({ name, item, places, submodule });
  }
  if (!found.length) return null;
  const places = collapse([...new Set(found.flatMap((f) => f.places))]);
  return {
    done: found.map((f) => f.name),
    items: found.map((f) => f.item),
    submodule: found.some((f) => f.submodule),
    homes: places.filter((p) => !isTestPath(`${p}/x`)),
    tests: places.filter((p) => isTestPath(`${p}/x`)),
  };
}

/** The folders holding a file or folder named after the instance (tests/syntax-tests/source for tests/syntax-tests/source/CFML/test.cfml). */
function placesNamed(paths: readonly string[], name: string): string[] {
  const key = name.toLowerCase().replace(/[^a-z0-9]+/g, '');
  const out = new Set<string>();
  for (const p of paths) {
    const parts = p.split('/');
    const at = parts.findIndex((seg, i) => i > 0 && seg.toLowerCase().replace(/\.[a-z0-9]+$/, '').replace(/[^a-z0-9]+/g, '') === key);
    if (at > 0) out.add(parts.slice(0, at).join('/'));
  }
  return [...out].sort(compareText);
}

/** Sibling folders said once by their parent (tests/syntax-tests/source and …/highlighted: tests/syntax-tests). */
function collapse(folders: readonly string[]): string[] {
  const byParent = new Map<string, string[]>();
  for (const f of folders) {
    const parent = f.includes('/') ? f.slice(0, f.lastIndexOf('/')) : f;
    byParent.set(parent, [...(byParent.get(parent) ?? []), f]);
  }
  return [...byParent].flatMap(([parent, list]) => (list.length > 1 ? [parent] : list)).sort(compareText);
}
