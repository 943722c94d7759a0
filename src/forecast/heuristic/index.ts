import type { Evidence } from '../../snapshot/model.js';
import { TfIdf } from '../../text/tfidf.js';
import type { Forecaster, ForecastRequest } from '../forecaster.js';
import type { TaskFamily } from '../model.js';
import { clusterSignals } from './cluster.js';
import { renderFamily } from './render.js';
import { scoreCluster, type Scored } from './score.js';
import { collectSignals, isTestPath } from './signals.js';
import { compareText } from '../../text/order.js';

/** Every knob of the heuristic forecaster; defaults set on the demo and the eval/ development repositories. */
export interface HeuristicOptions {
  lookbackDays: number;
  maxTodos: number;
  /** At most this many signals are clustered (the most recent). */
  maxSignals: number;
  clusterThreshold: number;
  textWeight: number;
  minSignals: number;
  /** Clusters scoring below this are dropped: the evidence threshold. */
  minScore: number;
  /** At most this many families share one anchor. */
  maxPerAnchor: number;
}

export const HEURISTIC_DEFAULTS: HeuristicOptions = {
  lookbackDays: 365,
  maxTodos: 150,
  maxSignals: 400,
  clusterThreshold: 0.3,
  textWeight: 0.5,
  minSignals: 2,
  minScore: 0.4,
  maxPerAnchor: 2,
};

/**
 * The embedded default forecaster: no network, no model. Signals from the
 * snapshot, clustered into work directions, scored, thresholded; abstains with
 * a reason when nothing passes. Deterministic for a snapshot (the seed is
 * recorded but nothing here is random).
 */
export function createHeuristicForecaster(overrides: Partial<HeuristicOptions> = {}): Forecaster {
  const options = { ...HEURISTIC_DEFAULTS, ...overrides };
  return {
    name: 'heuristic',
    async forecast(request: ForecastRequest) {
      const { snapshot } = request;
      const { signals: all, dropped } = collectSignals(snapshot, options);
      const signals = [...all].sort((a, b) => compareText(b.date, a.date) || compareText(a.ref, b.ref)).slice(0, options.maxSignals);
      const tfidf = new TfIdf(signals.map((s) => s.topic));
      const clusters = clusterSignals(signals, { threshold: options.clusterThreshold, textWeight: options.textWeight }, tfidf);
      const { rank, count } = hotspotRanks(snapshot.evidence);

      const big = clusters.filter((c) => c.members.length >= options.minSignals);
      // A direction anchored in tests alone (coverage churn) is not a task family of the three kinds.
      const scored = big
        .map((c) => scoreCluster(c, rank, count))
        .filter((s): s is Scored => s !== null && !isTestPath(s.anchor.name));
      const passing = scored
        .filter((s) => s.score >= options.minScore)
        .sort((a, b) => b.score - a.score || compareText(a.anchor.name, b.anchor.name));
      const perAnchor = new Map<string, number>();
      const chosen: Scored[] = [];
      for (const s of passing) {
        const n = perAnchor.get(s.anchor.name) ?? 0;
        if (n >= options.maxPerAnchor || chosen.length >= request.maxFamilies) continue;
        perAnchor.set(s.anchor.name, n + 1);
        chosen.push(s);
      }
      const families: TaskFamily[] = chosen.map((s, i) => renderFamily(s, `F${i + 1}`, (t) => tfidf.idf(t)));
      const abstainReason = families.length
        ? null
        : abstention(all.length, big.length, scored, options);
      return {
        draft: {
          forecaster: 'heuristic',
          config: {
            seed: request.seed,
            maxFamilies: request.maxFamilies,
            ...options,
            signals: all.length,
            clusters: clusters.length,
            candidates: scored.length,
            dropped,
          },
          families,
          abstained: families.length === 0,
          abstainReason,
        },
        calls: [],
      };
    },
  };
}

function abstention(signals: number, big: number, scored: readonly Scored[], options: HeuristicOptions): string {
  if (signals < options.minSignals) return `only ${signals} usable signal(s) before T0 (bot, docs-only and work older than ${options.lookbackDays} days are not signals); a family needs ${options.minSignals}`;
  if (big === 0) return `${signals} signals, but no work direction has ${options.minSignals} or more of them`;
  const best = scored.reduce((m, s) => Math.max(m, s.score), 0);
  return `${big} candidate direction(s), none above the evidence threshold ${options.minScore} (best ${best.toFixed(2)})`;
}

/** Rank of each hotspot directory (0 = hottest) in the snapshot. */
function hotspotRanks(evidence: readonly Evidence[]): { rank: Map<string, number>; count: number } {
  const spots = evidence.filter((e) => e.kind === 'hotspot');
  return { rank: new Map(spots.map((e, i) => [e.kind === 'hotspot' ? e.dir : '', i])), count: spots.length };
}
