import { expect, test } from 'vitest';
import { snapshotRepository } from '../../src/api/snapshot.js';
import { createHeuristicForecaster } from '../../src/forecast/index.js';
import { sponsorLine } from '../../src/forecast/pending/sponsor-line.js';
import type { Snapshot } from '../../src/snapshot/model.js';
import { makeRepo, tempDir, type CommitSpec } from '../fixtures/repo.js';

/**
 * A sponsors list kept up (src/forecast/pending/sponsor-line.ts): two or more changes of the two years before T0 (the
 * newest within the year) that add or update sponsors on one page ask for the next, named by the page.
 */
const dev = { name: 'Dana Dev', email: 'dana@example.com' };
const readme = (sponsors: string[]) => `# tool\n\nA tool.\n\n## Sponsors\n\n${sponsors.map((s) => `- ${s}\n`).join('')}`;
const commits: CommitSpec[] = [
  { at: '2023-05-01', msg: 'Initial commit', author: dev, files: { 'README.md': readme([]), 'src/main.rs': 'fn main() {}\n' } },
  { at: '2023-10-03', msg: 'Add Warp as a sponsor', author: dev, files: { 'README.md': readme(['Warp']), 'doc/sponsors/warp.png': 'png' } },
  { at: '2024-06-01', msg: 'Fix the main loop (#4)', author: dev, files: { 'src/main.rs': 'fn main() { }\n' } },
  { at: '2024-11-10', msg: 'Update sponsorship information', author: dev, files: { 'README.md': readme(['Warp (terminal)']) } },
];
const after: CommitSpec[] = [{ at: '2025-02-01', msg: 'Add new sponsor Graphite CANARY (#9)', author: dev, files: { 'README.md': readme(['Warp (terminal)', 'Graphite']) } }];

async function forecastAt(history: CommitSpec[], t0 = '2025-01-01') {
  const { snapshot } = await snapshotRepository({ repo: (await makeRepo(history)).dir, t0, db: `${await tempDir()}/f.db` });
  const { draft } = await createHeuristicForecaster().forecast({ snapshot, seed: 0, maxFamilies: 10 });
  return { snapshot, draft };
}

test('two sponsor changes on one page become one family naming the page, citing them, scored as a "more" family; the same without the history after T0', async () => {
  const a = await forecastAt(commits);
  const f = a.draft.families.find((x) => x.title.includes('sponsors'));
  expect(f, a.draft.families.map((x) => x.title).join(' | ')).toBeDefined();
  expect(f!.title).toBe('Add or update sponsors in the sponsors list of README.md');
  expect(f!.evidence.map((e) => e.text)).toEqual(['Update sponsorship information', 'Add Warp as a sponsor']);
  expect(f!.score_components).toMatchObject({ calibration_kind_more: 1, sponsor_changes: 2 });
  const b = await forecastAt([...commits, ...after]);
  expect(JSON.stringify(b.draft)).toBe(JSON.stringify(a.draft));
  expect(JSON.stringify(b.draft)).not.toContain('CANARY');
});

test('one change, changes older than a year at their newest, or bumps that name a sponsor state no line', () => {
  const row = (title: string, date: string, paths = ['README.md'], bot = false) => ({ kind: 'work_item' as const, ref: `w:${title}`, date, text: title, item: { title, bot, paths } });
  const snap = (rows: unknown[], t0 = '2025-01-01T00:00:00.000Z') => ({ t0, evidence: rows }) as unknown as Snapshot;
  const add = row('Add Warp as a sponsor', '2023-10-03T00:00:00.000Z');
  const update = row('Update sponsorship information', '2024-11-10T00:00:00.000Z');
  expect(sponsorLine(snap([add, update]))?.page).toBe('README.md');
  expect(sponsorLine(snap([update]))).toBeNull();
  expect(sponsorLine(snap([add, update], '2025-12-01T00:00:00.000Z'))).toBeNull();
  expect(sponsorLine(snap([add, row('Bump sponsors-widget to 2.0', '2024-11-10T00:00:00.000Z')]))).toBeNull();
  // Changes to no documentation page (the funding file only) are no list.
  expect(sponsorLine(snap([add, row('Add sponsor button', '2024-11-10T00:00:00.000Z', ['.github/FUNDING.yml'])]))).toBeNull();
});
