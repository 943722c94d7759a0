/**
 * Which labelled windows (eval/families/<set>16(b)/<repo>/window.jsonl) gain or lose items: for each repository of
 * the six studies, the judged later items (6m) of the study's store as stored (work_items.diff_work read by the
 * snapshot command) against the window's keys, and the same items with the mark dropped (the title rule before
 * migration 13), which must equal the window.
 *
 *   npx tsx scripts/check-window-gains.ts [STORES_DIR]    (default /tmp/chores28/after; <dir>/<config>.db)
 */
import { existsSync, readFileSync } from 'node:fs';
import { openStore } from '../src/store/open.js';
import { loadWorkItems } from '../src/store/work-items.js';
import { splitLaterWork } from '../src/validate/later-work.js';
import { addDuration, parseDuration } from '../src/time.js';
import { fail } from './exit.js';

const dir = process.argv[2] ?? '/tmp/chores28/after';
const sets: Record<string, string[]> = { dev: ['dev16', 'dev16b'], heldout: ['heldout16', 'heldout16b'], audit: ['audit16', 'audit16b'], newcomer: ['newcomer16'], newcomer2: ['newcomer2-16'], newcomer3: ['newcomer3-16'] };
// A store missing is bad input, refused before any is opened (opening one would create it empty).
const absent = Object.keys(sets).filter((cfg) => !existsSync(`${dir}/${cfg}.db`));
if (absent.length) fail(`${dir}: no ${absent.map((cfg) => `${cfg}.db`).join(', ')}; pass the folder of the six studies' stores: usage: npx tsx scripts/check-window-gains.ts [STORES_DIR]`);
for (const [cfg, fams] of Object.entries(sets)) {
  const c = JSON.parse(readFileSync(`eval/${cfg}.json`, 'utf8')) as { window?: string; repos: { name: string; t0: string }[] };
  const store = openStore(`${dir}/${cfg}.db`);
  for (const r of c.repos) {
    const id = store.db.prepare<[string], number>('SELECT id FROM repos WHERE name = ?').pluck().get(r.name)!;
    const t0 = new Date(r.t0).toISOString();
    const items = loadWorkItems(store, id, { after: t0, until: addDuration(t0, parseDuration(c.window ?? '6m')) });
    const unmarked = items.map(({ diffWork: _, ...rest }) => rest);
    const before = new Set(splitLaterWork(unmarked, false).judged.map((i) => i.key));
    const after = new Set(splitLaterWork(items, false).judged.map((i) => i.key));
    for (const f of fams) {
      const p = `eval/families/${f}/${r.name}/window.jsonl`;
      if (!existsSync(p)) continue;
      const win = new Set(readFileSync(p, 'utf8').trim().split('\n').map((l) => (JSON.parse(l) as { key: string }).key));
      const same = win.size === before.size && [...win].every((k) => before.has(k));
      const gained = [...after].filter((k) => !win.has(k));
      const lost = [...win].filter((k) => !after.has(k));
      console.log(`${f}\t${r.name}\twindow ${win.size}\ttitle rule ${before.size} (${same ? 'same keys' : 'DIFFERENT'})\tstored marks ${after.size}\tgains ${gained.length} ${gained.join(' ')}\tloses ${lost.length} ${lost.join(' ')}`);
    }
  }
  store.close();
}
