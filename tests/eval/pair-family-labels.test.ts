import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from 'vitest';
import { FamilyWindowLabel } from '../../src/validate/pairs.js';
import { tempDir } from '../fixtures/repo.js';
import { spawnAsync } from '../fixtures/spawn.js';

/**
 * scripts/pair-family-labels.ts: people's blind labels of a pair-family packet folded into eval/pairs/families/, one
 * line per family of eval/pairs; a label file that does not match its packet ends the run with one line and exit 2
 * (scripts/exit.ts), as the other scripts' bad input does.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const TSX = pathToFileURL(join(ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
const script = (name: string, args: string[]) => spawnAsync(process.execPath, ['--import', TSX, join(ROOT, 'scripts', name), ...args]);

const lines = (xs: unknown[]) => xs.map((x) => JSON.stringify(x)).join('\n') + '\n';
const labelOf = (blind: string, label: string, more: object = {}) => ({ blind, label, specificity: 1, strong: label === 'strong' ? ['pr#1'] : [], related: [], reason: 'read against the window', ...more });

/** One packet `r` of o/r: r-F01 stands for two forecasters' families (the same prediction), r-F02 for one. */
async function packets(labels: object[]) {
  const dir = await tempDir();
  mkdirSync(join(dir, 'r'));
  writeFileSync(join(dir, 'r', 'meta.json'), JSON.stringify({ repo: 'o/r', t0: '2025-01-01' }));
  writeFileSync(join(dir, 'r', 'families.jsonl'), '');
  writeFileSync(
    join(dir, 'r', 'key.jsonl'),
    lines([
      { blind: 'r-F01', title: 'Retry with backoff', families: [{ id: 'heuristic/F1', split: 'fit' }, { id: 'llm/F3', split: 'fit' }] },
      { blind: 'r-F02', title: 'Docs', families: [{ id: 'hotspot/F2', split: 'held' }] },
    ]),
  );
  writeFileSync(join(dir, 'r', 'labels-L1.jsonl'), lines(labels));
  return dir;
}

test('a packet row that stands for two families gives both its label, under the id judge-eval reads (repository/forecaster/family)', async () => {
  const dir = await packets([labelOf('r-F01', 'strong'), labelOf('r-F02', 'rejected', { labeller: 'L7' })]);
  const out = join(dir, 'out', 'labels.jsonl');
  const run = await script('pair-family-labels.ts', ['--dir', dir, '--labeller', 'L9', '--labeller', 'L1', '--out', out]);
  expect(run.status, run.stderr).toBe(0);
  const rows = readFileSync(out, 'utf8').trim().split('\n').map((l) => FamilyWindowLabel.parse(JSON.parse(l)));
  expect(rows.map((r) => [r.id, r.split, r.label, r.labeller])).toEqual([
    ['o/r/heuristic/F1', 'fit', 'strong', 'L1'],
    ['o/r/llm/F3', 'fit', 'strong', 'L1'],
    ['o/r/hotspot/F2', 'held', 'rejected', 'L7'],
  ]);
});

test('a label file missing a family of its packet, or naming one it has not, is one line on stderr and exit 2', async () => {
  const [missing, extra] = await Promise.all([packets([labelOf('r-F01', 'strong')]), packets([labelOf('r-F01', 'strong'), labelOf('r-F02', 'related'), labelOf('r-F09', 'strong')])]);
  const [a, b] = await Promise.all([missing, extra].map((dir) => script('pair-family-labels.ts', ['--dir', dir, '--labeller', 'L1', '--out', join(dir, 'labels.jsonl')])));
  expect([a!.status, a!.stderr]).toEqual([2, 'r: labels-L1.jsonl has no line for r-F02\n']);
  expect([b!.status, b!.stderr]).toEqual([2, 'r: labels-L1.jsonl names r-F09, which the packet has not\n']);
});

test("same-rows without its two stores says its usage on one line and exits 2, through the scripts' one exit", async () => {
  const run = await script('same-rows.ts', []);
  expect([run.status, run.stdout, run.stderr]).toEqual([2, '', 'usage: npx tsx scripts/same-rows.ts A.db B.db [--show N]\n']);
});
