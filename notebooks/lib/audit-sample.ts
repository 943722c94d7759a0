/**
 * The manual audit's sample (family-audit.ipynb): pairs of a forecast family
 * and a later work item, drawn per stratum with a seed, and written as two
 * JSON Lines files: the pairs a person labels without seeing any judge's
 * opinion, in the labelled-pairs format `judge-eval` reads, and the key that
 * says which stratum and judge score each pair came from (docs/notebooks.md,
 * "The audit sample").
 */
import type { TaskFamily } from '../../src/forecast/model.ts';
import { mulberry32 } from '../../src/random.ts';
import type { WorkItem } from '../../src/sources/model.ts';

export type Stratum = 'strong' | 'related' | 'unmatched';
export const STRATA: readonly Stratum[] = ['strong', 'related', 'unmatched'];

export interface AuditCandidate {
  /** The repository's name in the study. */
  repo: string;
  /** Its T0. */
  t0: string;
  forecaster: string;
  /** The family as frozen at T0. */
  family: TaskFamily;
  /** A later work item of the family's validation window. */
  item: WorkItem;
  judge: string;
  /** The judge's label for this pair: a match's own label, or `unmatched` (not among the family's matches). */
  stratum: Stratum;
  judge_score: number | null;
}

/**
 * One line of the pairs file, in the shape of the labelled pairs that
 * `judge-eval` reads (eval/pairs/*.jsonl): `label` and `reason` stay null
 * until a person fills them in. Every pair is in the `held` half: an audit
 * measures a judge, it does not fit one.
 */
export interface AuditPair {
  /** `<repo>/<forecaster>/<family id>/<item key>`. */
  id: string;
  repo: string;
  t0: string;
  split: 'held';
  /** The forecaster that emitted the family. */
  source: string;
  label: null;
  reason: null;
  family: TaskFamily;
  item: WorkItem;
}

/** One line of the key file, joined to a pair by `id`. */
export interface AuditKey {
  id: string;
  judge: string;
  stratum: Stratum;
  judge_score: number | null;
}

/**
 * Up to `perStratum` candidates of each stratum, drawn without replacement by
 * a seeded shuffle (the same candidates and seed give the same sample), both
 * files in pair id order, which mixes the strata.
 */
export function drawAuditSample(candidates: readonly AuditCandidate[], perStratum: number, seed: number): { pairs: AuditPair[]; key: AuditKey[] } {
  const random = mulberry32(seed);
  const shuffled = [...candidates];
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
  }
  const drawn = STRATA.flatMap((s) => shuffled.filter((c) => c.stratum === s).slice(0, perStratum));
  const id = (c: AuditCandidate) => `${c.repo}/${c.forecaster}/${c.family.id}/${c.item.key}`;
  const ordered = [...drawn].sort((a, b) => (id(a) < id(b) ? -1 : id(a) > id(b) ? 1 : 0));
  return {
    pairs: ordered.map((c) => ({ id: id(c), repo: c.repo, t0: c.t0, split: 'held', source: c.forecaster, label: null, reason: null, family: c.family, item: c.item })),
    key: ordered.map((c) => ({ id: id(c), judge: c.judge, stratum: c.stratum, judge_score: c.judge_score })),
  };
}

export function jsonLines(items: readonly unknown[]): string {
  return items.map((item) => JSON.stringify(item)).join('\n') + (items.length ? '\n' : '');
}
