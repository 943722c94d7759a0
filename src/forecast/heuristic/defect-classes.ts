import type { Category } from '../model.js';
import { changeTask } from './task-line.js';
import type { StreamItem } from './streams.js';
import { uncapitalize } from '../../text/sentence-case.js';

/**
 * A line of fixes whose fixes share a checkable class of defect beyond their place (classes34, issue 15): two or
 * more fixes of one component each name the same kind of defect ("fix(complete): Trailing space after zsh directory
 * completions", "fix: Path quoting with dynamic env completer": shell completion). A line of fixes names the kind of
 * its next change and its place, never which defect (spec30), so it is held back; but when the fixes share a class a
 * developer can check a later change against ("is this a shell completion fix in clap_complete?"), the line is
 * stated as that class with two of its pre-T0 examples: "Fix more shell completion defects like trailing space after
 * zsh directory completions and path quoting with dynamic env completer in clap_complete/src/env". A line whose fixes
 * share no such class stays held back. Only the changes' own words are read; no class names a repository.
 */
export interface DefectLine {
  /** The class, plural, as the title names it ("shell completion defects"). */
  kind: string;
  /** Two examples, the newest fixes' own phrases without their fix verb ("path quoting with dynamic env completer"). */
  examples: string[];
  /** The fixes of the class, newest first. */
  items: StreamItem[];
}

/** Classes of defect a developer can check one change against: the words that name one, and the class's name. */
const CLASSES: { re: RegExp; kind: (matched: readonly string[]) => string }[] = [
  { re: /\b(?:shell[- ])?(?:complet(?:e|es|ed|ion|ions|er|ers|ing)|autocomplet\w*)\b/i, kind: () => 'shell completion defects' },
  {
    re: /\b(windows|win32|macos|wsl|cygwin|msys)\b/i,
    kind: (m) => (m.every((t) => /\b(windows|win32)\b/i.test(t)) ? 'Windows-specific defects' : 'platform-specific defects (Windows, macOS)'),
  },
  { re: /\b(panic|panics|panicking|crash|crashes|segfault|overflow)\b/i, kind: () => 'panics and crashes' },
  { re: /\b(encoding|unicode|utf-?8|utf-?16|non-ascii|charset|cp\d{3,4})\b/i, kind: () => 'text encoding defects' },
  { re: /\b(type hints?|type annotations?|typing|typings|types|type inference|type errors?|typescript|ts)\b/i, kind: () => 'type definition defects' },
  { re: /\b(timeouts?|cancel\w*|abort\w*)\b/i, kind: () => 'timeout and cancellation defects' },
  { re: /\bmerg(?:e|es|ed|ing)\b/i, kind: () => 'merging defects' },
  { re: /\bmemory leaks?\b/i, kind: () => 'memory leaks' },
  { re: /\b(race|races|deadlocks?|thread[- ]safe\w*)\b/i, kind: () => 'concurrency defects (races, deadlocks)' },
  { re: /\b(help (?:text|output|message)s?|usage (?:text|output|message)s?|help)\b/i, kind: () => 'help output defects' },
  { re: /\b(error messages?|exit codes?)\b/i, kind: () => 'error message and exit code defects' },
  { re: /\b(paths?|symlinks?|directories|filenames?)\b/i, kind: () => 'path handling defects' },
];

/** A conventional-commit prefix ("fix(complete):", "fix:"), $1 its type, $2 its scope. */
const CONVENTIONAL = /^\s*([a-z]+)(?:\(([^)]*)\))?!?:\s*/i;
/** Further prefixes after the type, each naming a place ("windows: " of "fix: windows: handle cancel io error"). */
const PLACE_PREFIXES = /^(?:[\w-]+:\s+)+/;
/** The fix verbs a title may open with. */
const FIX_WORDS = String.raw`fix(?:es|ed)?|correct(?:s|ed)?|resolve[sd]?|repair(?:s|ed)?`;
const FIX_VERB = new RegExp(String.raw`^\s*(?:${FIX_WORDS})\b`, 'i');
const LEADING_FIX = new RegExp(String.raw`^(?:${FIX_WORDS})\s+`, 'i');
/** `(#123)` and `#123` references. */
const REFS = /\s*\(#\d+\)|\s*#\d+\b/g;

/** Whether a change is a fix: its conventional type is `fix`, else its title opens with a fix verb. */
function isFix(title: string): boolean {
  const m = CONVENTIONAL.exec(title);
  if (m) return m[1]!.toLowerCase() === 'fix';
  return FIX_VERB.test(title);
}

/**
 * The words a class is read from: the title without references, its conventional type dropped and its scope kept as
 * a word ("fix(help): Align mixed argument types" -> "help Align mixed argument types"): a fix's scope names what it
 * fixed. Only fixes are read, so a feature's scope ("feat(encoding): add codec registry") never names a defect.
 */
function readable(title: string): string {
  return title.replace(CONVENTIONAL, (_, _type: string, scope?: string) => (scope ? `${scope} ` : '')).replace(REFS, '').trim();
}

/**
 * The change's defect as a noun phrase: its object and clause after a fix verb ("path quoting with dynamic env
 * completer"); a fix stated with another act keeps it as a gerund ("following symlinks when completing paths").
 */
function example(item: StreamItem, names: ReadonlySet<string>): { text: string; fix: boolean } | null {
  // A second prefix after the type names a place, not the act ("fix: windows: handle cancel io error").
  const unreferenced = item.title.replace(REFS, '');
  const prefix = CONVENTIONAL.exec(unreferenced)?.[0] ?? '';
  const title = prefix ? prefix + unreferenced.slice(prefix.length).replace(PLACE_PREFIXES, '') : unreferenced;
  const task = changeTask({ ...item, title }, names, 'bugfix' as Category);
  if (!task) return null;
  let phrase = `${task.object}${task.complement ? ` ${task.complement}` : ''}`.replace(/[.;:,]+$/, '').trim();
  // An object of one word with no clause ("coninput" of "coninput not handling control sequences") names no defect:
  // the title's own words after its prefix and fix verb do.
  if (phrase.split(/\s+/).length < 2) {
    phrase = title.replace(CONVENTIONAL, '').replace(LEADING_FIX, '').replace(/[.;:,]+$/, '').trim();
    // A negated act ("don't add a newline when …") states what the fix stopped doing, not the defect: no example.
    if (phrase.split(/\s+/).length < 2 || /^(don'?t|do not|never|no longer|stop)\b/i.test(phrase)) return null;
    const verb = new RegExp(`^${task.verb}\\s+`, 'i');
    if (task.verbKey !== 'fix' && verb.test(phrase)) return { text: `${gerund(task.verb.toLowerCase())} ${phrase.replace(verb, '')}`, fix: false };
    return { text: uncapitalize(phrase), fix: true };
  }
  if (task.verbKey === 'fix') return { text: uncapitalize(phrase), fix: true };
  return { text: `${gerund(task.verb.toLowerCase())} ${phrase}`, fix: false };
}

/** "follow" -> "following", "hide" -> "hiding", "stop" -> "stopping". */
function gerund(verb: string): string {
  if (/ie$/.test(verb)) return `${verb.slice(0, -2)}ying`;
  if (/[^aeiou]e$/.test(verb) && verb !== 'be') return `${verb.slice(0, -1)}ing`;
  if (/^[^aeiou]*[aeiou][^aeiouwxy]$/.test(verb)) return `${verb}${verb.at(-1)}ing`;
  return `${verb}ing`;
}

/** The class two or more of the stream's fixes share, with two examples, or null. */
export function defectLine(items: readonly StreamItem[], names: ReadonlySet<string>): DefectLine | null {
  const fixes = items.filter((i) => isFix(i.title));
  let best: { kind: string; items: StreamItem[] } | null = null;
  for (const c of CLASSES) {
    const seen = new Set<string>();
    const matched = fixes.filter((i) => {
      const text = readable(i.title);
      const key = text.toLowerCase();
      if (!c.re.test(text) || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    if (matched.length >= 2 && (!best || matched.length > best.items.length)) best = { kind: c.kind(matched.map((i) => readable(i.title))), items: matched };
  }
  if (!best) return null;
  // The newest fixes that state their defect after a fix verb first, then those stated by another act.
  const found = best.items.flatMap((i) => {
    const e = example(i, names);
    return e && e.text.split(/\s+/).length <= 10 ? [e] : [];
  });
  const examples: string[] = [];
  for (const e of [...found.filter((x) => x.fix), ...found.filter((x) => !x.fix)]) {
    if (!examples.some((x) => x.toLowerCase() === e.text.toLowerCase())) examples.push(e.text);
    if (examples.length >= 2) break;
  }
  // Two examples name what the fixes share; one would word the class from one change.
  if (examples.length < 2) return null;
  return { kind: best.kind, examples, items: best.items };
}
