import { existsSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';

/**
 * Where a label packet's key.jsonl lives (eval/families/README.md "Keys"). The key maps blind ids back to forecasters,
 * ranks and scores, so a labeller must never see it: scripts/label-packets.ts writes it outside the packets, to
 * `<keys>/<set>/<repo>/key.jsonl`, where `<keys>` is `--keys DIR` or, by default, the folder `<out>-keys` beside the
 * packets' folder `<out>` and `<set>` is that folder's name. Committed sets (eval/families/<set>/<repo>/) keep their key
 * beside the packet, labelling long done. Every script that reads keys finds one either way: beside the packet first,
 * then in the keys folder.
 */

/** The folder holding a set's keys by repository: `<keys>/<set>`, by default `<set dir>-keys/<set>`. */
export function keysFolder(setDir: string, keys?: string): string {
  const set = setDir.replace(/\/+$/, '');
  return join(keys ?? `${set}-keys`, basename(set));
}

/** The key.jsonl of the set's packet `repo`: beside the packet, else in the keys folder; null when neither has one. */
export function findKey(setDir: string, repo: string, keys?: string): string | null {
  for (const file of [join(setDir, repo, 'key.jsonl'), join(keysFolder(setDir, keys), repo, 'key.jsonl')]) if (existsSync(file)) return file;
  return null;
}

/** The key.jsonl of the set's packet `repo`, or an error naming both places looked in. */
export function keyOf(setDir: string, repo: string, keys?: string): string {
  const file = findKey(setDir, repo, keys);
  if (file === null) throw new Error(`${join(setDir, repo)}: no key.jsonl beside the packet nor in ${join(keysFolder(setDir, keys), repo)}; pass --keys DIR, the folder label-packets.ts wrote the keys to`);
  return file;
}

/** The set's packets (its folders) that have a key, beside them or in the keys folder, in name order. */
export function keyedPackets(setDir: string, keys?: string): string[] {
  return readdirSync(setDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && findKey(setDir, d.name, keys) !== null)
    .map((d) => d.name)
    .sort();
}
