import type { TaskFamily } from '../src/family/model.js';
import type { WorkItem } from '../src/sources/model.js';
import { workKind } from '../src/sources/work-kind.js';

/**
 * The rows of a blind family-labelling packet (eval/families/README.md "A packet"), one shape for every packet
 * builder (scripts/label-packets.ts from a store, scripts/pair-family-packets.ts from eval/pairs): what a labeller
 * reads of a later item, of an item counted apart, and of a family (its prediction only: no score, evidence,
 * rationale or forecaster).
 */

/** A later work item of `window.jsonl`. */
export function windowRow(item: WorkItem) {
  return {
    key: item.key,
    sha: item.sha,
    mergedAt: item.mergedAt.slice(0, 10),
    title: item.title,
    body: item.body.slice(0, 600),
    paths: item.paths.slice(0, 25),
    morePaths: Math.max(0, item.paths.length - 25),
  };
}

/** An item counted apart, of `apart.jsonl`: never judged, shown so a family predicting exactly that chore can cite it. */
export function apartRow(item: WorkItem) {
  return {
    key: item.key,
    kind: workKind(item),
    sha: item.sha,
    mergedAt: item.mergedAt.slice(0, 10),
    title: item.title,
    paths: item.paths.slice(0, 25),
    morePaths: Math.max(0, item.paths.length - 25),
  };
}

/** A family of `families.jsonl` under its blind id. */
export function familyRow(blind: string, family: TaskFamily) {
  return {
    blind,
    category: family.category,
    title: family.title,
    expected_behavior: family.expected_behavior,
    acceptance_criteria: family.acceptance_criteria,
    target_paths: family.target_hints.paths,
    target_symbols: family.target_hints.symbols,
  };
}
