import { cosine, TfIdf, type SparseVector } from '../../text/tfidf.js';
import type { Signal } from './signals.js';

export interface Cluster {
  members: Signal[];
  /** Mean pairwise similarity of the members (1 for a single signal). */
  coherence: number;
}

export interface ClusterOptions {
  /** Merge clusters while their average-linkage similarity is at least this (default 0.3). */
  threshold: number;
  /** Weight of text similarity against shared code areas when both signals have areas (default 0.5). */
  textWeight: number;
}

/**
 * Groups signals into work directions by average-linkage agglomerative
 * clustering. Similarity of two signals: TF-IDF cosine of their topic tokens,
 * blended with how much code area they share when both touch code; signals
 * with no paths (changelog, roadmap) are compared by text alone. Ties are
 * broken by input order, so the result is deterministic.
 */
export function clusterSignals(signals: readonly Signal[], options: ClusterOptions, tfidf: TfIdf): Cluster[] {
  const n = signals.length;
  if (n === 0) return [];
  const vectors = signals.map((s) => tfidf.vector(s.topic));
  const pair = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const s = similarity(signals[i]!, signals[j]!, vectors[i]!, vectors[j]!, options.textWeight);
      pair[i * n + j] = s;
      pair[j * n + i] = s;
    }
  }

  // Cluster-level similarities, updated with the Lance-Williams rule for average linkage.
  const link = Float64Array.from(pair);
  const members: (number[] | null)[] = signals.map((_, i) => [i]);
  for (;;) {
    let best = -1;
    let bi = -1;
    let bj = -1;
    for (let i = 0; i < n; i++) {
      if (!members[i]) continue;
      for (let j = i + 1; j < n; j++) {
        if (!members[j]) continue;
        const s = link[i * n + j]!;
        if (s > best) {
          best = s;
          bi = i;
          bj = j;
        }
      }
    }
    if (bi < 0 || best < options.threshold) break;
    const a = members[bi]!;
    const b = members[bj]!;
    for (let k = 0; k < n; k++) {
      if (!members[k] || k === bi || k === bj) continue;
      const s = (a.length * link[bi * n + k]! + b.length * link[bj * n + k]!) / (a.length + b.length);
      link[bi * n + k] = s;
      link[k * n + bi] = s;
    }
    members[bi] = [...a, ...b].sort((x, y) => x - y);
    members[bj] = null;
  }

  return members
    .filter((m): m is number[] => m !== null)
    .map((m) => ({ members: m.map((i) => signals[i]!), coherence: meanPairwise(m, pair, n) }));
}

function similarity(a: Signal, b: Signal, va: SparseVector, vb: SparseVector, textWeight: number): number {
  const text = cosine(va, vb);
  if (a.areas.length === 0 || b.areas.length === 0) return text;
  return textWeight * text + (1 - textWeight) * areaOverlap(a.areas, b.areas);
}

/** 1 when the main areas agree, 0.6 when they share any area, 0.3 when the main areas share a parent folder. */
function areaOverlap(a: readonly string[], b: readonly string[]): number {
  if (a[0] === b[0]) return 1;
  const setB = new Set(b);
  if (a.some((x) => setB.has(x))) return 0.6;
  const parent = (p: string) => p.split('/').slice(0, -1).join('/');
  const pa = parent(a[0]!);
  return pa !== '' && pa === parent(b[0]!) ? 0.3 : 0;
}

function meanPairwise(m: readonly number[], pair: Float64Array, n: number): number {
  if (m.length < 2) return 1;
  let sum = 0;
  let count = 0;
  for (let x = 0; x < m.length; x++) {
    for (let y = x + 1; y < m.length; y++) {
      sum += pair[m[x]! * n + m[y]!]!;
      count++;
    }
  }
  return sum / count;
}
