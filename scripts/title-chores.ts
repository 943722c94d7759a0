/**
 * Lists the later work counted apart as a chore by its title only (not by its
 * changed paths) in each repository of a study's stores, with what each diff
 * does: files, +/- lines, and the source and test lines it changes beyond
 * whitespace (src/sources/diff-work.ts). Issue 16 item 2 (eval/results/chores27/README.md).
 *
 *   npx tsx scripts/title-chores.ts --config eval/newcomer3.json --db FILE [--window 6m] [--json]
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { openStore } from '../src/store/open.js';
import { loadWorkItems } from '../src/store/work-items.js';
import { classifyWork, readsDiff } from '../src/sources/work-kind.js';
import { summarizeDiff } from '../src/sources/diff-work.js';
import { addDuration, parseDuration } from '../src/time.js';
import { fail, parseFlags } from './exit.js';

const USAGE = 'usage: npx tsx scripts/title-chores.ts --config eval/newcomer3.json --db FILE [--window 6m] [--json]';
const { values } = parseFlags({ options: { config: { type: 'string' }, db: { type: 'string' }, window: { type: 'string', default: '6m' }, json: { type: 'boolean', default: false } } }, USAGE);
if (!values.config || !values.db) fail(USAGE);
const config = JSON.parse(readFileSync(values.config, 'utf8')) as { name: string; repos: { name: string; t0: string; path: string }[] };
const store = openStore(values.db);
const rows: unknown[] = [];
for (const repo of config.repos) {
  const stored = store.db.prepare<[string], { id: number }>('SELECT id FROM repos WHERE name = ?').get(repo.name);
  if (!stored) { console.error(`${repo.name}: not in ${values.db}`); continue; }
  const t0 = new Date(repo.t0).toISOString();
  const end = addDuration(t0, parseDuration(values.window!));
  const items = loadWorkItems(store, stored.id, { after: t0, until: end });
  const gitDir = resolve(dirname(values.config!), repo.path);
  let titleOnly = 0;
  let doingWork = 0;
  let gaining = 0;
  for (const item of items) {
    const c = classifyWork(item);
    if (c.rule !== 'chore title') continue;
    // By paths alone it would be a chore anyway (CI/editor configuration, changelog only): fine, not listed.
    const byPaths = classifyWork({ ...item, title: 'x' });
    if (byPaths.kind === 'chore') continue;
    titleOnly++;
    const patch = execFileSync('git', ['-C', gitDir, 'show', '--format=', '--first-parent', '-m', '--no-color', '--no-ext-diff', item.sha], { encoding: 'utf8', maxBuffer: 1 << 28 });
    const d = summarizeDiff(patch);
    const gained = d.doesWork && readsDiff(item.title);
    if (d.doesWork) doingWork++;
    if (gained) gaining++;
    const row = { set: config.name, repo: repo.name, key: item.key, sha: item.sha.slice(0, 8), date: item.mergedAt.slice(0, 10), title: item.title, files: d.files.length, added: d.added, deleted: d.deleted, sourceLines: d.sourceLines, testLines: d.testLines, doesWork: d.doesWork, gained, paths: d.files.slice(0, 6) };
    rows.push(row);
    if (!values.json) console.log(`${config.name}\t${repo.name}\t${row.key}\t${row.date}\t${JSON.stringify(row.title)}\tfiles=${row.files} +${row.added}/-${row.deleted} src=${row.sourceLines} test=${row.testLines} work=${row.doesWork} gained=${row.gained}\t${row.paths.join(' ')}`);
  }
  if (!values.json) console.log(`# ${config.name} ${repo.name}: ${items.length} later items, ${titleOnly} chores by title only, ${doingWork} of them do work by their diff, ${gaining} counted as work under the rule (readsDiff)`);
}
if (values.json) console.log(JSON.stringify(rows, null, 1));
