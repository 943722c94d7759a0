import type { BranchEvidence, Snapshot } from '../../snapshot/model.js';
import { branchIsActive, branchIsLongLived } from '../../snapshot/long-lived.js';
import type { FamilyEvidence, TaskFamily } from '../model.js';
import { compareText } from '../../text/order.js';
import { uncapitalize } from '../../text/sentence-case.js';

/**
 * Work done on a long-lived feature branch present at T0 and not yet on the
 * default branch: a task "Land the <branch> work on <default>: <what its
 * commits do>" (issue 15 item 2). Read from the snapshot's branch rows alone
 * (src/snapshot/branches.ts), which hold only commits dated <= T0.
 *
 * A line is an active long-lived branch (src/snapshot/long-lived.ts) with
 * every other branch row that shares its oldest commit (branches made from it:
 * lipgloss's v2-exp, and feat-support-js and issue-520-poc forked from it). It is
 * named by the member whose commits the others hold most of (its base: v2-exp,
 * whose 89 commits its three offshoots hold). What its commits do: the conventional-commit scopes its
 * feature and fix commits name most ("table fixes, color features"), else its
 * oldest commit's title, which says what the branch was started for.
 */
export interface BranchLine {
  name: string;
  defaultBranch: string;
  members: BranchEvidence[];
  /** The members' own commits, newest first, each once. */
  commits: BranchEvidence['commits'];
  what: string;
  title: string;
  paths: string[];
}

/** The ranking score of a branch line (ties only; the calibration map scores it as a plan). */
export const BRANCH_RATE = 0.25;

/** A line whose commits the default branch already holds in another form at this share or more runs beside it (a parallel line). */
export const PARALLEL_SHARE = 0.5;

const CONVENTIONAL = /^(\w+)(?:\(([^)]+)\))?!?:\s*(.+)$/;
const NOT_WORK = /^(merge|revert|chore|ci|build|docs?|test|tests|style|wip|release|bump)\b/i;
/** Scopes that name no part of the product: examples, docs, tests, tooling. */
const NOT_SCOPE = /^(examples?|docs?|tests?|lint|deps|ci|build|release|chore|readme)$/i;
const MANIFEST = /(^|\/)(go\.(mod|sum)|package(-lock)?\.json|yarn\.lock|pnpm-lock\.yaml|Cargo\.(toml|lock)|poetry\.lock|uv\.lock|requirements[^/]*\.txt)$/;

export function branchLines(snapshot: Snapshot): BranchLine[] {
  const rows = snapshot.evidence.filter((e): e is BranchEvidence => e.kind === 'branch');
  const lines: BranchLine[] = [];
  const taken = new Set<string>();
  const items = snapshot.evidence.flatMap((e) => (e.kind === 'work_item' ? [e.item] : []));
  const landed = new Set(items.map((i) => landedKey(i.title)));
  const landedPrs = new Set(items.flatMap((i) => (i.number !== null ? [i.number] : [])));
  for (const active of rows.filter((b) => branchIsLongLived(b) && branchIsActive(b, snapshot.t0))) {
    if (taken.has(active.ref)) continue;
    const oldest = active.commits.at(-1)?.sha;
    const members = rows.filter((b) => b === active || (oldest !== undefined && b.commits.at(-1)?.sha === oldest && b.commitCount <= b.commits.length && active.commitCount <= active.commits.length));
    for (const m of members) taken.add(m.ref);
    const shas = (b: BranchEvidence) => new Set(b.commits.map((c) => c.sha));
    // The base: the member whose commits the others hold most of (branches made from it hold all of them), then the longest.
    const sets = new Map(members.map((m) => [m, shas(m)]));
    const held = (m: BranchEvidence) => members.reduce((sum, o) => (o === m ? sum : sum + m.commits.filter((c) => sets.get(o)!.has(c.sha)).length / m.commits.length), 0);
    const bases = [...members].sort((a, b) => held(b) - held(a) || b.commitCount - a.commitCount || compareText(a.name, b.name));
    const name = bases[0]!.name;
    // A commit the default branch has in another form (its pull request squashed or cherry-picked there by T0) is landed already.
    const seen = new Set<string>();
    const commits = members
      .flatMap((m) => m.commits)
      .filter((c) => !seen.has(c.sha) && seen.add(c.sha) && !landed.has(landedKey(c.title)) && !landedPrs.has(prNumber(c.title) ?? -1))
      .sort((a, b) => compareText(b.date, a.date) || compareText(a.sha, b.sha));
    // A line most of whose commits the default branch took one by one (cherry-picked or ported, same title or pull
    // request) is a parallel line, not work waiting to land: tracing's `master` (the 0.2 line, 271 of its 300 newest
    // commits ported to main by T0) made "Land the master branch work on main: …" (newcomer5, rejected).
    if (seen.size > 0 && (seen.size - commits.length) / seen.size >= PARALLEL_SHARE) continue;
    const what = workOf(commits);
    const touched = new Map<string, number>();
    for (const m of members) for (const p of m.paths) if (!MANIFEST.test(p.path)) touched.set(p.path, Math.max(touched.get(p.path) ?? 0, p.commits));
    const paths = [...touched].sort((a, b) => b[1] - a[1] || compareText(a[0], b[0])).map(([p]) => p).slice(0, 10);
    const defaultBranch = snapshot.repo.defaultBranch;
    lines.push({ name, defaultBranch, members, commits, what, title: `Land the ${name} branch work on ${defaultBranch}: ${what}`, paths });
  }
  return lines;
}

/** A title as compared with the default branch's work items: lower case, without a trailing "(#123)". */
function landedKey(title: string): string {
  return title.replace(/\s*\(#\d+\)\s*$/, '').trim().toLowerCase();
}

function prNumber(title: string): number | null {
  const m = /\(#(\d+)\)\s*$/.exec(title);
  return m ? Number(m[1]) : null;
}

/** What a branch's commits do, in a few words. */
function workOf(commits: BranchEvidence['commits']): string {
  const scopes = new Map<string, { feat: number; fix: number; n: number }>();
  for (const c of commits) {
    const m = CONVENTIONAL.exec(c.title);
    if (!m || !m[2] || !/^(feat|fix|perf|refactor)$/i.test(m[1]!) || NOT_SCOPE.test(m[2])) continue;
    const scope = m[2].toLowerCase();
    const s = scopes.get(scope) ?? { feat: 0, fix: 0, n: 0 };
    s.n += 1;
    if (/^fix$/i.test(m[1]!)) s.fix += 1;
    else s.feat += 1;
    scopes.set(scope, s);
  }
  const top = [...scopes].filter(([, s]) => s.n >= 2).sort((a, b) => b[1].n - a[1].n || compareText(a[0], b[0])).slice(0, 3);
  if (top.length > 0) return top.map(([scope, s]) => `${scope} ${s.fix > s.feat ? 'fixes' : s.feat > 0 && s.fix > 0 ? 'features and fixes' : 'features'}`).join(', ');
  const work = commits.filter((c) => !NOT_WORK.test(c.title));
  const first = (work.at(-1) ?? commits.at(-1))!;
  return uncapitalize(first.title.replace(CONVENTIONAL, '$3').replace(/\s*\(#\d+\)\s*$/, '').replace(/[.!\s]+$/, '').trim());
}

export function renderBranchLine(line: BranchLine, id: string, extra: { score: number; components: Record<string, number>; why: string }): TaskFamily {
  const evidence: FamilyEvidence[] = line.members.map((m) => ({ kind: 'branch', ref: m.ref, date: m.date, text: m.text, reason: 'a branch at T0 with work not on the default branch' }));
  const examples = line.commits.filter((c) => !NOT_WORK.test(c.title)).slice(0, 5).map((c) => c.title);
  const first = line.commits.at(-1)!.date.slice(0, 10);
  const last = line.commits[0]!.date.slice(0, 10);
  return {
    id,
    category: 'feature',
    title: line.title,
    anchor: { name: line.paths[0]?.split('/').slice(0, -1).join('/') || line.paths[0] || line.name, paths: line.paths },
    expected_behavior: `The ${line.commits.length} commits of ${line.name}${line.members.length > 1 ? ` (and the ${line.members.length - 1} branches made from it)` : ''}, made from ${first} to ${last}, reach ${line.defaultBranch}: ${examples.map((t) => `"${t}"`).join(', ')}.`,
    evidence,
    target_hints: { paths: line.paths.slice(0, 5), symbols: [] },
    acceptance_criteria: [
      `${line.defaultBranch} holds the work of ${line.name} (${line.what}), merged or re-applied, with its tests passing there.`,
      ...examples.slice(0, 3).map((t) => `${line.defaultBranch} has the change "${t}".`),
      'The existing test suite passes.',
    ],
    score: extra.score,
    score_components: extra.components,
    rationale: `${line.members.length === 1 ? 'A long-lived branch' : `${line.members.length} branches of one line`} present at T0 with ${line.commits.length} commits not on ${line.defaultBranch}, the newest ${last} (within 90 days of T0): work done that is still to land. ${extra.why}`,
  };
}

/** A branch commit that already does a family's named work, and the line it is on. */
export interface DoneOnBranch {
  line: BranchLine;
  commit: BranchEvidence['commits'][number];
}

/**
 * The commit of an active long-lived branch line that already does the work a
 * family's title names (newest first): it changed one of the family's anchor
 * files, and its title shares two or more topic words with the family's title
 * without its place ("Fix table height in table/table.go" and v2-exp's
 * "fix(table): improve height handling for cells with vertical padding" share
 * table, height). Null when no line has one. Such a family is work done at T0
 * that is still to land (eval/results/newcomer23.md cause B), stated so by
 * landedTitle.
 */
export function doneOnBranch(lines: readonly BranchLine[], title: string, anchorPaths: readonly string[], topicWords: (text: string) => string[]): DoneOnBranch | null {
  const want = new Set(topicWords(title.replace(/\s+in\s+\S*[/.]\S*$/, '')));
  if (want.size < 2) return null;
  for (const line of lines) {
    const touched = new Set(line.members.flatMap((m) => m.paths.map((p) => p.path)));
    if (!anchorPaths.some((p) => touched.has(p))) continue;
    for (const commit of line.commits) {
      if (NOT_WORK.test(commit.title)) continue;
      const words = new Set(topicWords(commit.title.replace(CONVENTIONAL, '$2 $3')));
      let shared = 0;
      for (const w of want) if (words.has(w)) shared++;
      if (shared >= 2) return { line, commit };
    }
  }
  return null;
}

/** "Fix table height in table/table.go" done on v2-exp: "Land v2-exp's fix: fix table height in table/table.go". */
export function landedTitle(done: DoneOnBranch, title: string): string {
  return `Land the ${done.line.name} branch's work on ${done.line.defaultBranch}: ${uncapitalize(title)}`;
}

/** The family restated as landing the branch's work: its title, the branch rows among its evidence, and why. */
export function restateAsLanding(family: TaskFamily, done: DoneOnBranch): TaskFamily {
  const short = done.commit.sha.slice(0, 12);
  return {
    ...family,
    title: landedTitle(done, family.title),
    evidence: [
      ...family.evidence,
      ...done.line.members.map((m) => ({ kind: 'branch', ref: m.ref, date: m.date, text: m.text, reason: `already does this work at T0: ${short} "${done.commit.title}"` })),
    ],
    acceptance_criteria: [`${done.line.defaultBranch} has the change of ${done.line.name}'s ${short} "${done.commit.title}" (merged or re-applied).`, ...family.acceptance_criteria],
    score_components: { ...family.score_components, done_on_branch: 1 },
    rationale: `${family.rationale} The ${done.line.name} branch already does this work at T0 (${short} "${done.commit.title}", ${done.commit.date.slice(0, 10)}) and does not reach ${done.line.defaultBranch} by then: the task is landing it, not doing it anew.`,
  };
}
