import type { FamilyEvidence, TaskFamily } from '../../family/model.js';
import type { Evidence, Snapshot } from '../../snapshot/model.js';
import { compareText } from '../../text/order.js';
import { DAY_MS } from '../../time.js';

/**
 * New lints of a named linter fixed one release after another (issue 15, cover38): two or more changes of the year
 * before T0 whose titles say they fix what one linter from the table reports ("Fix new clippy lints", "Enable and fix
 * warnings from clippy::uninlined_format_args", "Address golangci-lint deprecation warnings") ask for the next such
 * change, a checkable piece of work named by its tool: "Fix the warnings of new clippy lints like
 * `uninlined_format_args`" (done when the linter passes again on the project). Changes that only configure the linter
 * ("Centralize lint configuration", "migrate to flat config") or bump it (bot work) are not fixes. A change about
 * linting that names no tool ("More linting") is the tool's when it changes the tool's configuration file and code. Its calibration kind
 * is `more` (backtest/calibration.ts: the next instance of what each change did), its ranking score the dependency
 * line's (not fitted: no labels yet). One family, the linter with the most fixing changes.
 * Tests: tests/forecast/lint-line.test.ts.
 */

type WorkItemRow = Extract<Evidence, { kind: 'work_item' }>;

export interface LintLine {
  /** The linter as titles name it ("clippy", "golangci-lint"). */
  linter: string;
  /** Lint names the changes give (`clippy::uninlined_format_args` -> "uninlined_format_args"), newest first, at most two. */
  lints: string[];
  /** The fixing changes, newest first. */
  items: WorkItemRow[];
  title: string;
}

export const LINT_RATE = 0.25;
const MIN_CHANGES = 2;

/** Linters by the name titles give them (lower case), with the pattern that finds it in a title. */
const LINTERS: readonly [string, RegExp, RegExp | null][] = [
  ['clippy', /\bclippy\b/i, /(^|\/)\.?clippy\.toml$/],
  ['golangci-lint', /\bgolangci(?:-lint)?\b/i, /(^|\/)\.golangci\.(ya?ml|toml|json)$/],
  ['staticcheck', /\bstaticcheck\b/i, /(^|\/)staticcheck\.conf$/],
  ['ESLint', /\beslint\b/i, /(^|\/)(\.eslintrc(\.\w+)?|eslint\.config\.[cm]?[jt]s)$/],
  ['Biome', /\bbiome\b/i, /(^|\/)biome\.jsonc?$/],
  ['oxlint', /\boxlint\b/i, /(^|\/)\.?oxlintrc\.json$/],
  ['Ruff', /\bruff\b/i, /(^|\/)\.?ruff\.toml$/],
  ['mypy', /\bmypy\b/i, /(^|\/)\.?mypy\.ini$/],
  ['Pyright', /\bpyright\b/i, /(^|\/)pyrightconfig\.json$/],
  ['pylint', /\bpylint\b/i, /(^|\/)\.?pylintrc$/],
  ['flake8', /\bflake8\b/i, /(^|\/)\.flake8$/],
  ['RuboCop', /\brubocop\b/i, /(^|\/)\.rubocop\.ya?ml$/],
  ['ShellCheck', /\bshellcheck\b/i, /(^|\/)\.shellcheckrc$/],
  ['SwiftLint', /\bswiftlint\b/i, /(^|\/)\.swiftlint\.ya?ml$/],
  ['ktlint', /\bktlint\b/i, null],
];
/** A title about linting that names no tool ("More linting", "Remove fully inactivated linters"). */
const LINTING = /\b(lint|lints|linting|linters?)\b/i;
/** Files a lint fix does not change the code in. */
const NOT_CODE = /(^|\/)(\.[^/]*|[^/]*\.(md|rst|txt|ya?ml|toml|json|jsonc|ini|cfg|lock))$/i;
/** A title that fixes what a linter reports: an act of fixing, and a word for what it reports (or "happy"). */
const FIXES = /\b(fix(?:es|ed|ing)?|address(?:es|ed)?|appl(?:y|ies|ied)|resolve[sd]?|silence[sd]?|satisfy|make\b.*\bhappy|appease)\b/i;
const REPORTS = /\b(lints?|warnings?|errors?|issues?|reports?|fix(?:es)?|complaints?|happy|findings?)\b/i;
/** A change that bumps, configures or sets up the linter fixes nothing it reports. */
const NOT_A_FIX = /\b(bump|upgrade|update|migrate|centrali[sz]e|config(?:uration)?|set ?up|install|add(?:ed)? \S+ to ci)\b/i;

/** Whether a title says it fixes what `pattern`'s linter reports. */
function fixesLints(title: string, pattern: RegExp): boolean {
  if (!pattern.test(title) || !FIXES.test(title) || !REPORTS.test(title.replace(pattern, ''))) return false;
  return !NOT_A_FIX.test(title) || /\bfix(?:es|ed)?\b.*\b(lints?|warnings?)\b/i.test(title);
}

/**
 * A change about linting that names no tool ("More linting") but changes the linter's configuration file and the code
 * beside it: the tool's lints enabled and what they report fixed. Not a bump of the tool (bot work, or "bump"/"upgrade").
 */
function linterWork(item: { title: string; paths: readonly string[] }, pattern: RegExp, config: RegExp | null): boolean {
  if (!config || pattern.test(item.title) || !LINTING.test(item.title) || /\b(bump|upgrade)\b/i.test(item.title)) return false;
  return item.paths.some((p) => config.test(p)) && item.paths.some((p) => !config.test(p) && !NOT_CODE.test(p));
}

/** Acts that take a linter's new lints on: a plugin or rules added, used or enabled. */
const ADOPTS = /\b(add(?:s|ed)?|use[sd]?|enable[sd]?|incorporate[sd]?|adopt(?:s|ed)?|turn(?:s|ed)? on)\b/i;

/**
 * A change that names the tool and takes new lints on ("test: use @vitest/eslint-plugin", "add jest-dom matchers and
 * eslint plugin") and changes the tool's configuration file and the code beside it: the new lints enabled and what
 * they report fixed in the same change. Not a bump, an upgrade, a migration or a configuration-only change.
 */
function adoptsLints(item: { title: string; paths: readonly string[] }, pattern: RegExp, config: RegExp | null): boolean {
  if (!config || !pattern.test(item.title) || !ADOPTS.test(item.title) || NOT_A_FIX.test(item.title)) return false;
  return item.paths.some((p) => config.test(p)) && item.paths.some((p) => !config.test(p) && !NOT_CODE.test(p));
}

/** Words a pattern below can take for a lint's name that name none ("enable some more linters", "address new findings"). */
const NOT_A_NAME = new Set(['some', 'more', 'new', 'all', 'other', 'these', 'those', 'few', 'additional', 'unused', 'several', 'the', 'its', 'their', 'lint', 'linter', 'linters', 'any', 'many', 'most', 'remaining', 'deprecation', 'reported', 'existing']);

/**
 * Where a change names the lints it fixed, in its title or body (the message's own words, dated with the change):
 * - a rule path (`clippy::uninlined_format_args`, in text or an `#[allow(clippy::…)]` quoted in the body);
 * - a suppression comment quoted (`// eslint-disable-next-line no-console`, `//nolint:gosec`, `# noqa: E501`);
 * - a linter of a linter runner enabled or addressed ("Address gocritic findings", "Add stylecheck linter");
 * - a linter plugin added (`eslint-plugin-testing-library`, `@vitest/eslint-plugin`): named as a plugin.
 */
const RULE_PATH = /\b(?:clippy|rustdoc|rustc)::([a-z][a-z0-9_]+)\b/g;
/** Suppression comments by linter, the lint's name in group 1. */
const SUPPRESSION: Record<string, RegExp> = {
  ESLint: /eslint-disable(?:-next-line|-line)?\s+([@a-z][a-z0-9@/_-]*[a-z0-9])/g,
  Biome: /biome-ignore\s+(lint\/[a-zA-Z]+\/[a-zA-Z]+)/g,
  oxlint: /oxlint-disable(?:-next-line|-line)?\s+([@a-z][a-z0-9@/_-]*[a-z0-9])/g,
  'golangci-lint': /\/\/\s*nolint:([a-z][a-z0-9]+)/g,
  Ruff: /#\s*noqa:\s*([A-Z]{1,4}\d{1,4})/g,
  flake8: /#\s*noqa:\s*([A-Z]{1,4}\d{1,4})/g,
  pylint: /#\s*pylint:\s*disable=([a-z][a-z0-9-]+)/g,
  mypy: /#\s*type:\s*ignore\[([a-z][a-z0-9-]+)\]/g,
};
const RUNNER_LINTER = /\b(?:address(?:es|ed)?|enabl(?:e|es|ed)|add(?:s|ed)?|fix(?:es|ed)?)\s+(?:the\s+)?`?([a-z][a-z0-9]{2,})`?\s+(?:linter|findings|lints|warnings|issues|reports)\b/gi;
const PLUGIN = /(@[a-z0-9-]+\/eslint-plugin(?:-[a-z0-9-]+)?|\beslint-plugin-[a-z0-9-]*[a-z0-9])/g;

/** The lint names the fixing changes give (newest change first), or the plugins they added when they name no lint. */
export function namedLints(linter: string, items: readonly WorkItemRow[]): { names: string[]; plugins: boolean } {
  const names: string[] = [];
  const plugins: string[] = [];
  for (const e of items) {
    const text = `${e.item.title}\n${e.item.body ?? ''}`;
    for (const m of text.matchAll(RULE_PATH)) if (linter === 'clippy') names.push(m[1]!);
    const suppression = SUPPRESSION[linter];
    if (suppression) for (const m of text.matchAll(suppression)) names.push(m[1]!);
    if (linter === 'golangci-lint') for (const m of text.matchAll(RUNNER_LINTER)) if (!NOT_A_NAME.has(m[1]!.toLowerCase()) && !/golangci/i.test(m[1]!)) names.push(m[1]!.toLowerCase());
    if (linter === 'ESLint') for (const m of text.matchAll(PLUGIN)) plugins.push(m[1]!);
  }
  const unique = [...new Set(names)];
  if (unique.length > 0) return { names: unique, plugins: false };
  return { names: [...new Set(plugins)], plugins: plugins.length > 0 };
}

/** The line a snapshot's work items state at its T0, or null. Reads only non-bot work items of the 365 days up to T0. */
export function lintLine(snapshot: Snapshot): LintLine | null {
  const end = Date.parse(snapshot.t0);
  const items = snapshot.evidence
    .filter((e): e is WorkItemRow => e.kind === 'work_item' && !e.item.bot && Date.parse(e.date) <= end && end - Date.parse(e.date) <= 365 * DAY_MS)
    .sort((a, b) => compareText(b.date, a.date) || compareText(a.ref, b.ref));
  let best: LintLine | null = null;
  for (const [linter, pattern, config] of LINTERS) {
    const fixing = items.filter((e) => fixesLints(e.item.title, pattern) || linterWork(e.item, pattern, config) || adoptsLints(e.item, pattern, config));
    if (fixing.length < MIN_CHANGES || (best && best.items.length >= fixing.length)) continue;
    const named = namedLints(linter, fixing);
    const lints = named.names.slice(0, 2);
    const like = lints.length ? ` ${named.plugins ? 'from plugins like' : 'like'} ${joinAnd(lints.map((l) => `\`${l}\``))}` : '';
    best = { linter, lints, items: fixing, title: `Fix the warnings of new ${linter} lints${like}` };
  }
  return best;
}

/** Writes a lint line out as a family: the fixing changes are its evidence; the files they touched are its place. */
export function renderLintLine(line: LintLine, id: string, extra: { score: number; components: Record<string, number>; why: string }): TaskFamily {
  const counts = new Map<string, number>();
  for (const e of line.items) for (const p of e.item.paths) counts.set(p, (counts.get(p) ?? 0) + 1);
  const paths = [...counts].sort((a, b) => b[1] - a[1] || compareText(a[0], b[0])).map(([p]) => p);
  const quoted = line.items.slice(0, 3).map((e) => `"${e.item.title}"`);
  const evidence: FamilyEvidence[] = line.items.map((e) => ({ kind: e.kind, ref: e.ref, date: e.date, text: e.item.title, reason: `a change that fixed what ${line.linter} reports, before T0` }));
  return {
    id,
    category: 'refactor',
    title: line.title,
    anchor: { name: line.linter, paths: paths.slice(0, 8) },
    expected_behavior: `The code is changed so that ${line.linter} reports nothing again after its newer lints (or a newly enabled one) flag it, continuing ${joinAnd(quoted)}.`,
    evidence,
    target_hints: { paths: paths.slice(0, 8), symbols: line.lints },
    acceptance_criteria: [
      `${capitalize(line.linter)} runs clean on the project with a lint it reported at T0 (a newer release's, or one newly enabled) fixed in the code, not silenced for the whole project.`,
      'Every test that passed before the change still passes.',
    ],
    score: extra.score,
    score_components: { ...extra.components, lint_changes: line.items.length },
    rationale: `${line.items.length} changes of the year before T0 fixed what ${line.linter} reports (${joinAnd(quoted)}): the project keeps its code clean of each new lint. ${extra.why}`,
  };
}

function joinAnd(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
