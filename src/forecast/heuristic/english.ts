import winkNLP, { type WinkMethods } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

/**
 * English phrase structure for the heuristic's titles (docs/forecast.md says
 * why wink over compromise): one wink-nlp parser with its lite English model,
 * loaded on first use and shared by the task phrases, the task lines and the
 * aspects of a stream.
 */

let nlp: WinkMethods | null = null;
function parser(): WinkMethods {
  nlp ??= winkNLP(model);
  return nlp;
}

/** A text's tokens as wink reads them, one entry per token in each list. */
export interface TaggedText {
  words: string[];
  /** Universal part-of-speech tags ("NOUN", "VERB", "ADJ", …). */
  pos: string[];
  lemmas: string[];
  /** The white space before each token. */
  spaces: string[];
}

export function tagText(text: string): TaggedText {
  const its = parser().its;
  const tokens = parser().readDoc(text).tokens();
  return {
    words: tokens.out(),
    pos: tokens.out(its.pos),
    // The typings declare lemma and precedingSpaces with the wrong parameter list; they are token properties like value.
    lemmas: tokens.out(its.lemma as unknown as typeof its.value),
    spaces: tokens.out(its.precedingSpaces as unknown as typeof its.value),
  };
}
