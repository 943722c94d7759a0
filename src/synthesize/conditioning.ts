import { z } from 'zod';
import { TaskFamily } from '../forecast/model.js';
import { assertVisibleAtT0 } from '../snapshot/guard.js';
import { ConditioningInput, type Grounding, type ValidatedLabel } from './model.js';

/**
 * Where a backend's inputs are assembled, and the only place. A synthesizer
 * is conditioned on the family (frozen at T0, citing only evidence dated
 * <= T0), its verdict label, and the code at Tgen. It is never given the
 * verdict's reason or matches, nor any later work item's text or patch:
 *
 * - the family is re-read with the TaskFamily schema (extra keys dropped), and
 *   its evidence is checked against T0 again;
 * - the result is parsed strictly, so a caller cannot add a field;
 * - the grounding is built from one commit's tree (TreeAtTgen), which has no
 *   history, no diffs and no messages.
 *
 * tests/synthesize/conditioning-canaries.test.ts plants canaries in the
 * validating PRs' titles, bodies and patches and finds them nowhere.
 */
export function conditionFamily(args: {
  repoName: string;
  t0: string;
  family: TaskFamily;
  label: ValidatedLabel;
  grounding: Grounding;
}): ConditioningInput {
  const family = TaskFamily.parse(args.family);
  assertVisibleAtT0(family.evidence, args.t0);
  return ConditioningInput.parse({
    repo: { name: args.repoName },
    t0: args.t0,
    family,
    label: z.enum(['strong', 'related']).parse(args.label),
    grounding: args.grounding,
  });
}
