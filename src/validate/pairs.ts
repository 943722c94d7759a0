import { z } from 'zod';
import { TaskFamily } from '../family/model.js';
import { WorkItem } from '../sources/model.js';
import { doesWork } from './later-work.js';
import { Label } from './model.js';

/**
 * A labelled (family, later work item) pair of eval/pairs/*.jsonl, one per
 * line: a person read both sides and said what the later work is to the
 * family (rules in docs/judging.md). Judges' thresholds are fitted on the
 * `fit` half and reported on the `held` half; the split is fixed in the file,
 * by family, so no family has pairs in both halves.
 */
export const Split = z.enum(['fit', 'held']);
export type Split = z.infer<typeof Split>;

export const LabelledPair = z
  .object({
    /** `<repo>/<forecaster or para>/<family id>/<item key>`, unique over all files. */
    id: z.string().min(1),
    /** owner/name of the repository both sides come from. */
    repo: z.string().min(1),
    /** The T0 of the forecast the family belongs to (the later item was merged after it). */
    t0: z.string(),
    split: Split,
    /** The forecaster that emitted the family, or `paraphrase` for a family written by hand. */
    source: z.string().min(1),
    label: Label,
    /** Why, in one line. */
    reason: z.string().min(1),
    family: TaskFamily,
    item: WorkItem,
  })
  .strict();
export type LabelledPair = z.infer<typeof LabelledPair>;

/**
 * A second person's label for a pair of eval/pairs/ (eval/pairs/second/*.jsonl),
 * given blind, without the first label: how far two people agree is the
 * ceiling a judge's agreement with people is read against.
 */
export const SecondLabel = z.object({ id: z.string().min(1), label: Label, reason: z.string().min(1) }).strict();
export type SecondLabel = z.infer<typeof SecondLabel>;

/**
 * One later work item of a development repository's whole validation window
 * (eval/pairs/windows/*.jsonl): what a family is judged against in a real
 * validation, beyond the few items labelled for it.
 */
export const WindowItem = z.object({ repo: z.string().min(1), t0: z.string(), item: WorkItem }).strict();
export type WindowItem = z.infer<typeof WindowItem>;

/**
 * A person's label of one forecaster family of eval/pairs against its repository's whole window
 * (eval/pairs/families/*.jsonl; a second labeller's in eval/pairs/families/second/), given blind in a family packet
 * (scripts/pair-family-packets.ts, eval/families/GUIDE.md) as the family sets are labelled: what a validation reports.
 */
export const FamilyWindowLabel = z
  .object({
    /** `<owner/name>/<source>/<family id>`: the family's repository, forecaster and id in eval/pairs. */
    id: z.string().min(1),
    split: Split,
    label: Label,
    /** Reading the family alone: 2 names a checkable piece of work, 1 a loose direction, 0 an area and loose words. */
    specificity: z.number().int().min(0).max(2),
    /** The window's keys that do its work, and that continue its direction. */
    strong: z.array(z.string()),
    related: z.array(z.string()),
    reason: z.string().min(1),
    labeller: z.string().min(1),
  })
  .strict();
export type FamilyWindowLabel = z.infer<typeof FamilyWindowLabel>;

/** People's whole-window family labels by familyLabelKey(repository, `<source>/<family id>`). */
export type WindowLabels = ReadonlyMap<string, Label>;

/** The key of a family in WindowLabels: `<owner/name>/<source>/<family id>`, a FamilyWindowLabel's id. */
export function familyLabelKey(repo: string, familyId: string): string {
  return `${repo}/${familyId}`;
}

/**
 * A family judged as a validation judges it: against every later item of its
 * repository's window. Its gold label is people's label of it against that
 * window where they gave one (WindowLabels), else the best of its labelled
 * pairs (the items labelled for it were picked as its most likely matches:
 * the closest in words, some in its area, one at random).
 */
export interface FamilyContext {
  repo: string;
  split: Split;
  families: TaskFamily[];
  gold: Label[];
  /** For each family, the labelled pair its pair-gold comes from (the first of its best label), or null if it has none. */
  goldPairs?: (LabelledPair | null)[];
  /** For each family, where its gold comes from: people's label against the whole window, a settled label, or the best of its pairs. */
  goldFrom?: GoldSource[];
  /** The forecaster of each family (the pairs' `source`). */
  sources?: string[];
  later: WorkItem[];
}

/** Where a family's gold label comes from (FamilyContext.goldFrom). */
export type GoldSource = 'window' | 'settled' | 'pairs';

/** A family's settled label (eval/families/settled.jsonl, scripts/settled-labels.ts) by settledKey(repository, title). */
export type SettledLabels = ReadonlyMap<string, Label>;

/** The key of a family in SettledLabels: its repository's name (`click` for pallets/click), lower-cased, and its title. */
export function settledKey(repo: string, title: string): string {
  return `${repo.slice(repo.lastIndexOf('/') + 1).toLowerCase()}\u0000${title}`;
}

export const SettledLabel = z.object({ repo: z.string().min(1), title: z.string().min(1), label: Label, from: z.string() });

/**
 * For each (repository, half) with a window: its forecasters' families (not
 * the hand-written paraphrases, each made to match one item) against the whole
 * window: its pull requests and direct changes that do work, as validation
 * judges them (releases, branch merges, chores, bots left out).
 */
export function familyContexts(pairs: readonly LabelledPair[], windows: readonly WindowItem[], settled?: SettledLabels, windowLabels?: WindowLabels): FamilyContext[] {
  const rank = { rejected: 0, related: 1, strong: 2 } as const;
  const out: FamilyContext[] = [];
  for (const c of pairContexts(pairs.filter((p) => p.source !== 'paraphrase'))) {
    const later = windows.filter((w) => w.repo === c.repo && doesWork(w.item)).map((w) => w.item);
    if (later.length === 0) continue;
    const gold = c.families.map(() => 'rejected' as Label);
    const goldPairs: (LabelledPair | null)[] = c.families.map(() => null);
    for (const cell of c.cells) {
      if (goldPairs[cell.family] === null) goldPairs[cell.family] = cell.pair;
      if (rank[cell.pair.label] > rank[gold[cell.family]!]) [gold[cell.family], goldPairs[cell.family]] = [cell.pair.label, cell.pair];
    }
    // People's label of the family against its whole window, else a settled label (read against its whole window,
    // conflicts adjudicated), replaces the best of its pairs.
    const goldFrom = c.families.map((f, i): GoldSource => {
      const window = windowLabels?.get(familyLabelKey(c.repo, f.id));
      const s = settled?.get(settledKey(c.repo, f.title));
      gold[i] = window ?? s ?? gold[i]!;
      return window !== undefined ? 'window' : s !== undefined ? 'settled' : 'pairs';
    });
    const sources = c.families.map((f) => f.id.slice(0, f.id.indexOf('/')));
    out.push({ repo: c.repo, split: c.split, families: c.families, gold, goldPairs, goldFrom, sources, later });
  }
  return out;
}

/**
 * One judgement a judge is asked to make: the distinct families and later
 * items of one repository and half, as a validation of that repository
 * would see them together (IDF and common components are fitted over them),
 * and which (family, item) cells are labelled.
 */
export interface PairContext {
  repo: string;
  split: Split;
  families: TaskFamily[];
  later: WorkItem[];
  /** Labelled cells: family index, item index, the pair. */
  cells: { family: number; item: number; pair: LabelledPair }[];
}

/**
 * Groups pairs into contexts by (repository, half), in first-seen order.
 * A family is known by its source and id (F1 of two forecasters are two
 * families); it is given the id `<source>/<id>` inside the context. With
 * `windows`, each context's later items are its repository's whole window
 * (then any labelled item the window lacks), as a real validation judges
 * them: IDF, common components and a family's best match are over all of them.
 */
export function pairContexts(pairs: readonly LabelledPair[], windows: readonly WindowItem[] = []): PairContext[] {
  const contexts = new Map<string, PairContext & { familyIndex: Map<string, number>; itemIndex: Map<string, number> }>();
  for (const pair of pairs) {
    const key = `${pair.repo}\u0000${pair.split}`;
    let c = contexts.get(key);
    if (!c) {
      c = { repo: pair.repo, split: pair.split, families: [], later: [], cells: [], familyIndex: new Map(), itemIndex: new Map() };
      for (const w of windows) {
        if (w.repo !== pair.repo || c.itemIndex.has(w.item.key) || !doesWork(w.item)) continue;
        c.itemIndex.set(w.item.key, c.later.push(w.item) - 1);
      }
      contexts.set(key, c);
    }
    const familyId = `${pair.source}/${pair.family.id}`;
    let fi = c.familyIndex.get(familyId);
    if (fi === undefined) {
      fi = c.families.push({ ...pair.family, id: familyId }) - 1;
      c.familyIndex.set(familyId, fi);
    }
    let ii = c.itemIndex.get(pair.item.key);
    if (ii === undefined) {
      ii = c.later.push(pair.item) - 1;
      c.itemIndex.set(pair.item.key, ii);
    }
    c.cells.push({ family: fi, item: ii, pair });
  }
  return [...contexts.values()].map(({ familyIndex: _f, itemIndex: _i, ...c }) => c);
}
