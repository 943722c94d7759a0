import type { Evidence, Snapshot } from '../../snapshot/model.js';
import type { ForecastOutcome, ForecastRequest } from '../forecaster.js';
import type { Category, FamilyEvidence, ForecasterName, TaskFamily } from '../model.js';
import { DOC_PATH, isReleaseWork, isSubmoduleBump, isTestPath } from '../heuristic/signals.js';
import { isHashLike } from '../../text/clean.js';
import { compareText } from '../../text/order.js';
import { surfaceForms, topicTokens } from '../../text/tokens.js';

/**
 * Baselines are deliberately naive forecasters: every reported score is read
 * as lift over them. Their families are worded like the heuristic's, from the
 * words of the recent work in their anchor (`recent`), so that judges which
 * compare text reward the choice of direction, not a richer template. A commit
 * hash is never one of their keywords (`isHashLike`); their other words are the
 * anchor's titles' own, fragments and names included, as the issue fixed them
 * (issue 15: "the baselines stay as they are").
 */
export function baselineFamily(input: {
  id: string;
  category: Category;
  anchor: string;
  evidence: FamilyEvidence[];
  /** Titles of recent pre-T0 work in the anchor, newest first (see recentWorkIn). */
  recent: readonly string[];
  score: number;
  components: Record<string, number>;
  why: string;
}): TaskFamily {
  const verb = { bugfix: 'Fix defects in', feature: 'Extend', refactor: 'Restructure' }[input.category];
  const topic = topicOf(input.recent, input.anchor);
  const examples = input.recent.slice(0, 2).map((t) => `"${t}"`);
  return {
    id: input.id,
    category: input.category,
    title: topic.length ? `${verb} ${input.anchor}: ${topic.join(', ')}` : `${verb} ${input.anchor}`,
    anchor: { name: input.anchor, paths: [input.anchor] },
    expected_behavior:
      `Work of kind ${input.category} lands in ${input.anchor}` +
      (topic.length ? ` around ${topic.join(', ')}` : '') +
      (examples.length ? `, continuing ${examples.join(' and ')}` : '') + '.',
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
 * Pre-T0 work items that are not bot work, not a release or a submodule moved to another commit (upkeep a bot
 * does as often), and touch code (not only docs), newest first: the same noise filter the heuristic forecaster
 * applies, so baselines are not handicapped by it.
 */
export function humanWorkItems(snapshot: Snapshot): Extract<Evidence, { kind: 'work_item' }>[] {
  return snapshot.evidence
    .filter(
      (e): e is Extract<Evidence, { kind: 'work_item' }> =>
        e.kind === 'work_item' && !e.item.bot && !isReleaseWork(e.item.title, e.item.paths) && !isSubmoduleBump(e.item.title) && codePaths(e.item.paths).length > 0,
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

/** Titles of the human work before T0 that touched `anchor` (a file or a folder), newest first. */
export function recentWorkIn(snapshot: Snapshot, anchor: string, limit = 5): string[] {
  return humanWorkItems(snapshot)
    .filter((e) => e.item.paths.some((p) => p === anchor || p.startsWith(`${anchor}/`)))
    .slice(0, limit)
    .map((e) => e.item.title);
}

/** The three most frequent topic words of some titles, in their common surface form, the anchor's own words and commit hashes left out. */
function topicOf(titles: readonly string[], anchor: string): string[] {
  const anchorWords = new Set(anchor.toLowerCase().split(/[^a-z0-9]+/));
  const freq = new Map<string, number>();
  for (const title of titles) for (const t of new Set(topicTokens(title))) freq.set(t, (freq.get(t) ?? 0) + 1);
  const forms = surfaceForms(titles);
  return [...freq]
    .sort((a, b) => b[1] - a[1] || compareText(a[0], b[0]))
    .map(([t]) => forms.get(t))
    .filter((w): w is string => Boolean(w) && !anchorWords.has(w!) && !isHashLike(w!))
    .slice(0, 3);
}
