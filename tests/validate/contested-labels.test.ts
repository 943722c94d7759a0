import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from 'vitest';
import { tempDir } from '../fixtures/repo.js';

/**
 * labels63: families the pair labels (eval/pairs) and the family labels (eval/families/dev20, dev20b) label differently.
 * `label-set-conflicts.ts --readable` reads the fit half of eval/pairs only and never opens eval/heldout-pairs;
 * `contested-packets.ts` packs the conflicts blind against their window, keys outside; `score-contested-labels.ts`
 * says which old label the new blind labels side with. Run on a made eval/ tree, in its own folder. And study A's
 * scorer, `score-loose-labels.ts`: the loose top-1 beside the baselines' top-1 of a committed (readable) set.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const TSX = pathToFileURL(join(ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;

function script(cwd: string, name: string, args: string[]) {
  const run = spawnSync(process.execPath, ['--import', TSX, join(ROOT, 'scripts', name), ...args], { cwd, encoding: 'utf8' });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  return run.stdout;
}

const lines = (xs: readonly unknown[]) => xs.map((x) => JSON.stringify(x)).join('\n') + '\n';

function pair(id: string, split: 'fit' | 'held', label: string, title: string, key: string) {
  return {
    id,
    repo: 'sharkdp/bat',
    t0: '2025-01-01',
    split,
    source: id.split('/')[1],
    label,
    reason: 'made for the test',
    family: {
      id: id.split('/')[2],
      category: 'feature',
      title,
      anchor: { name: 'src', paths: ['src'] },
      expected_behavior: `Work of kind feature lands in src around ${title}.`,
      evidence: [],
      target_hints: { paths: ['src'], symbols: [] },
      acceptance_criteria: ['A change of kind feature to src is merged, with tests.'],
      score: 1,
      score_components: {},
      rationale: 'Baseline.',
    },
    item: { key, number: Number(key.slice(3)), sha: '', title: `change ${key}`, body: '', mergedAt: '2025-02-01T00:00:00.000Z', author: '', paths: ['src/a.rs'], kind: 'squash', labels: [], bot: false, botReason: null },
  };
}

async function evalTree() {
  const dir = await tempDir();
  mkdirSync(join(dir, 'eval', 'pairs'), { recursive: true });
  writeFileSync(
    join(dir, 'eval', 'pairs', 'bat.jsonl'),
    lines([
      pair('bat/hotspot-v2/F1/pr#10', 'fit', 'related', 'Extend src: apache, comment', 'pr#10'),
      pair('bat/hotspot-v2/F1/pr#11', 'fit', 'rejected', 'Extend src: apache, comment', 'pr#11'),
      pair('bat/recency-v2/F2/pr#10', 'fit', 'strong', 'Extend src/bin: flag, set', 'pr#10'),
      // Held rows: never read. The first would lift the contested family's pair label to strong; the second is a
      // family only the held half labels.
      pair('bat/hotspot/F9/pr#12', 'held', 'strong', 'Extend src: apache, comment', 'pr#12'),
      pair('bat/hotspot/F8/pr#12', 'held', 'strong', 'Held only family', 'pr#12'),
    ]),
  );
  const set = join(dir, 'eval', 'families', 'dev20b', 'bat');
  mkdirSync(set, { recursive: true });
  mkdirSync(join(dir, 'eval', 'families', 'dev20'), { recursive: true });
  const family = (blind: string, title: string) => ({ blind, category: 'feature', title, expected_behavior: `Work on ${title}.`, acceptance_criteria: [], target_paths: ['src'], target_symbols: [] });
  writeFileSync(join(set, 'families.jsonl'), lines([family('bat-F01', 'Extend src/bin: flag, set'), family('bat-F02', 'Extend src: apache, comment'), family('bat-F03', 'Held only family')]));
  const label = (blind: string, l: string, labeller: string) => ({ blind, label: l, specificity: 1, strong: [], related: [], reason: 'made', labeller });
  writeFileSync(join(set, 'labels-1.jsonl'), lines([label('bat-F01', 'strong', 'L30'), label('bat-F02', 'rejected', 'L30'), label('bat-F03', 'rejected', 'L30')]));
  writeFileSync(join(set, 'key.jsonl'), lines([{ blind: 'bat-F01', forecaster: 'recency', rank: 1 }, { blind: 'bat-F02', forecaster: 'hotspot', rank: 1 }, { blind: 'bat-F03', forecaster: 'hotspot', rank: 2 }]));
  writeFileSync(join(set, 'window.jsonl'), lines([{ key: 'pr#10', title: 'change pr#10' }, { key: 'pr#11', title: 'change pr#11' }]));
  writeFileSync(join(set, 'apart.jsonl'), '');
  writeFileSync(join(set, 'meta.json'), JSON.stringify({ repo: 'bat', t0: '2025-01-01', windowEnd: '2025-07-01', laterWork: 2, families: 3 }));
  return dir;
}

test('--readable compares the fit half of eval/pairs with dev20/dev20b only, on three labels; held rows change nothing', async () => {
  const dir = await evalTree();
  // No eval/heldout-pairs in the tree: without --readable the script would need it.
  const out = JSON.parse(script(dir, 'label-set-conflicts.ts', ['--readable', '--json']));
  expect(out.families).toBe(2);
  expect(out.conflicts.map((c: { title: string; pairs: { label: string }; families: { label: string }; binary: boolean }) => [c.title, c.pairs.label, c.families.label, c.binary])).toEqual([
    ['Extend src: apache, comment', 'related', 'rejected', true],
  ]);
  expect(out.conflicts[0].pairs.ids).toEqual(['bat/hotspot-v2/F1/pr#10', 'bat/hotspot-v2/F1/pr#11']);
  expect(JSON.stringify(out)).not.toContain('Held only family');
  expect(JSON.stringify(out)).not.toContain('pr#12');
});

test('contested packets hold the families blind against their window, keys outside; the scorer sides the new labels', async () => {
  const dir = await evalTree();
  writeFileSync(join(dir, 'conflicts.json'), script(dir, 'label-set-conflicts.ts', ['--readable', '--json']));
  const out = join(dir, 'packets', 'contested');
  script(dir, 'contested-packets.ts', ['--conflicts', 'conflicts.json', '--out', out]);
  expect(readdirSync(join(out, 'bat')).sort()).toEqual(['apart.jsonl', 'families.jsonl', 'meta.json', 'window.jsonl']);
  const packed = readFileSync(join(out, 'bat', 'families.jsonl'), 'utf8');
  expect(JSON.parse(packed)).toMatchObject({ blind: 'bat-F01', title: 'Extend src: apache, comment' });
  expect(packed).not.toMatch(/label|forecaster|bat-F02/);
  expect(readFileSync(join(out, 'bat', 'window.jsonl'), 'utf8')).toBe(readFileSync(join(dir, 'eval', 'families', 'dev20b', 'bat', 'window.jsonl'), 'utf8'));
  const key = join(`${out}-keys`, 'contested', 'bat', 'key.jsonl');
  expect(JSON.parse(readFileSync(key, 'utf8'))).toMatchObject({ blind: 'bat-F01', set: 'dev20b', setBlinds: ['bat-F02'], pairLabel: 'related', familyLabel: 'rejected' });

  const before = JSON.parse(script(dir, 'score-contested-labels.ts', ['--dir', out, '--json']));
  expect(before.threeLabel).toMatchObject({ n: 0, unlabelled: 1 });
  writeFileSync(join(out, 'bat', 'labels-LA.jsonl'), lines([{ blind: 'bat-F01', label: 'related', strong: [], related: ['pr#10'], reason: 'r', labeller: 'LA' }]));
  writeFileSync(join(out, 'bat', 'labels-LB.jsonl'), lines([{ blind: 'bat-F01', label: 'related', strong: [], related: ['pr#10'], reason: 'r', labeller: 'LB' }]));
  const after = JSON.parse(script(dir, 'score-contested-labels.ts', ['--dir', out, '--json']));
  expect(after.rows[0]).toMatchObject({ majority: 'related', side: 'pair', relevantSide: 'pair' });
  expect(after.threeLabel).toMatchObject({ n: 1, split: 0 });
  expect(after.threeLabel.pair).toMatch(/^1\/1 /);
  expect(after.eachLabel.threeLabel.family).toMatch(/^0\/2 /);
});

test('contested-packets refuses a conflict of a held set', async () => {
  const dir = await evalTree();
  writeFileSync(join(dir, 'held.json'), JSON.stringify({ conflicts: [{ set: 'heldout20b', repo: 'bat', blind: 'bat-F01', blinds: ['bat-F01'], title: 't', binary: true, pairs: { label: 'related', sources: [], ids: [] }, families: { label: 'rejected', labels: [] } }] }));
  const run = spawnSync(process.execPath, ['--import', TSX, join(ROOT, 'scripts', 'contested-packets.ts'), '--conflicts', 'held.json', '--out', join(dir, 'p', 'c')], { cwd: dir, encoding: 'utf8' });
  expect(run.status).not.toBe(0);
  expect(run.stderr).toContain('not a readable set');
  expect(existsSync(join(dir, 'p', 'c'))).toBe(false);
});

test('score-loose-labels sets the loose top-1 beside the baselines top-1 as the committed set labelled them; held sets refused', async () => {
  const dir = await tempDir();
  const set = join(dir, 'families', 'newcomer9-blind', 'mio');
  mkdirSync(set, { recursive: true });
  const window = lines([{ key: 'pr#1', title: 'Fix clippy lints' }]);
  writeFileSync(join(set, 'window.jsonl'), window);
  writeFileSync(join(set, 'families.jsonl'), lines(['hot', 'rec', 'rnd'].map((t, i) => ({ blind: `mio-F0${i + 1}`, title: t }))));
  writeFileSync(join(set, 'key.jsonl'), lines(['hotspot', 'recency', 'random-anchor'].map((f, i) => ({ blind: `mio-F0${i + 1}`, forecaster: f, rank: 1, score: 1 }))));
  writeFileSync(join(set, 'labels-1.jsonl'), lines(['related', 'rejected', 'strong'].map((l, i) => ({ blind: `mio-F0${i + 1}`, label: l, reason: 'r', labeller: 'L1' }))));
  const packets = join(dir, 'packets', 'loose');
  mkdirSync(join(packets, 'mio'), { recursive: true });
  mkdirSync(join(`${packets}-keys`, 'loose', 'mio'), { recursive: true });
  writeFileSync(join(packets, 'mio', 'window.jsonl'), window);
  writeFileSync(join(packets, 'mio', 'families.jsonl'), lines([{ blind: 'mio-F01', title: 'Fix the warnings of new clippy lints' }]));
  writeFileSync(join(`${packets}-keys`, 'loose', 'mio', 'key.jsonl'), lines([{ blind: 'mio-F01', forecaster: 'heuristic', rank: 1, score: 0.656 }]));
  writeFileSync(join(packets, 'mio', 'labels-LA.jsonl'), lines([{ blind: 'mio-F01', label: 'strong', reason: 'r', labeller: 'LA' }]));
  writeFileSync(join(packets, 'mio', 'labels-LB.jsonl'), lines([{ blind: 'mio-F01', label: 'related', reason: 'r', labeller: 'LB' }]));

  const args = ['--dir', packets, '--families', join(dir, 'families'), '--json'];
  const out = JSON.parse(script(dir, 'score-loose-labels.ts', [...args, '--sets', 'newcomer9-blind']));
  const group = (name: string) => out.groups.find((g: { name: string }) => g.name.startsWith(name));
  expect(group('loose top-1').strong.text).toMatch(/^1\/1 /);
  expect(group('  loose: held-back directions').relevant.text).toMatch(/^1\/1 /);
  expect(group('hotspot top-1').relevant.text).toMatch(/^1\/1 /);
  expect(group('recency top-1').relevant.text).toMatch(/^0\/1 /);
  expect(group('random-anchor top-1').strong.text).toMatch(/^1\/1 /);
  expect(out.peoplePeople[0]).toMatchObject({ n: 1 });
  expect(out.peoplePeople[0].three).toMatch(/^0\/1 /);
  expect(out.peoplePeople[0].relevant).toMatch(/^1\/1 /);

  const held = spawnSync(process.execPath, ['--import', TSX, join(ROOT, 'scripts', 'score-loose-labels.ts'), ...args, '--sets', 'heldout20b'], { cwd: dir, encoding: 'utf8' });
  expect(held.status).not.toBe(0);
  expect(held.stderr).toContain('heldout20b is held');
});
