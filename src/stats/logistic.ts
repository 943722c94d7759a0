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
  /** The row's weight in the likelihood (default 1): a family of an older round the forecaster no longer shows counts less (calib44). */
  weight?: number;
}

export interface LogisticOptions {
  /** Ridge penalty on every feature weight. */
  l2: number;
  /** Ridge penalty on the intercept (default 0: the intercept is free). */
  interceptL2?: number;
  /** Hold every feature weight >= 0 after each step (a higher feature never lowers the probability). */
  nonNegative?: boolean;
  /** Newton steps at most (default 50); stops earlier once the weights stop moving. */
  iterations?: number;
}

/** Weights [intercept, ...one per feature] maximising log-likelihood - interceptL2/2 * w0² - l2/2 * |w[1..]|². */
export function fitLogistic(rows: readonly LogisticRow[], options: LogisticOptions): number[] {
  const { l2, interceptL2 = 0, nonNegative = false, iterations = 50 } = options;
  const d = (rows[0]?.x.length ?? 0) + 1;
  const penalty = (i: number) => (i === 0 ? interceptL2 : l2);
  let w = new Array<number>(d).fill(0);
  for (let iter = 0; iter < iterations; iter++) {
    const g = w.map((wi, j) => -penalty(j) * wi);
    const h = Array.from({ length: d }, (_, i) => Array.from({ length: d }, (_, j) => (i === j ? -penalty(i) : 0)));
    for (const row of rows) {
      const x = [1, ...row.x];
      const p = sigmoid(dot(w, x));
      const r = row.weight ?? 1;
      for (let i = 0; i < d; i++) {
        g[i]! += r * (row.y - p) * x[i]!;
        for (let j = 0; j < d; j++) h[i]![j]! -= r * p * (1 - p) * x[i]! * x[j]!;
      }
    }
    const step = solve(h, g);
    if (!step) break;
    const next = w.map((wi, i) => (nonNegative && i > 0 ? Math.max(0, wi - step[i]!) : wi - step[i]!));
    const moved = next.some((wi, i) => Math.abs(wi - w[i]!) >= 1e-10);
    w = next;
    if (!moved) break;
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
