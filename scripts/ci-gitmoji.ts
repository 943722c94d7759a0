/**
 * Every work item titled with a CI gitmoji (💚 fix CI, 👷 CI/build) in the stores of the six studies, whole history,
 * with what its first-parent diff does (src/sources/diff-work.ts) and the kind it gets with and without reading the
 * diff: the evidence for how docs/validation.md reads 💚/👷 (eval/results/chores28.md).
 *
 *   npx tsx scripts/ci-gitmoji.ts [STORES_DIR]    (default /tmp/chores28/after; <dir>/<config>.db)
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { openStore } from '../src/store/open.js';
import { loadWorkItems } from '../src/store/work-items.js';
import { summarizeDiff } from '../src/sources/diff-work.js';
import { classifyWork } from '../src/sources/work-kind.js';
import { addDuration, parseDuration } from '../src/time.js';
import { fail } from './exit.js';

const dir = process.argv[2] ?? '/tmp/chores28/after';
const CI_GITMOJI = /^\s*(?:💚|👷|:green_heart:|:construction_worker:)/u;
const CONFIGS = ['dev', 'heldout', 'audit', 'newcomer', 'newcomer2', 'newcomer3'];
// A store missing is bad input, refused before any is opened (opening one would create it empty).
const absent = CONFIGS.filter((cfg) => !existsSync(`${dir}/${cfg}.db`));
if (absent.length) fail(`${dir}: no ${absent.map((cfg) => `${cfg}.db`).join(', ')}; pass the folder of the six studies' stores: usage: npx tsx scripts/ci-gitmoji.ts [STORES_DIR]`);
for (const cfg of CONFIGS) {
  const c = JSON.parse(readFileSync(`eval/${cfg}.json`, 'utf8')) as { window?: string; repos: { name: string; t0: string; path: string }[] };
  const store = openStore(`${dir}/${cfg}.db`);
  for (const r of c.repos) {
    const id = store.db.prepare<[string], number>('SELECT id FROM repos WHERE name = ?').pluck().get(r.name)!;
    const t0 = new Date(r.t0).toISOString();
    const end = addDuration(t0, parseDuration(c.window ?? '6m'));
    for (const item of loadWorkItems(store, id)) {
      if (!CI_GITMOJI.test(item.title)) continue;
      const patch = execFileSync('git', ['-C', resolve('eval', r.path), 'show', '--format=', '--diff-merges=first-parent', '--no-color', '--no-ext-diff', '--no-renames', item.sha], { encoding: 'utf8', maxBuffer: 1 << 28 });
      const d = summarizeDiff(patch);
      const { diffWork: _, ...unmarked } = item;
      const where = item.mergedAt > t0 && item.mergedAt <= end ? 'window' : item.mergedAt <= t0 ? 'before' : 'after';
      console.log([cfg, r.name, where, item.key, item.mergedAt.slice(0, 10), JSON.stringify(item.title), `files=${d.files.length} +${d.added}/-${d.deleted} src=${d.sourceLines} test=${d.testLines}`, `title=${classifyWork(unmarked).kind} stored=${classifyWork(item).kind}`, d.files.slice(0, 5).join(' ')].join('\t'));
    }
  }
  store.close();
}
