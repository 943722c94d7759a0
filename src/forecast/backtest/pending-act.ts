import type { TaskFamily } from '../model.js';
import { calibrate, calibrationComponents, calibrationInputOf, calibrationWhy, SCORE_CALIBRATION, type CalibrationInput, type FamilyKind, type PendingAct, type ScoreCalibration } from './calibration.js';

/**
 * A pending family's act (PENDING_ACTS, calib44), read off its kind and the title its line maker wrote. Each maker
 * words its act in a fixed opening, and this reader is held to every maker's template by a test on a generated
 * repository (tests/forecast/pending-act.test.ts):
 * - runtime tasks (pending/runtimes.ts): "Drop support for …", "Add … to the test matrix", "Raise the minimum supported …";
 * - deprecation notices (pending/signals.ts, pending/stated.ts): "Deprecate `x`, as announced …", "Remove `x` … deprecated for removal …";
 * - plan items: a branch's work "Land the <branch> branch work on …" (pending/branch-work.ts), else a changelog,
 *   roadmap or open-issue entry;
 * - statements (pending/stated.ts): "Make `test` pass …" a known failure, else missing support;
 * - open TODO/FIXME notes: `note`.
 * Directions, series and `more` lines have no act (undefined). Pure: the title is the one the family shows at T0.
 */
export function pendingActOf(kind: FamilyKind, title: string): PendingAct | undefined {
  switch (kind) {
    case 'runtime':
      if (/^Raise the minimum supported\b/.test(title)) return 'raise';
      if (/^Add .+ to the test matrix\b/.test(title)) return 'add';
      return 'drop';
    case 'deprecation':
      return /^Deprecate\b/.test(title) ? 'deprecate' : 'remove';
    case 'plan':
      return /^Land the .+ work on /.test(title) ? 'land' : 'plan';
    case 'stated':
      return /^Make .+ pass\b/.test(title) ? 'pass' : 'support';
    case 'note':
      return 'note';
    default:
      return undefined;
  }
}

/** What the hook needs of a draft family (heuristic/index.ts): its calibrated score and how it renders. */
interface Draft {
  score: number;
  render: (id: string) => TaskFamily;
}

/**
 * The heuristic's drafts with each pending family's act recorded (`calibration_act_<act>: 1` in `score_components`)
 * and its score, components and the rationale's calibration sentence as the map gives them with the act (`c` reads
 * `raise` and `remove`). The one place the act enters a forecast: every pending line maker's family passes here
 * before the order is chosen, so the order reads the score with the act. A draft is rendered once here and kept (a
 * family's id is its `id` field and nothing else in it, as for the branch-work restatement), so nothing is computed
 * twice; a family with no act (directions, series, `more` lines, loose titles) is the same family.
 */
export function withPendingAct<D extends Draft>(d: D, c: ScoreCalibration = SCORE_CALIBRATION): D {
  const family = d.render('F0');
  const input = calibrationInputOf(family.score_components);
  const act = input && !input.loose ? pendingActOf(input.kind, family.title) : undefined;
  if (!input || !act) return { ...d, render: (id: string) => ({ ...family, id }) };
  const acted: CalibrationInput = { ...input, act };
  const score = calibrate(acted, c);
  const rationale = family.rationale.replace(calibrationWhy(input, c), calibrationWhy(acted, c));
  const recorded: TaskFamily = { ...family, score, score_components: { ...family.score_components, ...calibrationComponents(acted, c) }, rationale };
  return { ...d, score, render: (id: string) => ({ ...recorded, id }) };
}
