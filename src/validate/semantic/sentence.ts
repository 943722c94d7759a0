import type { WordTable } from '../../text/glove/table.js';

/**
 * Sentence vectors from word vectors, the SIF way (Arora et al., 2017): the
 * weighted mean of a text's word vectors, each weighted a / (a + p(w)), so
 * frequent words count little; then the texts' common component (their first
 * principal direction, which mostly says "this is English text about
 * software") is removed from every vector. p(w) comes from the word's
 * frequency rank (Zipf: p ∝ 1 / rank), since the table keeps ranks, not counts.
 */

/** SIF's smoothing constant. */
export const SIF_A = 1e-3;
/** Fewer texts than this: too few to estimate a common component; none is removed. */
export const MIN_TEXTS_FOR_COMPONENT = 8;

export function sifWeight(table: WordTable, row: number, a = SIF_A): number {
  const harmonic = Math.log(table.vocabulary) + 0.5772;
  const p = 1 / ((table.rank(row) + 1) * harmonic);
  return a / (a + p);
}

/** The SIF-weighted mean of the rows' vectors, each also times its `extra` weight (a zero vector for none). */
export function weightedMean(table: WordTable, rows: readonly number[], extra?: readonly number[], a = SIF_A): Float64Array {
  const v = new Float64Array(table.dims);
  if (rows.length === 0) return v;
  rows.forEach((row, i) => table.addTo(v, row, sifWeight(table, row, a) * (extra?.[i] ?? 1)));
  for (let d = 0; d < v.length; d++) v[d]! /= rows.length;
  return v;
}

/**
 * Removes the first principal direction of `vectors` (uncentred, as SIF does)
 * from each of them, in place. Power iteration from a fixed start, so the
 * result is deterministic. Does nothing for fewer than `minTexts` vectors.
 * The vectors are copied into one flat array and every loop is in this one
 * function: it runs once per validation, mostly before the engine has
 * optimised anything, and the loops (30 rounds over every text) dominated a
 * validation's cost when spread over small helpers. The arithmetic, and its
 * order, are those of the plain loops, so the figures are the same.
 */
export function removeCommonComponent(vectors: Float64Array[], minTexts = MIN_TEXTS_FOR_COMPONENT): void {
  const nonZero = vectors.filter((v) => norm(v) > 0);
  if (nonZero.length < minTexts) return;
  const dims = nonZero[0]!.length;
  const n = nonZero.length;
  const flat = new Float64Array(n * dims);
  for (let i = 0; i < n; i++) flat.set(nonZero[i]!, i * dims);
  let u = new Float64Array(dims);
  for (let i = 0; i < n; i++) for (let d = 0, at = i * dims; d < dims; d++, at++) u[d]! += flat[at]!;
  normalise(u);
  for (let iter = 0; iter < 30; iter++) {
    const next = new Float64Array(dims);
    for (let i = 0; i < n; i++) {
      const base = i * dims;
      let p = 0;
      for (let d = 0; d < dims; d++) p += flat[base + d]! * u[d]!;
      for (let d = 0; d < dims; d++) next[d]! += p * flat[base + d]!;
    }
    if (!normalise(next)) return;
    u = next;
  }
  for (const v of vectors) {
    const p = dot(v, u);
    for (let d = 0; d < dims; d++) v[d]! -= p * u[d]!;
  }
}

export function cosine(a: Float64Array, b: Float64Array): number {
  return cosineWithNorms(a, b, norm(a), norm(b));
}

/** cosine(a, b) given norm(a) and norm(b), computed once per vector when it meets many. */
export function cosineWithNorms(a: Float64Array, b: Float64Array, na: number, nb: number): number {
  return na === 0 || nb === 0 ? 0 : dot(a, b) / (na * nb);
}

function dot(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let d = 0; d < a.length; d++) s += a[d]! * b[d]!;
  return s;
}

export function norm(a: Float64Array): number {
  return Math.sqrt(dot(a, a));
}

function normalise(a: Float64Array): boolean {
  const n = norm(a);
  if (n === 0) return false;
  for (let d = 0; d < a.length; d++) a[d]! /= n;
  return true;
}
