import BayesClassifier from 'natural/lib/natural/classifiers/bayes_classifier.js';
import type { Category } from '../model.js';

/**
 * What kind of work a piece of text describes. Strong hints first (labels,
 * conventional-commit prefixes), then keywords; where the repository has
 * enough of its own strongly-labelled history, a naive Bayes classifier
 * (natural) trained on it decides the rest.
 */

const LABELS: [RegExp, Category][] = [
  [/\b(bug|defect|regression|crash|fix)\b/i, 'bugfix'],
  [/\b(refactor|cleanup|clean-up|tech[- ]debt|maintenance|internal|code[- ]quality)\b/i, 'refactor'],
  [/\b(feature|enhancement|feat|improvement|proposal|new)\b/i, 'feature'],
];

const PREFIX = /^\s*(\w+)(\([^)]*\))?!?:/;
const PREFIX_CATEGORY: Record<string, Category> = {
  fix: 'bugfix', bugfix: 'bugfix', hotfix: 'bugfix', bug: 'bugfix',
  feat: 'feature', feature: 'feature', add: 'feature',
  refactor: 'refactor', perf: 'refactor', cleanup: 'refactor', style: 'refactor',
};

const KEYWORDS: [RegExp, Category][] = [
  [/\b(fix(e[sd])?|fixing|bugs?|crash(es|ed)?|errors?|fail(s|ed|ing|ure)?|broken|wrong|incorrect|regression|panic|leak|hang|race|typo in code|does not|doesn't|cannot|can't|unable)\b/i, 'bugfix'],
  [/\b(refactor(ed|ing)?|renam(e|ed|ing)|mov(e|ed|ing)|split|extract(ed|ing)?|simplif(y|ied|ies)|restructur(e|ed|ing)|reorganiz(e|ed|ing)|clean(ed)? ?up|dedupe|deduplicate|decouple|internals?|modernize|migrate)\b/i, 'refactor'],
  [/\b(add(s|ed|ing)?|support(s|ed|ing)?|implement(s|ed|ing)?|introduc(e|es|ed|ing)|allow(s|ed|ing)?|enabl(e|es|ed|ing)|new|option|feature|expose|provide)\b/i, 'feature'],
];

/**
 * Gitmoji (gitmoji.dev) a title may start with, as typer, FastAPI and many
 * others write them ("🐛 Fix ...", "✨ Add ..."): the emoji of a kind of work.
 * Emoji of other work (📝 docs, ⬆️ upgrades, 🔧 configuration, 🔖 releases)
 * say no kind.
 */
const GITMOJI: [string, Category][] = [
  ['🐛', 'bugfix'], ['🚑', 'bugfix'], ['🩹', 'bugfix'], ['🔒', 'bugfix'], [':bug:', 'bugfix'], [':ambulance:', 'bugfix'],
  ['✨', 'feature'], ['🎉', 'feature'], [':sparkles:', 'feature'],
  ['♻', 'refactor'], ['🎨', 'refactor'], ['⚡', 'refactor'], ['🔥', 'refactor'], ['🚚', 'refactor'], [':recycle:', 'refactor'], [':art:', 'refactor'], [':zap:', 'refactor'],
];

/** The category of a gitmoji the title starts with, or null. */
export function gitmojiCategory(text: string): Category | null {
  const start = text.trimStart();
  for (const [emoji, category] of GITMOJI) if (start.startsWith(emoji)) return category;
  return null;
}

/** A category from labels, a conventional-commit prefix or a leading gitmoji, or null. */
export function strongCategory(text: string, labels: readonly string[]): Category | null {
  for (const label of labels) {
    for (const [pattern, category] of LABELS) if (pattern.test(label)) return category;
  }
  const prefix = PREFIX.exec(text)?.[1]?.toLowerCase();
  // Own keys only: a title "constructor: ..." must not find Object's prototype.
  return (prefix && Object.hasOwn(PREFIX_CATEGORY, prefix) ? PREFIX_CATEGORY[prefix]! : null) ?? gitmojiCategory(text);
}

/** A category from keywords (first match in bugfix, refactor, feature order), or null. */
export function keywordCategory(text: string): Category | null {
  for (const [pattern, category] of KEYWORDS) if (pattern.test(text)) return category;
  return null;
}

/** TODO markers carry a hint of their own: FIXME/XXX point at defects, HACK at debt. */
export function markerCategory(marker: string): Category | null {
  if (marker === 'FIXME' || marker === 'XXX') return 'bugfix';
  if (marker === 'HACK') return 'refactor';
  return null;
}

export interface Categorizer {
  categorize(text: string, labels: readonly string[]): Category | null;
  /** True when a classifier trained on this repository's history is in use. */
  readonly trained: boolean;
}

const MIN_TRAINING = 30;

/**
 * Builds a categorizer for one repository: strong hints, then (if the
 * repository's strongly-labelled history has at least 30 items in at least two
 * categories) its own naive Bayes classifier, else keywords.
 */
export function buildCategorizer(history: readonly { text: string; labels: readonly string[] }[]): Categorizer {
  const examples = history
    .map((h) => ({ text: h.text.replace(PREFIX, ''), category: strongCategory(h.text, h.labels) }))
    .filter((e): e is { text: string; category: Category } => e.category !== null && e.text.trim().length > 0);
  const classes = new Set(examples.map((e) => e.category));
  let classifier: BayesClassifier | null = null;
  if (examples.length >= MIN_TRAINING && classes.size >= 2) {
    classifier = new BayesClassifier();
    for (const e of examples) classifier.addDocument(e.text.toLowerCase(), e.category);
    classifier.train();
  }
  return {
    trained: classifier !== null,
    categorize(text, labels) {
      const strong = strongCategory(text, labels);
      if (strong) return strong;
      const keyword = keywordCategory(text);
      if (!classifier) return keyword;
      const [best, second] = classifier.getClassifications(text.toLowerCase());
      // Trust the classifier only when it is clearly ahead; otherwise keywords decide.
      if (best && (!second || best.value > second.value * 1.5)) return best.label as Category;
      return keyword;
    },
  };
}
