import type { TaskFamily } from '../family/model.js';
import { cosine, TfIdf } from '../text/tfidf.js';
import { topicTokens } from '../text/tokens.js';
import type { Judge, JudgeRequest, PairOutcome } from './judge.js';
import { bodyExcerpt, labelFromSignals, type LabelThresholds, type PairSignals } from './judges/shared.js';
import { pairReader, thresholdJudge } from './judges/threshold-judge.js';
import type { Match } from './model.js';

/**
 * The lexical judge: offline and deterministic. For each (family, later item)
 * pair it measures three things and labels the pair from them:
 * - text: TF-IDF cosine of stemmed, identifier-split topic tokens of the
 *   family (title, expected behaviour, criteria, hints, cited evidence) and of
 *   the item (title, body);
 * - area: the item changes a file under the family's anchor or target hints;
 * - category: the item's kind of work (labels, conventional prefix, keywords)
 *   is the family's.
 * `related` needs similar text (the same direction of work): the area lowers
 * the bar, never replaces it. Thresholds (docs/judges.md) were fitted on the
 * `fit` half of eval/pairs/, never on reported data.
 */
export interface LexicalThresholds {
  /** strong: category agrees and text >= this while touching the anchor ... */
  strongTextInArea: number;
  /** ... or text >= this anywhere. */
  strongText: number;
  /** related: text >= this, whatever the category and area ... */
  relatedText: number;
  /** ... or touches the anchor with text >= this. */
  relatedTextInArea: number;
  /** related by relatedText also needs this many topic words in common ... */
  minShared: number;
  /** ... and related by relatedTextInArea this many. */
  minSharedInArea: number;
}

/** Fitted on the `fit` half of eval/pairs/ (`swe-future judge-eval --fit`); see docs/judging.md. */
export const LEXICAL_DEFAULTS: LexicalThresholds = {
  strongTextInArea: 0.14,
  strongText: 0.56,
  relatedText: 0.18,
  relatedTextInArea: 0.04,
  minShared: 1,
  minSharedInArea: 1,
};

export const LEXICAL_JUDGE_VERSION = 'lexical-judge-v32';

export function lexicalThresholds(t: LabelThresholds): LexicalThresholds {
  return { strongText: t.strong, strongTextInArea: t.strongInArea, relatedText: t.related, relatedTextInArea: t.relatedInArea, minShared: t.minShared, minSharedInArea: t.minSharedInArea };
}

function labelThresholds(t: LexicalThresholds): LabelThresholds {
  return { strong: t.strongText, strongInArea: t.strongTextInArea, related: t.relatedText, relatedInArea: t.relatedTextInArea, minShared: t.minShared, minSharedInArea: t.minSharedInArea };
}

export function createLexicalJudge(overrides: Partial<LexicalThresholds> = {}): Judge {
  const t = { ...LEXICAL_DEFAULTS, ...overrides };
  const config = { version: LEXICAL_JUDGE_VERSION, ...t };
  const judgePairs = async (request: JudgeRequest): Promise<PairOutcome> => {
    const { families, later } = request;
    const familyTokens = families.map((f) => topicTokens(familyText(f)));
    const itemTokens = later.map((i) => topicTokens(`${i.title}\n${i.title}\n${bodyExcerpt(i.body, 1500)}`));
    const tfidf = new TfIdf([...familyTokens, ...itemTokens]);
    const itemVectors = itemTokens.map((tokens) => tfidf.vector(tokens));
    const read = pairReader(families, later, request, 600);
    const signals: PairSignals[][] = [];
    const matches = families.map((family, fi): Match[] => {
      const fv = tfidf.vector(familyTokens[fi]!);
      const row: PairSignals[] = [];
      signals.push(row);
      return later.map((item, ii) => {
        const text = round(cosine(fv, itemVectors[ii]!));
        const { signal: s, touched, category, agrees, direction } = read(fi, ii, text);
        const inArea = touched.length > 0;
        row.push(s);
        const label = labelFromSignals(s, labelThresholds(t));
        const score = round(0.6 * text + 0.25 * Number(inArea) + 0.15 * Number(agrees));
        const reason = `${direction}; text ${text.toFixed(2)}, ${inArea ? `changes ${family.anchor.name}` : 'outside the anchor'}, ${agrees ? `also ${family.category}` : `${category ?? 'uncategorised'} work`}`;
        return { key: item.key, title: item.title, label, score, reason };
      });
    });
    return { matches, signals, config };
  };
  return thresholdJudge('lexical', judgePairs);
}

function familyText(f: TaskFamily): string {
  return [f.title, f.expected_behavior, ...f.acceptance_criteria, ...f.target_hints.symbols, ...f.evidence.map((e) => e.text)].join('\n');
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
