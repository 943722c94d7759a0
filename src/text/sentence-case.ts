/**
 * Lower-casing a phrase's first word when a title or sentence takes it in mid-sentence ("Make X pass: digest auth
 * fails", "It also covers: path quoting."), the one rule for every forecaster that does (before session 19 six
 * private helpers of src/forecast differed: one lowered "HTTP" to "hTTP", two lowered "Python" and "AltGr").
 *
 * A first word goes to lower case only when it is written capitalised as a sentence's start: a capital and lower-case
 * letters, a whole word ("Digest", "Path", "The"), or the article "A". It stays as written when it is
 * - an acronym or a code identifier: "HTTP", "HTTP/3", "AltGr", "TypeScript", "Py3", "Foo-Bar", "Config.load",
 *   "max_age", `backticked` ("Cross-platform" is a compound and goes);
 * - a proper noun the forecasters name: operating systems and runtimes (PROPER_NOUNS: "Windows", "Python",
 *   "Node.js"; "macOS" starts lower-case and is kept by the first rule anyway).
 * wink-nlp's part of speech was measured for the proper nouns and does not tell them apart at a sentence's start
 * (`npx tsx scripts/first-word-pos.ts`): wink-eng-lite-web-model tags 20 of 21 names PROPN ("Go" a VERB) and 8 of 11
 * plain sentence-case words PROPN too ("Digest", "Path", "Error", "Empty", "Use"), so the names are a short list.
 */
const PROPER_NOUNS = /^(?:Windows|Linux|Unix|FreeBSD|Android|Python|PyPy|Rust|Go|Node|Deno|Bun)$/;

export function uncapitalize(text: string): string {
  if (/^A\s/.test(text)) return `a${text.slice(1)}`;
  const word = /^[A-Z][a-z]+\b/.exec(text)?.[0];
  if (!word || PROPER_NOUNS.test(word)) return text;
  // A name or identifier goes on: "Foo-Bar", "Http/2", "Config.load" (not "Cross-platform": a compound).
  if (/^(?:[-/]?[A-Z0-9]|\.[A-Za-z0-9])/.test(text.slice(word.length))) return text;
  return word.charAt(0).toLowerCase() + text.slice(1);
}
