import type { TaskFamily } from '../forecast/model.js';
import { cosine, TfIdf } from '../text/tfidf.js';
import { topicTokens } from '../text/tokens.js';
import type { Judge, JudgeRequest } from './judge.js';
import { bodyExcerpt, familyPaths, itemCategory, touchedPaths, verdictFrom } from './judges/shared.js';
import type { Label, Match, Verdict } from './model.js';

/**
 * The default judge: offline and deterministic. For each (family, later item)
 * pair it measures three things and labels the pair from them:
 * - text: TF-IDF cosine of stemmed, identifier-split topic tokens of the
 *   family (title, expected behaviour, criteria, hints, cited evidence) and of
 *   the item (title, body);
 * - area: the item changes a file under the family's anchor or target hints;
 * - category: the item's kind of work (labels, conventional prefix, keywords)
 *   is the family's.
 * Thresholds (docs/judges.md) were set on the demo scenario, whose future is
 * known, and the eval/ development repositories, never on reported data.
 */
export interface LexicalThresholds {
  /** strong: category agrees and text >= this while touching the anchor ... */
  strongTextInArea: number;
  /** ... or text >= this anywhere. */
  strongText: number;
  /** related: category agrees and (touches the anchor or text >= this) ... */
  relatedText: number;
  /** ... or, whatever the category, touches the anchor with text >= this. */
  relatedTextInAreaAnyCategory: number;
}

export const LEXICAL_DEFAULTS: LexicalThresholds = {
  strongTextInArea: 0.12,
  strongText: 0.3,
  relatedText: 0.2,
  relatedTextInAreaAnyCategory: 0.3,
};


export function createLexicalJudge(overrides: Partial<LexicalThresholds> = {}): Judge {
  const t = { ...LEXICAL_DEFAULTS, ...overrides };
  return {
    name: 'lexical',
    async judge({ families, later }: JudgeRequest) {
      const familyTokens = families.map((f) => topicTokens(familyText(f)));
      const itemTokens = later.map((i) => topicTokens(`${i.title}\n${i.title}\n${bodyExcerpt(i.body, 1500)}`));
      const tfidf = new TfIdf([...familyTokens, ...itemTokens]);
      const itemVectors = itemTokens.map((tokens) => tfidf.vector(tokens));
      const itemCategories = later.map(itemCategory);

      const verdicts: Verdict[] = families.map((family, fi) => {
        const fv = tfidf.vector(familyTokens[fi]!);
        const areas = familyPaths(family);
        const matches: Match[] = later.map((item, ii) => {
          const text = round(cosine(fv, itemVectors[ii]!));
          const inArea = touchedPaths(item.paths, areas).length > 0;
          const agrees = itemCategories[ii] === family.category;
          const label = labelPair(text, inArea, agrees, t);
          const score = round(0.6 * text + 0.25 * Number(inArea) + 0.15 * Number(agrees));
          const reason = `text ${text.toFixed(2)}, ${inArea ? `changes ${family.anchor.name}` : 'outside the anchor'}, ${agrees ? `also ${family.category}` : `${itemCategories[ii] ?? 'uncategorised'} work`}`;
          return { key: item.key, title: item.title, label, score, reason };
        });
        return verdictFrom(family, matches);
      });
      return { verdicts, config: { ...t }, calls: [] };
    },
  };
}

function labelPair(text: number, inArea: boolean, agrees: boolean, t: LexicalThresholds): Label {
  if (agrees && ((inArea && text >= t.strongTextInArea) || text >= t.strongText)) return 'strong';
  if (agrees && (inArea || text >= t.relatedText)) return 'related';
  if (inArea && text >= t.relatedTextInAreaAnyCategory) return 'related';
  return 'rejected';
}

function familyText(f: TaskFamily): string {
  return [f.title, f.expected_behavior, ...f.acceptance_criteria, ...f.target_hints.symbols, ...f.evidence.map((e) => e.text)].join('\n');
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}

