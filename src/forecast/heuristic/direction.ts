import { compareText } from '../../text/order.js';
import { stem } from '../../text/tokens.js';
import type { Category, FamilyEvidence, TaskFamily } from '../model.js';
import { componentTerm, topAspects } from './aspects.js';
import { isTestPath } from './signals.js';
import type { Stream } from './streams.js';

/**
 * A recurring work stream stated as a direction-level task: an action, the
 * component in the project's terms and the concrete aspects its recent changes
 * name ("Fix shell completion edge cases (zsh colons, nested groups, fish
 * escapes)"). Never one past change restated: the title is built from the
 * noun phrases several changes share, and behaviour and criteria say what is
 * checkable when the direction's next piece of work is done.
 */
export interface DirectionText {
  title: string;
  term: string;
  aspects: string[];
  expectedBehavior: string;
  acceptanceCriteria: string[];
}

export function directionText(stream: Stream, names: ReadonlySet<string>, exclude: ReadonlySet<string> = new Set()): DirectionText | null {
  const term = stream.kind === 'code' ? codeTerm(stream) : '';
  const skip = new Set([...exclude, ...term.split(/\s+/).map((w) => stem(w.toLowerCase()))]);
  let aspects = topAspects(stream.items.map((i) => ({ title: i.title, recency: i.recency })), names, skip, 3);
  // The documentation is named by its pages, which say more than loose words of its titles.
  if (stream.kind === 'docs') aspects = [...docPages(stream, 3), ...aspects].filter((a, i, all) => all.indexOf(a) === i).slice(0, 3);
  if (aspects.length === 0) return null;
  const list = aspects.join(', ');
  const where = stream.component;
  const tests = testHome(stream);
  const inTests = tests ? ` in ${tests}` : '';
  const named = joinAnd(aspects);
  let title: string;
  let expectedBehavior: string;
  let first: string[];
  switch (stream.kind) {
    case 'docs':
      title = `${/example/i.test(where) ? 'Fix and extend the examples' : 'Fix, restructure and extend the documentation pages'} (${list})`;
      expectedBehavior = `The pages under ${where}/ that cover ${named} are corrected or extended: each states current behaviour, its examples run as shown, and the site builds without new warnings.`;
      first = aspects.map((a) => `The documentation of ${a} is updated and cross-linked from the index or the page that introduces it.`);
      break;
    case 'tests':
      title = `Extend and tidy the test suite (${list})`;
      expectedBehavior = `The tests under ${where}/ that exercise ${named} are added to or made more robust, with no change to the library's behaviour.`;
      first = aspects.map((a) => `Tests covering ${a} are added or fixed and pass on every supported platform of the CI matrix.`);
      break;
    case 'ci':
      title = `Update the CI workflows and build tooling (${list})`;
      expectedBehavior = `The workflows in ${where}/ and the build tooling change for ${named}; every job still runs on pull requests and passes on the default branch.`;
      first = aspects.map((a) => `The CI change for ${a} is in place and its job passes.`);
      break;
    default: {
      const verb = codeVerb(stream.category, stream.votes);
      title = `${verb.title(term)} (${list})`;
      expectedBehavior = verb.expected(term, where, named, inTests);
      first = aspects.map((a) => verb.criterion(a, inTests));
    }
  }
  return {
    title, term, aspects, expectedBehavior,
    acceptanceCriteria: [...first, 'Every test that passed before the change still passes.'],
  };
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

function codeVerb(category: Category, votes: Record<Category, number>) {
  const mixed = category !== 'refactor' && votes.bugfix > 0 && votes.feature > 0 && Math.min(votes.bugfix, votes.feature) >= 0.6 * Math.max(votes.bugfix, votes.feature);
  if (mixed || category === 'bugfix') {
    return {
      title: (t: string) => (mixed ? `Fix and extend ${t} behaviour` : `Fix ${t} edge cases`),
      expected: (t: string, where: string, named: string, inTests: string) =>
        `${capitalize(t)} (${where}) handles ${named} correctly${mixed ? ' and gains the options its users asked for there' : ''}: each case that was wrong is fixed with a regression test${inTests}.`,
      criterion: (a: string, inTests: string) => `A test${inTests} exercises ${a}: it fails before the change and passes after it.`,
    };
  }
  if (category === 'feature') {
    return {
      title: (t: string) => `Extend ${t}`,
      expected: (t: string, where: string, named: string, inTests: string) =>
        `${capitalize(t)} (${where}) gains the next capabilities along its recent line of work on ${named}; each is documented and tested${inTests}.`,
      criterion: (a: string, inTests: string) => `The new behaviour around ${a} works as documented: a test${inTests} covers it, including one error case.`,
    };
  }
  return {
    title: (t: string) => `Refactor ${t}`,
    expected: (t: string, where: string, named: string) =>
      `${capitalize(t)} (${where}) is restructured around ${named} with behaviour unchanged: public names and outputs stay the same.`,
    criterion: (a: string) => `The code around ${a} is simplified or retyped with behaviour unchanged: the existing tests pass without edits to their assertions.`,
  };
}

/** The documentation pages (file names) two or more of the stream's changes touched, most touched first. */
function docPages(stream: Stream, k: number): string[] {
  const counts = new Map<string, number>();
  for (const i of stream.items) {
    const pages = new Set(i.paths.filter((p) => /\.(md|mdx|rst|txt|adoc|html)$/i.test(p)).map((p) => p.split('/').at(-1)!.replace(/\.[a-z]+$/i, '')));
    for (const page of pages) if (!/^(index|readme|changelog|changes|history|license|contributing|conf|summary|_sidebar|toc|roadmap|security|code_of_conduct|funding)$|release|\d/i.test(page)) counts.set(page, (counts.get(page) ?? 0) + 1);
  }
  return [...counts]
    .filter(([, n]) => n >= 2)
    .sort((a, b) => b[1] - a[1] || compareText(a[0], b[0]))
    .slice(0, k)
    .map(([p]) => p.replace(/[-_]+/g, ' '));
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
  const cited = stream.items.slice(0, 8);
  const evidence: FamilyEvidence[] = cited.map((i) => ({
    kind: 'work_item', ref: i.ref, date: i.date, text: i.title,
    reason: `a change before T0 in the same recurring work stream (${stream.component})`,
  }));
  const first = stream.items.at(-1)!.date.slice(0, 10);
  const last = stream.items[0]!.date.slice(0, 10);
  const category: Category = stream.kind === 'code' ? stream.category : stream.kind === 'docs' || stream.kind === 'ci' ? 'refactor' : stream.category;
  return {
    id,
    category,
    title: text.title,
    anchor: { name: stream.component, paths: [stream.component] },
    expected_behavior: text.expectedBehavior,
    evidence,
    target_hints: { paths: streamFiles(stream, 5), symbols: streamSymbols(stream, names, 6) },
    acceptance_criteria: text.acceptanceCriteria,
    score: score.score,
    score_components: score.components,
    rationale:
      `A recurring work stream of ${stream.items.length} pre-T0 signals: non-chore changes that landed in ${stream.component} between ${first} and ${last} ` +
      `(heat ${stream.heat.toFixed(2)}, the sum of exp(-age/120 d)); the aspects in the title are the noun phrases those changes share most. ` +
      `Category by the weighted votes bugfix ${stream.votes.bugfix}, feature ${stream.votes.feature}, refactor ${stream.votes.refactor}. ${score.why}`,
  };
}

function joinAnd(list: readonly string[]): string {
  return list.length <= 1 ? (list[0] ?? '') : `${list.slice(0, -1).join(', ')} and ${list.at(-1)}`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
