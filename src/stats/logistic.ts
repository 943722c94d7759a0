/**
 * Logistic regression with an L2 (ridge) penalty, fitted by Newton's method
 * (pure). Used to calibrate a forecaster's score on people's labels: a few
 * features, a few dozen labelled families, so the penalty (a Gaussian prior of
 * variance 1/l2 on every weight but the intercept) keeps a weak feature's
 * weight near zero instead of fitting noise. Deterministic: same rows, same
 * weights.
 */
export interface LogisticRow {
  /** Feature values, without the intercept (it is weight 0). */
  x: readonly number[];
  y: 0 | 1;
}

/** Weights [intercept, ...one per feature] maximising log-likelihood - l2/2 * |w[1..]|². */
export function fitLogistic(rows: readonly LogisticRow[], l2: number, iterations = 50): number[] {
  const d = (rows[0]?.x.length ?? 0) + 1;
  let w = new Array<number>(d).fill(0);
  for (let iter = 0; iter < iterations; iter++) {
    const g = w.map((wi, j) => (j === 0 ? 0 : -l2 * wi));
    const h = Array.from({ length: d }, (_, i) => Array.from({ length: d }, (_, j) => (i === j && i > 0 ? -l2 : 0)));
    for (const row of rows) {
      const x = [1, ...row.x];
      const p = sigmoid(dot(w, x));
      for (let i = 0; i < d; i++) {
        g[i]! += (row.y - p) * x[i]!;
        for (let j = 0; j < d; j++) h[i]![j]! -= p * (1 - p) * x[i]! * x[j]!;
      }
    }
    const step = solve(h, g);
    if (!step) break;
    w = w.map((wi, i) => wi - step[i]!);
    if (step.every((s) => Math.abs(s) < 1e-10)) break;
  }
  return w;
}

/** log(p / (1 - p)), with p held to [0.01, 0.99] so a rate of 0 or 1 stays finite. */
export function logit(p: number): number {
  const q = Math.min(0.99, Math.max(0.01, p));
  return Math.log(q / (1 - q));
}

export function sigmoid(z: number): number {
  return 1 / (1 + Math.exp(-z));
}

export function dot(w: readonly number[], x: readonly number[]): number {
  let s = 0;
  for (let i = 0; i < w.length; i++) s += w[i]! * (x[i] ?? 0);
  return s;
}

/** Gauss-Jordan with partial pivoting; null when the system is singular. */
function solve(a: number[][], b: number[]): number[] | null {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let i = 0; i < n; i++) {
    let pivot = i;
    for (let k = i + 1; k < n; k++) if (Math.abs(m[k]![i]!) > Math.abs(m[pivot]![i]!)) pivot = k;
    if (Math.abs(m[pivot]![i]!) < 1e-12) return null;
    [m[i], m[pivot]] = [m[pivot]!, m[i]!];
    for (let k = 0; k < n; k++) {
      if (k === i) continue;
      const f = m[k]![i]! / m[i]![i]!;
      for (let j = i; j <= n; j++) m[k]![j]! -= f * m[i]![j]!;
    }
  }
  return m.map((row, i) => row[n]! / row[i]!);
}
