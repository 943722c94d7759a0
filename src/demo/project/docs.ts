/**
 * Prose of the demo project: the README, pools of doc sections and example
 * configs that background commits add over time, and the misspellings that
 * later "fix typo" commits take out again.
 */

export const README_START = [
  '# quarry',
  'Read, check and convert configuration files.',
  '```js\nimport { parse } from \'quarry\';\n\nparse(\'[server]\\nport = 8080\');\n// { \'server.port\': \'8080\' }\n```',
];

export interface DocBlock {
  file: string;
  /** Commit title, after "docs: ". */
  title: string;
  text: string;
}

/** Background documentation, added one block per commit, in this order. */
export const DOC_POOL: DocBlock[] = [
  { file: 'docs/guide.md', title: 'start the user guide', text: 'quarry reads configuration files written as `key = value` lines. This guide walks through the format and the tools around it.' },
  { file: 'docs/guide.md', title: 'explain comments', text: '## Comments\n\nA line that starts with `#` is a comment. Comments are ignored, so you can use them to explain a setting to the next person who reads the file.' },
  { file: 'docs/guide.md', title: 'document sections', text: '## Sections\n\nA line like `[server]` starts a section. Every key after it, until the next section, is stored with the section name in front: `server.port`.' },
  { file: 'docs/guide.md', title: 'describe quoting', text: '## Quoting\n\nWrap a value in double quotes to keep its spaces. This is necessary when a value starts or ends with whitespace.' },
  { file: 'docs/faq.md', title: 'add a FAQ', text: 'Answers to the questions that come up again and again in issues.' },
  { file: 'docs/faq.md', title: 'FAQ on key order', text: '## Does quarry keep the order of keys?\n\nYes. Keys come out of `parse` in the order they appear in the file, which makes diffs of the output easy to read.' },
  { file: 'docs/cli.md', title: 'document the command line', text: '`quarry app.conf` prints the parsed file as JSON. Use `--format env` to get `KEY=value` lines you can source from a shell.' },
  { file: 'docs/guide.md', title: 'explain how values are typed', text: '## Values are strings\n\nquarry does not guess types: `port = 8080` gives the string `"8080"`. Convert values where you use them, which keeps the parser simple and predictable.' },
  { file: 'docs/faq.md', title: 'FAQ on environment variables', text: '## Can I override a setting from the environment?\n\nNot directly. Render the file with `--format env`, then let your shell or process manager override the variables you need to change.' },
  { file: 'docs/cache.md', title: 'document the cache', text: '`createCache({ ttl, max })` keeps parsed configs in memory, so a service that reads the same file on every request does not have to parse it again.' },
  { file: 'docs/guide.md', title: 'add a section on errors', text: '## Errors\n\nA file that cannot be read throws a `ParseError` with the line number, so the message points at the exact line to fix.' },
  { file: 'docs/faq.md', title: 'FAQ on includes', text: '## Can one config file include another?\n\nNot yet. Read both files and merge the objects; later keys win, which is usually what you want for local overrides.' },
  { file: 'docs/cli.md', title: 'explain exit codes', text: '## Exit codes\n\nThe command exits with 0 when the file was read and 1 when it was not; the reason is printed on stderr.' },
  { file: 'docs/guide.md', title: 'recommend a file layout', text: '## Organising large files\n\nGroup related settings in sections and keep one file per environment. A shared base file plus a small override file per environment is a common and maintainable pattern.' },
  { file: 'docs/faq.md', title: 'FAQ on Windows paths', text: '## How do I write a Windows path?\n\nBackslashes are escape characters inside double quotes. Double them, or use forward slashes, which Windows accepts as well.' },
  { file: 'docs/cache.md', title: 'explain ttl and max', text: '## Expiry and size\n\n`ttl` is in milliseconds. With `max`, the least recently used entry is dropped first, which suits the usual pattern of a few hot files.' },
  { file: 'docs/guide.md', title: 'describe output formats', text: '## Output formats\n\n`format(config, \'json\')` and `format(config, \'env\')` turn a parsed file back into text. JSON output is indented with two spaces.' },
  { file: 'docs/faq.md', title: 'FAQ on performance', text: '## Is quarry fast enough for large files?\n\nParsing is a single pass over the lines, so a file with ten thousand keys parses in a few milliseconds. If that is still too slow, cache the result.' },
  { file: 'docs/guide.md', title: 'add a note on encodings', text: '## Encoding\n\nFiles are read as UTF-8. A byte order mark at the start of a file is not supported yet; save files without one.' },
  { file: 'docs/faq.md', title: 'FAQ on comparing with INI', text: '## How is this different from INI?\n\nThe syntax is close to INI on purpose. The differences are in the details: quoting rules, escapes, and a single, documented behaviour instead of many dialects.' },
  { file: 'docs/guide.md', title: 'document trailing comments', text: '## Comments after a value\n\n`size = 3 # pixels` stores `3`: a `#` after whitespace starts a comment. Inside quotes, `#` is kept.' },
  { file: 'docs/faq.md', title: 'FAQ on editor support', text: '## Is there syntax highlighting for my editor?\n\nMost editors highlight quarry files well with their INI mode. Associate the `.conf` extension with it.' },
  { file: 'docs/guide.md', title: 'write a migration note for 1.0', text: '## Upgrading to 1.0\n\nVersion 1.0 made no breaking changes to the format. The only visible difference is coloured output from the command line, which you can turn off with `NO_COLOR`.' },
  { file: 'docs/faq.md', title: 'FAQ on secrets', text: '## Should I keep secrets in config files?\n\nAvoid it. Keep secrets in your platform\'s secret store and pass them as environment variables; keep the config file for everything else.' },
  { file: 'docs/guide.md', title: 'explain key naming', text: '## Key names\n\nKeys may contain letters, digits, dots, dashes and underscores. Prefer lower case; the env output converts keys to upper case anyway.' },
  { file: 'docs/faq.md', title: 'FAQ on validation', text: '## Can quarry validate a config against a schema?\n\nNot by itself. Parse the file and check the object with the schema library you already use; it keeps quarry small.' },
  { file: 'docs/guide.md', title: 'add a troubleshooting section', text: '## Troubleshooting\n\nWhen a value is not what you expect, print the parsed object with `quarry file.conf`. Most surprises come from a comment or a missing quote.' },
  { file: 'docs/faq.md', title: 'FAQ on contributing docs', text: '## I found a mistake in the docs. What now?\n\nPlease open a pull request; small fixes are merged quickly. See CONTRIBUTING.md for the details.' },
  { file: 'docs/guide.md', title: 'describe multi-environment setups', text: '## Several environments\n\nA common setup is `base.conf` plus `production.conf`. Parse both and spread them into one object, with the environment file last.' },
  { file: 'docs/faq.md', title: 'FAQ on TypeScript types', text: '## Are there TypeScript types?\n\nNot yet. The API is small; a hand-written declaration file in your project is enough until we publish types.' },
  { file: 'docs/guide.md', title: 'add a glossary', text: '## Glossary\n\n*Section*: a `[name]` header and the keys after it. *Value*: the text after `=`, bare or quoted.' },
  { file: 'docs/faq.md', title: 'FAQ on version support', text: '## Which Node versions are supported?\n\nThe versions in the CI matrix. We drop a version some time after it reaches its end of life, and say so in the changelog.' },
  { file: 'docs/guide.md', title: 'explain blank lines', text: '## Blank lines\n\nBlank lines are ignored everywhere, so use them freely to separate groups of settings.' },
  { file: 'docs/faq.md', title: 'FAQ on booleans', text: '## How do I write a boolean?\n\nWrite `on`/`off` or `true`/`false`, as you prefer; quarry gives you the string and your code decides what counts as true.' },
  { file: 'docs/cli.md', title: 'show piping into jq', text: '## Using jq\n\n`quarry app.conf | jq .server` picks one section; JSON output is meant to be piped.' },
  { file: 'docs/guide.md', title: 'document the API in one place', text: '## API overview\n\n`parse(text)` returns an object, `format(object, name)` returns text, and `ParseError` is what goes wrong. That is the whole core API.' },
  { file: 'docs/faq.md', title: 'FAQ on comments in output', text: '## Are comments kept when I convert a file?\n\nNo. Comments are for people reading the source file; converted output contains only keys and values.' },
  { file: 'docs/guide.md', title: 'describe nested sections', text: '## Nested names\n\nThere are no nested sections, but dots in section names work: `[server.tls]` gives keys like `server.tls.cert`.' },
  { file: 'docs/faq.md', title: 'FAQ on reloading', text: '## Can quarry reload a file when it changes?\n\nWatch the file with `fs.watch` and parse it again; with the cache, unchanged files cost nothing.' },
  { file: 'docs/cli.md', title: 'document --format', text: '## Formats\n\n`--format json` (the default) and `--format env` are available. Anything else is an error, so typos do not go unnoticed.' },
  { file: 'docs/guide.md', title: 'warn about tabs', text: '## Indentation\n\nLeading spaces and tabs are ignored, so you may indent keys under a section if that reads better to you.' },
  { file: 'docs/faq.md', title: 'FAQ on licences', text: '## Can I use quarry at work?\n\nYes. quarry is MIT licensed; keep the licence notice and you are done.' },
  { file: 'docs/guide.md', title: 'add a quick start', text: '## Quick start\n\nInstall with `npm install quarry`, write `app.conf`, and call `parse(readFileSync(\'app.conf\', \'utf8\'))`. That is enough for most projects.' },
  { file: 'docs/faq.md', title: 'FAQ on line endings', text: '## Do Windows line endings work?\n\nYes. A carriage return at the end of a line is whitespace and is trimmed with it.' },
  { file: 'docs/guide.md', title: 'link the examples', text: '## Examples\n\nThe `examples/` folder has small, realistic configs; every one of them is parsed by the test suite, so they stay correct.' },
  { file: 'docs/faq.md', title: 'FAQ on bug reports', text: '## What should a bug report contain?\n\nThe smallest config that shows the problem, what you expected, and what happened instead. That lets us reproduce the exact case.' },
];

/** Correct word -> the misspelling a commit may bring in (and a later commit fix). */
export const TYPOS: [string, string][] = [
  ['necessary', 'neccessary'],
  ['environment', 'enviroment'],
  ['whitespace', 'whitspace'],
  ['explain', 'explian'],
  ['usually', 'usualy'],
  ['maintainable', 'maintanable'],
  ['behaviour', 'behavour'],
  ['exact', 'exatc'],
  ['predictable', 'predictible'],
  ['milliseconds', 'miliseconds'],
  ['accepts', 'acepts'],
  ['documented', 'documentd'],
  ['override', 'overide'],
  ['separate', 'seperate'],
  ['unnoticed', 'unnoticied'],
  ['realistic', 'realisitic'],
  ['reproduce', 'reproduse'],
  ['carriage', 'carrage'],
  ['freely', 'freeley'],
];

/** Example configs that background commits add; all valid in every version of the parser. */
export const EXAMPLES: [string, string][] = [
  ['web-server', '# A small web server\n[server]\nhost = 0.0.0.0\nport = 8080\n\n[log]\nlevel = info\n'],
  ['database', '[database]\nhost = db.internal\nport = 5432\nname = app\npool = 10\n'],
  ['feature-flags', '# Flags read at start-up\n[flags]\nnew_checkout = on\ndark_mode = off\nbeta_banner = "Try the new dashboard"\n'],
  ['logging', '[log]\nlevel = warn\nformat = json\nfile = /var/log/app.log\n'],
  ['mail', '[smtp]\nhost = smtp.example.com\nport = 587\nfrom = "Quarry Bot <bot@example.com>"\n'],
  ['worker', '[queue]\nname = jobs\nconcurrency = 4\n\n[retry]\nattempts = 5\n'],
  ['cdn', '[cdn]\norigin = https://assets.example.com\nmax_age = 86400\n'],
  ['metrics', '[metrics]\nenabled = true\nendpoint = /metrics\ninterval = 15\n'],
  ['auth', '[session]\ncookie = sid\nlifetime = 3600\n\n[oauth]\nprovider = github\n'],
  ['i18n', '[i18n]\ndefault = en\nfallback = en\ngreeting = "Hello there"\n'],
  ['search', '[search]\nindex = products\nreplicas = 2\n'],
  ['storage', '[storage]\nbucket = quarry-uploads\nregion = eu-west-1\n'],
  ['scheduler', '# Cron-like schedules\n[jobs]\ncleanup = daily\nreport = weekly\n'],
  ['proxy', '[proxy]\nupstream = http://127.0.0.1:3000\ntimeout = 30\n'],
  ['rate-limit', '[limits]\nrequests = 100\nwindow = 60\n'],
  ['payments', '[payments]\nprovider = stripe\ncurrency = EUR\nstatement = "QUARRY SHOP"\n'],
];

export const CONTRIBUTING = [
  '# Contributing to quarry',
  'Thanks for taking the time! Bug reports, docs fixes and pull requests are all welcome.',
  '## Running the tests\n\n```sh\nnpm install\nnpm test\n```\n\nThe tests use Node\'s built-in test runner and need no other tools.',
];

export const LICENSE = (year: string) => `MIT License

Copyright (c) ${year} The quarry authors

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.
`;
