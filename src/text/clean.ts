/**
 * Repository text without the parts that say nothing about the work: pull
 * request and issue numbers, @mentions, URLs, commit hashes, version strings,
 * conventional-commit prefixes and leading emoji. Contractions are spelled
 * out first, so "don't" never leaves a "don" behind. Shared by whatever turns
 * titles into words (forecast titles and topics; matching).
 */

const CONTRACTIONS: ReadonlyArray<[RegExp, string]> = [
  [/\bcan[’']t\b/gi, 'cannot'],
  [/\bwon[’']t\b/gi, 'will not'],
  [/\bshan[’']t\b/gi, 'shall not'],
  [/\b(\w+)n[’']t\b/gi, '$1 not'],
  [/\b(\w+)[’']re\b/gi, '$1 are'],
  [/\b(\w+)[’']ll\b/gi, '$1 will'],
  [/\b(\w+)[’']ve\b/gi, '$1 have'],
  [/\b(\w+)[’']d\b/gi, '$1 would'],
  [/\b[Ii][’']m\b/g, 'I am'],
  [/\b(it|that|there|what|here|who)[’']s\b/gi, '$1 is'],
  [/\b(\w+)[’']s\b/gi, '$1'],
];

/** "don't" -> "do not", "it's" -> "it is", "the parser's" -> "the parser". */
export function expandContractions(text: string): string {
  let out = text;
  for (const [pattern, replacement] of CONTRACTIONS) out = out.replace(pattern, replacement);
  return out;
}

/** Pieces a tokenizer leaves of a contraction; never a keyword. */
const FRAGMENTS = new Set(
  'don doesn didn isn aren wasn weren hasn haven hadn won wouldn shouldn couldn can mustn needn ve ll re nt'.split(' '),
);

/**
 * A prefix written as a word of its own ("multi files", "non blocking", "pre release"): it modifies the word after it
 * and never ends a noun phrase ("multipart multi" is no phrase anyone writes).
 */
const COMBINING_FORMS = new Set('multi non pre post semi anti sub inter intra bi tri co de re un mid cross self auto meta pseudo quasi micro macro mini'.split(' '));

/** Whether a word is a prefix written apart, which cannot end a noun phrase. */
export function isCombiningForm(word: string): boolean {
  return COMBINING_FORMS.has(word.toLowerCase());
}

/** Whether a word is the leftover of a contraction ("don" of "don't"). */
export function isFragmentWord(word: string): boolean {
  return FRAGMENTS.has(word.toLowerCase());
}

const VERSION = /\b[vV]?\d+(?:\.\d+)+(?:[-+.~]?[A-Za-z0-9]+)*\b|\b[vV]\d+\b/;
const HASH = /\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}\b/;

/** A version string (1.2, v2.0.1, 3.0.0-rc.1, v5). */
export function isVersionString(word: string): boolean {
  return new RegExp(`^(?:${VERSION.source})$`).test(word);
}

/** A commit hash or hash-like hex run. */
export function isHashLike(word: string): boolean {
  return new RegExp(`^(?:${HASH.source})$`).test(word);
}

/** Whether a text holds a version string. */
export function hasVersionString(text: string): boolean {
  return VERSION.test(text);
}

/** `fix:`, `feat(core)!:`, and scopes as prefixes: `completion:`, `axum-extra/query:`. */
const CONVENTIONAL = /^\s*(?:[\w./-]+)(?:\([^)]{0,40}\))?!?:\s+(?=\S+\s+\S)/i;
const LEADING_EMOJI = /^(\s*(:[a-z0-9_+-]+:|[^\p{L}\p{N}\s(\["'`]+))+\s*/u;

/**
 * A title or note as a plain phrase: no leading emoji or conventional-commit
 * type, no `(#123)` / `#123` / `GH-12` references, @mentions, URLs, hashes or
 * bracketed tags; contractions spelled out. Version strings are kept (whether a
 * phrase may show one is the caller's rule).
 */
export function plainPhrase(text: string): string {
  return scrub(text.split('\n')[0]!);
}

/** A `;` or `:` standing alone between spaces in the written text is a literal token ("mixed ; and : delimiters"). */
const LITERAL_MARK = /(?<=\s)([;:])(?=\s)(?!\s*\b(?:closes|closed|fixes|fixed|resolves|resolved|refs?|see)\s+(?:#|GH-)\d)/gi;
const LITERAL_HELD: Record<string, string> = { ';': '\uE001', ':': '\uE002' };
const LITERAL_BACK = /[\uE001\uE002]/g;

function scrub(text: string): string {
  return scrubMarked(text.replace(LITERAL_MARK, (p: string) => LITERAL_HELD[p]!))
    .replace(LITERAL_BACK, (c) => (c === '\uE001' ? ';' : ':'));
}

function scrubMarked(text: string): string {
  return expandContractions(text)
      .replace(/``([^`]*)``/g, '`$1`')
      .replace(/\*\*|__(?=\w)|(?<=\w)__/g, '')
      .replace(LEADING_EMOJI, '')
      .replace(CONVENTIONAL, '')
      .replace(/https?:\/\/\S+/g, ' ')
      .replace(/^\s*(\[[^\]]{0,30}\]\s*)+/, ' ')
      .replace(/[,;]?\s*\b(closes|closed|fixes|fixed|resolves|resolved|refs?|see)\s+(#|GH-)\d+\b/gi, ' ')
      .replace(/\(\s*(#|GH-)\d+\s*\)/gi, ' ')
      .replace(/(^|\s)(#|GH-)\d+\b/gi, ' ')
      // A mention ("thanks @user"), never a scoped package name ("@fastify/otel", "@types/node").
      .replace(/(^|\s)@[\w-]+(?![\w/-])/g, ' ')
      .replace(new RegExp(HASH.source, 'g'), ' ')
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.;:)])/g, '$1')
    .trim();
}

/** Text for topic words (every line): scrubbed as a plain phrase is, and without version strings. */
export function topicText(text: string): string {
  return scrub(text).replace(new RegExp(VERSION.source, 'g'), ' ');
}
