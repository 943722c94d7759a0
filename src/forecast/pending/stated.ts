import type { Evidence, Snapshot } from '../../snapshot/model.js';
import type { Category, FamilyEvidence, TaskFamily } from '../model.js';
import { compareText } from '../../text/order.js';
import { uncapitalize } from '../../text/sentence-case.js';

type Pending = Extract<Evidence, { kind: 'pending' }>;
export type StatedSignal = 'skipped_test' | 'expected_failure' | 'pending_test' | 'not_supported' | 'not_implemented' | 'planned' | 'deprecation' | 'needs_work';

/**
 * Pending work the repository states in one place, each a task on its own
 * (no cluster needed): a test skipped or expected to fail with a reason
 * ("Make `test_x` pass: <reason>"), a pending test ("Implement the pending
 * test `<name>`"), a statement of missing support ("Support X", "Implement
 * X", "Add X"), and the deprecations announced for one target ("Remove `a`
 * and `b`, deprecated for removal in 1.0.0"). Read from the snapshot's
 * pending rows alone, which come from the T0 commit's tree.
 */
export interface StatedWork {
  signal: StatedSignal;
  title: string;
  category: Category;
  /** The rows it is stated from (one, or a deprecation target's notices). */
  rows: Pending[];
  anchor: { name: string; paths: string[] };
  expectedBehavior: string;
  acceptanceCriteria: string[];
  symbols: string[];
}

/**
 * The ranking score of a family stated by each signal, put on people's labels by the fitted map
 * (backtest/calibration.ts) like PENDING_RATES. Chosen on the development repositories only
 * (eval/dev.json) by scripts/stated-backtest.ts: of the statements found at T0-6m, -12m and -18m,
 * how many were acted on (the line changed or gone) within six months. Deprecations 7 of 15: the
 * pending-notice rate (0.25). Known failures 1 of 1, too few to tell: the open-note rate (0.15).
 * Missing support 0 of 12 (typer's three, httpx's digest auth-int, open for years): below every
 * other kind (0.1), so they fill places only when little else is stated. See docs/forecast.md.
 */
export const STATED_RATES: Record<StatedSignal, number> = {
  deprecation: 0.25,
  skipped_test: 0.15,
  expected_failure: 0.15,
  pending_test: 0.15,
  not_supported: 0.1,
  not_implemented: 0.1,
  planned: 0.1,
  // A linked file the docs say still needs work (cover43): no backtest of its own yet; the missing-support rate, the nearest stated gap.
  needs_work: 0.1,
};

const PROSE = /\.(md|markdown|rst|txt|adoc)$/i;

/** At most this many families per signal (a suite with many skips states them as many tasks, but ten are no forecast). */
export const MAX_STATED_PER_SIGNAL = 2;

const CATEGORY: Record<StatedSignal, Category> = {
  skipped_test: 'bugfix',
  expected_failure: 'bugfix',
  pending_test: 'feature',
  not_supported: 'feature',
  not_implemented: 'feature',
  // "still needs some work": the file falls short of what it is for; its next work mends it.
  needs_work: 'bugfix',
  planned: 'feature',
  deprecation: 'refactor',
};

/** The stated work of a snapshot, per signal in path and line order, at most MAX_STATED_PER_SIGNAL each. */
export function statedWork(snapshot: Snapshot, areasOf: (paths: string[]) => string[]): StatedWork[] {
  const rows = snapshot.evidence
    .filter((e): e is Pending => e.kind === 'pending' && e.signal in CATEGORY)
    .sort((a, b) => compareText(a.path, b.path) || a.line - b.line);
  const out: StatedWork[] = [];
  const place = (paths: string[]) => {
    const name = areasOf(paths)[0] ?? paths[0]!;
    return { name, paths: [...new Set(paths)] };
  };
  // The same statement of missing support in several files (yargs' ESM and Deno shims) is one piece of work, stated by its first row.
  const statedIn = new Map<string, Pending[]>();
  for (const r of rows) {
    if (r.signal !== 'not_supported' && r.signal !== 'not_implemented' && r.signal !== 'planned') continue;
    if (PROSE.test(r.path)) continue;
    const key = `${r.signal}\u0000${r.subject.toLowerCase()}`;
    const same = statedIn.get(key);
    if (same) same.push(r);
    else statedIn.set(key, [r]);
  }
  // Tests of one file skipped (or expected to fail) for one reason are one piece of work, stated by the first.
  const sameSkip = new Map<string, Pending[]>();
  for (const r of rows) {
    if (r.signal !== 'skipped_test' && r.signal !== 'expected_failure') continue;
    sameSkip.set(skipKey(r), [...(sameSkip.get(skipKey(r)) ?? []), r]);
  }
  for (const e of rows) {
    if (e.signal === 'deprecation') continue;
    const signal = e.signal as StatedSignal;
    const anchor = place([e.path]);
    const at = `${e.path}:${e.line}`;
    const quoted = `"${e.text}"`;
    if (signal === 'skipped_test' || signal === 'expected_failure') {
      // A reason that asks ("TODO: is '--generate-shell-completion' (flag) still supported?", urfave-cli) states no
      // cause a title can name: the title names the test's file instead.
      const reason = skipReason(e);
      const same = sameSkip.get(skipKey(e))!;
      if (same[0] !== e) continue;
      const tests = [...new Set(same.map((r) => r.subject))];
      // Two names that a title can hold (80 characters) are both said; else the first and how many more, and where.
      const both = tests.length <= 2 && tests.join('').length <= 80;
      const named = both ? joinAnd(tests.map((t) => `\`${t}\``)) : `\`${tests[0]}\` and ${tests.length - 1} more test${tests.length > 2 ? 's' : ''} in ${e.path}`;
      const how = signal === 'skipped_test' ? 'skipped' : 'marked as an expected failure';
      const title = !reason || /\?$/.test(reason) ? `Make ${named}${both ? ` in ${e.path}` : ''} pass` : `Make ${named} pass: ${uncapitalize(reason)}`;
      const ats = same.map((r) => `${r.path}:${r.line}`);
      const one = same.length === 1;
      out.push({
        signal, title, category: CATEGORY[signal], rows: same, anchor, symbols: tests,
        expectedBehavior: `${named}${both ? ` in ${e.path}` : ''} ${one ? 'runs and passes' : 'run and pass'}; at T0 ${one ? 'it is' : 'they are'} ${how} because "${reason}" (${joinAnd(ats)}).`,
        acceptanceCriteria: [`The ${signal === 'skipped_test' ? 'skip' : 'expected-failure mark'}${one ? '' : 's'} at ${joinAnd(ats)} ${one ? 'is' : 'are'} removed and ${named} ${one ? 'passes' : 'pass'}.`, 'Every test that passed before the change still passes.'],
      });
    } else if (signal === 'pending_test') {
      out.push({
        signal, title: `Implement the pending test \`${e.subject}\``, category: CATEGORY[signal], rows: [e], anchor, symbols: [],
        expectedBehavior: `The pending test "${e.subject}" in ${e.path} (${at}) gets a body that exercises the behaviour it names, and passes.`,
        acceptanceCriteria: [`The test "${e.subject}" at ${at} is no longer a todo and passes.`, 'Every test that passed before the change still passes.'],
      });
    } else if (signal === 'needs_work') {
      // "The [Manpage syntax](assets/…/Manpage.sublime-syntax) … still needs some work" (README.md): the linked file is
      // the place, the docs' sentence the reason. Only a link into a folder of the snapshot's tree counts.
      const link = /^(.*) \((.+)\)$/.exec(e.subject);
      if (!link) continue;
      const [, name, target] = link as unknown as [string, string, string];
      const file = joinPath(e.path, target);
      const dir = file.includes('/') ? file.slice(0, file.lastIndexOf('/')) : '';
      if (file.startsWith('../') || (dir !== '' && !snapshot.tree.some((d) => d.dir === dir))) continue;
      const thing = name;
      out.push({
        signal, title: `Improve the ${thing} in ${file}, which ${e.path} says still needs work`, category: CATEGORY[signal], rows: [e], anchor: place([file]), symbols: [],
        expectedBehavior: `The ${thing} (${file}) does better what it is for, mending a shortcoming of it at T0; ${e.path} says it "still needs work" (${at}: ${quoted}).`,
        acceptanceCriteria: [`A change to ${file} mends one shortcoming of the ${thing} at T0, and a test shows the mended case.`, 'Every test that passed before the change still passes.'],
      });
    } else {
      // A statement in prose docs names no code place: stated "in docs/x.md" it reads as a docs task (people rate those 0).
      if (PROSE.test(e.path)) continue;
      const same = statedIn.get(`${e.signal}\u0000${e.subject.toLowerCase()}`)!;
      if (same[0] !== e) continue;
      const paths = [...new Set(same.map((r) => r.path))];
      const stating = place(paths);
      const verb = { not_supported: 'Support', not_implemented: 'Implement', planned: 'Add' }[signal as 'not_supported' | 'not_implemented' | 'planned'];
      const subject = signal === 'planned' || /^[A-Z][a-z]/.test(e.subject) ? uncapitalize(e.subject) : e.subject;
      // The files state it: the title names them (the anchor is their area).
      const where = / in /.test(e.subject) ? '' : ` in ${paths.length <= 2 ? joinAnd(paths) : stating.name}`;
      const done = { Support: 'supported', Implement: 'implemented', Add: 'there' }[verb];
      const ats = same.map((r) => `${r.path}:${r.line}`);
      const statements = same.length === 1 ? `the statement at ${at} (${quoted})` : `the statements at ${joinAnd(ats)} (${quoted})`;
      out.push({
        signal, title: `${verb} ${subject}${where}`, category: CATEGORY[signal], rows: same, anchor: stating, symbols: symbolsIn(e.subject),
        expectedBehavior: `${capitalize(subject)} is ${done}${where}: ${statements} no longer hold${same.length === 1 ? 's' : ''}.`,
        acceptanceCriteria: [`${capitalize(subject)} works${where}: a new test exercises it, including one error case.`, `${same.length === 1 ? `The statement at ${at} is` : `The statements at ${joinAnd(ats)} are`} updated or removed.`, 'Every test that passed before the change still passes.'],
      });
    }
  }
  // A notice that names nothing it deprecates ("Remove the code, deprecated for removal ...") states no checkable task.
  out.push(...deprecationWork(rows.filter((e) => e.signal === 'deprecation' && e.subject), place));
  const kept: StatedWork[] = [];
  const per = new Map<string, number>();
  for (const w of out) {
    const n = per.get(w.signal) ?? 0;
    if (n >= MAX_STATED_PER_SIGNAL || kept.some((k) => k.title === w.title)) continue;
    per.set(w.signal, n + 1);
    kept.push(w);
  }
  return kept;
}

/** Which skips are one piece of work: one kind of skip, in one file, for one reason. */
function skipKey(e: Pending): string {
  return `${e.signal}\u0000${e.path}\u0000${skipReason(e).toLowerCase()}`;
}

/** A skip's stated reason as a title says it: without a note marker ("TODO:") and closing punctuation. */
function skipReason(e: Pending): string {
  return (e.target ?? '').replace(/^\s*(TODO|FIXME|XXX|HACK)\b[:\s-]*/i, '').replace(/[.\s]+$/, '');
}

/** A removal target as a title says it: "3.0", "a future release", "the next major". */
export function removalTarget(target: string): string {
  if (/^\d/.test(target)) return target;
  return /^(a\s+)?future\b/i.test(target) ? `a ${target.replace(/^a\s+/i, '')}` : `the ${target.replace(/^(a|the)\s+/i, '')}`;
}

/**
 * Whether a notice announces a deprecation still to come ("this property will be deprecated in a future release"):
 * its task is to deprecate the name, not to remove it.
 */
export function announcesDeprecation(line: string): boolean {
  return /\b(?:will|to|shall|is going to)\s+be\s+deprecated\b/i.test(line);
}

/** The deprecations announced for one target, as one removal (or one deprecation still to come): named ones first, in path order. */
function deprecationWork(rows: readonly Pending[], place: (paths: string[]) => { name: string; paths: string[] }): StatedWork[] {
  const byTarget = new Map<string, Pending[]>();
  const key = (e: Pending) => `${announcesDeprecation(e.text) ? 'deprecate' : 'remove'}\u0000${e.target ?? ''}`;
  for (const e of rows) byTarget.set(key(e), [...(byTarget.get(key(e)) ?? []), e]);
  const out: StatedWork[] = [];
  for (const [k, group] of byTarget) {
    const [task, target] = k.split('\u0000') as [string, string];
    const names = [...new Set(group.map((e) => e.subject).filter(Boolean))];
    const anchor = place(group.map((e) => e.path));
    const shown = names.slice(0, 3).map((n) => `\`${n}\``);
    const what = names.length > 3 ? `${shown.join(', ')} and ${names.length - 3} more` : joinAnd(shown);
    const when = removalTarget(target);
    // Said where when one file holds them: a name alone ("`URL.raw`") leaves the reader to find it.
    const file = anchor.paths.length === 1 ? anchor.paths[0]! : null;
    const at = group.slice(0, 3).map((e) => `${e.path}:${e.line}`).join(', ');
    if (task === 'deprecate') {
      out.push({
        signal: 'deprecation',
        title: `Deprecate ${what}${file ? ` in ${file}` : ''}, as announced for ${when}`,
        category: 'refactor',
        rows: group,
        anchor,
        symbols: names.slice(0, 6),
        expectedBehavior: `${capitalize(what)} ${names.length === 1 ? 'is' : 'are'} marked deprecated and warn${names.length === 1 ? 's' : ''} when used, as ${group.length === 1 ? 'its notice announces' : `their ${group.length} notices announce`} (${at}); ${names.length === 1 ? 'it keeps' : 'they keep'} working until removed.`,
        acceptanceCriteria: [`Using ${what} emits a deprecation warning; a test asserts it.`, `The notice at ${at} says ${names.length === 1 ? 'it is' : 'they are'} deprecated, not that ${names.length === 1 ? 'it' : 'they'} will be.`, 'Every test that passed before the change still passes.'],
      });
      continue;
    }
    out.push({
      signal: 'deprecation',
      title: `Remove ${what}${file ? ` from ${file}` : ''}, deprecated for removal in ${when}`,
      category: 'refactor',
      rows: group,
      anchor,
      symbols: names.slice(0, 6),
      expectedBehavior: `${capitalize(what)} ${names.length === 1 ? 'is' : 'are'} removed as ${group.length === 1 ? 'its notice announces' : `their ${group.length} notices announce`} (${at}), and callers use the replacements.`,
      acceptanceCriteria: [`No deprecation notice for ${what} remains; the deprecated names are gone from the public API.`, 'Every test that passed before the change still passes, after its uses of the removed names move to their replacements.'],
    });
  }
  return out.sort((a, b) => b.rows.length - a.rows.length || compareText(a.title, b.title));
}

const REASON: Record<StatedSignal, string> = {
  skipped_test: 'test skipped with a reason at T0',
  expected_failure: 'test expected to fail, with a reason, at T0',
  pending_test: 'pending test (todo) at T0',
  not_supported: 'statement at T0 that this is not supported yet',
  not_implemented: 'statement at T0 that this is not implemented yet',
  planned: 'statement at T0 that this is planned',
  deprecation: 'deprecation notice with its removal target at T0',
  needs_work: 'statement at T0 that this file still needs work',
};

/** Writes stated work out as a family: its rows are its evidence; `components` name the signal that stated it. */
export function renderStated(w: StatedWork, id: string, extra: { score: number; components: Record<string, number>; why: string }): TaskFamily {
  const evidence: FamilyEvidence[] = w.rows.map((e) => ({ kind: e.kind, ref: e.ref, date: e.date, text: e.text, reason: REASON[w.signal] }));
  return {
    id,
    category: w.category,
    title: w.title,
    anchor: w.anchor,
    expected_behavior: w.expectedBehavior,
    evidence,
    target_hints: { paths: w.anchor.paths.slice(0, 5), symbols: w.symbols },
    acceptance_criteria: w.acceptanceCriteria,
    score: extra.score,
    score_components: extra.components,
    rationale: `Stated by the repository at T0: ${w.rows.length === 1 ? `the ${REASON[w.signal]} at ${w.rows[0]!.path}:${w.rows[0]!.line}` : `${w.rows.length} ${REASON[w.signal]}s`}, read from the snapshot commit's tree. ${extra.why}`,
  };
}

function symbolsIn(text: string): string[] {
  return [...text.matchAll(/`([^`]{2,60})`/g)].map((m) => m[1]!);
}

function joinAnd(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}


/** A relative link's target from the file that holds it, normalised ("docs/a.md" + "../src/b.rs" -> "src/b.rs"). */
function joinPath(from: string, target: string): string {
  const parts = from.split('/').slice(0, -1);
  for (const p of target.split('/')) {
    if (p === '.' || p === '') continue;
    if (p === '..') {
      if (parts.length === 0) return `../${target}`;
      parts.pop();
    } else parts.push(p);
  }
  return parts.join('/');
}
