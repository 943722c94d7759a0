/**
 * Sparse TF-IDF vectors over token lists, L2-normalised, so the cosine of two
 * vectors is their dot product. Deterministic: terms are kept in insertion
 * order and ties are broken by the caller.
 */
export type SparseVector = Map<string, number>;

export class TfIdf {
  private readonly df = new Map<string, number>();
  private docs = 0;

  constructor(documents: readonly (readonly string[])[] = []) {
    for (const doc of documents) this.add(doc);
  }

  add(doc: readonly string[]): void {
    this.docs++;
    for (const term of new Set(doc)) this.df.set(term, (this.df.get(term) ?? 0) + 1);
  }

  idf(term: string): number {
    return Math.log((this.docs + 1) / ((this.df.get(term) ?? 0) + 1)) + 1;
  }

  /**
   * Sub-linear term frequency times idf, normalised to length 1 (empty for no terms). With `weights` (one per token
   * occurrence), each term's weight is also multiplied by the largest of its occurrences' (the semantic judge's word
   * weights).
   */
  vector(doc: readonly string[], weights?: readonly number[]): SparseVector {
    const tf = new Map<string, number>();
    const weight = new Map<string, number>();
    doc.forEach((term, i) => {
      tf.set(term, (tf.get(term) ?? 0) + 1);
      if (weights) weight.set(term, Math.max(weight.get(term) ?? 0, weights[i]!));
    });
    const v: SparseVector = new Map();
    let norm = 0;
    for (const [term, n] of tf) {
      const w = (1 + Math.log(n)) * this.idf(term) * (weights ? weight.get(term)! : 1);
      v.set(term, w);
      norm += w * w;
    }
    norm = Math.sqrt(norm);
    if (norm > 0) for (const [term, w] of v) v.set(term, w / norm);
    return v;
  }
}

export function cosine(a: SparseVector, b: SparseVector): number {
  // Called once per pair a judge scores: no array per call or per term (the same sum, in the same order).
  const small = a.size <= b.size ? a : b;
  const large = small === a ? b : a;
  let dot = 0;
  small.forEach((w, term) => {
    const o = large.get(term);
    if (o !== undefined) dot += w * o;
  });
  return dot;
}

/** The mean of several vectors, renormalised: a cluster's centroid. */
export function centroid(vectors: readonly SparseVector[]): SparseVector {
  const sum: SparseVector = new Map();
  for (const v of vectors) for (const [t, w] of v) sum.set(t, (sum.get(t) ?? 0) + w);
  let norm = 0;
  for (const w of sum.values()) norm += w * w;
  norm = Math.sqrt(norm);
  if (norm > 0) for (const [t, w] of sum) sum.set(t, w / norm);
  return sum;
}
