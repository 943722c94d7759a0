import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type Database from 'better-sqlite3';
import { fail } from './exit.js';
import { readLines } from './jsonl.js';

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

/**
 * A key names its family by the forecast id and family id of the store the packets were made from. A store rebuilt
 * from the same config (`study --jobs 2` finishes repositories in another order) numbers its forecasts otherwise, so a
 * key is found in a store by what does not change: the packet's repository (and T0, where its meta.json gives one), the
 * key's forecaster and the family's title, the key's family id breaking ties (one forecast may hold two families of one
 * title: heldout flask's recency "Extend .pre-commit-config.yaml: dependencies, dev" is F4 and F8). Committed keys are
 * never rewritten: readers judge the store's family and write what they found under the key's own ids
 * (tests/eval/packet-keys-rebuilt-store.test.ts).
 */
export interface PacketKey {
  blind: string;
  forecaster: string;
  forecastId: number;
  familyId: string;
}

/** Where a key's family is in one store. */
export interface StoreFamily {
  forecastId: number;
  familyId: string;
}

/** A key whose family is absent from the store or not told apart there: its message is the one line to print. */
export class PacketKeyError extends Error {
  /** True when the store has no family of that title (a reader may drop the key), false when it has several. */
  readonly absent: boolean;
  constructor(message: string, absent: boolean) {
    super(message);
    this.absent = absent;
  }
}

/** What a packet says of its families: its repository, T0 (null when its meta.json has none) and blind id → title. */
export interface PacketFamilies {
  /** How messages name the packet (`eval/families/dev20/click`). */
  where: string;
  repo: string;
  t0: string | null;
  titles: ReadonlyMap<string, string>;
}

/** The packet `repo` of a set as the resolver reads it: families.jsonl's titles, meta.json's repository and T0. */
export function packetFamilies(setDir: string, repo: string): PacketFamilies {
  const dir = join(setDir, repo);
  const meta = existsSync(join(dir, 'meta.json')) ? (JSON.parse(readFileSync(join(dir, 'meta.json'), 'utf8')) as { repo?: string; t0?: string }) : {};
  const titles = new Map(readLines<{ blind: string; title: string }>(join(dir, 'families.jsonl')).map((f) => [f.blind, f.title]));
  return { where: dir, repo: meta.repo ?? repo, t0: meta.t0 ?? null, titles };
}

interface Candidate extends StoreFamily {
  t0: string;
}

/** The store's families of a repository by forecaster and title. A store made before repository names lost their owner names them `owner+name`. */
function familiesOf(db: Database.Database, repo: string): Map<string, Candidate[]> {
  const short = repo.replace(/^.*\+/, '');
  const rows = db
    .prepare(
      `SELECT fa.forecast_id, fa.family_id, fa.title, f.forecaster, s.t0, r.name
         FROM families fa JOIN forecasts f ON f.id = fa.forecast_id JOIN snapshots s ON s.id = f.snapshot_id JOIN repos r ON r.id = s.repo_id
        ORDER BY fa.forecast_id, fa.ord`,
    )
    .all() as { forecast_id: number; family_id: string; title: string; forecaster: string; t0: string; name: string }[];
  const out = new Map<string, Candidate[]>();
  for (const r of rows) {
    if (r.name.replace(/^.*\+/, '') !== short) continue;
    const at = `${r.forecaster}\u0000${r.title}`;
    out.set(at, [...(out.get(at) ?? []), { forecastId: r.forecast_id, familyId: r.family_id, t0: r.t0.slice(0, 10) }]);
  }
  return out;
}

const named = (c: readonly StoreFamily[]) => c.map((x) => `forecast ${x.forecastId} ${x.familyId}`).join(', ');

/**
 * Each key with `inStore`, its family in the store `db`: the one family of the packet's repository (at the packet's T0)
 * by the key's forecaster with the key's title; among several, the one of the key's family id; among several still,
 * the one in the forecast that holds all the other families its key's forecast held, then the one of the key's own
 * forecast id (the store the packets were made from). Throws PacketKeyError when a title is absent or still ambiguous.
 */
export function resolveKeys<K extends PacketKey>(db: Database.Database, packet: PacketFamilies, keys: readonly K[]): (K & { inStore: StoreFamily })[] {
  const byTitle = familiesOf(db, packet.repo);
  const label = (k: K) => `${packet.where}: ${k.blind} (${k.forecaster} "${packet.titles.get(k.blind)}", ${k.familyId} of forecast ${k.forecastId} when labelled)`;
  const found = keys.map((k) => {
    const title = packet.titles.get(k.blind);
    if (title === undefined) throw new PacketKeyError(`${packet.where}: ${k.blind} is in key.jsonl but not in families.jsonl: the packet is incomplete`, false);
    const all = byTitle.get(`${k.forecaster}\u0000${title}`) ?? [];
    const at = packet.t0 === null ? all : all.filter((c) => c.t0 === packet.t0);
    if (at.length === 0) {
      throw new PacketKeyError(
        `${label(k)} is not in the store: no ${k.forecaster} family of ${packet.repo}${packet.t0 === null ? '' : ` at T0 ${packet.t0}`} has that title; use a store built from the config the set was made from`,
        true,
      );
    }
    const same = at.filter((c) => c.familyId === k.familyId);
    return same.length > 0 ? same : at;
  });
  // The forecasts each labelled forecast may now be: those holding a candidate of every one of its keys.
  const shared = new Map<number, Set<number>>();
  keys.forEach((k, i) => {
    const ids = new Set(found[i]!.map((c) => c.forecastId));
    const was = shared.get(k.forecastId);
    shared.set(k.forecastId, was === undefined ? ids : new Set([...was].filter((id) => ids.has(id))));
  });
  return keys.map((k, i) => {
    let c: StoreFamily[] = found[i]!;
    const together = c.filter((x) => shared.get(k.forecastId)!.has(x.forecastId));
    if (c.length > 1 && together.length > 0) c = together;
    const own = c.filter((x) => x.forecastId === k.forecastId);
    if (c.length > 1 && own.length > 0) c = own;
    if (c.length > 1) {
      throw new PacketKeyError(`${label(k)} matches ${c.length} families of the store (${named(c)}): pass a store with one ${k.forecaster} forecast of ${packet.repo} at that T0`, false);
    }
    return { ...k, inStore: { forecastId: c[0]!.forecastId, familyId: c[0]!.familyId } };
  });
}

/** One key's family in the store (resolveKeys), or null when the store has no family of its title; throws PacketKeyError when it has several. */
export function resolveKey(db: Database.Database, packet: PacketFamilies, key: PacketKey): StoreFamily | null {
  try {
    return resolveKeys(db, packet, [key])[0]!.inStore;
  } catch (err) {
    if (err instanceof PacketKeyError && err.absent) return null;
    throw err;
  }
}

/** The keys of the set's packet `repo` resolved in the store `db` (resolveKeys), read beside the packet or in the keys folder. */
export function resolvePacketKeys<K extends PacketKey>(db: Database.Database, setDir: string, repo: string, keys?: string): (K & { inStore: StoreFamily })[] {
  return resolveKeys(db, packetFamilies(setDir, repo), readLines<K>(keyOf(setDir, repo, keys)));
}

/** Runs `f`; a PacketKeyError ends the script with its one line on stderr and exit 2 (bad input), anything else is thrown. */
export function orExit<T>(f: () => T): T {
  try {
    return f();
  } catch (err) {
    if (!(err instanceof PacketKeyError)) throw err;
    fail(err.message);
  }
}
