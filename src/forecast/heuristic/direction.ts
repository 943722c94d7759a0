import { compareText } from '../../text/order.js';
import { stem } from '../../text/tokens.js';
import type { Category, FamilyEvidence, TaskFamily } from '../model.js';
import { componentTerm } from './aspects.js';
import { joinAnd, streamFocus } from './focus.js';
import { upkeepTitle } from './upkeep.js';
import { instancesElsewhere } from './elsewhere.js';
import { defectLine } from './defect-classes.js';
import { objectPasses } from './task-line.js';
import { isTestPath } from './signals.js';
import type { Stream, StreamItem } from './streams.js';
import { uncapitalize } from '../../text/sentence-case.js';

/**
 * A recurring work stream stated as one piece of work: an action, the
 * behaviour, feature or defect class several of its recent changes name (its
 * focus, focus.ts) and where ("Fix zsh and PowerShell completion in
 * typer/_completion_classes.py"). Never one past change restated: the object
 * merges the phrases of two or more changes, and behaviour and criteria say
 * what is checkable when the line's next piece of work is done.
 */
export interface DirectionText {
  title: string;
  term: string;
  /** The cases merged into the object, each checkable on its own. */
  aspects: string[];
  expectedBehavior: string;
  acceptanceCriteria: string[];
  /** The changes that name the focus, newest first (cited first). */
  focusRefs: string[];
  /** The focus changes' majority category (the stream's when it has no focus). */
  category: Category;
  /**
   * Whether the title names a checkable piece of work: a code direction's
   * object passed the gate (task-line.ts) or its changes share a defect class.
   * Documentation, CI and test-suite directions are specific only when their
   * changes share a phrase that passes the same gate (a named job, tool, page
   * section or tested behaviour), not when the wording falls back to the
   * area's upkeep ("Update the CI workflow in X", "Extend the README page in
   * README.md"). A feature line stated as its act, a short object (three words
   * at most) and its place, with no clause naming a case ("Add response builders
   * in axum-extra/src/response", not "Retry failed requests as well as 502, 503
   * and 504 responses") names a capability area, not the next feature: not
   * specific either (docs/forecast.md "Feature areas are loose"). A direction
   * that is not specific is stated honestly and shown after every specific
   * family, few of them (order.ts).
   */
  specific: boolean;
  /**
   * Whether the title names one checkable piece of work, not a class of work in a place (spec30): a direction is
   * checkable when it asks for one more instance of what each of its changes added (a list page's entry, a corrected
   * code example, an additive line's next option or syntax), so a person can tell whether one later change is it. A
   * line of fixes, restructuring or upkeep ("Fix rich formatting in typer/rich_utils.py", "Refactor global buffer in
   * lib/response.js", "Update the golangci-lint config in .github/workflows/") names the kind of its next change and
   * its place, never which defect or which restructuring: people rated 30 of 32 such titles specificity 1 (the two
   * rated 2 were rated 1 by the second labeller), against 9 of 14 "one more" titles rated 2 (round 16:
   * eval/families/dev16, audit16, newcomer16, newcomer2-16, newcomer3-16; eval/results/spec30.md). The order shows a
   * direction that is not checkable as a loose family (order.ts): by default not at all.
   */
  checkable: boolean;
  /** A list page's direction (upkeep.ts `listEntries`): its next work is one more entry. */
  list?: true;
  /** The title asks for one more instance of what each change added: a list page's entry, or an additive line's (task-line.ts `Instances`). */
  oneMore?: true;
  /** Where else the line's kind was added before T0 (elsewhere.ts): named in the title, and anchor paths beside the component. */
  places?: string[];
  /** The changes that added those instances elsewhere (none of the stream's own), newest first: cited before the stream's. */
  elsewhere?: StreamItem[];
}

/**
 * `others`: the changes before T0 outside this stream (any component), where an
 * additive line looks for instances of its kind added elsewhere (elsewhere.ts).
 */
export function directionText(stream: Stream, names: ReadonlySet<string>, exclude: ReadonlySet<string> = new Set(), others: readonly StreamItem[] = []): DirectionText | null {
  const term = stream.kind === 'code' ? codeTerm(stream) : '';
  const skip = new Set([...exclude, ...term.split(/\s+/).map((w) => stem(w.toLowerCase()))]);
  // The component's own words stay: the title names its place by path, and its line of work is often named by them ("retry").
  const focus = streamFocus(stream.items, names, exclude, stream.category, stream.kind === 'code');
  const upkeep = upkeepTitle(stream, names, exclude);
  if (!focus && !upkeep) return null;
  const where = stream.component;
  const tests = testHome(stream);
  const inTests = tests ? ` in ${tests}` : '';
  const cite = (items: readonly StreamItem[]) => items.slice(0, 2).map((i) => `"${i.title.trim()}" (${i.ref})`).join(' and ');
  const focusItems = upkeep?.items ?? focus?.items ?? stream.items;
  let continuing = `continuing ${cite(focusItems)}`;
  let title: string;
  let expectedBehavior: string;
  let criteria: string[];
  let aspects: string[];
  let specific = true;
  let oneMore = upkeep?.entries !== undefined || (upkeep?.examples?.length ?? 0) > 0;
  let places: string[] | undefined;
  let elsewhere: StreamItem[] | undefined;
  let cited = focusItems;
  if (upkeep) {
    // Documentation, CI and the test suite: one task on the phrase their changes share, else honest loose wording (upkeep.ts).
    title = upkeep.title;
    const { object, where: at } = upkeep;
    const general = stream.kind === 'ci' ? new Set([...skip, ...CI_GENERAL]) : skip;
    specific = (upkeep.entries !== undefined) || (upkeep.examples !== undefined ? upkeep.examples.length > 0 : upkeep.shared && objectPasses(object.replace(/^the /, ''), '', general, names));
    const bare = object.replace(/^the /, '');
    aspects = [bare];
    if (upkeep.entries) {
      const done = joinAnd(upkeep.entries);
      expectedBehavior = `${capitalize(object)} in ${at} gains one more entry, beyond those added before T0 (${done}), ${continuing}: written and placed like its neighbours.`;
      criteria = [`${capitalize(object)} in ${at} has an entry it does not have at T0, in the list's own format and order.`];
    } else if (upkeep.examples) {
      const done = upkeep.examples.length ? ` (${joinAnd(upkeep.examples)})` : '';
      expectedBehavior = `A code example in ${at} that is wrong at T0 is corrected, beyond those corrected before T0${done}, ${continuing}: it runs as shown, with the API as the library has it.`;
      criteria = [`A code example in ${at} that does not run or type-check as shown at T0 is corrected, and runs as shown after the change.`];
    } else if (stream.kind === 'docs') {
      expectedBehavior = `${capitalize(object)} in ${at} states what it is missing or gets wrong at T0, ${continuing}: each example on it runs as shown, and the documentation builds without new warnings.`;
      criteria = [`${capitalize(object)} in ${at} covers a case it does not at T0: its examples run as shown, and it is cross-linked from the index or the page that introduces it.`];
    } else if (stream.kind === 'ci') {
      // The verb agrees with the object's head ("the CI workflows … change", "the golangci-lint config … changes").
      const changes = /[^s]s$/i.test(object.split(' ').at(-1)!) ? 'change' : 'changes';
      expectedBehavior = `${capitalize(object)} in ${at} ${changes} for the work the project needs next, ${continuing}; every job still runs on pull requests and passes on the default branch.`;
      criteria = [`The change to ${object} is in place in ${at} and its job passes on a pull request.`];
    } else {
      expectedBehavior = `The tests in ${at} exercise ${bare} in a case they miss at T0, ${continuing}, with no change to the library's behaviour.`;
      criteria = [`A test of ${bare} that is not in the suite at T0 is added in ${at} and passes on every platform of the CI matrix.`];
    }
  } else {
    const f = focus!;
    aspects = f.cases;
    const object = f.object;
    const cases = f.cases.length > 1 ? f.cases : [];
    if (!f.specific) {
      // No object passes the gate: the defect class the changes share, else an honest "next defects" statement.
      const shared = defectClass(stream.items);
      specific = shared !== null;
      title = shared ? `${shared} in ${where}` : { bugfix: `Fix the next reported defects in ${where}`, feature: `Add the next requested capability in ${where}`, refactor: `Continue restructuring ${where}` }[f.category];
      const what = shared ? uncapitalize(shared) : `work in ${where}`;
      expectedBehavior = `${where} receives more of the work its recent changes did (${what}), ${continuing}.`;
      criteria = [f.category === 'refactor'
        ? `The restructured code in ${where} keeps its behaviour: the existing tests pass without edits to their assertions.`
        : `A test${inTests} that fails at T0 passes after the change, for a case in ${where} the changes before T0 did not cover.`];
    } else {
      // The line's verb, object and the clauses its changes differ in: "Fix PowerShell completion with incomplete word and ...".
      const clause = f.complement ? ` ${f.complement}` : '';
      const more = f.category === 'feature' && ADDITIVE.has(f.verb.toLowerCase()) ? f.instances : undefined;
      title = more ? `${f.verb} more ${more.kind} ${more.link} ${joinAnd(more.done)} in ${where}` : `${f.verb} ${object}${clause} in ${where}`;
      // The same kind added elsewhere (a syntax as a git submodule, not a patch): its instances and places join the title.
      const away = more && more.link === 'like' ? instancesElsewhere(more, others, names, f.category) : null;
      if (more && away) {
        oneMore = true;
        const done = joinAnd([...away.done, ...more.done].slice(0, 4));
        const ways = [...(away.submodule ? ['as git submodules in .gitmodules'] : []), ...away.homes.map((h) => `in ${h}`), `in ${where}`];
        const tested = away.tests.length ? joinAnd(away.tests) : tests;
        title = `Add more ${more.kind} like ${done} ${ways.join(' or ')}${tested ? `, each with a test in ${tested}` : ''}`;
        places = [...(away.submodule ? ['.gitmodules'] : []), ...away.homes, ...away.tests];
        elsewhere = away.items;
        cited = [...away.items, ...focusItems];
        continuing = `continuing ${cite(cited)}`;
        expectedBehavior = `${capitalize(more.kind)} gain one more, beyond those added before T0 (${done}), added the way they were (${ways.join(' or ')}), ${continuing}: documented, and tested${tested ? ` in ${tested}` : ''}.`;
        criteria = [
          `One more of the ${more.kind} than at T0 is in place (${ways.join(' or ')}), with a test${tested ? ` in ${tested}` : ''} that exercises it.`,
          `Those added before T0 (${done}) are unchanged: their tests pass without edits.`,
        ];
      } else if (more) {
        oneMore = true;
        // Each change added one more instance: the next piece of work is another, not the ones done before T0.
        const done = joinAnd(more.done);
        expectedBehavior = `${capitalize(more.kind)} in ${where} gain one more, beyond those done before T0 (${done}), ${continuing}: documented, and tested${inTests}.`;
        criteria = [
          `One more of the ${more.kind} than at T0 is in place in ${where}, with a test${inTests} that exercises it.`,
          `Those done before T0 (${done}) are unchanged: their tests pass without edits.`,
        ];
      } else if (f.category === 'bugfix') {
        expectedBehavior = `${capitalize(object)}${clause} in ${where} handles one more case correctly, ${continuing}: an input it mishandles at T0 gives the right result, with a regression test${inTests}.`;
        criteria = [`A regression test${inTests} for ${object}${clause} fails at T0 and passes after the change.`, ...cases.map((c) => `The ${c} cases fixed before T0 keep their tests passing.`)];
      } else if (f.category === 'feature') {
        expectedBehavior = `${capitalize(object)}${clause} in ${where} gains a capability it lacks at T0, ${continuing}: documented, and tested${inTests}.`;
        criteria = [`${capitalize(object)}${clause} does something it cannot do at T0: a new test${inTests} exercises it, including one error case.`, ...cases.map((c) => `The existing ${c} behaviour is unchanged: its tests pass without edits.`)];
      } else {
        expectedBehavior = `The code of ${object}${clause} in ${where} is restructured, ${continuing}; public names and outputs stay the same.`;
        criteria = [`The code of ${object}${clause} is restructured with behaviour unchanged: the existing tests pass without edits to their assertions.`];
      }
    }
  }
  // A line of fixes that share a checkable class of defect is stated as that class with two examples (defect-classes.ts):
  // specific, yet held back by default like every line of fixes (it names a class of defect, not which one).
  if (!upkeep && stream.kind === 'code' && !oneMore && focus?.category === 'bugfix') {
    const line = defectLine(stream.items, names);
    if (line) {
      specific = true;
      const like = joinAnd(line.examples);
      title = `Fix more ${line.kind} like ${like} in ${where}`;
      cited = line.items;
      continuing = `continuing ${cite(cited)}`;
      aspects = line.examples;
      expectedBehavior = `One more of the ${line.kind} in ${where} is fixed, beyond those fixed before T0 (${like}), ${continuing}: an input it mishandles at T0 gives the right result, with a regression test${inTests}.`;
      criteria = [
        `A regression test${inTests} for one of the ${line.kind} in ${where} fails at T0 and passes after the change.`,
        `The ${line.kind} fixed before T0 (${like}) keep their tests passing.`,
      ];
    }
  }
  // A feature line stated as its act, a short object and its place, with one case and no clause naming it: a capability area.
  const featureArea = !upkeep && focus !== null && focus.category === 'feature' && !oneMore && !focus.complement && focus.cases.length <= 1 && focus.object.split(/\s+/).length <= 3;
  return {
    title, term, aspects, expectedBehavior,
    acceptanceCriteria: [...criteria, 'Every test that passed before the change still passes.'],
    focusRefs: cited.map((i) => i.ref),
    category: focus?.category ?? stream.category,
    specific: specific && !featureArea,
    checkable: specific && !featureArea && oneMore,
    ...(upkeep?.entries ? { list: true as const } : {}),
    ...(oneMore ? { oneMore: true as const } : {}),
    ...(places?.length ? { places } : {}),
    ...(elsewhere ? { elsewhere } : {}),
  };
}

/** Verbs whose line adds one instance per change (a syntax mapping, an option): its next work is one more. */
const ADDITIVE = new Set(['add', 'support', 'implement', 'expose']);

/** Words of any CI change: a CI phrase of only these names no job, tool or version ("the GitHub action", "the duplicated configs"). */
const CI_GENERAL = ['github', 'action', 'actions', 'ci', 'config', 'configs', 'configuration', 'pipeline', 'pipelines', 'duplicated', 'setup'].map(stem);

/** Defect classes two changes of a stream can share, and the task that names the class. */
const DEFECT_CLASSES: [RegExp, string][] = [
  [/\b(panic|panics|panicking|crash|crashes|segfault|overflow)\b/i, 'Fix panics and crashes'],
  [/\b(encoding|unicode|utf-?8|utf-?16|non-ascii|charset|cp\d{3,4})\b/i, 'Fix text encoding handling'],
  [/\b(windows|macos|win32|wsl|cygwin|msys)\b/i, 'Fix platform-specific behaviour (Windows, macOS)'],
  [/\b(performance|faster|slow|allocations?|avoid cloning|perf)\b/i, 'Improve performance'],
  [/\berror messages?\b/i, 'Improve error messages'],
  [/\b(type hints?|type annotations?|typing|typed)\b/i, 'Correct type annotations'],
  [/\bmemory leaks?\b/i, 'Fix memory leaks'],
  [/\b(race|deadlock|thread[- ]safe|concurren\w*)\b/i, 'Fix concurrency defects'],
];

/** A conventional-commit type's scope at a title's start: "feat(encoding): " -> "feat: " ($1 type, $2 "!"). */
const CONVENTIONAL_SCOPE = /^\s*([a-z]+)\([^)]*\)(!?):/i;

/** The defect class two or more of the stream's changes name, stated as a task, or null. */
function defectClass(items: readonly StreamItem[]): string | null {
  let best: [string, number] | null = null;
  for (const [re, task] of DEFECT_CLASSES) {
    // A conventional-commit scope names the component, not the defect: viper's "feat(encoding): add default codec
    // registry" (its config-format package) is no text-encoding fix. The type stays: "perf(x): …" is performance work.
    const n = items.filter((i) => re.test(i.title.replace(CONVENTIONAL_SCOPE, '$1$2:'))).length;
    if (n >= 2 && (!best || n > best[1])) best = [task, n];
  }
  return best?.[0] ?? null;
}

/** The component's term; a folder whose changes mostly touch one file is named with it ("http retry"). */
function codeTerm(stream: Stream): string {
  const term = componentTerm(stream.component);
  if (/\.[a-z0-9]+$/i.test(stream.component)) return term;
  const inside = stream.items.map((i) => i.paths.filter((p) => p.startsWith(`${stream.component}/`)));
  const counts = new Map<string, number>();
  for (const paths of inside) for (const p of new Set(paths)) counts.set(p, (counts.get(p) ?? 0) + 1);
  const [top] = [...counts].sort((a, b) => b[1] - a[1] || compareText(a[0], b[0]));
  if (!top || top[1] < 0.6 * stream.items.length) return term;
  const file = top[0].split('/').at(-1)!.replace(/\.[a-z0-9]+$/i, '').replace(/^_+/, '').replace(/_/g, ' ');
  return term.split(' ').includes(file) || /^(mod|index|lib|init|main|utils?|types?)$/i.test(file) ? term : `${term} ${file}`;
}

/** The test file or folder the stream's changes touched most. */
function testHome(stream: Stream): string | null {
  const counts = new Map<string, number>();
  for (const i of stream.items) for (const p of i.paths) if (isTestPath(p)) counts.set(p, (counts.get(p) ?? 0) + 1);
  const [best] = [...counts].sort((a, b) => b[1] - a[1] || compareText(a[0], b[0]));
  return best && best[1] >= 2 ? best[0] : null;
}

/** The files of the component its changes touched most. */
export function streamFiles(stream: Stream, k: number): string[] {
  const counts = new Map<string, number>();
  for (const i of stream.items) {
    for (const p of i.paths) {
      const inside = stream.kind === 'code' ? p === stream.component || p.startsWith(`${stream.component}/`) : stream.kind === 'tests' ? isTestPath(p) : true;
      if (inside) counts.set(p, (counts.get(p) ?? 0) + 1);
    }
  }
  return [...counts].sort((a, b) => b[1] - a[1] || compareText(a[0], b[0])).slice(0, k).map(([p]) => p);
}

/** Identifiers the stream's changes name: `quoted`, CamelCase, snake_case, call(). */
export function streamSymbols(stream: Stream, names: ReadonlySet<string>, k: number): string[] {
  const found = new Map<string, number>();
  for (const i of stream.items) {
    for (const m of i.title.matchAll(/`([A-Za-z_][\w.:]*)(?:\(\))?`|\b([A-Z][a-z]+[A-Z][A-Za-z0-9]*|[a-z]+_[a-z0-9_]+|[a-z]+[A-Z][A-Za-z0-9]*)\b/g)) {
      const sym = m[1] ?? m[2];
      if (sym && sym.length > 2 && !names.has(sym) && !names.has(sym.toLowerCase())) found.set(sym, (found.get(sym) ?? 0) + 1);
    }
  }
  return [...found].sort((a, b) => b[1] - a[1] || compareText(a[0], b[0])).slice(0, k).map(([s]) => s);
}

export function renderDirection(
  stream: Stream,
  text: DirectionText,
  id: string,
  names: ReadonlySet<string>,
  score: { score: number; components: Record<string, number>; why: string },
): TaskFamily {
  // The changes that name the focus first, then the rest of the stream.
  const focused = new Set(text.focusRefs);
  // Changes of the line's kind added elsewhere (elsewhere.ts) are cited first: they show where the next one goes.
  const away = text.elsewhere ?? [];
  const cited = [...away, ...stream.items.filter((i) => focused.has(i.ref)), ...stream.items.filter((i) => !focused.has(i.ref))].slice(0, 8);
  const evidence: FamilyEvidence[] = cited.map((i) => ({
    kind: 'work_item', ref: i.ref, date: i.date, text: i.title,
    reason: away.includes(i) ? 'a change before T0 that added one more of the same kind elsewhere' : `a change before T0 in the same recurring work stream (${stream.component})`,
  }));
  const first = stream.items.at(-1)!.date.slice(0, 10);
  const last = stream.items[0]!.date.slice(0, 10);
  const category: Category = stream.kind === 'docs' || stream.kind === 'ci' ? 'refactor' : text.category;
  return {
    id,
    category,
    title: text.title,
    anchor: { name: stream.component, paths: [stream.component, ...(text.places ?? [])] },
    expected_behavior: text.expectedBehavior,
    evidence,
    target_hints: { paths: [...new Set([...(text.places ?? []), ...streamFiles(stream, 5)])].slice(0, 5), symbols: streamSymbols(stream, names, 6) },
    acceptance_criteria: text.acceptanceCriteria,
    score: score.score,
    score_components: score.components,
    rationale:
      `A recurring work stream of ${stream.items.length} pre-T0 signals: non-chore changes that landed in ${stream.component} between ${first} and ${last} ` +
      `(heat ${stream.heat.toFixed(2)}, the sum of exp(-age/120 d)); the title's object merges the noun phrases that ${text.focusRefs.length} of those changes share around their most recent common word. ` +
      `Category by the weighted votes bugfix ${stream.votes.bugfix}, feature ${stream.votes.feature}, refactor ${stream.votes.refactor}. ${score.why}`,
  };
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
