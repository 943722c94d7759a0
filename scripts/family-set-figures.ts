import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { cohenKappa, kappaInterval } from '../src/stats/kappa.js';
import { wilsonInterval } from '../src/stats/wilson.js';
import { Label } from '../src/validate/model.js';
import { readLines } from './jsonl.js';
import { findKey } from './packet-keys.js';

/**
 * Judges against people on labelled family sets (eval/families/<set>), the figures scripts/judge-family-sets.ts prints
 * (pure but for reading a set's files): per set and pooled over sets, each judge's three-label and relevant-vs-rejected
 * agreement and kappa against people's primary label (labels-1.jsonl), its under- and over-calls, its relevant share
 * beside people's; people against people where a second labeller labelled the packet (labels-2.jsonl); and each
 * judge's figures again on the families both labellers gave one label.
 *
 * The rows are read as the lead's pool.py read them (session 23), so the pooled figures are the same numbers: packets
 * in name order, families in labels-1.jsonl's order, each family's verdict by its key's forecast and family id in the
 * packet's verdicts.jsonl; a family a judge has no verdict for is left out of that judge's figures and counted as
 * missing.
 *
 * Each kappa carries its 95% bootstrap interval over families (src/stats/kappa.ts kappaInterval: each family a group of
 * one, seed 20240601, 2000 replicates, families in the rows' order, so one input gives one interval); shares carry
 * Wilson intervals over families.
 */

export { Label };

/** One labelled family of a set: people's labels and each judge's label (absent where the judge gave none). */
export interface FamilyRow {
  set: string;
  repo: string;
  blind: string;
  forecaster: string;
  /** labels-1.jsonl: people's primary label. */
  people: Label;
  /** labels-2.jsonl: the second labeller's, or null where the packet has none for this family. */
  second: Label | null;
  judges: Record<string, Label>;
}

interface KeyLine {
  blind: string;
  forecaster: string;
  forecastId: number;
  familyId: string;
}

/** What reading a set found beside its rows: families a judge has no verdict for, by judge. */
export interface SetRows {
  rows: FamilyRow[];
  missing: Record<string, string[]>;
}

function labelOf(value: unknown, where: string): Label {
  const label = Label.safeParse(value);
  if (!label.success) throw new Error(`${where}: label "${String(value)}" is none of ${Label.options.join(', ')}`);
  return label.data;
}

/**
 * The labelled families of the set in `dir` (its packets in name order; a packet without labels-1.jsonl is skipped) with
 * the verdicts of `judges` from each packet's verdicts.jsonl. `name` names the set in the rows.
 */
export function readSetRows(dir: string, name: string, judges: readonly string[]): SetRows {
  const rows: FamilyRow[] = [];
  const missing: Record<string, string[]> = Object.fromEntries(judges.map((j) => [j, []]));
  const packets = readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  for (const repo of packets) {
    const at = join(dir, repo);
    if (!existsSync(join(at, 'labels-1.jsonl'))) continue;
    const keyFile = findKey(dir, repo);
    if (keyFile === null) throw new Error(`${at}: labels-1.jsonl but no key.jsonl beside the packet`);
    const keys = new Map(readLines<KeyLine>(keyFile).map((k) => [k.blind, k]));
    const second = existsSync(join(at, 'labels-2.jsonl')) ? new Map(readLines<{ blind: string; label: string }>(join(at, 'labels-2.jsonl')).map((l) => [l.blind, l.label])) : new Map<string, string>();
    const verdicts = existsSync(join(at, 'verdicts.jsonl')) ? readLines<{ forecastId: number; familyId: string; judge: string; label: string }>(join(at, 'verdicts.jsonl')) : [];
    const byFamily = new Map(verdicts.map((v) => [`${v.judge}\u0000${v.forecastId}\u0000${v.familyId}`, v.label]));
    for (const label of readLines<{ blind: string; label: string }>(join(at, 'labels-1.jsonl'))) {
      const key = keys.get(label.blind);
      if (key === undefined) throw new Error(`${at}: ${label.blind} is labelled in labels-1.jsonl but not in key.jsonl`);
      const row: FamilyRow = {
        set: name,
        repo,
        blind: label.blind,
        forecaster: key.forecaster,
        people: labelOf(label.label, `${at}/labels-1.jsonl ${label.blind}`),
        second: second.has(label.blind) ? labelOf(second.get(label.blind), `${at}/labels-2.jsonl ${label.blind}`) : null,
        judges: {},
      };
      for (const judge of judges) {
        const verdict = byFamily.get(`${judge}\u0000${key.forecastId}\u0000${key.familyId}`);
        if (verdict === undefined) missing[judge]!.push(`${repo}/${label.blind}`);
        else row.judges[judge] = labelOf(verdict, `${at}/verdicts.jsonl ${label.blind} (${judge})`);
      }
      rows.push(row);
    }
  }
  return { rows, missing };
}

/** A 95% interval, rounded for printing; null where there is none. */
export type Bounds = [number, number] | null;

export interface Share {
  /** Families called relevant (strong or related). */
  relevant: number;
  /** Out of. */
  n: number;
  /** relevant / n, or null with no family. */
  share: number | null;
  /** Wilson, over families. */
  interval: Bounds;
}

/** Two labellings of the same families: the left one is people's (primary) label, the right one the other side's. */
export interface Agreement {
  n: number;
  /** Families given the same label, of three, 0–100. */
  labels: number | null;
  kappa: number | null;
  kappaInterval: Bounds;
  /** Families both call relevant or both call rejected, 0–100. */
  relevant: number | null;
  relevantKappa: number | null;
  relevantKappaInterval: Bounds;
  /** Left relevant, right rejected (for a judge against people: under-calls). */
  under: number;
  /** Left rejected, right relevant (over-calls). */
  over: number;
  /** The right side's relevant share. */
  rightRelevant: Share;
  /** The left side's relevant share, on the same families. */
  leftRelevant: Share;
}

const round = (x: number | null, digits: number) => (x === null ? null : Number(x.toFixed(digits)));
const bounds = (i: { low: number; high: number } | null): Bounds => (i === null ? null : [round(i.low, 3)!, round(i.high, 3)!]);
const relevant = (l: Label) => l !== 'rejected';

function share(labels: readonly Label[]): Share {
  const hits = labels.filter(relevant).length;
  return { relevant: hits, n: labels.length, share: labels.length === 0 ? null : round(hits / labels.length, 4), interval: bounds(wilsonInterval(hits, labels.length)) };
}

/** Agreement of paired labels [left, right], one pair per family, in the order given (the order fixes the bootstrap). */
export function agreement(pairs: readonly (readonly [Label, Label])[]): Agreement {
  const three = cohenKappa(pairs);
  const relevantPairs = pairs.map(([a, b]) => [relevant(a), relevant(b)] as const);
  const rel = cohenKappa(relevantPairs);
  return {
    n: pairs.length,
    labels: round(three.percent, 2),
    kappa: round(three.kappa, 4),
    kappaInterval: bounds(kappaInterval(pairs.map((p) => [p]))),
    relevant: round(rel.percent, 2),
    relevantKappa: round(rel.kappa, 4),
    relevantKappaInterval: bounds(kappaInterval(relevantPairs.map((p) => [p]))),
    under: pairs.filter(([a, b]) => relevant(a) && !relevant(b)).length,
    over: pairs.filter(([a, b]) => !relevant(a) && relevant(b)).length,
    rightRelevant: share(pairs.map(([, b]) => b)),
    leftRelevant: share(pairs.map(([a]) => a)),
  };
}

/** One group of families (a set, or every set pooled): each judge against people, on all and on the agreed families; people against people. */
export interface GroupFigures {
  /** Labelled families (labels-1). */
  families: number;
  judges: Record<string, { all: Agreement; agreed: Agreement }>;
  /** labels-1 against labels-2, on the families both labelled; null where no family has a second label. */
  people: Agreement | null;
}

/** The figures of a group of rows, in the rows' order. */
export function groupFigures(rows: readonly FamilyRow[], judges: readonly string[]): GroupFigures {
  const twice = rows.filter((r) => r.second !== null);
  const agreed = twice.filter((r) => r.second === r.people);
  const against = (of: readonly FamilyRow[], judge: string) => agreement(of.filter((r) => r.judges[judge] !== undefined).map((r) => [r.people, r.judges[judge]!] as const));
  return {
    families: rows.length,
    judges: Object.fromEntries(judges.map((j) => [j, { all: against(rows, j), agreed: against(agreed, j) }])),
    people: twice.length === 0 ? null : agreement(twice.map((r) => [r.people, r.second!] as const)),
  };
}
