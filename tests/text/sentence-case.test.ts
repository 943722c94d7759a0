import { expect, test } from 'vitest';
import { uncapitalize } from '../../src/text/sentence-case.js';

test('a sentence-case first word goes to lower case; acronyms, identifiers and the named proper nouns stay as written', () => {
  const cases: [string, string][] = [
    ['Digest auth fails on redirects', 'digest auth fails on redirects'],
    ['Path quoting', 'path quoting'],
    ['The cache facade', 'the cache facade'],
    ['A new parser', 'a new parser'],
    ['An option', 'an option'],
    ['Cross-platform builds', 'cross-platform builds'],
    ["Digest's nonce", "digest's nonce"],
    ['HTTP/3 support', 'HTTP/3 support'],
    ['HTTP errors', 'HTTP errors'],
    ['AltGr keys', 'AltGr keys'],
    ['TypeScript types', 'TypeScript types'],
    ['Py3 wheels', 'Py3 wheels'],
    ['Foo-Bar header', 'Foo-Bar header'],
    ['Config.load reads twice', 'Config.load reads twice'],
    ['max_age is ignored', 'max_age is ignored'],
    ['`Response` headers', '`Response` headers'],
    ['Windows paths are quoted', 'Windows paths are quoted'],
    ['Python 3.13 support', 'Python 3.13 support'],
    ['Node.js 22 support', 'Node.js 22 support'],
    ['Go modules', 'Go modules'],
    ['macOS test links', 'macOS test links'],
    ['', ''],
  ];
  for (const [input, output] of cases) expect([input, uncapitalize(input)]).toEqual([input, output]);
});
