import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { clusteredRateInterval } from '../../src/stats/clustered-rate.js';
import { kappaInterval } from '../../src/stats/kappa.js';
import { wilsonInterval } from '../../src/stats/wilson.js';
import { summariseCells, type CellResult } from '../../src/validate/eval-cells.js';
import { summariseFamilies, type FamilyResult } from '../../src/validate/eval-families.js';
import type { Label } from '../../src/validate/model.js';
import type { LabelledPair } from '../../src/validate/pairs.js';
import { runCli, runCliJson } from '../cli/run-cli.js';
import { tempDir } from '../fixtures/repo.js';
import { BACKOFF, item, PARAPHRASE, QUOTES, UNRELATED } from './judge-literals.js';

function pair(id: string, label: Label, family: string, over: Partial<LabelledPair> = {}): LabelledPair {
  return { id, repo: 'o/r', t0: '2025-01-01', split: 'held', source: 'heuristic', label, reason: 'read both sides', family: { ...BACKOFF, id: family }, item: PARAPHRASE, ...over };
}

/** Ten families of three pairs each; in family k the judge gives `judged(k, i)` where people gave `gold(k, i)`. */
function cells(gold: (k: number, i: number) => Label, judged: (k: number, i: number) => Label): CellResult[] {
  return Array.from({ length: 10 }, (_, k) => Array.from({ length: 3 }, (_, i): CellResult => ({ pair: pair(`F${k}/${i}`, gold(k, i), `F${k}`), label: judged(k, i), score: 0 }))).flat();
}

test("pair kappa's interval resamples each family's pairs together: its units are families, not pairs", () => {
  const gold = (k: number, i: number): Label => (i === 0 ? 'strong' : k % 2 === 0 ? 'related' : 'rejected');
  const judged = (k: number, i: number): Label => (k < 3 ? 'rejected' : gold(k, i));
  const row = summariseCells('lexical', cells(gold, judged));
  expect(row.kappaInterval).toMatchObject({ units: 10, replicates: 2000 });
  // The same interval as kappa's bootstrap over the families' pair groups, in first-seen order.
  const groups = Array.from({ length: 10 }, (_, k) => Array.from({ length: 3 }, (_, i) => [gold(k, i), judged(k, i)] as const));
  expect(row.kappaInterval).toEqual(kappaInterval(groups));
  expect(row.kappaInterval!.low).toBeLessThanOrEqual(row.kappa!);
  expect(row.kappaInterval!.high).toBeGreaterThanOrEqual(row.kappa!);
  // Families 0 and 2 lose all three pairs, family 1 its strong one: accuracy and relevant agreement 23 of 30.
  expect(row.accuracy).toBeCloseTo(23 / 30);
  // Their intervals resample the same family groups; Wilson over the pairs stays beside them, narrower.
  const agreed = Array.from({ length: 10 }, (_, k) => Array.from({ length: 3 }, (_, i) => gold(k, i) === judged(k, i)));
  expect(row.accuracyInterval).toEqual(clusteredRateInterval(agreed));
  expect(row.accuracyInterval).toMatchObject({ units: 10, replicates: 2000, method: 'bootstrap' });
  expect(row.relevantAccuracyInterval).toEqual(row.accuracyInterval);
  expect(row.accuracyWilsonInterval).toEqual(wilsonInterval(23, 30));
  expect(row.relevantAccuracyWilsonInterval).toEqual(wilsonInterval(23, 30));
  const width = (i: { low: number; high: number }) => i.high - i.low;
  expect(width(row.accuracyInterval!)).toBeGreaterThan(width(row.accuracyWilsonInterval!));
  // AUC (strong against the rest) resamples the same groups.
  expect(row.aucInterval).toMatchObject({ units: 10 });
  expect(row.aucInterval!.low).toBeLessThanOrEqual(row.auc!);
  expect(row.aucInterval!.high).toBeGreaterThanOrEqual(row.auc!);
});

test('family figures carry a bootstrap over families for kappa and Wilson intervals for every rate, also by forecaster', () => {
  const best = { kindOk: 0, kindOkTouching: 0, any: [0], touching: [0] };
  const family = (gold: Label, label: Label, source: string): FamilyResult => ({ gold, label, source, best });
  const results = [
    ...Array.from({ length: 6 }, () => family('strong', 'strong', 'heuristic')),
    family('related', 'rejected', 'heuristic'),
    family('rejected', 'related', 'heuristic'),
    ...Array.from({ length: 8 }, () => family('rejected', 'rejected', 'hotspot')),
  ];
  const row = summariseFamilies(results);
  expect(row.kappaInterval).toEqual(kappaInterval(results.map((r) => [[r.gold, r.label] as const])));
  expect(row.relevanceInterval).toEqual(wilsonInterval(7, 16));
  expect(row.goldRelevanceInterval).toEqual(wilsonInterval(7, 16));
  expect(row.strongRateInterval).toEqual(wilsonInterval(6, 16));
  expect(row.accuracyInterval).toEqual(wilsonInterval(14, 16));
  expect(row.bySource!.heuristic!.relevanceInterval).toEqual(wilsonInterval(7, 8));
  // Both sides rejected every hotspot family: kappa 1 by convention, and no interval.
  expect(row.bySource!.hotspot).toMatchObject({ kappa: 1, kappaInterval: null, relevanceInterval: wilsonInterval(0, 8) });
});

test('judge-eval prints each kappa and rate with its interval, the same on every run, and --json keeps every earlier key', async () => {
  const dir = await tempDir();
  const file = join(dir, 'pairs.jsonl');
  const titles = ['docs: contributing guide', 'chore: bump linter', 'Add dark theme to the site', 'Release 2.3.0', 'Translate the README', 'Cache templates'];
  const filler = titles.map((title, n) => item(`pr#${101 + n}`, title, [`f${n + 1}.md`]));
  const pairs = [
    pair('a', 'strong', BACKOFF.id),
    pair('b', 'rejected', BACKOFF.id, { item: UNRELATED }),
    pair('c', 'rejected', QUOTES.id, { family: QUOTES }),
    ...filler.map((i, n) => pair(`f${n}`, 'rejected', `G${n % 3}`, { item: i })),
  ];
  writeFileSync(file, pairs.map((p) => JSON.stringify(p)).join('\n'));
  const first = await runCliJson(['judge-eval', '--pairs', file, '--judge', 'lexical']);
  const again = await runCliJson(['judge-eval', '--pairs', file, '--judge', 'lexical']);
  const j = first.judges[0];
  expect(Object.keys(j)).toEqual(expect.arrayContaining(['judge', 'pairs', 'gold', 'auc', 'accuracy', 'kappa', 'relevantAccuracy', 'confusion', 'families', 'seconds', 'pairsPerSecond']));
  expect(j.kappaInterval).toMatchObject({ units: 5, replicates: expect.any(Number) });
  expect(j.accuracyInterval).toMatchObject({ units: 5, replicates: expect.any(Number) });
  expect(j.accuracyWilsonInterval).toEqual(wilsonInterval(Math.round(j.accuracy * 9), 9));
  expect(again.judges[0].accuracyInterval).toEqual(j.accuracyInterval);
  expect(again.judges[0].kappaInterval).toEqual(j.kappaInterval);
  const text = await runCli(['judge-eval', '--pairs', file, '--judge', 'lexical']);
  expect(text.code).toBe(0);
  expect(text.stdout).toMatch(/^lexical\s+9\s+\d\.\d{3}( \[\d\.\d{2}, \d\.\d{2}\])?\s+\d\.\d{3} \[\d\.\d{2}, \d\.\d{2}\]/m);
  expect(text.stdout).toMatch(/accuracy, kappa and relevant_acc of pairs resample 5 families' pair groups whole/);
});

test("people against people carries kappa's and accuracy's intervals over the families both labelled", async () => {
  const { labellerAgreement } = await import('../../src/api/judge-eval.js');
  const { mkdirSync } = await import('node:fs');
  const pairs = Array.from({ length: 8 }, (_, k) => [pair(`F${k}/a`, k < 4 ? 'strong' : 'rejected', `F${k}`), pair(`F${k}/b`, 'rejected', `F${k}`)]).flat();
  const dir = await tempDir();
  mkdirSync(join(dir, 'second'));
  const second = join(dir, 'second', 'sample.jsonl');
  // The second labeller relates F0's strong pair and agrees on every other.
  writeFileSync(second, pairs.map((p) => JSON.stringify({ id: p.id, label: p.id === 'F0/a' ? 'related' : p.label, reason: 'read both sides' })).join('\n'));
  const a = labellerAgreement(pairs, [second])!;
  expect(a.accuracyInterval).toEqual(clusteredRateInterval(Array.from({ length: 8 }, (_, k) => [k !== 0, true])));
  expect(a.accuracyWilsonInterval).toEqual(wilsonInterval(15, 16));
  expect(a.kappaInterval).toMatchObject({ units: 8 });
  expect(a.kappaInterval!.low).toBeLessThan(a.kappa!);
  expect(a.kappaInterval!.high).toBe(1);
});
