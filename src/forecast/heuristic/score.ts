import type { Category } from '../model.js';
import type { Cluster } from './cluster.js';
import type { Signal } from './signals.js';
import { compareText } from '../../text/order.js';

/** Weights of the score components; they sum to 1, so the score is in 0..1. */
export const SCORE_WEIGHTS = {
  volume: 0.3,
  recency: 0.25,
  diversity: 0.15,
  labels: 0.05,
  coherence: 0.1,
  hotspot: 0.15,
} as const;

export type ScoreComponents = Record<keyof typeof SCORE_WEIGHTS, number>;

export interface Scored {
  cluster: Cluster;
  category: Category;
  /** Why that category: the votes per category. */
  votes: Record<Category, number>;
  anchor: { name: string; paths: string[] };
  components: ScoreComponents;
  score: number;
}

/**
 * Scores a cluster on the SWE-Future signals: how many signals (volume), how
 * recent (mean of the three most recent, so a stream that stopped scores low),
 * how many kinds of evidence agree (diversity), label diversity, how tightly
 * they agree (coherence), and whether the anchor is a churn hotspot at T0.
 * Returns null for a cluster no code area can anchor.
 */
export function scoreCluster(cluster: Cluster, hotspotRank: ReadonlyMap<string, number>, hotspotCount: number): Scored | null {
  const anchor = chooseAnchor(cluster.members);
  if (!anchor) return null;
  const { category, votes } = chooseCategory(cluster.members);
  const n = cluster.members.length;
  const recencies = cluster.members.map((m) => m.recency).sort((a, b) => b - a).slice(0, 3);
  const kinds = new Set(cluster.members.map((m) => m.kind)).size;
  const labels = new Set(cluster.members.flatMap((m) => m.labels)).size;
  const rank = Math.min(...anchor.paths.map((p) => hotspotRank.get(p) ?? hotspotRank.get(parentDir(p)) ?? Infinity));
  const components: ScoreComponents = {
    volume: 1 - Math.exp(-(n - 1) / 3),
    recency: recencies.reduce((a, b) => a + b, 0) / recencies.length,
    diversity: Math.min(1, (kinds - 1) / 2),
    labels: Math.min(1, labels / 2),
    coherence: Math.max(0, Math.min(1, cluster.coherence)),
    hotspot: Number.isFinite(rank) && hotspotCount > 0 ? 1 - rank / hotspotCount : 0,
  };
  let score = 0;
  for (const key of Object.keys(SCORE_WEIGHTS) as (keyof ScoreComponents)[]) {
    components[key] = round(components[key]);
    score += SCORE_WEIGHTS[key] * components[key];
  }
  return { cluster, category, votes, anchor, components, score: round(score) };
}

/** The most-touched area (main areas count 1, others 0.5), with the areas close behind it. */
function chooseAnchor(members: readonly Signal[]): { name: string; paths: string[] } | null {
  const weight = new Map<string, number>();
  for (const m of members) {
    m.areas.forEach((area, i) => weight.set(area, (weight.get(area) ?? 0) + (i === 0 ? 1 : 0.5)));
  }
  const ranked = [...weight].sort((a, b) => b[1] - a[1] || compareText(a[0], b[0]));
  const top = ranked[0];
  if (!top) return null;
  const paths = ranked.filter(([, w]) => w >= top[1] * 0.5).slice(0, 4).map(([a]) => a);
  return { name: top[0], paths };
}

function chooseCategory(members: readonly Signal[]): { category: Category; votes: Record<Category, number> } {
  const votes: Record<Category, number> = { bugfix: 0, feature: 0, refactor: 0 };
  for (const m of members) if (m.category) votes[m.category] += 0.5 + m.recency;
  for (const key of Object.keys(votes) as Category[]) votes[key] = round(votes[key]);
  const order: Category[] = ['bugfix', 'feature', 'refactor'];
  const category = order.reduce((best, c) => (votes[c] > votes[best] ? c : best), 'feature' as Category);
  return { category, votes };
}

function parentDir(path: string): string {
  return path.split('/').slice(0, -1).join('/');
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
