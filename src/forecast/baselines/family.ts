import type { Evidence, Snapshot } from '../../snapshot/model.js';
import type { ForecastOutcome, ForecastRequest } from '../forecaster.js';
import type { Category, FamilyEvidence, ForecasterName, TaskFamily } from '../model.js';
import { DOC_PATH, isReleaseWork, isTestPath } from '../heuristic/signals.js';
import { compareText } from '../../text/order.js';

/**
 * Baselines are deliberately naive forecasters: every reported score is read
 * as lift over them. Their families use one plain template, so only the choice
 * of anchor and category differs between them and the real forecasters.
 */
export function baselineFamily(input: {
  id: string;
  category: Category;
  anchor: string;
  evidence: FamilyEvidence[];
  score: number;
  components: Record<string, number>;
  why: string;
}): TaskFamily {
  const verb = { bugfix: 'Fix defects in', feature: 'Add features to', refactor: 'Refactor' }[input.category];
  return {
    id: input.id,
    category: input.category,
    title: `${verb} ${input.anchor}`,
    anchor: { name: input.anchor, paths: [input.anchor] },
    expected_behavior: `Work of kind ${input.category} lands in ${input.anchor}.`,
    evidence: input.evidence,
    target_hints: { paths: [input.anchor], symbols: [] },
    acceptance_criteria: [`A change of kind ${input.category} to ${input.anchor} is merged, with tests.`],
    score: Math.max(0, Math.min(1, Math.round(input.score * 1000) / 1000)),
    score_components: input.components,
    rationale: input.why,
  };
}

export function asFamilyEvidence(e: Evidence, reason: string): FamilyEvidence {
  return { kind: e.kind, ref: e.ref, date: e.date, text: e.text, reason };
}

/**
 * Pre-T0 work items that are not bot work and touch code (not only docs), newest first:
 * the same noise filter the heuristic forecaster applies, so baselines are not handicapped by it.
 */
export function humanWorkItems(snapshot: Snapshot): Extract<Evidence, { kind: 'work_item' }>[] {
  return snapshot.evidence
    .filter(
      (e): e is Extract<Evidence, { kind: 'work_item' }> =>
        e.kind === 'work_item' && !e.item.bot && !isReleaseWork(e.item.title, e.item.paths) && codePaths(e.item.paths).length > 0,
    )
    .sort((a, b) => compareText(b.date, a.date) || compareText(a.ref, b.ref));
}

/** Paths that are code: neither docs nor tests. */
export function codePaths(paths: readonly string[]): string[] {
  return paths.filter((p) => !DOC_PATH.test(p) && !isTestPath(p));
}

/** A baseline's outcome: its families, or an abstention with `emptyReason` when it has none. */
export function baselineOutcome(
  name: ForecasterName,
  request: Pick<ForecastRequest, 'seed' | 'maxFamilies'>,
  families: TaskFamily[],
  emptyReason: string,
): ForecastOutcome {
  return {
    draft: {
      forecaster: name,
      config: { seed: request.seed, maxFamilies: request.maxFamilies },
      families,
      abstained: families.length === 0,
      abstainReason: families.length ? null : emptyReason,
    },
    calls: [],
  };
}
