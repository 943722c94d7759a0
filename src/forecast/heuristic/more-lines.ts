import type { TaskFamily } from '../model.js';
import type { Snapshot } from '../../snapshot/model.js';
import type { HeuristicOptions } from './index.js';
import { calibrate, calibrationComponents, calibrationWhy, type CalibrationInput, type MoreGround } from '../backtest/calibration.js';
import { dependencyLine, dependencyRecord, renderDependencyLine } from '../pending/dependency-line.js';
import { renderTraitLine, traitLines, TRAIT_RATE } from '../pending/trait-line.js';
import { LINT_RATE, lintLine, renderLintLine } from '../pending/lint-line.js';
import { renderSponsorLine, sponsorLine, SPONSOR_RATE } from '../pending/sponsor-line.js';

/**
 * "More" lines: pending work read from a run of like changes (or like code) at T0 that asks for the next one (a
 * dependency removed, a trait implemented for one more type, the next lints fixed, one more sponsor). Each kind is one
 * entry of MORE_LINES: what it finds, its ranking score, the calibration ground it takes (the map's `more` kind) and
 * the phrase its `why` gives; scoring and the draft are the same for all (moreDrafts). A new line kind is one entry.
 */

/** One family as the heuristic ranks and shows it (index.ts sorts these, order.ts picks the shown ones). */
export interface Draft {
  rank: number;
  score: number;
  title: string;
  kind: string;
  specific: boolean;
  checkable?: boolean;
  refs?: string[];
  render: (id: string) => TaskFamily;
}

/** What a line's render function gets besides the line: its score, score components and the sentence saying why. */
export interface LineScore {
  score: number;
  components: Record<string, number>;
  why: string;
}

/** One line found: its title, whether it is specific (shown by default), the changes it cites, and how it renders. */
export interface FoundLine {
  title: string;
  specific: boolean;
  refs?: string[];
  render: (id: string, score: LineScore) => TaskFamily;
}

/** What a line maker reads: the snapshot, the options, a path ranker, and the drafts made before it (to stand aside). */
export interface LineContext {
  snapshot: Snapshot;
  options: HeuristicOptions;
  rankAreas: (paths: readonly string[]) => string[];
  drafts: readonly Draft[];
}

export interface MoreLineKind {
  /** The draft's kind ("dependency", "trait", …). */
  kind: string;
  /** The ranking score (breaks ties; the map scores the family by its kind and ground). */
  rate: number;
  /** The calibration ground of the `more` kind it takes (backtest/calibration.ts). */
  ground: MoreGround;
  /** Why its ranking score, after "Ranking score 0.25: " in the family's `why`. */
  reason: string;
  find: (context: LineContext) => FoundLine[];
}

/** The ranking score of the dependency-removal line (it breaks ties only; the map scores it as a "more" family). */
export const DEPENDENCY_RATE = 0.25;

/** Every "more" line kind, in the order their drafts are made (a later one may stand aside for an earlier one). */
export const MORE_LINES: readonly MoreLineKind[] = [
  // Runtime dependencies removed in the year before T0, in two or more changes: one more removal (pending/dependency-line.ts).
  {
    kind: 'dependency',
    rate: DEPENDENCY_RATE,
    ground: 'dependencies',
    reason: 'a line of removals asks for one more, as the lines the map calls "more" do (docs/forecast.md).',
    find: ({ snapshot, options }) => {
      const line = dependencyLine(snapshot);
      if (!line) return [];
      const record = options.backtest ? dependencyRecord(snapshot) : null;
      return [{ title: line.title, specific: true, render: (id, score) => renderDependencyLine(line, snapshot, id, { ...score, record }) }];
    },
  },
  // A public trait added in the year before T0 that two or more types implement: one more implementation (pending/trait-line.ts).
  {
    kind: 'trait',
    rate: TRAIT_RATE,
    ground: 'code',
    reason: 'a trait implemented for more types asks for one more, as the lines the map calls "more" do (docs/forecast.md).',
    find: ({ snapshot, rankAreas }) =>
      traitLines(snapshot).map((line) => ({ title: line.title, specific: true, render: (id, score) => renderTraitLine(line, id, rankAreas, score) })),
  },
  // Two or more changes of the year before T0 that fixed what one named linter reports: the next (pending/lint-line.ts).
  // Shown by default only when it quotes a lint its changes named: "Fix the warnings of new golangci-lint lints" names
  // a class of work, not one task (rated specificity 1 in 8 of 10 blind ratings, round 19), so it is held back like
  // a class line of fixes and shown with --max-loose.
  {
    kind: 'lint',
    rate: LINT_RATE,
    ground: 'code',
    reason: 'a line of lint fixes asks for the next, as the lines the map calls "more" do (docs/forecast.md).',
    find: ({ snapshot }) => {
      const line = lintLine(snapshot);
      if (!line) return [];
      return [{ title: line.title, specific: line.lints.length > 0, refs: line.items.map((e) => e.ref), render: (id, score) => renderLintLine(line, id, score) }];
    },
  },
  // Sponsors added or updated on one page in two or more changes: the next (pending/sponsor-line.ts), unless a list page above names them.
  {
    kind: 'sponsors',
    rate: SPONSOR_RATE,
    ground: 'list',
    reason: 'a list page asks for one more entry, as the lines the map calls "more" do (docs/forecast.md).',
    find: ({ snapshot, drafts }) => {
      const line = sponsorLine(snapshot);
      if (!line || drafts.some((d) => /\bsponsors?\b/i.test(d.title))) return [];
      return [{ title: line.title, specific: true, refs: line.items.map((e) => e.ref), render: (id, score) => renderSponsorLine(line, id, score) }];
    },
  },
];

/** The drafts of every "more" line kind, each scored as the map's `more` kind on its ground; `drafts` grows as they are made. */
export function addMoreDrafts(drafts: Draft[], context: Omit<LineContext, 'drafts'>, kinds: readonly MoreLineKind[] = MORE_LINES): void {
  for (const kind of kinds) {
    for (const line of kind.find({ ...context, drafts })) {
      const rank = kind.rate;
      const input: CalibrationInput = { rank, loose: false, kind: 'more', backtest: null, changes: null, ground: kind.ground };
      const score = calibrate(input);
      const why = `${calibrationWhy(input)} Ranking score ${rank.toFixed(2)}: ${kind.reason}`;
      const components = { pending_rate: rank, ...calibrationComponents(input) };
      drafts.push({ rank, score, title: line.title, kind: kind.kind, specific: line.specific, ...(line.refs ? { refs: line.refs } : {}), render: (id) => line.render(id, { score, components, why }) });
    }
  }
}
