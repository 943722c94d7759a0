/**
 * `58.1% [52.0, 64.0]`: a figure's text and its 95% interval, the one way the
 * commands write an interval beside a figure (study, demo, validate,
 * judge-eval). `bound` writes each bound in the figure's unit without the
 * unit's sign (`52.0` for 52.0%, `+3.1` for +3.1 pts, `0.30` for a kappa);
 * the text alone when there is no interval.
 */
export function withInterval(text: string, low: number | null | undefined, high: number | null | undefined, bound: (x: number) => string): string {
  if (low === null || low === undefined || high === null || high === undefined) return text;
  return `${text} [${bound(low)}, ${bound(high)}]`;
}

/** A rate's bound in whole percent (`8` for 0.08). */
export const wholePercent = (x: number): string => (x * 100).toFixed(0);

/** A difference's bound in signed points of percent, one decimal (`+3.1` for +0.031). */
export const signedPoints = (x: number): string => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)}`;
