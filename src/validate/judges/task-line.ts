/**
 * Task lines: the heuristic forecaster's task-like titles asking for one more instance of a named thing, and the
 * change that is one (direction-v27, issue 16, judges50).
 *
 * Three shapes name their object plainly enough that a change doing one instance of it is (part of) doing the task
 * (../shared/judging-rules.md: "A developer handed the family as a task description would recognise that change as
 * (part of) doing it"):
 * - **one more instance at a named file** — "Add more syntaxes like CFML, puppet and lisp as git submodules in
 *   .gitmodules or …", "Add more filters like zip, sum and lines in minijinja/src/defaults.rs", "Add more entries like
 *   `@rxmarbles` and `@bjohansebas` to the triage team in Readme.md", "Add or update sponsors in the sponsors list of
 *   README.md": done by a change whose title adds (add, implement, support, introduce) the kind the title names
 *   ("syntax", "filter", "sponsors"; for a generic kind, "entries", the list it goes to: "triage team") and that
 *   changes a **file** the title names (the registry, the page, .gitmodules). A folder the title names is not enough:
 *   "Add `format` filter and `str.format` support" changed one file of minijinja-contrib/src for `str.format`, and
 *   people called it only related to "Add more filters like striptags and `wordwrap` in minijinja-contrib/src";
 * - **a trait for one more type** — "Implement `OptionalFromRequestParts` for more types like `TypedHeader` …": done
 *   by a change whose title implements and names that trait (a compound name: `Custom` of jiff's "Implement `Custom`
 *   for more types" is a plain word many changes name), wherever it implements it;
 * - **the warnings of a linter's new lints** — "Fix the warnings of new clippy lints like `uninlined_format_args`":
 *   done by a change whose title does that linter's work ("Make clippy happy", "test: fix lint failures"), whatever
 *   its kind prefix and files (such upkeep is called fix, test or chore alike and touches any file), unless its title
 *   names another linter only.
 * - **a skipped test made to pass** — "Make `the old stacktrace is recovered` pass: blocked by …": done by a change
 *   whose diff takes the skip (or expected-failure mark) off that very test (an `unskipped:<name>` entry of its added
 *   identifiers, src/git/unskipped-tests.ts), whatever its title says ("Improve `HTTPError` message …"). Only the
 *   named tests (its title's and its target-hint symbols); a sibling test un-skipped is not one.
 * A removal ("remove LiveScript submodule") or a wording pass is never an instance (addition-line.ts). Related-only
 * readings of these families (checker lines, shared words) are unchanged when no change does the task.
 *
 * Tests: tests/validate/task-line.test.ts.
 */
import { topicWords } from './shared.js';

export type TaskLine =
  /** `words`: the stems the change's title must all have; `files`: the files the title names (paths). */
  | { kind: 'instance'; what: string; words: readonly string[]; files: readonly string[] }
  | { kind: 'trait'; symbol: string }
  | { kind: 'lint'; linter: string }
  /** `names`: the tests it asks to pass, lower-cased (its title's and its target-hint symbols). */
  | { kind: 'test'; names: readonly string[] };

const MORE = /^(?:add|support|document)\s+more\s+(.+?)\s+(?:like|such as)\b(.*)$/i;
const LIST = /^add or update (.+?) in the (?:.+?) list of (\S+)$/i;
const TRAIT = /^implement `([^`]+)` for more types like\b/i;
const LINT = /^fix the warnings of new (\S+) lints\b/i;
const MAKE_PASS = /^make `([^`]+)`(?: and \d+ more tests?)?(?: in \S+)? pass\b/i;
/** A kind that names no kind of thing: the list it goes to names the work. */
const GENERIC = /^(entries|entry|items?|ones?|lines?|rows?)$/i;
const TO_LIST = /\bto the (.+?)(?:\s+(?:in|of)\s+\S+)?$/i;
/** A title that adds an instance. */
const ADDS = /\b(add|adds|added|adding|implement|implements|implemented|implementing|support|supports|introduce|introduces|introduced|new)\b/i;
const IMPLEMENTS = /\b(implement|implements|implemented|implementing|impl)\b/i;
const LINTERS = /\b(clippy|eslint|golangci(?:-lint)?|ruff|flake8|pylint|biome|oxlint|staticcheck|revive)\b/gi;

/** The task line a family's title states, or null. `paths`: the family's own paths. */
export function taskLine(title: string, paths: readonly string[], symbols: readonly string[] = []): TaskLine | null {
  const t = title.trim();
  const make = MAKE_PASS.exec(t);
  if (make) return { kind: 'test', names: [...new Set([make[1]!, ...symbols].map((n) => n.trim().toLowerCase()).filter((n) => n.length > 0))] };
  const trait = TRAIT.exec(t);
  if (trait) return isCompoundName(trait[1]!) ? { kind: 'trait', symbol: trait[1]! } : null;
  const lint = LINT.exec(t);
  if (lint) return { kind: 'lint', linter: linterName(lint[1]!) };
  const files = paths.filter((p) => isFile(p) && t.includes(p));
  if (files.length === 0) return null;
  const list = LIST.exec(t);
  if (list) return instance(list[1]!, files);
  const more = MORE.exec(t);
  if (!more) return null;
  if (!GENERIC.test(more[1]!)) return instance(more[1]!, files);
  const to = TO_LIST.exec(more[2]!);
  return to ? instance(to[1]!, files) : null;
}

function instance(what: string, files: readonly string[]): TaskLine | null {
  const words = [...topicWords(what).keys()];
  return words.length === 0 ? null : { kind: 'instance', what: what.toLowerCase(), words, files };
}

/** The change does one instance of the task line: its evidence, or null. */
export function doesTaskLine(
  line: TaskLine,
  item: { title: string; titleWords: ReadonlySet<string>; identifiers: ReadonlySet<string>; added: ReadonlySet<string>; paths: readonly string[]; removal: boolean; rewording: boolean },
): string | null {
  if (line.kind === 'test') {
    const name = line.names.find((n) => item.added.has(`unskipped:${n}`));
    return name === undefined ? null : `runs \`${name}\` again (its diff takes its skip off)`;
  }
  if (item.removal || item.rewording) return null;
  if (line.kind === 'instance') {
    if (!ADDS.test(item.title) || !line.words.every((w) => item.titleWords.has(w))) return null;
    const file = line.files.find((f) => item.paths.includes(f));
    return file === undefined ? null : `adds one more of its ${line.what} in ${file}, which its title names`;
  }
  if (line.kind === 'trait') {
    return IMPLEMENTS.test(item.title) && item.title.includes(line.symbol) ? `implements \`${line.symbol}\` for one more type` : null;
  }
  const named = [...item.title.matchAll(LINTERS)].map((m) => linterName(m[1]!));
  if (named.length > 0 && !named.includes(line.linter)) return null;
  return /\b(lint|lints|linter|linting)\b/i.test(item.title) || named.length > 0 ? `does its ${line.linter} lint work` : null;
}

function linterName(name: string): string {
  const n = name.toLowerCase();
  return n.startsWith('golangci') ? 'golangci-lint' : n;
}

/** A file, not a folder: a basename with an extension or a dotfile (.gitmodules). */
function isFile(path: string): boolean {
  const base = path.slice(path.lastIndexOf('/') + 1);
  return /\.[A-Za-z0-9]+$/.test(base);
}

function isCompoundName(name: string): boolean {
  return /_|\.|[a-z0-9][A-Z]|[A-Z]{2}[a-z]/.test(name) && /[A-Za-z]{2}/.test(name);
}
