/**
 * Every pending candidate the heuristic drops on the way to a family, with its text, and every family title, per
 * repository at its T0: what docs/forecast.md's "pending drops" are, read case by case. Counts and texts only: no
 * labels are read, so held-out repositories may be listed.
 *
 *   npx tsx scripts/pending-drops.ts --config eval/dev.json --db /tmp/titles15/dev.db
 */
import { snapshotRepository } from '../src/api/snapshot.js';
import { rankCandidates } from '../src/forecast/heuristic/candidates.js';
import { contributorNames } from '../src/forecast/heuristic/signals.js';
import { familyText } from '../src/forecast/heuristic/title.js';
import { createHeuristicForecaster, HEURISTIC_DEFAULTS } from '../src/forecast/heuristic/index.js';
import { parseFlags } from './exit.js';
import { studyRepos } from './study-repos.js';

const USAGE = 'usage: npx tsx scripts/pending-drops.ts [--config eval/dev.json] [--db /tmp/titles15/dev.db]';
const { values } = parseFlags({ options: { config: { type: 'string', default: 'eval/dev.json' }, db: { type: 'string', default: '/tmp/titles15/dev.db' } } }, USAGE);
const { config: configPath, db } = values;
for (const r of studyRepos(configPath)) {
  const { snapshot } = await snapshotRepository({ repo: r.path, t0: r.t0, db, name: r.name });
  const c = rankCandidates(snapshot, HEURISTIC_DEFAULTS);
  const names = contributorNames(snapshot);
  console.log(`## ${r.name} (T0 ${r.t0})`);
  for (const s of c.passing) {
    const open = s.cluster.members.filter((m) => m.kind !== 'work_item' && m.kind !== 'changelog');
    if (open.length === 0) continue;
    const text = familyText(open, s.category, s.anchor.name, names);
    const head = text ? `title "${text.title}"` : 'NO TASK PHRASE';
    console.log(`  cand [${s.category} @ ${s.anchor.name}] ${head}`);
    for (const m of open) console.log(`      ${m.kind} ${m.ref}: ${m.text.slice(0, 160)}`);
  }
  const { draft } = await createHeuristicForecaster().forecast({ snapshot, seed: 1, maxFamilies: 10 });
  console.log(`  pendingDropped ${JSON.stringify((draft.config as { pendingDropped?: unknown }).pendingDropped)}`);
  for (const f of draft.families) console.log(`  F ${'pending_rate' in f.score_components ? 'P' : '-'} ${f.title}`);
}
