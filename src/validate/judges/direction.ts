import type { TaskFamily } from '../../family/model.js';
import type { WorkItem } from '../../sources/model.js';
import { workKind } from '../../sources/work-kind.js';
import { compareText } from '../../text/order.js';
import { contentWords, isActionWord, stem } from '../../text/tokens.js';
import { continuedRuntime, quotedRuntimeLine } from './runtime-line.js';
import { pendingMatch, pendingReading, pendingTask, type PendingReading, type PendingTask } from './pending.js';
import { actAndArea, AREA_NOUNS, cutList, isVagueTitle, listedText, listedWords, plainlyDoes, specificObjects } from './vagueness.js';
import { dropsDependency } from './dependency-line.js';
import { listedCheckerLines, sharedCheckerLine, titleCheckerLines, type CheckerLine } from './checker-lines.js';
import { continuedRemoval, droppedNames, removedNames } from './removal-line.js';
import type { QuotedFiles } from './quoted-files.js';
import { rewrittenQuotedDefinition } from './quoted-definitions.js';
import { asksForMore, removesInstance } from './addition-line.js';
import { doesTaskLine, taskLine, type TaskLine } from './task-line.js';
import { bodyExcerpt, FAMILY_BOILERPLATE, familyPaths, familyTopicWords, predictionText, sharedWords, topicWords, type TopicWords } from './shared.js';

/**
 * Related by direction, not area (../shared/judging-rules.md): a later change
 * may make a family related or strong only when it shares a *specific*
 * direction with it, never on the same area plus the same kind of work. A
 * shared direction is one of:
 * - a phrase: at least two of the family's topic words (what is done to
 *   what: "retry … backoff", "zsh … completion"), or one with the same
 *   specific act (both deprecate, remove, rename, replace, migrate, split,
 *   extract or drop the same thing); from a change outside the family's area
 *   (it touches none of its paths, nor a file or folder named like one of
 *   them, as the area's tests are), two shared words are not enough: three,
 *   or a shared act, symbol or issue (most such pairs share two words of a
 *   past title the family quotes, and people reject them);
 * - a symbol the family names (a target-hint symbol, or an identifier in its
 *   words: `parse_args`, `SSLContext`, `--no-color`) that the change names in
 *   its title or body, in a changed file's name, or among the names its diff
 *   defines (a def, fn, func, class, struct, type, const, a new test: where
 *   the clone has them; a call site, an import or a docs line is a use, no
 *   direction); a plain-word symbol (`main`,
 *   `router`) only from a change in the family's area;
 * - an issue the family names (#123) that the change names or is.
 * A pending-work family ("Drop support for Python 3.8", "Add Python 3.13 to
 * the test matrix", "Remove `x` deprecated for removal in 9.0") has a
 * direction only by its task (pending.ts): done (strong) or its line
 * continued (related).
 * A vague family (fewer than two topic words, no symbol, no issue: an area
 * and loose words) has a direction with a change only when the change
 * plainly does what its words say: every topic word shared, the same kind of
 * work. Releases, branch merges, translations, chores and bot work share no
 * direction with anything (src/sources/work-kind.ts).
 */

/**
 * The version of the direction rules (this file and vagueness.ts). A judge
 * that picks or labels by them records it, so a change to the rules makes its
 * stored validations differ: the llm judge picks its candidates by them
 * (direction-v2: vague families; direction-v3: out-of-area phrases need three
 * words; direction-v4: a plain-word symbol only in the family's area;
 * direction-v5: a test file's name is area, not a symbol; a change doing a
 * one-piece title's object in its area, or editing the file its title names,
 * does the work; direction-v6: a symbol from the diff only where the diff
 * defines it, src/git/added-identifiers.ts definedIdentifiers; direction-v7:
 * a pending-work family's direction is its task, pending.ts; direction-v8: an
 * act-and-area title is related to a change only by the docs page it names, vagueness.ts actAndArea;
 * direction-v9: a list-shaped title's direction shares a word it lists, or takes up a title it quotes whole, and
 * its quoted symbols count only in its area; what the work before T0 touched is no prediction, shared.ts;
 * direction-v10: a title naming a page as a list, "… to the ECOSYSTEM list in ECOSYSTEM.md", names that page
 * whatever its name's length, so an entry added there does its work; direction-v11: a change in a list-shaped
 * family's files taking up a title it quotes, whole (two words of it beyond the family's paths), does that work
 * (strong), and a typo or spelling fix shares no direction with a family that predicts none; direction-v12: a change
 * outside a list-shaped family's files, in the files of the pre-T0 work it quotes, continues that work (related) when
 * its title names a rare word the family lists, and it is not another kind of work nor a wording pass; direction-v13:
 * a change whose title does a checker's work (pyright, mypy, typing; clippy, eslint, lint) continues a list-shaped
 * family listing that checker's line, in its area or the quoted work's files, whatever its kind: checker-lines.ts;
 * direction-v14: a change whose diff takes out the name a title the family quotes deprecates or removes continues it,
 * removal-line.ts, and a list-shaped family's symbol counts from a diff only when a word it lists is part of it;
 * direction-v15: a change whose title removes, drops, deletes or deprecates shares no direction with a family asking
 * for one more instance, and such a family's added kind stays a topic word though a path is named like it:
 * addition-line.ts); direction-v16: a dependency-removal family ("Remove more runtime dependencies like …") is done by a
 * change whose diff removes a runtime dependency from a manifest (`dependency:-<name>`, pending.ts), continued by one
 * whose title removes a dependency where no diff was read, or replaces a use with the standard library or the platform
 * ("Replace futures_util::pin_mut with std::pin::pin"); a version bump or a development dependency removed is neither);
 * direction-v17: words only a title the family quotes holds (not its title, criteria or hints) count toward no shared
 * phrase, unless the change takes up that title whole (FamilyDirection.quotedOnly); direction-v18: a folder or file of
 * the family's own paths (`clap_lex`) is no symbol it names; direction-v19: a title replacing a use with the standard
 * library or the platform continues a dependency-removal family only when it names what it replaces (pending.ts);
 * direction-v20: the stock clauses of a family's expected behaviour and criteria that say how any change is checked
 * ("Every test that passed before the change still passes", "its examples run as shown") are no topic words
 * (shared.ts CHECK_CLAUSES); direction-v21: a change whose title starts as a past title the family quotes starts, when
 * that head holds a word the family's title lists ("Add benchmarks for cached properties" after "Add benchmarks for
 * asdict and astuple"), continues that line (related; FamilyDirection.quotedHeads); direction-v22: a change whose
 * title adds, drops or requires another version of a runtime whose version line the family quotes ("add Go 1.26 to CI
 * flow" after "Use Go 1.25 in CI") continues it (related, only where nothing else is shared; runtime-line.ts).
 * direction-v23: a linter's work in a fix or restructuring family's own files, the family listing that linter, does its
 * work (strong; judges40 rule C). direction-v26 (judges49; v24 and v25 were measured on branches and not merged): a
 * list-shaped family's one shared rare word is a direction only when a past title it quotes has it too
 * (FamilyDirection.quotedLine).
 * direction-v27 (judges50, with v26): a task-line title ("Add more filters like … in
 * defaults.rs", "Add or update sponsors in the sponsors list of README.md", "Implement `Trait` for more types like …",
 * "Fix the warnings of new clippy lints like …") is done by a change adding one more of its kind at the file it names,
 * implementing that trait, or doing that linter's work; "Make `test name` pass" by a change whose diff takes that
 * test's skip off (task-line.ts, src/git/unskipped-tests.ts).
 * direction-v28 (judges76, issue 16): a list-shaped family's quoted work, a definition of which the change rewrites
 * (a compound name, a part of it a word the family lists and the quoted title names), is continued: related
 * (quoted-definitions.ts; the quoted work's names are JudgeRequest.quotedDefines, the rewrite an `edited:` entry).
 */
export const DIRECTION_RULES = 'direction-v28';

/** What of a family a direction can rest on, computed once per family. */
export interface FamilyDirection {
  words: TopicWords;
  /**
   * Its topic words (as `words` prints them) that only the past titles it quotes ("continuing "…" and "…"") hold: not
   * its title, the rest of its expected behaviour, its criteria or its hints. They say what its evidence did, not what
   * it predicts, so they never count toward a shared phrase.
   */
  quotedOnly: ReadonlySet<string>;
  /**
   * The heads of the past titles it quotes ("continuing …") that hold a word its title lists: their first two words,
   * lower-cased, a plural s cut ("sponsors: add Privacy Solutions": "sponsor add"; titleHead).
   */
  quotedHeads: readonly string[];
  /**
   * Its topic words (as `words` prints them) that a past title it quotes holds (synonym-mapped, by stem); null when it
   * quotes none. A list-shaped family's one listed word is its line only when the line it quotes has it too
   * (direction-v26, judges49): hotspot and random-anchor titles list words of other evidence as well.
   */
  quotedLine: ReadonlySet<string> | null;
  /** Lower-cased identifiers the family names, by their lower-cased form. */
  symbols: ReadonlySet<string>;
  /**
   * Those of its symbols specific enough to find in code: compound names
   * (`parse_args`, `RetryPolicy`, `click.echo`, `--no-color`), not plain
   * words (`echo`, `Context`) that most diffs of the project add somewhere.
   */
  specific: ReadonlySet<string>;
  /** Basenames of the family's own paths (a change touching them is in its area, which is no direction). */
  ownFiles: ReadonlySet<string>;
  /** Lower-cased last parts of its paths, without extension, that name something ("vanilla" for src/vanilla, not "src"). */
  areaNames: ReadonlySet<string>;
  issues: ReadonlySet<number>;
  /** Stems of specific acts the family predicts (deprecate, remove, rename...). */
  acts: ReadonlySet<string>;
  vague: boolean;
  /** The family's kind of work (its category). */
  kind: TaskFamily['category'];
  /** Stems of the words its title lists ("…: choice, expand, generic"; src/validate/judges/vagueness.ts). */
  listed: readonly string[];
  /**
   * Its topic words (as `words` prints them) that its title lists, synonym-mapped as topic words are ("conf" gives
   * configuration); null when its title lists none. A list-shaped title's objects are these words: the words of the
   * past titles it quotes ("continuing …") and of its criteria are what it was based on.
   */
  listedTopics: ReadonlySet<string> | null;
  /** Stems of the topic words of each past title it quotes ("continuing "Fix `cargo hack` warnings" and …"), two or more each. */
  quoted: readonly ReadonlySet<string>[];
  /**
   * Stems of the object of a one-piece title ("Document triage role and team in docs/": triage, role, team); empty
   * when the title is vague, lists words or names fewer than two object words.
   */
  objects: readonly string[];
  /** Basenames (no extension) of its own files that its title names by their words ("projects using cobra": projects_using_cobra). */
  namedFiles: ReadonlySet<string>;
  /** The pending task its title states ("Drop support for Python 3.8", "Remove `x` deprecated for removal in 9.0"; pending.ts), or null. */
  pending: PendingTask | null;
  /**
   * Runtimes whose supported versions a title it quotes changes ("continuing "Use Go 1.25 in CI"", "Add support for
   * Python 3.12", "Go 1.25 support"), where the family stands on that line: it lists the runtime, or its paths are
   * where runtime versions are declared (CI workflows, go.mod, pyproject.toml, package.json, Makefile, …). Empty
   * otherwise (runtime-line.ts).
   */
  runtimeLine: ReadonlySet<string>;
  /**
   * Its title is an act and an area only ("Fix the next reported defects in src/x", "Extend the README page in
   * README.md"; vagueness.ts actAndArea): no shared file, word or symbol relates a change to it, only doing the
   * piece of work its title names: an entry on the docs page it names by a name of two or more words (namedPages).
   */
  actArea: boolean;
  /** Those of namedFiles that are documentation pages (a list page the title names: `projects_using_cobra`). */
  namedPages: ReadonlySet<string>;
  /**
   * Its title states missing work: "Support X", "Implement X", "Make X …" (a statement of missing support or a known
   * failure). Its object is the work, so one word of it shared is no direction: "Support list types with complex
   * sub-types" is not continued by a change that only "shares types".
   */
  stated: boolean;
  /** The checker lines its title's list names (typing, lint; checker-lines.ts). */
  checkers: ReadonlySet<CheckerLine>;
  /** It asks for one more instance of what its changes added ("Add more syntaxes like …"; addition-line.ts). */
  more: boolean;
  /** A title it quotes removes a dependency ("Remove Object.setPrototypeOf polyfill"; dependency-line.ts). */
  dropsDependency: boolean;
  /** The names the titles it quotes deprecate or remove ("Deprecate `app=...`": app; removal-line.ts). */
  removes: ReadonlySet<string>;
  /** The task line its title states (task-line.ts): one more instance at a file it names, a trait, a linter's lints. */
  task: TaskLine | null;
}

/** What of a later change a direction can rest on, computed once per change. */
export interface ItemDirection {
  words: TopicWords;
  /** Lower-cased identifiers in its title and body. */
  identifiers: ReadonlySet<string>;
  /** Lower-cased names its diff defines, where the clone has them (src/git/added-identifiers.ts definedIdentifiers); empty otherwise. */
  added: ReadonlySet<string>;
  /** Lower-cased basenames (no extension) of the files it changed. */
  files: ReadonlySet<string>;
  /** The paths it changed, as given. */
  paths: readonly string[];
  /** Lower-cased parts of its changed paths, extensions and `.test`/`.spec` cut ("tests/vanilla/shallow.test.tsx": tests, vanilla, shallow). */
  pathParts: ReadonlySet<string>;
  issues: ReadonlySet<number>;
  acts: ReadonlySet<string>;
  /** Null when it does work; else why not ("branch merge"). */
  notWork: string | null;
  /** A wording pass (typo, spelling, docstring, comments) or docs-only change: its words are not its purpose. */
  wording: boolean;
  /** Its title says it rewords (typos, spelling, docstrings, comments, grammar, wording), whatever files it changed. */
  rewording: boolean;
  /**
   * A typo or spelling fix (its title says so, or a title naming only a file, "Update command.go", whose body's first
   * line does: "Fix spelling in the help output."): the words it corrects are not work, so it shares no direction
   * with a family that does not predict such fixes (../shared/judging-rules.md: typo fixes are chores).
   */
  typo: boolean;
  /** Stems of its title's topic words. */
  titleWords: ReadonlySet<string>;
  /** Its title's first two words (titleHead). */
  head: string | null;
  /** It changes only documentation and CI files: no code, so its feature/bugfix/refactor kind says little. */
  noCode: boolean;
  /** What it did to runtime versions and definitions (pending.ts). */
  pending: PendingReading;
  /** Its title and body excerpt, lower-cased (a pending removal's plain-word subject: "Remove `name` …"). */
  text: string;
  /** The checker lines its title says it works on (checker-lines.ts). */
  checkers: ReadonlySet<CheckerLine>;
  /** Its title removes a dependency (dependency-line.ts). */
  dropsDependency: boolean;
  /** Names its diff takes out of the code (`dropped:` entries of its added identifiers; removal-line.ts). */
  dropped: ReadonlySet<string>;
  /** Its title's act is a removal: remove, drop, delete, deprecate (addition-line.ts). */
  removal: boolean;
  /** Its title, as given. */
  title: string;
}

/** The shared direction of a pair: what it rests on, in words a reason can print; empty when none. */
export interface SharedDirection {
  holds: boolean;
  /** It rests on a symbol or an issue the family names. */
  named: boolean;
  /** "shares retry, backoff", "names `parse_args`", "names #123", "both deprecate timeout". */
  evidence: string[];
  /** The change may be strong: the family names a piece of work, or the change plainly does what its words say (vagueness.ts). */
  plain: boolean;
  /**
   * The change does what the family names: it does the object of a one-piece title in the family's area, or edits the
   * file the title names, and is the family's kind of work or close to it. Strong, whatever the similarity.
   */
  does: boolean;
  /** Which reading of the pair it rests on (DirectionBasis): what a study reads (src/validate/semantic/evidence.ts), never what labels it. */
  basis: DirectionBasis;
}

/**
 * The reading a shared direction rests on, the first that holds in `directionOf`'s order: a task line done, a pending
 * task, an act-and-area page, a change doing the family's named work (`does`: the file its title names, its lint line,
 * a quoted title taken up, its title's objects), a named symbol, a name its diff defines, an issue, a phrase of shared
 * words, a quoted work's files, a quoted title's head, a checker line, a dependency or removal line, a runtime line.
 */
export type DirectionBasis =
  | 'none' | 'task' | 'pending-does' | 'pending-line' | 'act-area' | 'does-file' | 'does-lint' | 'does-taken' | 'does-objects'
  | 'symbol' | 'diff' | 'issue' | 'phrase' | 'quoted-files' | 'quoted-definition' | 'quoted-head' | 'checker' | 'dependency' | 'removal' | 'runtime';

const ACT = /\b(deprecat\w*|remov\w*|renam\w*|replac\w*|migrat\w*|split\w*|extract\w*|drop\w*|delet\w*|inlin\w*|revert\w*)\b/gi;
const ACT_STEM: Record<string, string> = { deprecat: 'deprecate', remov: 'remove', renam: 'rename', replac: 'replace', migrat: 'migrate', split: 'split', extract: 'extract', drop: 'drop', delet: 'remove', inlin: 'inline', revert: 'revert' };

function actsOf(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(ACT)) {
    const w = m[1]!.toLowerCase();
    const key = Object.keys(ACT_STEM).find((k) => w.startsWith(k));
    if (key) out.add(ACT_STEM[key]!);
  }
  return out;
}

/** Identifiers a text names: backticked spans, camelCase, snake_case, dotted names, CLI flags; lower-cased, at least 4 characters. */
export function identifiersOf(text: string): Set<string> {
  const out = new Set<string>();
  const add = (raw: string) => {
    const id = raw.replace(/\(\)$/, '').replace(/^[.@]+|[.:,;]+$/g, '').toLowerCase();
    if (id.length >= 4 && id.length <= 60 && !/^\d/.test(id)) out.add(id);
  };
  for (const m of text.matchAll(/`([^`\n]{2,60})`/g)) {
    const span = m[1]!.trim();
    if (/^[\w.:/@-]+(\(\))?$/.test(span)) add(span);
    for (const part of span.split(/[^\w-]+/)) if (/[a-z][A-Z]|_|^-/.test(part)) add(part);
  }
  for (const m of text.matchAll(/(?<![\w-])(--[a-z][\w-]+|[A-Za-z_][A-Za-z0-9]*(?:[a-z0-9][A-Z]|_[A-Za-z0-9])[A-Za-z0-9_]*|[a-z_]\w*\.[a-z_]\w*(?:\.[a-z_]\w*)*\(\)?)/g)) add(m[1]!);
  return out;
}

const TYPO = /\b(typos?|spelling|misspell\w*)\b/i;
const TYPO_TOOL = /\b(ci|jobs?|workflows?|checks?|checker|actions?)\b/i;
const WORDING = /\b(typos?|spelling|misspell\w*|docstrings?|comments?|grammar|wording|rephrase\w*|docs?|documentation|readme|changelog)\b/i;
const REWORDING = /\b(typos?|spelling|misspell\w*|docstrings?|comments?|grammar|wording|rephrase\w*)\b/i;
const DOC_FILE = /(^|\/)(docs?|documentation)\/|\.(md|rst|txt|adoc)$/i;

/**
 * Whether a topic word is rare among the later items of a judgement (in at
 * most 2 of them, or 5%): a specific object rather than the area's everyday
 * vocabulary.
 */
export function rareWords(items: readonly ItemDirection[]): (word: string) => boolean {
  const df = new Map<string, number>();
  for (const i of items) for (const s of i.words.keys()) df.set(s, (df.get(s) ?? 0) + 1);
  const limit = Math.max(2, Math.floor(items.length * 0.05));
  return (word) => (df.get(stem(word)) ?? 0) <= limit;
}

function issuesOf(text: string): Set<number> {
  const out = new Set<number>();
  for (const m of text.matchAll(/(?:^|[\s(\[,])#(\d{1,6})\b|\bissues?\s+(\d{1,6})\b/gi)) out.add(Number(m[1] ?? m[2]));
  return out;
}

/** Folder names that say what kind of tree, not which part of the project. */
const PLAIN_FOLDER = /^(src|lib|libs|test|tests|spec|specs|docs?|examples?|packages?|crates?|internal|pkg|cmd|app|core|utils?|scripts?|assets|site|content|build|tools?)$/;

function basename(path: string): string {
  const name = path.split('/').pop() ?? path;
  return name.replace(/\.[^.]*$/, '').toLowerCase();
}

/**
 * What a direction can rest on is read once per family and once per later
 * item (and body length and added identifiers), not once per pair nor once
 * per judgement: judge-eval and a study judge the same objects many times
 * (pairs, then whole windows; fit, then held). Keyed by the object, so a
 * cached reading lives as long as the item or family it was read from.
 */
const familyCache = new WeakMap<TaskFamily, FamilyDirection>();
const itemCache = new WeakMap<WorkItem, Map<string, ItemDirection>>();

export function familyDirection(family: TaskFamily): FamilyDirection {
  let d = familyCache.get(family);
  if (d === undefined) {
    d = readFamilyDirection(family);
    familyCache.set(family, d);
  }
  return d;
}

function readFamilyDirection(family: TaskFamily): FamilyDirection {
  const text = predictionText(family);
  const words = familyTopicWords(family, text);
  // Read once here, not once per use below (each a fresh array of the same paths and words).
  const paths = familyPaths(family);
  const listed = listedWords(family.title);
  const hints = family.target_hints.symbols.map((s) => s.trim().replace(/\(\)$/, '')).filter((s) => s.length >= 3);
  const named = identifiersOf(text);
  // A test file's name the family's criteria quote (`test_termui`, `integration_tests`) is its area's tests, not a direction.
  // A folder or file of its own paths (`clap_lex` of clap_lex/tests/testsuite) says where, not what: no symbol either.
  const where = pathComponents(paths);
  const symbols = new Set([...hints.map((s) => s.toLowerCase()), ...named].filter((s) => !TEST_NAME.test(s) && !where.has(s)));
  // identifiersOf finds compound names only, except a backticked plain word: keep those to the compound ones too.
  const specific = new Set([...hints, ...named].filter(isCompound).map((s) => s.toLowerCase()).filter((s) => !TEST_NAME.test(s) && !where.has(s)));
  const issues = issuesOf(text);
  const ownFiles = new Set(paths.map(basename));
  const areaNames = new Set(paths.map(basename).filter((n) => n.length >= 3 && !PLAIN_FOLDER.test(n)));
  const vague = (words.size < 2 && symbols.size === 0 && issues.size === 0) || isVagueTitle(family.title);
  // The titles of the pre-T0 work the family cites (checker lines and the dependency-removal line read them), and the
  // titles its prediction quotes ("continuing …": the dependency-removal and removal lines).
  const workTitles = family.evidence.filter((e) => e.kind === 'work_item').map((e) => e.text);
  const quotedTexts = quotedTitleTexts(family.expected_behavior);
  const objects = vague ? [] : titleObjects(family.title);
  const titled = namedFiles(paths, objectPhrases(family.title, objects));
  // A title that names a page as a list ("… to the ECOSYSTEM list in ECOSYSTEM.md") names that page, whatever its name's length.
  const list = LIST_PAGE.exec(family.title);
  if (list && paths.some((p) => p === list[1] || p.endsWith(`/${list[1]}`))) titled.add(basename(list[1]!));
  const pages = new Set(paths.filter((p) => DOC_FILE.test(p) && titled.has(basename(p))).map(basename));
  return {
    words, quotedOnly: quotedOnlyWords(text, family, words, quotedTexts), quotedHeads: quotedHeadsOf(quotedTexts, listed), quotedLine: quotedLineWords(words, quotedTexts), symbols, specific, ownFiles, areaNames, issues, acts: actsOf(text), vague, kind: family.category, listed, listedTopics: listedTopicsOf(family.title, words), quoted: quotedTitles(family.expected_behavior), objects,
    namedFiles: titled, pending: pendingTask(family.title), runtimeLine: quotedRuntimeLine(family, quotedTexts), actArea: actAndArea(family.title, paths), namedPages: pages,
    stated: STATED.test(family.title), checkers: listedCheckerLines(listedText(family.title), workTitles, ownFiles),
    more: asksForMore(family.title, family.expected_behavior),
    dropsDependency: [...quotedTexts, ...workTitles].some(dropsDependency),
    // Only the work its prediction quotes ("continuing …"): a removal among its other evidence is not its direction.
    removes: removedNames(quotedTexts),
    task: taskLine(family.title, paths, family.target_hints.symbols),
  };
}

/** The lower-cased folders and files of a family's paths (`clap_lex`, `tests`, `parser.rs`), each with its extension and without. */
function pathComponents(paths: readonly string[]): ReadonlySet<string> {
  const out = new Set<string>();
  for (const p of paths) {
    for (const part of p.toLowerCase().split('/')) {
      if (part === '') continue;
      out.add(part);
      out.add(part.replace(/\.[a-z0-9]{1,5}$/, ''));
    }
  }
  return out;
}

/** FamilyDirection.quotedOnly: the family's topic words that only the titles it quotes hold. */
function quotedOnlyWords(text: string, family: TaskFamily, words: TopicWords, quotedTexts: readonly string[]): ReadonlySet<string> {
  if (quotedTexts.length === 0) return NO_WORDS;
  let own = text;
  for (const q of quotedTexts) own = own.split(`"${q}"`).join(' ');
  const unquoted = familyTopicWords(family, own);
  const out = new Set<string>();
  for (const [s, w] of words) if (!unquoted.has(s)) out.add(w);
  return out.size === 0 ? NO_WORDS : out;
}

const NO_WORDS: ReadonlySet<string> = new Set();

/** FamilyDirection.quotedLine. */
function quotedLineWords(words: TopicWords, quotedTexts: readonly string[]): ReadonlySet<string> | null {
  if (quotedTexts.length === 0) return null;
  const out = new Set<string>();
  for (const q of quotedTexts) {
    for (const s of topicWords(q).keys()) {
      const w = words.get(s);
      if (w !== undefined) out.add(w);
    }
  }
  return out;
}

/** A title's first two words, lower-cased, a plural s cut ("sponsors: add X": "sponsor add"); null when it has fewer. */
export function titleHead(title: string): string | null {
  const words = title.toLowerCase().match(/[a-z0-9][a-z0-9._-]*/g);
  if (words === null || words.length < 2) return null;
  return words.slice(0, 2).map((w) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w)).join(' ');
}

/** FamilyDirection.quotedHeads. */
function quotedHeadsOf(quotedTexts: readonly string[], listed: readonly string[]): string[] {
  const out: string[] = [];
  for (const q of quotedTexts) {
    const head = titleHead(q);
    if (head === null || out.includes(head)) continue;
    const stems = new Set(topicWords(head).keys());
    if (listed.some((s) => stems.has(s))) out.push(head);
  }
  return out;
}

/** FamilyDirection.listedTopics: the family's topic words (their printed form) whose stems its title's list has. */
function listedTopicsOf(title: string, words: TopicWords): ReadonlySet<string> | null {
  const list = listedText(title);
  if (list === null) return null;
  const out = new Set<string>();
  for (const s of topicWords(list).keys()) {
    const w = words.get(s);
    if (w !== undefined) out.add(w);
  }
  return out;
}

/** FamilyDirection.quoted: the topic-word stems of each title quoted after "continuing" in an expected behaviour. */
function quotedTitles(text: string): ReadonlySet<string>[] {
  const out: ReadonlySet<string>[] = [];
  for (const title of quotedTitleTexts(text)) {
    const stems = new Set(topicWords(title).keys());
    if (stems.size >= 2) out.push(stems);
  }
  return out;
}

/** The titles quoted after "continuing" in an expected behaviour, as written. */
function quotedTitleTexts(text: string): string[] {
  const at = text.search(/\bcontinuing\s+"/i);
  if (at < 0) return [];
  return [...text.slice(at).matchAll(/"([^"]+)"(?=\s*(?:\(|and\b|[.,;:]|$))/g)].map((m) => m[1]!);
}

/**
 * A list-shaped family's one shared word is on the line it quotes, or it quotes none (FamilyDirection.quotedLine):
 * "Fix defects in lib: address, after, async", continuing "fix: exit after async handler done", lists "address" from
 * other evidence, and "fix(build): address problems with typescript compilation" shares no line with it.
 */
function onQuotedLine(f: FamilyDirection, word: string): boolean {
  return f.listedTopics === null || f.quotedLine === null || f.quotedLine.has(word);
}

/** The change's title has every topic word of a past title the family quotes: it takes up that very work again. */
function takesUpQuoted(f: FamilyDirection, i: ItemDirection): boolean {
  // Asked per pair: loops, no copy of each quoted title's set.
  for (const q of f.quoted) if (hasAll(i.titleWords, q)) return true;
  return false;
}

/** Whether `set` has every member of `of` (true for an empty `of`). */
function hasAll(set: ReadonlySet<string>, of: ReadonlySet<string>): boolean {
  for (const s of of) if (!set.has(s)) return false;
  return true;
}

/**
 * The first past title the family quotes whose every topic word the change's title has, when that title names work
 * beyond the family's area: two of its words are not words of the family's paths ("pkg/brew: update tap" for a family
 * in pkg/brew names only the area and "tap"). Its stems, or undefined.
 */
function takenUpWork(f: FamilyDirection, i: ItemDirection): ReadonlySet<string> | undefined {
  return f.quoted.find((q) => hasAll(i.titleWords, q) && [...q].filter((s) => f.words.has(s)).length >= 2);
}

/** A title stating missing work (FamilyDirection.stated). */
const STATED = /^(support|implement|make)\s/i;

/** A test file or module's name: `test_termui`, `integration_tests`, `command_test`, `test` (not an API: `test.extend`). It says where, not what. */
const TEST_NAME = /^tests?$|^tests?[_-]|[_-]tests?$/;

/** A title ends in a list of what it covers: "… (a, b, c)". */
const PAREN_LIST = /\(([^()]*,[^()]*)\)\s*$/;

/**
 * The object stems of a one-piece title ("<act> <object> in <component>"): its specific objects (vagueness.ts)
 * as topic words. None for a title that lists words ("…: a, b", "… (a, b, c)"), whose words are loose, or that
 * names fewer than two object words.
 */
function titleObjects(title: string): string[] {
  if (cutList(title).listed || PAREN_LIST.test(title)) return [];
  const stems = [...topicWords(objectsOf(title).join(' ')).keys()];
  return stems.length >= 2 ? stems : [];
}

/** The words of a name or phrase as stems: content words of three letters or more, no word of kind or template, no synonyms (`cli` stays `cli`). */
function nameStems(text: string): string[] {
  return contentWords(text.replace(/[^A-Za-z0-9]+/g, ' ')).filter((w) => w.length >= 3 && !isActionWord(w) && !FAMILY_BOILERPLATE.has(w)).map(stem);
}

/**
 * The phrases a title names pieces of work by: each item of a list it ends with ("documentation pages (projects
 * using cobra, user guide)", "…: a, b"), or the object of a one-piece title ("Update pre-commit lite workflow in
 * the CI workflows"). Not the words of a list's heading ("Fix standard renderer edge cases (…)"): those name the
 * component, an area.
 */
function objectPhrases(title: string, oneObject: readonly string[]): string[][] {
  const paren = PAREN_LIST.exec(title)?.[1];
  const { head, listed } = cutList(title);
  const list = paren ?? (listed ? title.slice(head.length).replace(/^[^:]*?(:|\baround\b|\babout\b)/i, '') : null);
  if (list !== null) return list.split(/,|\band\b/).map(nameStems).filter((p) => p.length > 0);
  return oneObject.length > 0 ? [nameStems(objectsOf(title).join(' '))] : [];
}

/** A title's specific objects (vagueness.ts) less file names (`standard_renderer.go`): a file is where, not what. */
function objectsOf(title: string): string[] {
  return specificObjects(title).filter((o) => !/\/|\.[a-z]{1,5}$/i.test(o));
}

/**
 * The family's own files named by a piece of work its title names (objectPhrases): "documentation pages (projects
 * using cobra, user guide)" names site/content/projects_using_cobra.md and user_guide.md; "pre-commit lite workflow"
 * names .github/workflows/pre-commit.yaml. A name of one word ("cli", "index") names no piece of work.
 */
const LIST_PAGE = /\blist in (\S+\.(?:md|mdx|rst|txt|adoc))$/i;

function namedFiles(paths: readonly string[], phrases: readonly string[][]): Set<string> {
  const out = new Set<string>();
  if (phrases.length === 0) return out;
  for (const path of paths) {
    const name = basename(path);
    const parts = nameStems(name);
    if (parts.length >= 2 && phrases.some((p) => parts.every((w) => p.includes(w)))) out.add(name);
  }
  return out;
}

/** A part of the symbol (snake_case, dotted, camelCase parts) is, by stem, a word the family's title lists. */
function symbolHasListed(f: FamilyDirection, symbol: string): boolean {
  return symbol.split(/[^a-z0-9]+/).some((part) => part.length >= 2 && f.listed.includes(stem(part)));
}

/** A name of two or more parts: snake_case, camelCase or PascalCase with two humps, dotted, or a CLI flag. */
function isCompound(name: string): boolean {
  return /_|\.|^--?[a-z]|[a-z0-9][A-Z]|[A-Z]{2}[a-z]/.test(name.replace(/^_+|_+$/g, '')) && /[A-Za-z]{2}/.test(name);
}

/**
 * A later change's side: its title and the start of its body, the names of
 * the files it changed, and `added` (identifiers its diff adds, where the
 * clone has them; src/git reads them, judges never run git).
 */
export function itemDirection(item: WorkItem, bodyChars = 600, added: readonly string[] = []): ItemDirection {
  let byKey = itemCache.get(item);
  if (byKey === undefined) {
    byKey = new Map();
    itemCache.set(item, byKey);
  }
  const key = added.length === 0 ? String(bodyChars) : `${bodyChars}\u0000${added.join('\u0000')}`;
  let d = byKey.get(key);
  if (d === undefined) {
    d = readItemDirection(item, bodyChars, added);
    byKey.set(key, d);
  }
  return d;
}

function readItemDirection(item: WorkItem, bodyChars: number, added: readonly string[]): ItemDirection {
  const text = `${item.title}\n${bodyExcerpt(item.body, bodyChars)}`;
  const kind = workKind(item);
  const issues = issuesOf(text);
  if (item.number !== null) issues.add(item.number);
  return {
    words: topicWords(text),
    identifiers: identifiersOf(text),
    added: new Set(added.map((a) => a.toLowerCase())),
    files: new Set(item.paths.map(basename)),
    paths: item.paths,
    pathParts: new Set(item.paths.flatMap((p) => p.toLowerCase().split('/').map((part) => part.replace(/\.[^.]*$/, '').replace(/\.(test|spec)$/, '')))),
    issues,
    acts: actsOf(text),
    notWork: kind === 'pull_request' || kind === 'direct' ? null : kind.replace('_', ' '),
    wording: WORDING.test(item.title) || (item.paths.length > 0 && item.paths.every((p) => DOC_FILE.test(p))),
    typo: isTypoFix(item),
    rewording: REWORDING.test(item.title),
    titleWords: new Set(topicWords(item.title).keys()),
    head: titleHead(item.title),
    noCode: item.paths.length > 0 && item.paths.every((p) => DOC_FILE.test(p) || /^\.github\//.test(p)),
    pending: pendingReading(item, added),
    text: text.toLowerCase(),
    checkers: titleCheckerLines(item.title),
    dropsDependency: dropsDependency(item.title),
    dropped: droppedNames(added),
    removal: removesInstance(item.title),
    title: item.title,
  };
}

/** ItemDirection.typo: its title says it fixes typos or spelling, or names only files it changed and its body's first line says so. */
function isTypoFix(item: WorkItem): boolean {
  // "ci: Remove condition from typos job" is work on a typo checker, not a typo fix.
  if (TYPO.test(item.title)) return !TYPO_TOOL.test(item.title);
  // The body's first line first: it rarely says typos, and then the title's words need not be read against the files.
  const firstLine = (item.body ?? '').split('\n').find((l) => l.trim() !== '') ?? '';
  if (!TYPO.test(firstLine)) return false;
  const names = new Set(item.paths.flatMap((p) => nameStems(basename(p))));
  return [...topicWords(item.title).keys()].every((w) => names.has(w));
}

/** Whether (and on what) a family and a later change share a direction. */
export function sharedDirection(
  f: FamilyDirection,
  i: ItemDirection,
  pair: { agrees: boolean | null; touches: boolean; rare: (word: string) => boolean; quoted?: QuotedFiles },
  words?: readonly string[],
): SharedDirection {
  const d = directionOf(f, i, pair, words);
  if (d.holds || f.runtimeLine.size === 0 || i.notWork !== null || f.pending !== null) return d;
  // The runtime-version line a family quotes, continued by another version of that runtime (runtime-line.ts).
  const runtime = continuedRuntime(f.runtimeLine, i.pending);
  return runtime === null ? d : { holds: true, named: true, evidence: [`continues its quoted ${runtime} version line: changes the ${runtime} versions`], plain: false, does: false, basis: 'runtime' };
}

function directionOf(
  f: FamilyDirection,
  i: ItemDirection,
  pair: { agrees: boolean | null; touches: boolean; rare: (word: string) => boolean; quoted?: QuotedFiles },
  words: readonly string[] = sharedWords(f.words, i.words),
): SharedDirection {
  if (i.notWork !== null) return NO_DIRECTION;
  if (i.typo && !f.words.has('spell')) return NO_DIRECTION;
  // A removal has another purpose than a family asking for one more instance, even at its place (addition-line.ts).
  if (f.more && i.removal) return NO_DIRECTION;
  // A task-line title done by one more instance of it (task-line.ts): strong.
  if (f.task !== null) {
    const done = doesTaskLine(f.task, i);
    if (done !== null) return { holds: true, named: true, evidence: [done], plain: true, does: true, basis: 'task' };
  }
  if (f.pending !== null) return pendingDirection(f.pending, i, pair.touches);
  if (f.actArea) return actAreaDirection(f, i, pair.agrees);
  // Words only a quoted past title holds are its evidence's, not its prediction's: no phrase rests on them, unless
  // the change takes up that title whole (takesUpQuoted).
  if (words.length > 0 && f.quotedOnly.size > 0 && f.listedTopics !== null && !takesUpQuoted(f, i)) words = words.filter((w) => !f.quotedOnly.has(w));
  const agrees = pair.agrees;
  const evidence: string[] = [];
  // Once per pair: no array unless something is shared.
  // A plain-word symbol (`main`, `router`, `PyPI`: not a compound name, FamilyDirection.specific) is a direction only in
  // the family's area: elsewhere most projects name it for other purposes. A compound one counts wherever it is named.
  const inArea = pair.touches || nearArea(f, i);
  // Each set read only when it has members: no closure per pair for an empty one (common() gives NONE for it anyway).
  const symbols = f.symbols.size === 0 ? NONE : common(f.symbols, (s) => (inArea || (f.specific.has(s) && f.listedTopics === null)) && (i.identifiers.has(s) || (!f.ownFiles.has(s) && i.files.has(s)))).sort(compareText);
  // A symbol its diff defines, though its title and body do not name it: what the change did, read from the clone.
  // A list-shaped family's symbol counts from a diff only when a word it lists is a part of it (`shell_complete` for
  // "cli, shell, parameters", not for "none, type, value": its target hints name what its evidence touched).
  const inDiff = i.added.size === 0 || (f.listedTopics !== null && !inArea) ? NONE : common(f.specific, (s) => !i.identifiers.has(s) && !(!f.ownFiles.has(s) && i.files.has(s)) && i.added.has(s) && (f.listedTopics === null || symbolHasListed(f, s))).sort(compareText);
  const issues = f.issues.size === 0 ? NONE : common(f.issues, (n) => i.issues.has(n)).sort((a, b) => a - b);
  const acts = f.acts.size === 0 ? NONE : common(f.acts, (a) => i.acts.has(a)).sort(compareText);
  if (symbols.length > 0) evidence.push(`names ${symbols.slice(0, 3).map((s) => `\`${s}\``).join(', ')}`);
  if (inDiff.length > 0) evidence.push(`its diff defines ${inDiff.slice(0, 3).map((s) => `\`${s}\``).join(', ')}`);
  if (issues.length > 0) evidence.push(`names ${issues.slice(0, 3).map((n) => `#${n}`).join(', ')}`);
  let phrase = false;
  // A vague family with a list of words may continue a direction (related) but is strong only where a change plainly does what they say.
  const plain = !f.vague || (f.listed.length === 0 ? words.length > 0 && words.length === f.words.size && agrees === true : plainlyDoes(f.listed, (s) => i.words.has(s), pair));
  if (f.vague && f.listed.length === 0) phrase = plain;
  else if (f.listedTopics === null || words.some((w) => f.listedTopics!.has(w)) || takesUpQuoted(f, i)) {
    phrase =
      (words.length >= 2 && (words.length > 2 || acts.length > 0 || pair.touches || nearArea(f, i))) ||
      (words.length === 1 && acts.length > 0) ||
      // One specific object, done the same way, in the family's area: "fix crash when parsing nested quotes" for
      // "Parser fails on quotes inside quoted strings". Not a typo or docs pass over the same words.
      (words.length === 1 && agrees === true && pair.touches && pair.rare(words[0]!) && !i.wording && !f.stated && onQuotedLine(f, words[0]!));
  }
  if (phrase) evidence.push(acts.length > 0 && words.length > 0 ? `both ${acts[0]} ${words.slice(0, 3).join(', ')}` : `shares ${words.slice(0, 4).join(', ')}${words.length > 4 ? ` +${words.length - 4}` : ''}`);
  const named = symbols.length > 0 || inDiff.length > 0 || issues.length > 0;
  // The change does what the family names: the object of its one-piece title, in its area, or the file its title names.
  // Its kind must agree, be unknown, or say little (a change of docs and CI files only).
  const close = agrees !== false || i.noCode;
  let does = false;
  let doneBy: DirectionBasis | undefined;
  if (close && f.namedFiles.size > 0) {
    const file = common(f.namedFiles, (n) => i.files.has(n));
    if (file.length > 0) {
      does = true;
      doneBy = 'does-file';
      evidence.unshift(`edits ${file.slice(0, 2).map((n) => `\`${n}\``).join(', ')}, which its title names`);
    }
  }
  // A linter's work in the family's own files does a family that lists the linter and asks for fixes or restructuring
  // there ("Fix defects in tree: lint, children, hide", "Restructure style.go: lint, newer, versions" for "fix(lint): fix
  // linting issues after golangci-lint v2 upgrade"): it fixes what its words say (direction-v23, judges40 rule C). A
  // family asking for a feature there ("Extend .golangci.yml: ci, lint") is only continued (checker-lines.ts, below).
  if (!does && pair.touches && f.kind !== 'feature' && f.checkers.has('lint') && i.checkers.has('lint') && !i.rewording) {
    does = true;
    doneBy = 'does-lint';
    evidence.unshift('does its lint line (linting) in its own files');
  }
  // The change takes up a past title a list-shaped family quotes, whole, in the family's own files: that very work
  // again (a follow-up or a fix of it: "Fix: Don't output default theme info to piped stdout" for a family continuing
  // "Don't output default theme info to piped stdout"), whatever kind its prefix says. A list-shaped title predicts the
  // continuation of what it quotes; a one-piece title predicts its own object, and its quotes are evidence.
  const taken = !does && pair.touches && f.listedTopics !== null ? takenUpWork(f, i) : undefined;
  if (taken) {
    does = true;
    doneBy = 'does-taken';
    evidence.unshift(`takes up its quoted "${[...taken].filter((s) => f.words.has(s)).map((s) => f.words.get(s)!).join(' ')}" again`);
  }
  if (!does && close && f.objects.length > 0 && inArea) {
    const done = f.objects.filter((o) => i.titleWords.has(o));
    if (done.length >= Math.max(2, Math.ceil((2 * f.objects.length) / 3))) {
      does = true;
      doneBy = 'does-objects';
      evidence.unshift(`does its title's ${done.map((o) => f.words.get(o) ?? o).join(', ')}`);
    }
  }
  // A definition the quoted work introduced, rewritten by the change's diff, for a list-shaped family: work on that very
  // work (quoted-definitions.ts). Related, never strong by it, whatever the change's kind; not for a wording pass.
  if (evidence.length === 0 && f.listedTopics !== null && pair.quoted !== undefined && !i.rewording && i.added.size > 0) {
    const def = rewrittenQuotedDefinition(pair.quoted, i.added, f.listed);
    if (def !== null) return { holds: true, named: true, evidence: [`rewrites \`${def.name}\`, which its quoted ${def.ref} defined`], plain: false, does: false, basis: 'quoted-definition' };
  }
  // Work continued in the files of the past work the family quotes, outside its own files (quotedFilesDirection).
  if (evidence.length === 0 && !pair.touches && agrees !== false && pair.quoted !== undefined && i.paths.some((p) => pair.quoted!.files.has(p))) {
    const inQuoted = quotedFilesDirection(f, i, pair.quoted, pair.rare);
    // At least related (named), never strong by it: continuing the quoted work is the family's direction, not its work.
    if (inQuoted !== null) return { holds: true, named: true, evidence: [inQuoted], plain: false, does: false, basis: 'quoted-files' };
  }
  // The change's title starts as a past title the family quotes does, and that head has a word its title lists
  // ("sponsors: add LambdaTest" after "sponsors: add Privacy Solutions", "Add benchmarks for cached properties" after
  // "Add benchmarks for asdict and astuple"): the same line of work, another instance. Related, never strong by it.
  if (evidence.length === 0 && f.quotedHeads.length > 0 && i.head !== null && !i.rewording && agrees !== false && f.quotedHeads.includes(i.head)) {
    return { holds: true, named: true, evidence: [`continues its quoted "${i.head}" line`], plain: false, does: false, basis: 'quoted-head' };
  }
  // A checker's line the family lists, continued in its area or the quoted work's files (checker-lines.ts), whatever the kind.
  if (evidence.length === 0 && f.checkers.size > 0 && i.checkers.size > 0 && !i.rewording && (inArea || (pair.quoted !== undefined && i.paths.some((p) => pair.quoted!.files.has(p))))) {
    const line = sharedCheckerLine(f.checkers, i.checkers);
    if (line !== undefined) return { holds: true, named: true, evidence: [`continues its ${line} line (${line === 'typing' ? 'type checking' : 'linting'})`], plain: false, does: false, basis: 'checker' };
  }
  // A dependency removed in the family's own files, continuing a removal of a dependency it quotes (dependency-line.ts).
  if (evidence.length === 0 && f.dropsDependency && i.dropsDependency && pair.touches && f.listedTopics !== null && !i.rewording) {
    return { holds: true, named: true, evidence: ['continues its quoted removal of a dependency: removes another'], plain: false, does: false, basis: 'dependency' };
  }
  // A name the work it quotes deprecates or removes, taken out of the code by the change's diff (removal-line.ts).
  if (evidence.length === 0 && f.removes.size > 0 && i.dropped.size > 0 && !i.rewording) {
    const name = continuedRemoval(f.removes, i.dropped);
    if (name !== undefined) return { holds: true, named: true, evidence: [`continues its quoted removal of \`${name}\`: its diff takes it out`], plain: false, does: false, basis: 'removal' };
  }
  const basis: DirectionBasis = doneBy ?? (symbols.length > 0 ? 'symbol' : inDiff.length > 0 ? 'diff' : issues.length > 0 ? 'issue' : phrase ? 'phrase' : 'none');
  return { holds: evidence.length > 0, named, evidence, plain: does || plain, does, basis };
}

/**
 * A change outside a list-shaped family's files, in the files of the pre-T0 work the family quotes (its evidence
 * refs; quoted-files.ts), continues that work when it shares a direction with it besides: it names the quoted pull
 * request or commit (a follow-up, a revert), or its title names a word the family's title lists ("Extend
 * src/bin/bat: completion, provide, shell" and "Clarify … shell completions …" in the README that "Add
 * `--completion <SHELL>`" changed), rare in the window and not a word of the files' names, of the family's area or
 * of a place of work ("ci", "page", "workflow": vagueness.ts AREA_NOUNS). The caller asks it only of a change whose kind does not contradict the family's; a wording pass (typos,
 * docstrings, comments) continues nothing. The same files alone are no direction (../shared/judging-rules.md: the
 * same area with another purpose). Null when none holds.
 */
function quotedFilesDirection(f: FamilyDirection, i: ItemDirection, quoted: QuotedFiles, rare: (word: string) => boolean): string | null {
  if (f.listedTopics === null || i.rewording) return null;
  for (const q of quoted.works) {
    if (!i.paths.some((p) => q.files.has(p))) continue;
    const where = `in the files of the quoted ${q.ref} ("${q.title.length > 60 ? `${q.title.slice(0, 57)}...` : q.title}")`;
    if ((q.number !== null && i.issues.has(q.number)) || (q.sha !== null && i.text.includes(q.sha.slice(0, 7)))) return `names the quoted ${q.ref}, ${where}`;
    const words: string[] = [];
    for (const s of i.titleWords) {
      const w = f.words.get(s);
      if (w === undefined || !f.listedTopics.has(w) || AREA_NOUNS.has(w) || i.pathParts.has(s) || i.pathParts.has(w) || f.areaNames.has(s) || f.areaNames.has(w) || !rare(w)) continue;
      words.push(w);
    }
    if (words.length > 0) return `shares ${words.slice(0, 3).join(', ')} ${where}`;
  }
  return null;
}

/**
 * A pending-work family's direction (pending.ts): strong for a change doing its task (drops or adds that runtime
 * version, removes that deprecated name), related for one continuing its line (another version of the same runtime,
 * or the deprecated name used otherwise), else none: the file or loose words it shares are area.
 */
function pendingDirection(task: PendingTask, i: ItemDirection, touches: boolean): SharedDirection {
  const names = (s: string) => i.identifiers.has(s) || new RegExp(`(^|[^\\w])${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\w])`).test(i.text);
  // A removal of no name is done by a change in its file that removes definitions and says it removes or deprecates.
  const match = pendingMatch(task, i.pending, names, touches && (i.pending.removes || /deprecat/.test(i.text)));
  if (match === null) return NO_DIRECTION;
  const what = task.kind === 'dependency' ? `removes the runtime dependency ${i.pending.dependencies.slice(0, 2).map((n) => `\`${n}\``).join(', ')} from a manifest` : task.kind === 'unnamed-removal' ? `removes ${[...i.pending.removed].slice(0, 2).map((n) => `\`${n}\``).join(', ')} and edits its file` : task.kind === 'removal' ? `removes \`${task.symbol}\`` : `${task.act === 'drop' ? 'drops' : 'adds'} ${task.runtime} ${task.version}`;
  if (match === 'does') return { holds: true, named: true, evidence: [`does its pending task: ${what}`], plain: true, does: true, basis: 'pending-does' };
  const line = task.kind === 'dependency' ? (i.pending.usesPlatform ? 'its title replaces a use with the standard library' : 'its title removes a dependency (no diff read)') : task.kind === 'removal' ? `names \`${task.symbol}\`` : task.kind === 'runtime' ? `changes the ${task.runtime} versions` : 'removes a definition';
  return { holds: true, named: true, evidence: [`continues its pending task's line: ${line}`], plain: false, does: false, basis: 'pending-line' };
}

/**
 * An act-and-area family's direction (GUIDE.md's second reading): a change of its kind in its area is the same kind of
 * work in the same area, whatever file, word or symbol it shares. Only an entry on the docs page its title names by a
 * name of two or more words does its work (GUIDE.md's first reading: "Document the projects using cobra in
 * projects_using_cobra.md" predicts exactly that list's entries).
 */
function actAreaDirection(f: FamilyDirection, i: ItemDirection, agrees: boolean | null): SharedDirection {
  if (agrees === false && !i.noCode) return NO_DIRECTION;
  const file = common(f.namedPages, (n) => i.files.has(n));
  if (file.length === 0) return NO_DIRECTION;
  return { holds: true, named: false, evidence: [`edits ${file.slice(0, 2).map((n) => `\`${n}\``).join(', ')}, which its title names`], plain: true, does: true, basis: 'act-area' };
}

const NONE: never[] = [];
const NO_DIRECTION: SharedDirection = { holds: false, named: false, evidence: [], plain: false, does: false, basis: 'none' };

/** Whether a change touches a file or folder named like one of the family's paths: its tests, a mirrored tree. */
function nearArea(f: FamilyDirection, i: ItemDirection): boolean {
  for (const name of f.areaNames) if (i.pathParts.has(name)) return true;
  return false;
}

/** The members of `set` that `has` holds for, in the set's order (one shared empty array when none: callers sort it, never add to it). */
function common<T>(set: ReadonlySet<T>, has: (x: T) => boolean): T[] {
  let out: T[] | undefined;
  for (const x of set) if (has(x)) (out ??= []).push(x);
  return out ?? NONE;
}

/** The direction part of a match's reason. */
export function directionPhrase(d: SharedDirection, item: ItemDirection, shared: readonly string[]): string {
  if (item.notWork !== null) return `a ${item.notWork}: not work, counted apart`;
  if (d.holds) return `direction: ${d.evidence.join('; ')}`;
  return shared.length > 0 ? `no shared direction (only ${shared.slice(0, 2).join(', ')} in common)` : 'no shared direction';
}
