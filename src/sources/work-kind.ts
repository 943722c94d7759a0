import type { WorkItem, WorkKind } from './model.js';

/**
 * What a work item is, as later work: a pull request or direct change that
 * does work, or work the judging rule (../shared/judging-rules.md) says is
 * not a direction of work and is counted apart. Read from what every stored
 * item has (title, number, paths, bot mark) and the two marks the snapshot
 * command stores (`integration`, `diffWork`; 0 in rows written before their
 * migrations). The rules, first that holds wins (docs/validation.md):
 *
 * 1. bot: dependency or bot work (src/sources/bots.ts marked it);
 * 2. branch_merge: an integration of one branch into another ("Merge branch
 *    'develop'", "Merge remote-tracking branch 'origin/main'", "Merge 8.1.x
 *    into main", a pull request titled "Develop" or "develop -> main", or one
 *    git left titled "Merge pull request #9 from org/develop"; a topic branch
 *    named for the integration, "Merge branch 'stable-into-main-2'"), or any merge
 *    whose branch's own commits were read as work items of their own
 *    (`integration`: a develop branch, or a long-lived branch that brought
 *    other pull requests, src/sources/merged-branches.ts). A branch merged
 *    without a pull request under a topic name ("Merge branch
 *    'retry-backoff'") is otherwise the work it brings: a direct change;
 * 3. release: a release or version bump ("v3.24.2", "chore: Release", "🔖
 *    Release version 1.2", "Bump version to 2.0", "Version Packages", "Merge
 *    tag 'v1.2'"), or a change of version and changelog files only whose
 *    title names a version;
 * 4. translation: "🌐 Add Chinese translation", "i18n: update locales", or
 *    only translation files (locale folders, .po files) changed;
 * 5. chore: formatting, CI, lint and repository upkeep ("Format", "Fix CI",
 *    "ci: …", "style: …", "chore: …", "Update contributors", "📝 Update release
 *    notes", titles that state no work: "Tweaks", "Minor tweaks", a bare "Fix
 *    typos"), or only CI and editor configuration files changed, or only
 *    changelog and release-notes files ("docs: Update changelog"); except a
 *    change of the runtimes the project supports ("🔧 Add support for Python
 *    3.13, tests in CI", "👷 Add CI for Python 3.10", "Drop Node 18"), which is
 *    work however it is dressed: forecasters predict it from declared runtimes;
 *    and except a title that states no work ("Minor tweaks", "Fix typos", "Fix
 *    CI"; not 💚/👷 gitmoji; `readsDiff`) on an item whose diff was read and does work
 *    (`diffWork`, stored; src/sources/diff-work.ts): got's "Minor tweaks" c2ce656c;
 * 6. otherwise pull_request when the item has a number, else direct.
 */
export function workKind(item: Pick<WorkItem, 'title' | 'number' | 'paths' | 'bot' | 'integration' | 'diffWork'>): WorkKind {
  return classifyWork(item).kind;
}

/** The item's kind and the rule that gave it, for reports and tests. */
export function classifyWork(item: Pick<WorkItem, 'title' | 'number' | 'paths' | 'bot' | 'integration' | 'diffWork'>): { kind: WorkKind; rule: string } {
  if (item.bot) return { kind: 'bot', rule: 'bot or dependency work' };
  if (item.integration) return { kind: 'branch_merge', rule: 'integrates a branch whose own work is read from it' };
  const raw = item.title.trim();
  const title = plainTitle(raw);
  if (isBranchMergeTitle(raw) || isBranchMergeTitle(title)) return { kind: 'branch_merge', rule: 'integrates one branch into another' };
  if (RELEASE_TITLE.test(title) || RELEASE_EMOJI.test(raw)) return { kind: 'release', rule: 'release or version bump title' };
  if (item.paths.length > 0 && item.paths.every((p) => RELEASE_FILE.test(p)) && VERSION.test(title)) return { kind: 'release', rule: 'version files only, title names a version' };
  if (TRANSLATION_TITLE.test(title) || TRANSLATION_EMOJI.test(raw)) return { kind: 'translation', rule: 'translation title' };
  if (item.paths.length > 0 && item.paths.every((p) => TRANSLATION_PATH.test(p))) return { kind: 'translation', rule: 'translation files only' };
  const runtime = RUNTIME_SUPPORT.test(title);
  if (!runtime && ((CHORE_TITLE.test(title) && !(CONVENTIONAL_CHORE.test(title) && changesCode(item.paths))) || CHORE_EMOJI.test(raw))) {
    if (!(item.diffWork === true && readsDiff(item.title))) return { kind: 'chore', rule: 'chore title' };
    if (item.paths.length > 0 && item.paths.every((p) => CHORE_PATH.test(p) || CHANGELOG_FILE.test(p))) return { kind: 'chore', rule: 'chore title' };
    return item.number !== null ? { kind: 'pull_request', rule: 'pull request: chore title, but its diff does work' } : { kind: 'direct', rule: 'direct change: chore title, but its diff does work' };
  }
  if (!runtime && item.paths.length > 0 && item.paths.every((p) => CHORE_PATH.test(p))) return { kind: 'chore', rule: 'CI or editor configuration only' };
  if (item.paths.length > 0 && item.paths.every((p) => CHANGELOG_FILE.test(p))) return { kind: 'chore', rule: 'changelog files only' };
  return item.number !== null ? { kind: 'pull_request', rule: 'pull request' } : { kind: 'direct', rule: 'direct change' };
}

/**
 * A change of the runtimes a project supports: adding, dropping or testing a
 * language or platform version ("Add support for Python 3.13", "test with
 * python 3.13", "Drop Node.js 18", "Add CI for Python 3.10", "Bump MSRV to
 * 1.75"). Not a fix of the test setup ("Fix test matrix for Python 3.7").
 */
const RUNTIME_SUPPORT =
  /^(?:(?:ci|build|chore|feat)(?:\([^)]*\))?!?:\s*)?(?:add(?:s|ed|ing)?|drop(?:s|ped|ping)?|remove[sd]?|removing|support(?:s|ing)?|officially support|deprecate[sd]?|test(?:s|ing)?|run tests|bump|raise|require[sd]?|end support)\b[^.;]*?\b(?:python|py|node(?:\.?js)?|go|golang|rust|msrv|ruby|php|jdk|java|elixir|erlang\/otp|otp|deno|bun)\s*(?:versions?\s+)?v?\d+(?:\.\d+)*/i;

/** A title without leading gitmoji, emoji or `:shortcodes:`. */
function plainTitle(title: string): string {
  return title.replace(/^(\s*(:[a-z0-9_+-]+:|[^\p{L}\p{N}\s(\[]+))+\s*/u, '').trim();
}

/**
 * Branches that are integration lines rather than a piece of work: the
 * default and development branches, release and maintenance lines
 * (`release/15.x`, `8.1.x`, `v2`, `stable`), and remote copies of them.
 */
const LINE = String.raw`(?:main|master|develop|development|dev|next|canary|beta|alpha|staging|stable|trunk|default|gh-pages|upstream|release(?:[/-][\w.-]+)?|releases?\/[\w.-]+|hotfix(?:es)?\/[\w.-]+|v?\d+(?:\.(?:\d+|x))*(?:\.x|-(?:stable|maintenance|dev))?)`;
const INTEGRATION_BRANCH = String.raw`(?:[\w.-]+\/)?${LINE}`;
/**
 * A topic branch made only to carry one integration line into another, named so: `stable-into-main-2` (click's
 * 361915bb, 23 of stable's commits), `merge-main-to-develop`. A counter or date may follow; nothing else may, so
 * `main-into-dev-tools` is no such name.
 */
const INTO_BRANCH = String.raw`(?:[\w.-]+\/)?(?:(?:merge|sync|backport)-)?${LINE}-(?:into|to)-${LINE}(?:-\d+)*`;

const BRANCH_MERGES: readonly RegExp[] = [
  // git's own messages: "Merge branch 'develop'", "Merge branch 'main' of github.com:o/r", "Merge remote-tracking branch 'origin/main' into x".
  new RegExp(String.raw`^merge (?:remote-tracking )?branch(?:es)? '(?:${INTEGRATION_BRANCH}|${INTO_BRANCH})'`, 'i'),
  /^merge (?:remote-tracking )?branch(?:es)? '[^']+' (?:of \S+ )?into /i,
  /^merge (?:remote-tracking )?branch(?:es)? '[^']+' of /i,
  // A pull request whose title git kept: "Merge pull request #9 from org/develop".
  new RegExp(String.raw`^merge pull request #\d+ from [\w.-]+\/(?:${INTEGRATION_BRANCH}|${INTO_BRANCH})\s*$`, 'i'),
  // People's titles: "Merge develop into main", "Merge from develop into release/15.x", "develop -> main", "Develop", "Sync main".
  new RegExp(String.raw`^(?:merge|sync|back-?merge|backport|forward-?port)\s+(?:(?:changes\s+)?from\s+)?(?:the\s+)?'?${INTEGRATION_BRANCH}'?(?:\s+branch)?(?:\s+(?:into|to|with|onto|->|→|=>)\s+(?:the\s+)?'?[\w./-]+'?(?:\s+branch)?)?\s*$`, 'i'),
  new RegExp(String.raw`^'?${INTEGRATION_BRANCH}'?\s*(?:->|→|=>|into|to)\s*'?${INTEGRATION_BRANCH}'?\s*$`, 'i'),
  /^(?:develop|development|dev|next|staging)\s*$/i,
];

/** Whether a title (or a merge commit's first line) says one branch is being integrated into another. */
export function isBranchMergeTitle(title: string): boolean {
  // Branch names in backticks read as quoted ("Merge `stable` into `main`"), and a title of several clauses is a
  // branch merge when its first is ("Merge `stable` into `main`; Release 8.2.0", click's pr#2873).
  const t = title.trim().replace(/`/g, "'");
  const first = t.split(/\s*;\s*/, 1)[0]!;
  return BRANCH_MERGES.some((re) => re.test(t) || re.test(first));
}

const VERSION = /\bv?\d+\.\d+(?:\.\d+)?(?:[-+.][\w.]+)?\b/;
const RELEASE_TITLE = new RegExp(
  [
    // "chore: Release", "Release 1.2", "release version 8.1.7", "Prepare 8.1.8", "Version Packages"; not "Release the lock on error".
    String.raw`^(?:(?:chore|build|ci|release)(?:\([^)]*\))?!?:\s*)?(?:release|releasing|publish(?:ing)?|prepare(?: for)?(?: the)?(?: next)? release|prepare|cut (?:a )?release|new release|version bump|bump(?: the)? version|bump to|new version|version packages|start version|release version|tag release)(?:\s+(?:version\s+)?v?\d[\w.+-]*|\s*$|\s+(?:version|notes)\b|\s*:)`,
    // A bare version: "v3.24.2", "3.24.2", "Version 1.2.3", "Tag 2.0", "Bumped v9.9.1" (pino's release commits).
    String.raw`^(?:release|released|version|tag|tagged|bump|bumped)?\s*(?:to\s+)?v?\d+\.\d+(?:\.\d+)?(?:[-+.][\w.]+)?\s*(?:release)?\s*$`,
    String.raw`^(?:(?:chore|build)(?:\([^)]*\))?:\s*)?(?:update|bump) (?:the )?(?:version|changelog|changes) (?:to|for) v?\d`,
    String.raw`^merge tag '`,
    String.raw`^(?:changelog|changes) for v?\d`,
  ].join('|'),
  'i',
);
const RELEASE_EMOJI = /^\s*(?:🔖|:bookmark:|🚀 ?release)/iu;
const RELEASE_FILE = /(^|\/)(package\.json|package-lock\.json|yarn\.lock|pnpm-lock\.yaml|Cargo\.(toml|lock)|pyproject\.toml|setup\.(py|cfg)|version(\.\w+)?|__version__\.py|_version\.py|VERSION|CHANGE(S|LOG)[^/]*|HISTORY[^/]*|NEWS[^/]*|RELEASE[_-]?NOTES[^/]*|release-notes[^/]*)$/i;

// "Add Chinese translation for docs/…", "Update translations", "New Crowdin updates"; not "Translate errors to exceptions".
const TRANSLATION_TITLE = /\b(?:add|update|improve|sync|new|fix)\w*\s+(?:[\w-]+\s+){0,3}translations?\b|\btranslations?\s+(?:for|of|into)\s+(?:the\s+)?(?:docs?\b|documentation|[\w-]+\.md\b)|\btranslated\s+(?:docs?|documentation)\b|\b(?:crowdin|weblate|transifex|l10n)\b|^i18n\b/i;
const TRANSLATION_EMOJI = /^\s*(?:🌐|:globe_with_meridians:)/u;
const TRANSLATION_PATH = /(^|\/)(locales?|i18n|l10n|translations?|lang)\/|\.(po|pot|mo|xlf|xliff)$/i;

// Titles a chore shares with `readsDiff`: they say no more than that CI, "tweaks" or typos were touched.
const CI_WORK_TITLE = String.raw`^(?:fix|repair|update|bump|tweak|improve|speed up|configure|add|set up|setup|enable|disable|migrate) (?:the )?(?:ci|github actions?|gha|workflows?|travis|appveyor|circleci|azure pipelines)\b`;
const TWEAKS_TITLE = String.raw`^(?:(?:some|minor|small|various|misc|meta|readme|docs?|code)\s+)?tweaks?\s*$`;
const TYPOS_TITLE = String.raw`^fix(?:ed|es)?\s+(?:some\s+|a\s+|the\s+)?typos?(?:\s+in\s+(?:the\s+)?(?:docs?|documentation|readme|comments?|changelog))?\s*$`;

const CHORE_TITLE = new RegExp(
  [
    // Conventional chores (dependency chores are bot work already, releases matched above).
    String.raw`^(?:chore|ci|style|build)(?:\([^)]*\))?!?:`,
    // Formatting and linting.
    String.raw`^(?:run |apply |fix |update )?(?:auto-?)?(?:re-?)?format(?:ting|ted)?(?: code| files| with \S+| the code(?:base)?)?\s*$`,
    String.raw`^(?:run|apply|update) (?:black|prettier|ruff(?: format)?|isort|rustfmt|cargo fmt|gofmt|clang-format|eslint --fix|biome)\b`,
    String.raw`^(?:fix|appease|silence|satisfy) (?:the )?(?:lint(?:er|ing|s)?|clippy|mypy|flake8|ruff|eslint|pre-commit|typos?) ?(?:warnings?|errors?|issues?|complaints?)?\s*$`,
    String.raw`^lint(?:ing)?\b`,
    // Continuous integration.
    CI_WORK_TITLE,
    String.raw`^ci\b`,
    // Titles that state no work: "Tweaks", "Minor tweaks", "Readme tweaks" (ky's 2026 window had seven), a bare "Fix typos".
    TWEAKS_TITLE,
    TYPOS_TITLE,
    // Repository upkeep.
    String.raw`^(?:update|add|regenerate) (?:the )?(?:contributors|authors|all-?contributors|sponsors|people|release notes|codeowners|\.gitignore|funding)\b`,
    String.raw`^add @?\S+ (?:as a|to(?: the)?) contributors?\b`,
    String.raw`^(?:update|regenerate|refresh) (?:the )?(?:lock ?file|snapshots)\s*$`,
    String.raw`^(?:merge|resolve) conflicts?\b`,
  ].join('|'),
  'i',
);
/**
 * Chore titles that state no work, so the diff decides (src/sources/diff-work.ts): "Tweaks", "Minor tweaks",
 * "Various tweaks", a bare "Fix typos", "Fix CI" and other CI titles without a conventional prefix or gitmoji. got's
 * "Minor tweaks" (c2ce656c) unskipped a test and implemented a TODO; ky's "Tweaks" rewrote its error classes. Not the
 * titles that say what was done to code without changing what it does (formatting, lint: the diff is code by nature),
 * nor conventional prefixes (`chore:`, `ci:`, `style:`, `build:`: the author's own word that it is no work; a
 * `chore:` or `build:` that changes source code is work by its paths already), nor the CI gitmoji 💚/👷 (below).
 */
export function readsDiff(title: string): boolean {
  const raw = title.trim();
  const plain = plainTitle(raw);
  if (/^(?:chore|ci|style|build|lint)(?:\([^)]*\))?!?:/i.test(plain)) return false;
  // 💚/👷 are a kind the author chose, as `ci:` is: of 174 such titles in the 33 repositories' histories, 159 change
  // no source or test line; of the 15 that do, 13 are CI, lint-driven typing, test-harness or release tooling, one
  // changes the supported runtimes (work by RUNTIME_SUPPORT) and one is work (eval/results/chores28.md). "💚 Fix CI"
  // is not read as the bare "Fix CI" is.
  if (CI_GITMOJI.test(raw)) return false;
  return VAGUE_TITLE.test(plain);
}
const CI_GITMOJI = /^\s*(?:💚|👷|:green_heart:|:construction_worker:)/u;
const VAGUE_TITLE = new RegExp([TWEAKS_TITLE, TYPOS_TITLE, CI_WORK_TITLE].join('|'), 'i');

/** A conventional chore prefix: work by its diff when it changes source code ("chore: replace `methods` with the standard library"). */
const CONVENTIONAL_CHORE = /^(?:chore|build)(?:\([^)]*\))?!?:/i;
const SOURCE_FILE = /\.(c|cc|cpp|cs|go|h|hpp|java|js|jsx|kt|mjs|cjs|php|py|rb|rs|scala|swift|ts|tsx|vue)$/i;
const NOT_SOURCE_DIR = /(^|\/)(\.github|docs?|examples?|scripts?|benchmarks?|tests?|__tests__|spec)\/|(^|\/)[^/]*\.config\.[cm]?[jt]s$|(^|\/)\.[^/]+$/i;

function changesCode(paths: readonly string[]): boolean {
  return paths.some((p) => SOURCE_FILE.test(p) && !NOT_SOURCE_DIR.test(p));
}

/** Gitmoji of upkeep: 👷 CI, 💚 fix CI, 🚨 lint, 🔧 configuration, 👥 contributors, 📝 release notes, 🙈 .gitignore. */
const CHORE_EMOJI = /^\s*(?:👷|💚|🚨|🔧|👥|🙈|:construction_worker:|:green_heart:|:rotating_light:|:wrench:|📝 ?update release notes)/iu;
/** A changelog or release-notes file: a change of only these records work done elsewhere (clap's 18 "docs: Update changelog"). */
const CHANGELOG_FILE = /(^|\/)(CHANGE(S|LOG)|HISTORY|NEWS|RELEASE[_-]?NOTES|release-notes)[^/]*\.(md|rst|txt|adoc)$|(^|\/)(CHANGE(S|LOG)|HISTORY|NEWS)$/i;
const CHORE_PATH = /^\.github\/|^\.circleci\/|^\.gitlab-ci|^\.travis\.yml$|^appveyor\.yml$|^azure-pipelines|^\.pre-commit-config\.yaml$|^\.gitignore$|^\.gitattributes$|^\.editorconfig$|^\.mailmap$|^\.prettier(rc|ignore)|^\.eslintignore$|^\.vscode\/|^\.idea\/|(^|\/)CODEOWNERS$|^\.all-contributorsrc$|^codecov\.ya?ml$|^\.codecov\.ya?ml$|^renovate\.json$|^\.git-blame-ignore-revs$/;
