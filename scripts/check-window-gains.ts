/**
 * Which labelled windows (eval/families/<set>16(b)/<repo>/window.jsonl) the diff rule for title-only chores would
 * change: for each repository of the six studies, the judged keys under the title rule (must equal the window) and
 * with markDiffWork (src/api/diff-work-marks.ts). Needs the stores of `snapshot` for each eval config at
 * /tmp/chores27/<config>.db (eval/results/chores27/README.md).
 *
 *   npx tsx scripts/check-window-gains.ts
 */
import { readFileSync, existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { openStore } from '../src/store/open.js';
import { loadWorkItems } from '../src/store/work-items.js';
import { splitLaterWork } from '../src/validate/later-work.js';
import { markDiffWork } from '../src/api/diff-work-marks.js';
import { addDuration, parseDuration } from '../src/time.js';
const sets: Record<string, string[]> = { dev: ['dev16', 'dev16b'], heldout: ['heldout16', 'heldout16b'], audit: ['audit16', 'audit16b'], newcomer: ['newcomer16'], newcomer2: ['newcomer2-16'], newcomer3: ['newcomer3-16'] };
for (const [cfg, fams] of Object.entries(sets)) {
  const c = JSON.parse(readFileSync(`eval/${cfg}.json`, 'utf8'));
  const store = openStore(`${process.env.STORES ?? "/tmp/chores27"}/${cfg}.db`);
  for (const r of c.repos) {
    const id = store.db.prepare('SELECT id FROM repos WHERE name = ?').get(r.name).id;
    const t0 = new Date(r.t0).toISOString();
    const items = loadWorkItems(store, id, { after: t0, until: addDuration(t0, parseDuration('6m')) });
    const before = new Set(splitLaterWork(items, false).judged.map((i) => i.key));
    const after = new Set(splitLaterWork(await markDiffWork(resolve('eval', r.path), items), false).judged.map((i) => i.key));
    for (const f of fams) {
      const p = `eval/families/${f}/${r.name}/window.jsonl`;
      if (!existsSync(p)) continue;
      const win = new Set(readFileSync(p, 'utf8').trim().split('\n').map((l) => JSON.parse(l).key));
      const same = win.size === before.size && [...win].every((k) => before.has(k));
      const gained = [...after].filter((k) => !win.has(k));
      const lost = [...win].filter((k) => !after.has(k));
      console.log(`${f}/${r.name}: window ${win.size}, main's rule ${before.size} (${same ? 'same keys' : 'DIFFERENT'}), with the diff rule ${after.size}: gains ${gained.length} ${gained.join(' ')} loses ${lost.length}`);
    }
  }
}
