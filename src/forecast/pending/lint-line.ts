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

/** The line a snapshot's work items state at its T0, or null. Reads only non-bot work items of the 365 days up to T0. */
export function lintLine(snapshot: Snapshot): LintLine | null {
  const end = Date.parse(snapshot.t0);
  const items = snapshot.evidence
    .filter((e): e is WorkItemRow => e.kind === 'work_item' && !e.item.bot && Date.parse(e.date) <= end && end - Date.parse(e.date) <= 365 * DAY_MS)
    .sort((a, b) => compareText(b.date, a.date) || compareText(a.ref, b.ref));
  let best: LintLine | null = null;
  for (const [linter, pattern, config] of LINTERS) {
    const fixing = items.filter((e) => fixesLints(e.item.title, pattern) || linterWork(e.item, pattern, config));
    if (fixing.length < MIN_CHANGES || (best && best.items.length >= fixing.length)) continue;
    const lints = [...new Set(fixing.flatMap((e) => [...e.item.title.matchAll(/\b[a-z]+::([a-z][a-z0-9_]+)\b/g)].map((m) => m[1]!)))].slice(0, 2);
    const like = lints.length ? ` like ${joinAnd(lints.map((l) => `\`${l}\``))}` : '';
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
