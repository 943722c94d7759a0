/**
 * Copies a labelled family set with the heuristic's ranks, family ids and scores taken from another store, matched
 * by title, so `score-family-labels.ts` reads strong@k of the store's order. Labels are per family against the whole
 * window, so a re-ordering needs no new labels; a title the store does not show is dropped from the copy's key
 * (and said), a shown title the set never labelled is counted (and said). A baseline's family (a sample of its
 * forecast) is found in the store by forecaster and title, its family id breaking ties (scripts/packet-keys.ts
 * resolveKey); one the store retitled has no label and is dropped (and said), so `rejudge-families.ts` judges only
 * labelled titles. The copy's keys name the store's forecast and family ids.
 *
 *   npx tsx scripts/rerank-family-set.ts --dir eval/families/dev7 --db /tmp/x/dev.db --out /tmp/x/dev7 [--keys DIR]
 *
 * A key beside its packet is rewritten beside the copy's; a key in the keys folder (--keys DIR, default `<dir>-keys`:
 * scripts/packet-keys.ts) is written to the copy's keys folder (`<keys>/<copy's name>`, default `<out>-keys/...`).
 *   npx tsx scripts/score-family-labels.ts --dir /tmp/x/dev7
 */
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { readLines } from './jsonl.js';
import { keyedPackets, keyOf, keysFolder, orExit, packetFamilies, resolveKey } from './packet-keys.js';
import { fail, parseFlags } from './exit.js';

const USAGE = 'usage: npx tsx scripts/rerank-family-set.ts --dir eval/families/<set> --db STORE --out COPY [--keys DIR]';
const { values } = parseFlags({ options: { dir: { type: 'string' }, db: { type: 'string' }, out: { type: 'string' }, keys: { type: 'string' } } }, USAGE);
if (!values.dir || !values.db || !values.out) fail(USAGE);
cpSync(values.dir, values.out, { recursive: true });
const store = new Database(values.db, { readonly: true });
for (const repo of keyedPackets(values.dir, values.keys)) {
  const from = keyOf(values.dir, repo, values.keys);
  // Where the key goes in the copy: beside the packet as in the set, or the copy's keys folder.
  const to = from === join(values.dir, repo, 'key.jsonl') ? join(values.out, repo, 'key.jsonl') : join(keysFolder(values.out, values.keys), repo, 'key.jsonl');
  // The packet's repository as the store names it (meta.json, as label-packets wrote it; else the packet's folder).
  const packet = packetFamilies(values.out, repo);
  const rows = store
    .prepare("SELECT fa.forecast_id, fa.family_id, fa.ord, fa.title, fa.score FROM families fa JOIN forecasts f ON f.id = fa.forecast_id JOIN snapshots s ON s.id = f.snapshot_id JOIN repos r ON r.id = s.repo_id WHERE f.forecaster = 'heuristic' AND r.name = ? ORDER BY fa.ord")
    .all(packet.repo) as { forecast_id: number; family_id: string; ord: number; title: string; score: number }[];
  const byTitle = new Map(rows.map((r, i) => [r.title, { ...r, rank: i + 1 }]));
  const titles = new Map(readLines<{ blind: string; title: string }>(join(values.out, repo, 'families.jsonl')).map((f) => [f.blind, f.title]));
  const keys = readLines<{ blind: string; forecaster: string; forecastId: number; rank: number; familyId: string; score: number }>(from);
  const labelled = new Set<string>();
  const out = keys.flatMap((k) => {
    if (k.forecaster !== 'heuristic') {
      // The baseline's family in the store by forecaster and title, its family id breaking ties (scripts/packet-keys.ts).
      const found = orExit(() => resolveKey(store, packet, k));
      if (found === null) {
        console.log(`${repo}: ${k.blind} (${k.forecaster} ${k.familyId}) "${titles.get(k.blind)}" is not shown by the store: dropped`);
        return [];
      }
      const row = store.prepare('SELECT ord, score FROM families WHERE forecast_id = ? AND family_id = ?').get(found.forecastId, found.familyId) as { ord: number; score: number };
      return [{ ...k, forecastId: found.forecastId, rank: row.ord + 1, familyId: found.familyId, score: row.score }];
    }
    const row = byTitle.get(titles.get(k.blind) ?? '');
    if (!row) {
      console.log(`${repo}: "${titles.get(k.blind)}" is not shown by the store: dropped`);
      return [];
    }
    labelled.add(row.title);
    return [{ ...k, forecastId: row.forecast_id, rank: row.rank, familyId: row.family_id, score: row.score }];
  });
  for (const r of rows) if (!labelled.has(r.title)) console.log(`${repo}: rank ${byTitle.get(r.title)!.rank} "${r.title}" is not labelled in the set`);
  mkdirSync(dirname(to), { recursive: true });
  writeFileSync(to, out.map((k) => JSON.stringify(k)).join('\n') + '\n');
}
store.close();
