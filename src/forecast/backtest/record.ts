import type { Snapshot } from '../../snapshot/model.js';
import { fitLogistic, logit } from '../../stats/logistic.js';
import { topicText } from '../../text/clean.js';
import { compareText } from '../../text/order.js';
import { topicTokens } from '../../text/tokens.js';
import { carriesOut, type Direction } from '../../text/work-match.js';
import { addDuration } from '../../time.js';
import { rankCandidates, type CandidateOptions } from '../heuristic/candidates.js';
import type { Scored } from '../heuristic/score.js';
import { pastView, workBetween } from './past-view.js';

/**
 * Backtest-calibrated ranking. Before forecasting at T0 the heuristic replays
 * itself on the same snapshot at earlier cutoffs whose windows close by T0
 * (T0-6m, T0-12m, T0-18m, each with a 6-month window), and records which of
 * its candidates there became later work (a work item of the window lands in
 * the candidate's areas and shares two topic words with it; src/text/work-match.ts).
 * Today's candidates are scored by that record: the heuristic score put on the
 * record's probability scale (Platt scaling, monotone), then moved by the hit
 * rates of candidates like them (same category, kinds of signal, area), each
 * shrunk toward the repository's overall rate. Everything read is in the T0
 * snapshot, so nothing dated after T0 reaches it.
 */
export interface BacktestRecord {
  replays: { cutoff: string; candidates: number; hits: number }[];
  candidates: number;
  hits: number;
  /** [hits, candidates] per feature (`category:bugfix`, `kind:todo`, `area:src/parser`). */
  groups: Record<string, [number, number]>;
  /** Each replayed candidate's heuristic score and whether it became later work: what the score scale is fitted on. */
  points: [number, 0 | 1][];
}

export interface BacktestOptions {
  /** Months back from T0 of each replay's cutoff (default 6, 12, 18). */
  offsetsMonths: readonly number[];
  /** Months of later work each replay is checked against; offset >= window keeps every window closed by T0. */
  windowMonths: number;
  /** Shrinkage: pseudo-candidates at the overall rate added to each feature's record (default 10). */
  shrink: number;
  /** Below this many replayed candidates the record is too thin and the raw score stands (default 10). */
  minCandidates: number;
  /** Signals clustered in a replay (the newest; default 200): clustering is cubic, and replays must stay cheap. */
  maxSignals: number;
}

export const BACKTEST_DEFAULTS: BacktestOptions = { offsetsMonths: [6, 12, 18], windowMonths: 6, shrink: 10, minCandidates: 10, maxSignals: 200 };

/** What about a candidate the record is kept by. */
export function featuresOf(s: Scored): string[] {
  const kinds = [...new Set(s.cluster.members.map((m) => m.kind))].sort(compareText);
  return [`category:${s.category}`, ...kinds.map((k) => `kind:${k}`), `area:${s.anchor.name}`];
}

/**
 * Platt scaling of the heuristic score on the replayed candidates: logistic
 * a + b * score fitted by Newton's method with a weak prior (L2 0.1 on a, b),
 * b held >= 0 so a higher heuristic score never means a lower probability.
 */
export function fitScale(points: readonly [number, 0 | 1][]): { a: number; b: number } {
  const [a, b] = fitLogistic(
    points.map(([x, y]) => ({ x: [x], y })),
    { l2: 0.1, interceptL2: 0.1, nonNegative: true, iterations: 25 },
  ) as [number, number];
  return { a, b };
}

/** Replays the candidate ranking at each cutoff and counts which candidates became later work. */
export function learnRecord(snapshot: Snapshot, options: CandidateOptions, backtest: BacktestOptions = BACKTEST_DEFAULTS): BacktestRecord {
  const record: BacktestRecord = { replays: [], candidates: 0, hits: 0, groups: {}, points: [] };
  for (const months of backtest.offsetsMonths) {
    if (months < backtest.windowMonths) continue;
    const cutoff = addDuration(snapshot.t0, { amount: months, unit: 'm' }, -1);
    const closes = addDuration(cutoff, { amount: backtest.windowMonths, unit: 'm' });
    const later = workBetween(snapshot, cutoff, closes).map((item) => ({
      paths: item.paths,
      topic: topicTokens(topicText(`${item.title} ${item.body.slice(0, 400)}`)),
    }));
    if (later.length === 0) continue;
    const { scored } = rankCandidates(pastView(snapshot, cutoff), { ...options, maxSignals: Math.min(options.maxSignals, backtest.maxSignals) });
    const hits = tallyReplay(scored, (s) => {
      const direction = directionOf(s);
      return { hit: later.some((w) => carriesOut(direction, w)), x: s.score, groups: featuresOf(s) };
    }, record.points, record.groups);
    record.replays.push({ cutoff, candidates: scored.length, hits });
    record.candidates += scored.length;
    record.hits += hits;
  }
  return record;
}

/**
 * One replay's candidates (the heuristic's here, the work streams in streams.ts) tallied into a record: each one's
 * point (`x`, what the record's scale is fitted on, and whether it became later work) and [hits, candidates] of each
 * of its groups. Returns the replay's hits.
 */
export function tallyReplay<T>(
  candidates: readonly T[],
  read: (c: T) => { hit: boolean; x: number; groups: readonly string[] },
  points: [number, 0 | 1][],
  groups: Record<string, [number, number]>,
): number {
  let hits = 0;
  for (const c of candidates) {
    const { hit, x, groups: keys } = read(c);
    if (hit) hits++;
    points.push([x, hit ? 1 : 0]);
    for (const key of keys) {
      const g = (groups[key] ??= [0, 0]);
      g[0] += hit ? 1 : 0;
      g[1] += 1;
    }
  }
  return hits;
}

/** A candidate as a direction to match later work against: its areas and the topic words its signals share. */
export function directionOf(s: Scored): Direction {
  return { areas: s.anchor.paths, topic: new Set(sharedTopic(s.cluster.members.map((m) => m.topic), 8)) };
}

/**
 * The words of a direction, from its members' topics (a candidate's signals here, a stream's changes in streams.ts):
 * the words two or more members share (the twelve most shared) when there are at least `enough` of them, else its
 * eight most frequent words; most shared first, ties by text.
 */
export function sharedTopic(topics: readonly Iterable<string>[], enough: number): string[] {
  const freq = new Map<string, number>();
  for (const topic of topics) for (const t of new Set(topic)) freq.set(t, (freq.get(t) ?? 0) + 1);
  const ranked = [...freq].sort((a, b) => b[1] - a[1] || compareText(a[0], b[0]));
  const shared = ranked.filter(([, n]) => n >= 2).slice(0, 12);
  return (shared.length >= enough ? shared : ranked.slice(0, 8)).map(([t]) => t);
}

export interface Calibrated {
  score: number;
  /** The rates the score is made of, and the record's size. */
  components: Record<string, number>;
  why: string;
}

/**
 * A candidate's probability of becoming later work, from the record: its
 * heuristic score on the fitted scale, moved in log-odds by half of each
 * feature's shrunk rate's difference from the overall rate (kinds averaged).
 * Null when the record is too thin to say.
 */
export function calibrate(record: BacktestRecord, s: Scored, backtest: BacktestOptions = BACKTEST_DEFAULTS): Calibrated | null {
  if (record.candidates < backtest.minCandidates) return null;
  const { a, b } = fitScale(record.points);
  const scaled = 1 / (1 + Math.exp(-(a + b * s.score)));
  const base = (record.hits + 1) / (record.candidates + 2);
  const rate = (key: string) => {
    const [h, n] = record.groups[key] ?? [0, 0];
    return (h + backtest.shrink * base) / (n + backtest.shrink);
  };
  const features = featuresOf(s);
  const kinds = features.filter((f) => f.startsWith('kind:'));
  const category = rate(features[0]!);
  const kind = kinds.reduce((sum, k) => sum + rate(k), 0) / kinds.length;
  const area = rate(`area:${s.anchor.name}`);
  let z = logit(scaled);
  for (const r of [category, kind, area]) z += 0.5 * (logit(r) - logit(base));
  const score = round(Math.min(0.98, Math.max(0.02, 1 / (1 + Math.exp(-z)))));
  const [areaHits, areaN] = record.groups[`area:${s.anchor.name}`] ?? [0, 0];
  const [catHits, catN] = record.groups[features[0]!] ?? [0, 0];
  const why =
    `Score ${score.toFixed(2)}: the probability that a candidate like this becomes later work, from backtests at ` +
    `${record.replays.map((r) => r.cutoff.slice(0, 10)).join(', ')} (6-month windows closed by T0), where ${record.hits} of ` +
    `${record.candidates} candidates did: heuristic score ${s.score.toFixed(2)} scaled to ${scaled.toFixed(2)} on them, ` +
    `then ${s.category} ${catHits}/${catN} and area ${s.anchor.name} ${areaHits}/${areaN} against the overall rate.`;
  return {
    score,
    components: {
      ...s.components,
      heuristic: s.score,
      backtest_scaled: round(scaled),
      backtest_base: round(base),
      backtest_category: round(category),
      backtest_kind: round(kind),
      backtest_area: round(area),
      backtest_replays: record.replays.length,
      backtest_candidates: record.candidates,
      backtest_hits: record.hits,
    },
    why,
  };
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
