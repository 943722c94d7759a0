import { z } from 'zod';
import { UserError } from '../../errors.js';
import { TaskFamily } from '../../family/model.js';
import type { EmbeddingModel } from '../../llm/embedding.js';
import { WorkItem } from '../../sources/model.js';
import type { Judge, JudgeRequest, PairOutcome } from '../judge.js';
import type { Label, Match } from '../model.js';
import { bodyExcerpt, changedDirs, labelFromSignals, round4, type PairSignals } from './shared.js';
import { areaAndKind, pairReader, thresholdJudge } from './threshold-judge.js';

/**
 * The embedding judge (opt-in: it calls an embeddings endpoint). For each
 * (family, later item) pair: the cosine of the two texts' embeddings, whether
 * the item changes the family's anchor or target-hint paths, and whether it is
 * the same kind of work. Labels (thresholds in EMBEDDING_DEFAULTS, rules in
 * docs/judges.md):
 * - strong: category agrees and (cosine >= strongAt, or the item touches the
 *   family's paths and cosine >= anchorStrongAt);
 * - related: cosine >= relatedAt, or the item touches the family's paths and
 *   cosine >= anchorRelatedAt (the same direction of work; the same area
 *   alone is not enough);
 * - rejected otherwise.
 * Every distinct text is embedded once per run; with a cache (the store's
 * `embeddings` table) only texts never seen before reach the endpoint.
 * Vectors are rounded to float32 whether fresh or cached, and cosines to 4
 * decimals, so the same inputs give the same verdicts with or without cache.
 */

export const EMBEDDING_JUDGE_VERSION = 'embedding-judge-v31';

export const EMBEDDING_DEFAULTS = {
  strongAt: 0.7,
  relatedAt: 0.5,
  anchorStrongAt: 0.55,
  anchorRelatedAt: 0.4,
  /** Topic words in common that related needs (0: embeddings see paraphrases that share no word; `judge-eval --fit` fits it). */
  minShared: 0,
  minSharedInArea: 0,
} as const;

/** Characters of a later item's body that go into its text. */
export const ITEM_BODY_CHARS = 1_000;

/** Vectors by text for one (model, endpoint); `src/store/embedding-cache.ts` keeps them in the store. */
export interface EmbeddingCache {
  /** The stored vector of each text, or undefined, in input order. */
  get(model: string, baseURL: string, texts: readonly string[]): (number[] | undefined)[];
  put(model: string, baseURL: string, texts: readonly string[], vectors: readonly (readonly number[])[]): void;
}

/** A cache that holds nothing and keeps nothing: every text is embedded afresh (judge-eval, scripts that save nothing). */
export const NO_EMBEDDING_CACHE: EmbeddingCache = { get: (_model, _baseURL, texts) => texts.map(() => undefined), put() {} };

const Thresholds = z
  .object({
    strongAt: z.number().min(-1).max(1).default(EMBEDDING_DEFAULTS.strongAt),
    relatedAt: z.number().min(-1).max(1).default(EMBEDDING_DEFAULTS.relatedAt),
    anchorStrongAt: z.number().min(-1).max(1).default(EMBEDDING_DEFAULTS.anchorStrongAt),
    anchorRelatedAt: z.number().min(-1).max(1).default(EMBEDDING_DEFAULTS.anchorRelatedAt),
    minShared: z.number().int().min(0).default(EMBEDDING_DEFAULTS.minShared),
    minSharedInArea: z.number().int().min(0).default(EMBEDDING_DEFAULTS.minSharedInArea),
  })
  .refine((t) => t.relatedAt <= t.strongAt && t.anchorStrongAt <= t.strongAt, 'relatedAt and anchorStrongAt must not exceed strongAt')
  .refine((t) => t.anchorRelatedAt <= t.relatedAt, 'anchorRelatedAt must not exceed relatedAt');
type Thresholds = z.output<typeof Thresholds>;

export interface EmbeddingJudgeOptions extends z.input<typeof Thresholds> {
  embeddings: EmbeddingModel;
  cache?: EmbeddingCache;
}

export function createEmbeddingJudge(options: EmbeddingJudgeOptions): Judge {
  const { embeddings, cache, ...rest } = options;
  const parsed = Thresholds.safeParse(rest);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new UserError(
      'JUDGE_BAD_OPTION',
      `Bad embedding judge threshold ${issue.path.join('.') || '(thresholds)'}: ${issue.message}`,
      'Pass cosine thresholds between -1 and 1, with relatedAt and anchorStrongAt at most strongAt, and anchorRelatedAt at most relatedAt.',
    );
  }
  const t = parsed.data;
  const model = cache ? cachedEmbeddings(embeddings, cache) : embeddings;
  const config = {
    version: EMBEDDING_JUDGE_VERSION,
    model: embeddings.model,
    baseURL: embeddings.baseURL,
    ...t,
    itemText: `title, first ${ITEM_BODY_CHARS} characters of the body, changed directories`,
  };

  const judgePairs = async (request: JudgeRequest): Promise<PairOutcome> => {
    const families = z.array(TaskFamily).parse(request.families);
    const later = z.array(WorkItem).parse(request.later);
    const familyTexts = families.map(familyText);
    const itemTexts = later.map(itemText);
    const vectorOf = await embedDistinct(model, families.length > 0 && later.length > 0 ? [...familyTexts, ...itemTexts] : []);
    const itemVectors = later.map((_, i) => vectorOf(itemTexts[i]!));
    const read = pairReader(families, later, request, ITEM_BODY_CHARS);
    const signals: PairSignals[][] = [];
    const matches = families.map((family, fi) => {
      const fv = vectorOf(familyTexts[fi]!);
      const row: PairSignals[] = [];
      signals.push(row);
      return later.map((item, ii): Match => {
        const similarity = round4(cosine(fv, itemVectors[ii]!));
        const pair = read(fi, ii, similarity);
        row.push(pair.signal);
        return { key: item.key, title: item.title, label: labelPair(pair.signal, t), score: similarity, reason: `${pair.direction}; cosine ${similarity.toFixed(2)}, ${areaAndKind(pair, family)}` };
      });
    });
    return { matches, signals, config };
  };

  return thresholdJudge('embedding', judgePairs);
}

export function labelPair(signal: PairSignals, t: Thresholds): Label {
  return labelFromSignals(signal, { strong: t.strongAt, strongInArea: t.anchorStrongAt, related: t.relatedAt, relatedInArea: t.anchorRelatedAt, minShared: t.minShared, minSharedInArea: t.minSharedInArea });
}

/**
 * What a family says it is about: title, area, expected behaviour, acceptance
 * criteria and target hints. Never its evidence or rationale (text from
 * before T0 that is not the prediction itself).
 */
export function familyText(f: TaskFamily): string {
  return [
    f.title,
    `${f.anchor.name} (${f.anchor.paths.join(', ')})`,
    f.expected_behavior,
    ...f.acceptance_criteria,
    [...f.target_hints.paths, ...f.target_hints.symbols].join(', '),
  ]
    .filter((s) => s.trim() !== '')
    .join('\n');
}

/** A later item's metadata: title, the start of its body, the directories it changed. */
export function itemText(item: WorkItem): string {
  const body = bodyExcerpt(item.body, ITEM_BODY_CHARS);
  const dirs = changedDirs(item.paths);
  return [item.title, body, dirs.length > 0 ? `changed: ${dirs.join(', ')}` : ''].filter((s) => s !== '').join('\n');
}

/** Embeds each distinct text once, in first-seen order; returns a lookup by text. */
async function embedDistinct(model: EmbeddingModel, texts: readonly string[]): Promise<(text: string) => number[]> {
  const distinct = [...new Set(texts)];
  const vectors = distinct.length > 0 ? await model.embed(distinct) : [];
  const byText = new Map(distinct.map((text, i) => [text, toFloat32(vectors[i]!)]));
  return (text) => byText.get(text)!;
}

/**
 * An EmbeddingModel that asks `model` only for texts the cache does not hold
 * (each distinct one once) and stores what comes back. Vectors come back
 * rounded to float32, as the cache keeps them, whether fresh or cached.
 */
export function cachedEmbeddings(model: EmbeddingModel, cache: EmbeddingCache): EmbeddingModel {
  return {
    model: model.model,
    baseURL: model.baseURL,
    async embed(texts: string[]): Promise<number[][]> {
      const found = cache.get(model.model, model.baseURL, texts);
      const missing = [...new Set(texts.filter((_, i) => found[i] === undefined))];
      const fresh = missing.length > 0 ? (await model.embed(missing)).map(toFloat32) : [];
      if (missing.length > 0) cache.put(model.model, model.baseURL, missing, fresh);
      const byText = new Map(missing.map((text, i) => [text, fresh[i]!]));
      const vectors = texts.map((text, i) => found[i] ?? byText.get(text)!);
      const dims = new Set(vectors.map((v) => v.length));
      if (dims.size > 1) {
        throw new UserError(
          'EMBEDDING_CACHE_MISMATCH',
          `Cached embeddings of ${model.model} at ${model.baseURL} have ${[...dims].join(' and ')} dimensions`,
          `The model behind that name changed: delete its rows (\`DELETE FROM embeddings WHERE model = '${model.model}'\`) and validate again.`,
        );
      }
      return vectors;
    },
  };
}

function toFloat32(vector: readonly number[]): number[] {
  return vector.map((x) => Math.fround(x));
}

/** Cosine of two dense vectors; 0 when either is all zeros. */
export function cosine(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length) {
    throw new UserError(
      'LLM_BAD_RESPONSE',
      `The embeddings endpoint returned vectors of different lengths (${a.length} and ${b.length})`,
      'Check that --embedding-model names one model, and that any cached vectors came from it.',
    );
  }
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}
