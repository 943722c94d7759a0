/**
 * wink-nlp's part of speech for a title's capitalised first word: can it tell a proper noun ("Python", "Windows")
 * from a word capitalised only as the sentence's start ("Digest auth")? (src/text/sentence-case.ts; fixes41.)
 *
 *   npx tsx scripts/first-word-pos.ts
 */
import winkNLP from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

const nlp = winkNLP(model);
const its = nlp.its;
// [phrase, whether its first word is a name that must keep its capital]
const phrases: [string, boolean][] = [
  ['Windows paths are quoted', true], ['Python 3.13 support', true], ['Node.js 22 support', true], ['Linux builds', true],
  ['Go modules', true], ['Rust 2024 edition', true], ['Django settings', true], ['Git hooks', true], ['Typer', true],
  ['Click context', true], ['Starlette middleware', true], ['Redis backend', true], ['Pydantic v2 models', true],
  ['Markdown tables', true], ['Flask app', true], ['Jinja templates', true], ['Bash completion', true], ['Zsh completion', true],
  ['Requests sessions', true], ['Unicode identifiers', true],
  ['Digest auth', false], ['Path quoting', false], ['Rich markup in help', true], ['Retry failed requests', false],
  ['The cache facade', false], ['Support for HTTP/3', false], ['Error messages', false], ['Deprecation warnings', false],
  ['Fish shell', false], ['Use subprocess', false], ['Empty input', false], ['Windows of time', false],
];
let propnNames = 0;
let propnPlain = 0;
for (const [phrase, name] of phrases) {
  const first = nlp.readDoc(phrase).tokens().itemAt(0);
  const pos = first.out(its.pos);
  if (pos === 'PROPN') name ? propnNames++ : propnPlain++;
  console.log(`${name ? 'name ' : 'plain'} ${pos.padEnd(6)} ${phrase}`);
}
const names = phrases.filter(([, n]) => n).length;
console.log(`PROPN: ${propnNames}/${names} names, ${propnPlain}/${phrases.length - names} plain sentence-case words`);
