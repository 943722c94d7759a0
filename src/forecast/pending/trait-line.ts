import type { FamilyEvidence, TaskFamily } from '../../family/model.js';
import type { Evidence, Snapshot } from '../../snapshot/model.js';
import { compareText } from '../../text/order.js';
import { DAY_MS } from '../../time.js';

/**
 * A trait implemented for more types (issue 15, cover38): a public trait the project added in the year before T0
 * that two or more of its own types implement at T0 (src/snapshot/trait-impls.ts, read from the T0 tree; the
 * declaration dated by its first appearance) asks for one more implementation, a checkable piece of work named by the
 * trait and two of its implementations: "Implement `OptionalFromRequestParts` for more types like `TypedHeader`,
 * `MatchedPath` and `Path`". It asks for one more instance of what the existing implementations did, so its
 * calibration kind is `more` (backtest/calibration.ts), as the dependency-removal and list-page lines'; its ranking
 * score is the dependency line's (not fitted: no labels yet). At most MAX_TRAIT_LINES families, the newest traits
 * first. Tests: tests/forecast/trait-line.test.ts.
 */

type Pending = Extract<Evidence, { kind: 'pending' }>;

export interface TraitLine {
  row: Pending;
  trait: string;
  implementors: { type: string; at: string }[];
  title: string;
  /** A trait declared beside an implemented one and implemented by fewer than two types: the implemented trait's line. */
  beside?: TraitLine;
}

export const TRAIT_RATE = 0.25;
const MAX_TRAIT_LINES = 1;
const SHOWN = 3;

/** The trait lines a snapshot states at its T0, newest trait first; rows of traits first seen more than a year before T0 are left out. */
export function traitLines(snapshot: Snapshot): TraitLine[] {
  const end = Date.parse(snapshot.t0);
  const rows = snapshot.evidence
    .filter((e): e is Pending => e.kind === 'pending' && e.signal === 'new_trait')
    .filter((e) => Date.parse(e.date) <= end && end - Date.parse(e.date) <= 365 * DAY_MS)
    .sort((a, b) => compareText(b.date, a.date) || compareText(a.ref, b.ref));
  const lines = rows
    .filter((e) => !e.sibling && (e.implementors?.length ?? 0) >= 2)
    .slice(0, MAX_TRAIT_LINES)
    .map((row) => {
      const implementors = row.implementors!;
      const like = joinAnd(implementors.slice(0, SHOWN).map((i) => `\`${i.type}\``));
      return { row, trait: row.subject, implementors, title: `Implement \`${row.subject}\` for more types like ${like}` };
    });
  // A trait declared beside one of them and implemented by fewer than two types: its sibling's implementations are the model.
  return lines.flatMap((line) => [
    line,
    ...rows
      .filter((e) => e.sibling === line.trait && e.path === line.row.path)
      .slice(0, MAX_TRAIT_LINES)
      .map((row): TraitLine => {
        const implementors = row.implementors ?? [];
        const like = joinAnd(line.implementors.slice(0, SHOWN).map((i) => `\`${i.type}\``));
        const whom = implementors.length ? `more types like \`${implementors[0]!.type}\`` : "the project's types";
        return { row, trait: row.subject, implementors, beside: line, title: `Implement \`${row.subject}\` for ${whom}, as \`${line.trait}\` is for ${like}` };
      }),
  ]);
}

/**
 * Writes a trait line out as a family: the declaration row is its evidence; the trait's and its implementations' files
 * are its place. A trait declared beside an implemented one (`line.beside`) is implemented the way its sibling is: the
 * sibling's row is evidence too, and the sibling's implementations are the models shown.
 */
export function renderTraitLine(
  line: TraitLine,
  id: string,
  areasOf: (paths: string[]) => string[],
  extra: { score: number; components: Record<string, number>; why: string },
): TaskFamily {
  const { row, trait, implementors, beside } = line;
  const declared = `${row.path}:${row.line}`;
  const first = row.date.slice(0, 10);
  const fileOf = (i: { at: string }) => i.at.replace(/:\d+$/, '');
  const models = beside ? beside.implementors.slice(0, SHOWN) : implementors.slice(0, SHOWN);
  const files = [...new Set([row.path, ...implementors.map(fileOf), ...(beside ? models.map(fileOf) : [])])];
  const own = implementors.map((i) => `\`${i.type}\``);
  const shown = models.map((i) => `\`${i.type}\` (${i.at})`);
  const evidence: FamilyEvidence[] = [
    { kind: 'pending', ref: row.ref, date: row.date, text: row.text, reason: `a public trait added in the year before T0${beside ? ` beside \`${beside.trait}\`` : ''}, implemented by ${own.length} of the project's types at T0` },
  ];
  if (beside) evidence.push({ kind: 'pending', ref: beside.row.ref, date: beside.row.date, text: beside.row.text, reason: `its sibling trait, implemented by ${beside.implementors.length} of the project's types at T0` });
  return {
    id,
    category: 'feature',
    title: line.title,
    anchor: { name: areasOf([row.path])[0] ?? row.path, paths: files },
    expected_behavior: beside
      ? `A type of the project implements \`${trait}\` (declared at ${declared} beside \`${beside.trait}\`, first seen ${first})` +
        `${own.length ? `, beyond ${joinAnd(own)}` : ''}, the way ${joinAnd(shown)} implement \`${beside.trait}\` at T0.`
      : `Another type of the project implements \`${trait}\` (declared at ${declared}, first seen ${first}), as ${joinAnd(shown)} do at T0.`,
    evidence,
    target_hints: {
      paths: files.slice(0, 6),
      symbols: beside ? [trait, beside.trait, ...implementors.slice(0, 2).map((i) => i.type)] : [trait, ...implementors.slice(0, 4).map((i) => i.type)],
    },
    acceptance_criteria: [
      `A type${own.length ? ` other than ${joinAnd(own)}` : ''} implements \`${trait}\`.`,
      `A test uses the new implementation of \`${trait}\`.`,
      'Every test that passed before the change still passes.',
    ],
    score: extra.score,
    score_components: { ...extra.components, trait_implementors: implementors.length, ...(beside ? { sibling_implementors: beside.implementors.length } : {}) },
    rationale:
      `The public trait \`${trait}\` was first seen ${first} (${declared})` +
      (beside
        ? `, declared beside \`${beside.trait}\`, which ${beside.implementors.length} of the project's types implement at T0 (${joinAnd(beside.implementors.map((i) => `\`${i.type}\``))}); ` +
          `${own.length ? `${joinAnd(own)} implement${own.length === 1 ? 's' : ''}` : 'none of its types implements'} \`${trait}\` itself`
        : ` and ${own.length} of the project's types implement it at T0 (${joinAnd(own)})`) +
      `, read from the snapshot commit's tree. ` +
      extra.why,
  };
}

function joinAnd(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
