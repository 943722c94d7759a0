import { CatFile } from './cat-file.js';
import { unskippedTests } from './unskipped-tests.js';
import { nativeGitdir } from './git-binary.js';
import { runGitWithInput } from './git-process.js';
import { dependenciesRemovedBy } from '../text/manifest-dependencies.js';
import { fileVersions, RUNTIME_FILE } from '../text/runtime-declarations.js';

/**
 * What a change did, beyond its title: the identifiers on the lines its diff
 * against its first parent adds (`parse_args`, `SSLContext`, `--no-color`,
 * `click.echo`), read from the clone for the judges (src/validate reads no
 * git; judges get these as `JudgeRequest.added`).
 *
 * How: each commit's first parent from its commit object, then one
 * `git diff-tree --stdin` for every (commit, parent) pair, then the old and
 * new blob of each changed file through one `git cat-file --batch`. A line
 * is added when the new blob has it more often than the old one (a multiset
 * difference of lines: no diff algorithm, the same lines a diff adds but for
 * moved lines, which count as kept); an identifier is added when the commit's
 * added lines name it more often than its removed lines, over all its files
 * (addedIdentifiers: renames, moves and rewritten lines bring nothing in). Tolerant by design: a commit the clone
 * lacks, a blob a partial clone lacks (either side), a binary or huge file
 * is skipped, never fetched and never an error; without a usable git binary,
 * or for a path that is no repository, nothing is read. Deterministic: the
 * identifiers of an item are distinct, sorted, at most MAX_IDENTIFIERS.
 */

/** Files read per commit (in diff-tree's path order): a wide change says what it did in its first files as well. */
export const MAX_FILES = 100;
/** A blob larger than this is not read (generated files, vendored bundles). */
export const MAX_BLOB_BYTES = 512 * 1024;
/** Identifiers kept per commit. */
export const MAX_IDENTIFIERS = 4_000;

const ZERO = /^0+$/;
const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';

/**
 * Identifiers a line of code or prose names, lower-cased, 4 to 60
 * characters, not starting with a digit: words and snake_case names, dotted
 * names whole and by part, CLI flags.
 */
export function lineIdentifiers(line: string, into: Set<string>): void {
  for (const m of line.matchAll(/--[a-z][\w-]*|[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*/g)) {
    const whole = m[0].toLowerCase();
    const add = (id: string) => {
      if (id.length >= 4 && id.length <= 60) into.add(id);
    };
    add(whole);
    if (whole.includes('.')) for (const part of whole.split('.')) add(part);
  }
}

/** The lines of `next` that `prev` has fewer times (what a diff from prev to next adds, moved lines aside). */
export function addedLines(prev: string, next: string): string[] {
  const count = new Map<string, number>();
  for (const line of prev.split('\n')) count.set(line, (count.get(line) ?? 0) + 1);
  const out: string[] = [];
  for (const line of next.split('\n')) {
    const n = count.get(line) ?? 0;
    if (n > 0) count.set(line, n - 1);
    else if (line.trim() !== '') out.push(line);
  }
  return out;
}

/**
 * The identifiers a commit brings in: those on more of the lines its changed
 * files have after it than before, counted over all its files together
 * (`[before, after]` texts; '' for an added or deleted file). A line it
 * rewrites keeps the identifiers it had (an import given a `node:` prefix
 * adds no `AsyncLocalStorage`), and code it moves — a renamed file, a
 * function moved to another module — adds nothing: only what the change
 * uses more than before. Sorted.
 */
export function addedIdentifiers(files: readonly ChangedText[]): string[] {
  const count = new Map<string, number>();
  const tally = (text: string, by: number) => {
    for (const line of text.split('\n')) {
      const ids = new Set<string>();
      lineIdentifiers(line, ids);
      for (const id of ids) count.set(id, (count.get(id) ?? 0) + by);
    }
  };
  for (const [prev, next] of files) {
    // Lines kept as they were cancel out; only the lines that differ are read.
    const added = addedLines(prev, next);
    const removed = addedLines(next, prev);
    tally(added.join('\n'), 1);
    tally(removed.join('\n'), -1);
  }
  return [...count].filter(([, n]) => n > 0).map(([id]) => id).sort();
}

/**
 * Lines that define a name, and where the name is (group 1): a function, method, class, struct, enum, trait,
 * interface, module, type alias or constant, in the languages of the eval repositories (Python, Rust, Go,
 * JavaScript/TypeScript, and the def/class/fun/func forms of Ruby, Elixir, Kotlin and Swift). A local `let` or `var`
 * inside a body is no definition (column 0 only); an assignment, a call, an `impl X for Y`, a dict key or an import
 * is a use.
 */
const MODIFIER = String.raw`(?:(?:pub(?:\([^)]*\))?|export|default|declare|abstract|async|unsafe|extern(?:\s+"[^"]*")?|public|private|protected|internal|final|sealed|open|data|static|override|inline|suspend)\s+)*`;
const DEFINITIONS: readonly RegExp[] = [
  /^\s*(?:async\s+)?def[pm]?\s+(?:self\.)?([A-Za-z_]\w*)/,
  new RegExp(String.raw`^\s*${MODIFIER}(?:class|struct|enum|trait|interface|module|object|protocol|union)\s+([A-Za-z_]\w*)`),
  new RegExp(String.raw`^\s*${MODIFIER}(?:const\s+)?(?:fn|fun|func|function\*?)\s+([A-Za-z_$][\w$]*)`),
  /^func\s+\([^)]*\)\s*([A-Za-z_]\w*)/,
  new RegExp(String.raw`^\s*${MODIFIER}type\s+([A-Za-z_]\w*)\s*(?:<[^>]*>|\[[^\]]*\])?\s*(?:=|(?:struct|interface|func)\b|[\w.*]+\s*$)`),
  new RegExp(String.raw`^\s*${MODIFIER}(?:const|static)\s+(?:mut\s+)?([A-Za-z_]\w*)\s*:`),
  /^(?:export\s+)?(?:declare\s+)?(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*[:=]/,
  /^\s*macro_rules!\s+(\w+)/,
  /^([A-Z][A-Z0-9]*_[A-Z0-9_]*)\s*(?::[^=]+)?=(?!=)/,
];
/** A test's name in a JavaScript suite: `test('…')`, `it.each(…)('…')`, `describe('…')`: its words are what the test is of. */
const TEST_CASE = /^\s*(?:it|test|describe)(?:\.\w+)*\(\s*(['"`])(.+?)\1/;
/** A line declaring a command-line option (`@click.option("--no-color")`, `parser.add_argument("--retries")`): its flags are defined there. */
const OPTION_LINE = /\b(?:option|argument|flag|arg)s?\w*\s*\(/i;

/** A documentation file: its code blocks are examples, they define nothing of the project. */
const DOC_FILE = /\.(md|mdx|rst|txt|adoc)$/i;
/** A test file: the functions it defines are its tests (names of what they test); its constants and classes are fixtures. */
const TEST_FILE = /(^|\/)(tests?|__tests__|spec|testing)\/|[._-](test|spec)\.[a-z]+$|(^|\/)test_[^/]*$|_tests?\.[a-z]+$/i;
/** The definitions of functions (def, fn, func, function): in a test file, the tests. */
const FUNCTION_DEFINITIONS = new Set([0, 2, 3]);

/** The names a line of code defines (DEFINITIONS, test names, declared flags), lower-cased, into `into`; in a test file, its test names only. */
export function lineDefinitions(line: string, into: Set<string>, inTest = false): void {
  for (const [i, re] of DEFINITIONS.entries()) {
    if (inTest && !FUNCTION_DEFINITIONS.has(i)) continue;
    const name = re.exec(line)?.[1];
    if (name !== undefined && name.length >= 4 && name.length <= 60) into.add(name.toLowerCase());
  }
  const test = TEST_CASE.exec(line)?.[2];
  if (test !== undefined) lineIdentifiers(test, into);
  if (OPTION_LINE.test(line)) for (const m of line.matchAll(/(?<![\w-])--[a-z][\w-]*/g)) into.add(m[0].toLowerCase());
}

/**
 * The names a commit defines: those its added lines define more often than its removed lines, over all its files
 * (`[before, after, path]`, as addedIdentifiers; none in a docs file, only the tests of a test file). A definition moved to another file, or a function renamed back,
 * defines nothing; a call site, an import, a dict key or a docs line naming a symbol defines nothing either:
 * what a change uses is no sign of what it is about (a lint pass, a rename, a test using `TestClient`). With them,
 * two kinds of entry no identifier looks like: `removed:<name>` for a name whose definitions it removes (more
 * removed than added), `dropped:<name>` for a name its lines name less often after it than before (tallyNames), and `runtime:+python:3.13` / `runtime:-python:3.8` for a runtime version its runtime
 * declarations (CI matrices, requires-python, classifiers, engines, go.mod) gain or lose (src/validate/judges/pending.ts
 * reads them), and `dependency:-<name>` for a runtime dependency it removes from a manifest (package.json, Cargo.toml,
 * pyproject.toml, setup.cfg, go.mod: src/text/manifest-dependencies.ts dependenciesRemovedBy; not a version bump, not
 * a development dependency), and `unskipped:<test name>` for a test of a test file skipped (or expected to fail)
 * before it and run after it (unskipped-tests.ts), and `edited:<name>` for a name whose definition line it rewrites (a
 * line defining it removed and one added in the same file, outside test files: src/validate/judges/quoted-definitions.ts). Sorted.
 */
export function definedIdentifiers(files: readonly ChangedText[]): string[] {
  const count = new Map<string, number>();
  const versions = new Map<string, number>();
  const named = new Map<string, number>();
  const unskipped = new Set<string>();
  // Per file: a definition moved to another file is no rewrite of it.
  let onAdded = new Set<string>();
  let onRemoved = new Set<string>();
  const edited = new Set<string>();
  const tally = (lines: readonly string[], by: number, inTest: boolean) => {
    for (const line of lines) {
      const ids = new Set<string>();
      lineDefinitions(line, ids, inTest);
      for (const id of ids) {
        count.set(id, (count.get(id) ?? 0) + by);
        if (!inTest) (by > 0 ? onAdded : onRemoved).add(id);
      }
    }
  };
  for (const [prev, next, path] of files) {
    if (path !== undefined && DOC_FILE.test(path)) continue;
    const inTest = path !== undefined && TEST_FILE.test(path);
    const added = addedLines(prev, next);
    const removed = addedLines(next, prev);
    onAdded = new Set();
    onRemoved = new Set();
    tally(added, 1, inTest);
    tally(removed, -1, inTest);
    for (const id of onAdded) if (onRemoved.has(id)) edited.add(id);
    tallyNames(added, 1, named);
    tallyNames(removed, -1, named);
    // A test skipped before and run after: `unskipped:<name>` (unskipped-tests.ts).
    if (inTest) for (const name of unskippedTests(prev, next)) unskipped.add(name);
    // A version is added when the file names it after and not before (a job moved to 3.13 when the matrix had it is
    // no new version), dropped when it names it before and not after.
    if (path !== undefined && RUNTIME_FILE.test(path) && (added.length > 0 || removed.length > 0)) {
      const context = `${prev}\n${next}`;
      const before = fileVersions(prev, context);
      const after = fileVersions(next, context);
      for (const v of after) if (!before.has(v)) versions.set(v, (versions.get(v) ?? 0) + 1);
      for (const v of before) if (!after.has(v)) versions.set(v, (versions.get(v) ?? 0) - 1);
    }
  }
  const out = [...count].flatMap(([id, n]) => (n > 0 ? [id] : n < 0 ? [`removed:${id}`] : []));
  // A definition line the change rewrites (removed and added again, its name kept): `edited:<name>` (a fix of what
  // that definition says: `pub const BAT_THEME_DARK: &str = "BAT_THEME"` made `= "BAT_THEME_DARK"`).
  for (const id of edited) out.push(`edited:${id}`);
  for (const [v, n] of versions) if (n !== 0) out.push(`runtime:${n > 0 ? '+' : '-'}${v}`);
  for (const name of dependenciesRemovedBy(files)) out.push(`dependency:-${name}`);
  for (const name of unskipped) out.push(`unskipped:${name}`);
  const dropped = [...named].filter(([, n]) => n < 0).sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1));
  for (const [id] of dropped.slice(0, MAX_DROPPED)) out.push(`dropped:${id}`);
  return out.sort();
}

/**
 * Names a change's code lines name less after it than before: `dropped:<name>` entries of definedIdentifiers (a
 * deprecated argument taken out of every signature and call: httpx's `app`). Read from code and test files, not docs
 * pages; 3 to 60 characters (`app`), at most MAX_DROPPED per commit, the most removed first.
 */
export const MAX_DROPPED = 400;

function tallyNames(lines: readonly string[], by: number, into: Map<string, number>): void {
  for (const line of lines) {
    const ids = new Set<string>();
    for (const m of line.matchAll(/--[a-z][\w-]*|[A-Za-z_][A-Za-z0-9_]*/g)) if (m[0].length >= 3 && m[0].length <= 60) ids.add(m[0].toLowerCase());
    for (const id of ids) into.set(id, (into.get(id) ?? 0) + by);
  }
}

/**
 * What was read of one clone, kept across calls (a study reads the same
 * window once per forecaster and judge): a commit's identifiers, or null for
 * a commit the clone cannot read. Each commit's entry depends only on that
 * commit and its first parent, so a memo never changes an answer.
 */
export type AddedIdentifiersMemo = Map<string, string[] | null>;

/**
 * For each commit of `shas` the clone at `repoPath` can read: the sorted
 * identifiers its diff against its first parent adds. Commits it cannot
 * read are left out (no entry); an entry may be empty. With `memo` (one per
 * clone), commits read before are not read again.
 */
export async function readAddedIdentifiers(repoPath: string, shas: readonly string[], memo?: AddedIdentifiersMemo, read: DiffReader = addedIdentifiers): Promise<Map<string, string[]>> {
  const valid = [...new Set(shas.filter((s) => /^[0-9a-f]{40}$/.test(s)))];
  if (!memo) return readUnread(repoPath, valid, read);
  const unread = valid.filter((s) => !memo.has(s));
  if (unread.length > 0) {
    const got = await readUnread(repoPath, unread, read);
    // A diff-tree that failed reads nothing at all: not remembered, so the next call tries again as it would without a memo.
    if (got.size > 0) for (const sha of unread) memo.set(sha, got.get(sha) ?? null);
  }
  const out = new Map<string, string[]>();
  for (const sha of valid) {
    const ids = memo.get(sha);
    if (ids) out.set(sha, ids);
  }
  return out;
}

/** A changed file: its text before and after the commit ('' for an added or deleted file), and its path when known. */
export type ChangedText = readonly [before: string, after: string, path?: string];
/** What is read of a commit's changed files: addedIdentifiers or definedIdentifiers. */
export type DiffReader = (files: readonly ChangedText[]) => string[];

/**
 * For each commit of `shas` the clone can read: the sorted names its diff defines (definedIdentifiers), what the
 * judges take as what a change did (`JudgeRequest.added`). A memo must be used with one reader only.
 */
export function readDefinedIdentifiers(repoPath: string, shas: readonly string[], memo?: AddedIdentifiersMemo): Promise<Map<string, string[]>> {
  return readAddedIdentifiers(repoPath, shas, memo, definedIdentifiers);
}

async function readUnread(repoPath: string, wanted: readonly string[], read: DiffReader): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  const gitdir = wanted.length === 0 ? null : await nativeGitdir(repoPath);
  if (gitdir === null) return out;
  const cat = new CatFile(gitdir);
  try {
    const pairs: string[] = [];
    const commits = await Promise.all(wanted.map((sha) => cat.read(sha)));
    for (const [i, sha] of wanted.entries()) {
      const commit = commits[i];
      if (commit?.type !== 'commit') continue;
      const parent = /^parent ([0-9a-f]{40,64})$/m.exec(commit.bytes.toString('latin1').split('\n\n', 1)[0]!)?.[1];
      pairs.push(parent ? `${sha} ${parent}` : sha);
      out.set(sha, []);
    }
    if (pairs.length === 0) return out;
    let raw: Buffer;
    try {
      raw = await runGitWithInput(gitdir, ['diff-tree', '--stdin', '--root', '-r', '-z', '--raw', '--no-renames'], `${pairs.join('\n')}\n`);
    } catch {
      return new Map();
    }
    for (const [sha, files] of changedBlobs(raw)) {
      // One commit's blobs in flight at once (cat-file answers in order), never a whole window's.
      const texts = await Promise.all(
        files.slice(0, MAX_FILES).map((f) =>
          Promise.all([f.old === null ? Promise.resolve('') : readText(cat, f.old), f.new === null ? Promise.resolve('') : readText(cat, f.new)]).then(([before, after]) => [before, after, f.path] as const),
        ),
      );
      out.set(sha, read(texts.filter((t): t is readonly [string, string, string] => t[0] !== null && t[1] !== null)).slice(0, MAX_IDENTIFIERS));
    }
    return out;
  } finally {
    await cat.close();
  }
}

interface ChangedBlob {
  /** The blob before, null for an added file. */
  old: string | null;
  /** The blob after, null for a deleted file (what it held may have moved elsewhere in the commit). */
  new: string | null;
  path: string;
}

/** `diff-tree --stdin -z --raw` output: each commit's id, then its changed files; submodules left out. */
function changedBlobs(raw: Buffer): Map<string, ChangedBlob[]> {
  const fields = raw.toString('latin1').split('\0');
  const out = new Map<string, ChangedBlob[]>();
  let current: ChangedBlob[] | null = null;
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i]!.replace(/^\n+/, '');
    if (/^[0-9a-f]{40,64}$/.test(field)) {
      current = [];
      out.set(field, current);
      continue;
    }
    const m = /^:(\d{6}) (\d{6}) ([0-9a-f]+) ([0-9a-f]+) ([A-Z])\d*$/.exec(field);
    if (!m || !current) continue;
    const path = fields[++i] ?? '';
    const [, , mode, before, after, status] = m;
    if (mode === '160000' || after === EMPTY_TREE || (ZERO.test(before!) && ZERO.test(after!))) continue;
    current.push({ old: ZERO.test(before!) ? null : before!, new: status === 'D' || ZERO.test(after!) ? null : after!, path });
  }
  return out;
}

/** A blob as text; null when missing, binary or too large to read. */
async function readText(cat: CatFile, oid: string): Promise<string | null> {
  const blob = await cat.read(oid);
  if (blob?.type !== 'blob' || blob.bytes.length > MAX_BLOB_BYTES || blob.bytes.includes(0)) return null;
  return blob.bytes.toString('utf8');
}
