import { expect, test } from 'vitest';
import { judgeAgreement } from '../../src/validate/agreement.js';
import type { Label, Verdict } from '../../src/validate/model.js';

function verdicts(labels: readonly Label[], prefix = 'F'): Verdict[] {
  return labels.map((label, i) => ({ familyId: `${prefix}${i + 1}`, category: 'feature', label, score: 0, reason: '', matches: [] }));
}

/** `count` copies of each [a, b] pair, as two verdict lists over the same families. */
function judged(pairs: readonly [Label, Label, number][]): [Verdict[], Verdict[]] {
  const a: Label[] = [];
  const b: Label[] = [];
  for (const [x, y, count] of pairs) for (let i = 0; i < count; i++) a.push(x), b.push(y);
  return [verdicts(a), verdicts(b)];
}

test('the textbook two-rater example gives 70 % agreement and kappa 0.4', () => {
  // Cohen's kappa on Wikipedia: 50 items, yes/yes 20, yes/no 5, no/yes 10, no/no 15; po = 0.7, pe = 0.5.
  const [a, b] = judged([['strong', 'strong', 20], ['strong', 'rejected', 5], ['rejected', 'strong', 10], ['rejected', 'rejected', 15]]);
  const result = judgeAgreement(a, b);
  expect(result.families).toBe(50);
  expect(result.percent).toBeCloseTo(70, 10);
  expect(result.kappa).toBeCloseTo(0.4, 10);
  expect(result.relevantPercent).toBeCloseTo(70, 10);
  expect(result.relevantKappa).toBeCloseTo(0.4, 10);
});

test('three labels and the relevant split are scored apart, each against its own chance agreement', () => {
  // Three-way: 7 of 10 alike, po = 0.7; both judges 4 strong, 3 related, 3 rejected, pe = (16+9+9)/100 = 0.34;
  // kappa = 0.36/0.66 = 6/11. Relevant: 8 of 10 alike; both 7 relevant, 3 rejected, pe = 0.58; kappa = 0.22/0.42 = 11/21.
  const [a, b] = judged([
    ['strong', 'strong', 3], ['related', 'related', 2], ['rejected', 'rejected', 2],
    ['strong', 'related', 1], ['related', 'rejected', 1], ['rejected', 'strong', 1],
  ]);
  const result = judgeAgreement(a, b);
  expect(result.families).toBe(10);
  expect(result.percent).toBeCloseTo(70, 10);
  expect(result.kappa).toBeCloseTo(6 / 11, 10);
  expect(result.relevantPercent).toBeCloseTo(80, 10);
  expect(result.relevantKappa).toBeCloseTo(11 / 21, 10);
});

test('judges that disagree on every family, each using both labels equally, have kappa -1', () => {
  const result = judgeAgreement(verdicts(['strong', 'related']), verdicts(['related', 'strong']));
  expect(result).toEqual({ families: 2, percent: 0, kappa: -1, relevantPercent: 100, relevantKappa: 1 });
});

test('when both judges give every family one and the same label kappa is 1, and 0 when their single labels differ', () => {
  // pe = 1 leaves kappa undefined; it is reported as 1 for total agreement.
  expect(judgeAgreement(verdicts(['rejected', 'rejected', 'rejected']), verdicts(['rejected', 'rejected', 'rejected']))).toEqual({
    families: 3, percent: 100, kappa: 1, relevantPercent: 100, relevantKappa: 1,
  });
  // All strong against all related: no three-way agreement (pe = 0, kappa 0), yet both call every family relevant.
  expect(judgeAgreement(verdicts(['strong', 'strong']), verdicts(['related', 'related']))).toEqual({
    families: 2, percent: 0, kappa: 0, relevantPercent: 100, relevantKappa: 1,
  });
});

test('families are paired by id whatever their order, and a family only one judge labelled is left out', () => {
  const a = verdicts(['strong', 'related', 'rejected']);
  const b = [...verdicts(['strong', 'related', 'rejected'])].reverse();
  b.push(...verdicts(['strong'], 'G'));
  expect(judgeAgreement(a, b.slice(1))).toMatchObject({ families: 2, percent: 100 });
  expect(judgeAgreement(a, b)).toMatchObject({ families: 3, percent: 100, kappa: 1 });
});

test('with no family in common every figure is null', () => {
  expect(judgeAgreement(verdicts(['strong']), verdicts(['strong'], 'G'))).toEqual({
    families: 0, percent: null, kappa: null, relevantPercent: null, relevantKappa: null,
  });
  expect(judgeAgreement([], [])).toMatchObject({ families: 0, kappa: null });
});
