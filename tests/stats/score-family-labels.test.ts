import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { kappaInterval } from '../../src/stats/kappa.js';
import { wilsonInterval } from '../../src/stats/wilson.js';
import { tempDir } from '../fixtures/repo.js';

type Label = 'strong' | 'related' | 'rejected';
const lines = (rows: readonly object[]) => rows.map((r) => JSON.stringify(r)).join('\n') + '\n';

/** A family set of one packet: 12 families, people's labels, a second labeller's, and one judge's verdicts. */
async function familySet(people: Label[], second: Label[], judge: Label[]): Promise<string> {
  const dir = await tempDir();
  const packet = join(dir, 'set', 'click');
  mkdirSync(packet, { recursive: true });
  const blind = people.map((_, i) => `click-F${String(i).padStart(2, '0')}`);
  writeFileSync(join(packet, 'meta.json'), JSON.stringify({ laterWork: 3 }));
  writeFileSync(join(packet, 'window.jsonl'), lines([{ key: 'pr#1' }, { key: 'pr#2' }, { key: 'pr#3' }]));
  writeFileSync(join(packet, 'families.jsonl'), lines(blind.map((b, i) => ({ blind: b, title: `Family ${i}` }))));
  writeFileSync(join(packet, 'key.jsonl'), lines(blind.map((b, i) => ({ blind: b, forecaster: 'heuristic', forecastId: 1, rank: i + 1, familyId: `F${i}`, score: 0.5 }))));
  const label = (labels: Label[], labeller: string) => lines(blind.map((b, i) => ({ blind: b, label: labels[i], specificity: 2, strong: labels[i] === 'strong' ? ['pr#1'] : [], related: [], reason: 'read it', labeller })));
  writeFileSync(join(packet, 'labels-L1.jsonl'), label(people, 'L1'));
  writeFileSync(join(packet, 'labels-L2.jsonl'), label(second, 'L2'));
  writeFileSync(join(packet, 'verdicts.jsonl'), lines(judge.map((l, i) => ({ forecastId: 1, familyId: `F${i}`, judge: 'lexical', label: l, strong: [] }))));
  return join(dir, 'set');
}

function score(dir: string, json: boolean) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/score-family-labels.ts', '--dir', dir, ...(json ? ['--json'] : [])], { encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout;
}

test('score-family-labels prints each kappa with its bootstrap interval over the families, the same on every run', async () => {
  const people: Label[] = ['strong', 'strong', 'strong', 'related', 'related', 'rejected', 'rejected', 'rejected', 'rejected', 'rejected', 'rejected', 'rejected'];
  const judge: Label[] = ['strong', 'strong', 'related', 'related', 'rejected', 'rejected', 'rejected', 'rejected', 'rejected', 'rejected', 'rejected', 'related'];
  const dir = await familySet(people, people, judge);
  const out = JSON.parse(score(dir, true));
  const all = out.versus.lexical.all;
  const interval = kappaInterval(people.map((p, i) => [[p, judge[i]!] as const]))!;
  expect(all).toMatchObject({ families: 12, kappaInterval: [Number(interval.low.toFixed(3)), Number(interval.high.toFixed(3))] });
  expect(all.kappaInterval[0]).toBeLessThan(all.kappa);
  expect(all.kappaInterval[1]).toBeGreaterThan(all.kappa);
  expect(out.peopleVsPeople).toMatchObject({ families: 12, kappa: 1, kappaInterval: [1, 1] });
  // Agreement on relevant against rejected carries its Wilson interval over the families, as three-label agreement does.
  const relevantAlike = people.filter((p, i) => (p === 'rejected') === (judge[i] === 'rejected')).length;
  const w = wilsonInterval(relevantAlike, 12)!;
  expect(all.relevantInterval).toEqual([Number((100 * w.low).toFixed(3)), Number((100 * w.high).toFixed(3))]);
  expect(JSON.parse(score(dir, true))).toEqual(out);
  expect(score(dir, false)).toMatch(new RegExp(`lexical all: n=12 labels [0-9.]+% \\[[0-9.]+, [0-9.]+\\] kappa ${all.kappa} \\[${all.kappaInterval[0]}, ${all.kappaInterval[1]}\\]`));
});
