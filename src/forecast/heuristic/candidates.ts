import type { Evidence, Snapshot } from '../../snapshot/model.js';
import { compareText } from '../../text/order.js';
import { TfIdf } from '../../text/tfidf.js';
import { clusterSignals, type Cluster } from './cluster.js';
import { scoreCluster, type Scored } from './score.js';
import { collectSignals, isTestPath, type Signal, type SignalOptions } from './signals.js';

export interface CandidateOptions extends SignalOptions {
  maxSignals: number;
  clusterThreshold: number;
  textWeight: number;
  minSignals: number;
  minScore: number;
}

export interface Candidates {
  /** Every signal collected (before the maxSignals cut). */
  signals: Signal[];
  dropped: Record<string, number>;
  clusters: Cluster[];
  /** Clusters with enough signals. */
  big: number;
  /** Big clusters that anchor on code (not tests), scored. */
  scored: Scored[];
  /** Scored at or above the evidence threshold, best first. */
  passing: Scored[];
  tfidf: TfIdf;
}

/** Signals -> clusters -> scored candidates of one snapshot: the heuristic forecaster up to choosing families. */
export function rankCandidates(snapshot: Snapshot, options: CandidateOptions): Candidates {
  const { signals: all, dropped } = collectSignals(snapshot, options);
  const signals = [...all].sort((a, b) => compareText(b.date, a.date) || compareText(a.ref, b.ref)).slice(0, options.maxSignals);
  const tfidf = new TfIdf(signals.map((s) => s.topic));
  const clusters = clusterSignals(signals, { threshold: options.clusterThreshold, textWeight: options.textWeight }, tfidf);
  const { rank, count } = hotspotRanks(snapshot.evidence);
  const alone = (c: Cluster) => c.members.some((m) => m.standsAlone);
  const big = clusters.filter((c) => c.members.length >= options.minSignals || alone(c));
  // A direction anchored in tests alone (coverage churn) is not a task family of the three kinds.
  const scored = big
    .map((c) => scoreCluster(c, rank, count))
    .filter((s): s is Scored => s !== null && !isTestPath(s.anchor.name));
  const passing = scored
    .filter((s) => s.score >= options.minScore || alone(s.cluster))
    .sort((a, b) => b.score - a.score || compareText(a.anchor.name, b.anchor.name));
  return { signals: all, dropped, clusters, big: big.length, scored, passing, tfidf };
}

/** Rank of each hotspot directory (0 = hottest) in the snapshot. */
function hotspotRanks(evidence: readonly Evidence[]): { rank: Map<string, number>; count: number } {
  const spots = evidence.filter((e) => e.kind === 'hotspot');
  return { rank: new Map(spots.map((e, i) => [e.kind === 'hotspot' ? e.dir : '', i])), count: spots.length };
}
