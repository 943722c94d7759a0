import PorterStemmer from 'natural/lib/natural/stemmers/porter_stemmer.js';
import { compareText } from './order.js';

/**
 * Text to comparable tokens: identifiers split (camelCase, snake_case,
 * kebab-case, paths), lower-cased, stop words dropped, Porter-stemmed.
 * Shared by the forecaster (clustering) and the lexical judge (matching).
 */

const STOP = new Set(
  `a an and are as at be been but by can could did do does doing done for from had has have how i if in into is it
  its it's just may me more most must my no not of off on once only or other our out over own same should so some such
  than that the their them then there these they this those through to too under until up us very via was we were what
  when where which while who why will with would you your also any all each both few nor per yet still now new old
  e g eg ie etc vs let lets get gets got make makes made use used uses using one two way ways thing things
  pr prs pull request requests merge merged branch commit commits main master origin head co author authored by
  signed off reviewed see close closes closed fixes ref refs issue issues www com md js ts py go rs
  src lib test tests spec specs index init`.split(/\s+/),
);

/**
 * Words that say what kind of work it is rather than what it is about. They
 * steer the category, and are left out of topic tokens so that "fix parser
 * quotes" and "add parser quotes" cluster by topic.
 */
const ACTION = new Set(
  `fix fixed fixes fixing bug bugs bugfix hotfix patch crash crashes error errors fail fails failing failure broken
  wrong incorrect issue regression add added adds adding support supports supported implement implemented introduce
  allow allows enable new feature feat features improve improved improvement improvements enhance enhancement update
  updated updates refactor refactored refactoring cleanup clean rename renamed move moved split extract simplify
  restructure reorganize remove removed drop dropped deprecate deprecated chore docs doc documentation typo tweak
  minor small change changes changed todo fixme hack xxx wip`.split(/\s+/),
);

// Built once, not at every call (a regular expression literal is a new object each time it is evaluated): these run
// over every word of every text a judge compares (perf80). replace() and split() reset a global one's lastIndex.
const URL_TEXT = /https?:\/\/\S+/g;
const LOWER_UPPER = /([a-z0-9])([A-Z])/g;
const UPPER_WORD = /([A-Z]+)([A-Z][a-z])/g;
const NOT_WORD = /[^A-Za-z0-9]+/;
const DIGITS = /^\d+$/;

/** `parseQuotedString`, `retry_backoff`, `src/http/retry.js` -> words. */
export function splitIdentifiers(text: string): string[] {
  return text
    .replace(URL_TEXT, ' ')
    .replace(LOWER_UPPER, '$1 $2')
    .replace(UPPER_WORD, '$1 $2')
    .split(NOT_WORD)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

const stemCache = new Map<string, string>();
export function stem(word: string): string {
  let s = stemCache.get(word);
  if (s === undefined) {
    s = PorterStemmer.stem(word);
    stemCache.set(word, s);
  }
  return s;
}

function keep(word: string): boolean {
  return word.length >= 2 && word.length <= 30 && !DIGITS.test(word) && !STOP.has(word);
}

/** Stemmed tokens, action words included: for matching work against work. */
export function tokens(text: string): string[] {
  return splitIdentifiers(text).filter(keep).map(stem);
}

/** Lower-case words, stop words dropped, not stemmed: for looking words up in a word-vector table. */
export function contentWords(text: string): string[] {
  return splitIdentifiers(text).filter(keep);
}

/** Whether a word says what kind of work it is (fix, add, refactor...) rather than what it is about. */
export function isActionWord(word: string): boolean {
  return ACTION.has(word);
}

/** Stemmed tokens without action words: what the text is about. */
export function topicTokens(text: string): string[] {
  return splitIdentifiers(text).filter((w) => keep(w) && !ACTION.has(w)).map(stem);
}

/** For each stem, the surface word seen most often (ties: alphabetical), to print terms people can read. */
export function surfaceForms(texts: readonly string[]): Map<string, string> {
  const counts = new Map<string, Map<string, number>>();
  for (const text of texts) {
    for (const word of splitIdentifiers(text)) {
      if (!keep(word) || ACTION.has(word)) continue;
      const s = stem(word);
      const forms = counts.get(s) ?? new Map<string, number>();
      forms.set(word, (forms.get(word) ?? 0) + 1);
      counts.set(s, forms);
    }
  }
  const out = new Map<string, string>();
  for (const [s, forms] of counts) {
    const best = [...forms].sort((a, b) => b[1] - a[1] || compareText(a[0], b[0]))[0]!;
    out.set(s, best[0]);
  }
  return out;
}
