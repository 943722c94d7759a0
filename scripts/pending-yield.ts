/**
 * How much pending work the heuristic states, per repository at its T0: the
 * open-work evidence rows a snapshot holds (pending notices by signal, TODOs,
 * open roadmap items), the signals made of them, where each is dropped on the
 * way to a family (not a signal, a cluster too small, no code anchor, below the
 * evidence threshold, not chosen), and the families stated from each kind.
 * Counts only: no labels are read, so held-out repositories may be measured.
 *
 *   npx tsx scripts/pending-yield.ts --config eval/dev.json --db /tmp/pend15/dev.db
 */
import { snapshotRepository } from '../src/api/snapshot.js';
import { rankCandidates } from '../src/forecast/heuristic/candidates.js';
import { createHeuristicForecaster, HEURISTIC_DEFAULTS } from '../src/forecast/heuristic/index.js';
import { parseFlags } from './exit.js';
import { studyRepos } from './study-repos.js';

const USAGE = 'usage: npx tsx scripts/pending-yield.ts [--config eval/dev.json[,eval/audit.json ...]] [--db /tmp/pend15/dev.db]';
const { values } = parseFlags({ options: { config: { type: 'string', default: 'eval/dev.json' }, db: { type: 'string', default: '/tmp/pend15/dev.db' } } }, USAGE);
const configs = values.config.split(',');
const { db } = values;
const OPEN = new Set(['todo', 'pending', 'roadmap']);
const total: Record<string, number> = {};
const add = (k: string, n = 1) => (total[k] = (total[k] ?? 0) + n);

for (const configPath of configs) {
  for (const r of studyRepos(configPath)) {
    const { snapshot } = await snapshotRepository({ repo: r.path, t0: r.t0, db, name: r.name });
    const rows: Record<string, number> = {};
    for (const e of snapshot.evidence) {
      const key = e.kind === 'pending' ? `pending.${e.signal}` : e.kind === 'roadmap' ? (e.done ? 'roadmap.done' : 'roadmap.open') : e.kind;
      if (key === 'todo' || key.startsWith('pending.') || key.startsWith('roadmap')) rows[key] = (rows[key] ?? 0) + 1;
    }
    const c = rankCandidates(snapshot, HEURISTIC_DEFAULTS);
    const open = c.signals.filter((s) => OPEN.has(s.kind));
    const fate: Record<string, number> = {};
    const mark = (k: string) => (fate[k] = (fate[k] ?? 0) + 1);
    const clusterOf = new Map<string, (typeof c.clusters)[number]>();
    for (const cl of c.clusters) for (const m of cl.members) clusterOf.set(m.ref, cl);
    const scoredOf = new Map(c.scored.map((s) => [s.cluster, s]));
    for (const s of open) {
      const cl = clusterOf.get(s.ref);
      if (!cl) mark('cut (maxSignals)');
      else if (cl.members.length < HEURISTIC_DEFAULTS.minSignals) mark('singleton cluster');
      else if (!scoredOf.has(cl)) mark('no code anchor / test anchor');
      else if (scoredOf.get(cl)!.score < HEURISTIC_DEFAULTS.minScore) mark('below minScore');
      else mark('in a passing cluster');
    }
    const { draft } = await createHeuristicForecaster().forecast({ snapshot, seed: 1, maxFamilies: 10 });
    const pendingFamilies = draft.families.filter((f) => 'pending_rate' in f.score_components);
    const signalOf = (f: (typeof draft.families)[number]) => Object.keys(f.score_components).find((k) => k.startsWith('stated_') && k !== 'stated_rows')?.slice(7) ?? f.evidence.find((e) => e.kind !== 'work_item')?.kind ?? '?';
    const chosenDrops = (draft.config as { pendingDropped?: Record<string, number> }).pendingDropped ?? {};
    console.log(`## ${r.name} (T0 ${r.t0}) rows ${JSON.stringify(rows)}`);
    console.log(`   open signals ${open.length} (${['todo', 'pending', 'roadmap'].map((k) => `${k} ${open.filter((s) => s.kind === k).length}`).join(', ')}); fate ${JSON.stringify(fate)}`);
    console.log(`   passing clusters not stated: ${JSON.stringify(chosenDrops)}`);
    console.log(`   families ${draft.families.length}, pending ${pendingFamilies.length}`);
    for (const f of pendingFamilies) console.log(`     - [${signalOf(f)} ${f.score_components.pending_rate}] ${f.title}`);
    for (const [k, n] of Object.entries(chosenDrops)) add(`notStated.${k}`, n);
    for (const f of pendingFamilies) add(`families.pending.${signalOf(f)}`);
    for (const [k, n] of Object.entries(rows)) add(`rows.${k}`, n);
    for (const [k, n] of Object.entries(fate)) add(`fate.${k}`, n);
    add('families', draft.families.length);
    add('families.pending', pendingFamilies.length);
  }
}
console.log('TOTAL', JSON.stringify(total, null, 1));
