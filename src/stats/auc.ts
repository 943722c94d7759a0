/**
 * Area under the ROC curve (pure): the chance that a random positive scores
 * above a random negative (ties count half), by the rank-sum formula. Null
 * when either class is empty. judge-eval's AUC of a judge's score, strong
 * against the rest (src/validate/eval-cells.ts).
 */
export function auc(scores: readonly number[], positive: readonly boolean[]): number | null {
  const order = scores.map((s, i) => ({ s, p: positive[i]! })).sort((a, b) => a.s - b.s);
  const pos = order.filter((x) => x.p).length;
  const neg = order.length - pos;
  if (pos === 0 || neg === 0) return null;
  let rankSum = 0;
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j < order.length && order[j]!.s === order[i]!.s) j++;
    const midRank = (i + 1 + j) / 2;
    for (let k = i; k < j; k++) if (order[k]!.p) rankSum += midRank;
    i = j;
  }
  return (rankSum - (pos * (pos + 1)) / 2) / (pos * neg);
}
