import { CONTRIBUTING, LICENSE, README_START } from '../project/docs.js';
import type { World } from '../world.js';
import {
  type Apply, all, direct, doc, done, log, mergedPr, people, plain, plan, type Planner, squash, stage, stages,
} from './steps.js';

const { alice, bob, carol, dave, erin, tomas, zoe } = people;

/**
 * The project's planned history: the scaffold, the planted work streams
 * (parser bugfixes, HTTP features, cache refactors, which continue after T0;
 * CLI colours, which end in 2023; a YAML idea nobody builds) and the releases.
 */
export function planStreams(p: Planner): void {
  scaffold(p);
  parserStream(p);
  httpStream(p);
  cacheStream(p);
  cliStream(p);
  releases(p);
}

function scaffold(p: Planner): void {
  direct(p, '2023-01-03', alice, 'Initial commit', all(
    stages('parser', 0),
    (w) => {
      w.version = '0.0.0';
      w.deps = { lodash: '^4.17.20', semver: '^7.3.8' };
      w.devDeps = { eslint: '^8.31.0', prettier: '^2.8.1' };
      w.docs['README.md'] = [...README_START];
      w.plain.LICENSE = LICENSE('2023');
      w.plain['.gitignore'] = 'node_modules/\n*.log\n.DS_Store\n';
    },
    log('Added', 'Config parser with sections, comments and double-quoted values'),
  ));
  direct(p, '2023-01-05', alice, 'Add CI workflow', (w) => {
    w.ci.node = ['16', '18'];
  });
  direct(p, '2023-01-09', alice, 'Add ESLint and EditorConfig', all(
    (w) => {
      w.lintRules = ['eqeqeq', 'no-var'];
    },
    plain('.editorconfig', 'root = true\n\n[*]\nindent_style = space\nindent_size = 2\nend_of_line = lf\ninsert_final_newline = true\n'),
  ));
  direct(p, '2023-01-14', alice, 'ci: enable Dependabot', plain('.github/dependabot.yml', DEPENDABOT_ALL));
  direct(p, '2023-01-20', alice, 'Add JSON and env output', all(stage('format', 0), log('Added', '`format(config, "json" | "env")`')));
  direct(p, '2023-01-26', alice, 'Add CONTRIBUTING.md', (w) => {
    w.docs['CONTRIBUTING.md'] = [...CONTRIBUTING];
  });
  squash(p, '2023-02-08', dave, 'Add a small cache for parsed configs',
    'Services that read the same config on every request spend most of their time parsing it.\nThis adds `createCache({ ttl, max, file })`.',
    all(stages('cache', 0), log('Added', '`createCache()` for parsed configs, in memory or in a JSON file')));
  squash(p, '2023-02-14', zoe, 'docs: add a logo', 'A small logo for the README.', (w) => {
    w.logo = 1;
    w.docs['README.md']!.splice(1, 0, '<img src="docs/logo.png" alt="quarry" width="64">');
  });
  direct(p, '2023-03-02', alice, 'Add a roadmap', all(
    plan('Config parser with sections and comments', 'JSON and env output', 'Coloured output in the terminal',
      'Load configs from a URL', 'Plugin API for custom value types'),
    done('Config parser'), done('JSON and env'),
  ));
  squash(p, '2023-03-28', zoe, 'feat(format): quote env values that contain spaces',
    'Values with spaces broke `source <(quarry app.conf --format env)`.', all(stage('format', 1), log('Fixed', 'env output quotes values with spaces')),
    { stream: 'format-output' });
  squash(p, '2023-04-25', zoe, 'Add example configs and a test that parses them',
    'Examples double as a smoke test of the parser.', all(stage('examples', 0), (w) => {
      w.examples['web-server'] = '# A small web server\n[server]\nhost = 0.0.0.0\nport = 8080\n';
    }));
  direct(p, '2023-05-30', alice, 'format: sort JSON keys', stage('format', 2), { stream: 'format-output' });
  direct(p, '2023-08-15', alice, 'format: leave a note about YAML output', all(stage('format', 3), plan('YAML output')),
    { stream: 'format-output' });
  direct(p, '2024-01-08', alice, 'docs: roadmap for 2024',
    plan('Retries for remote configs', 'Pluggable cache storage (memory, file)', 'Inline lists (`tags = [a, b]`)'));
}

function parserStream(p: Planner): void {
  const s = { stream: 'parser-quoting' };
  squash(p, '2023-05-09', bob, "fix(parser): keep '#' inside quoted values",
    'A `#` inside a quoted value started a comment, so `color = "#ff0000"` failed with "unterminated string".\nComments are now stripped after the value is read; bare values still end at ` #`.',
    all(stages('parser', 1), log('Fixed', '`#` inside quoted values no longer starts a comment')), s);
  squash(p, '2023-09-19', bob, 'Fix escaped quotes in double-quoted values',
    '`msg = "say \\"hi\\""` ended the value at the first escaped quote. Double-quoted values now read `\\"` and `\\\\`; any other escape is an error.',
    all(stages('parser', 2), log('Fixed', 'Escaped quotes and backslashes in double-quoted values')), s);
  mergedPr(p, 'bob/parser-trailing-text', bob, [
    { day: '2024-01-30', title: 'Reject text after a closing quote', apply: stage('parser', 3) },
    { day: '2024-02-01', title: 'Test trailing text after quotes', apply: stage('parser.test', 3) },
  ], { day: '2024-02-06', title: 'fix(parser): reject text after a closing quote', body: '`name = "a" b` silently dropped ` b`. Only a comment may follow a closing quote now.', stream: s.stream },
  { title: 'Changelog for trailing text after quotes', apply: log('Fixed', 'Text after a closing quote is an error instead of being dropped', 'bob/parser-trailing-text') });
  squash(p, '2024-03-26', bob, 'feat(parser): inline lists',
    '`tags = [a, "b", c]` reads as an array. Items are split on commas for now; quoted items with commas need a smarter splitter (see the FIXME).',
    all(stages('parser', 4), done('Inline lists'), log('Added', 'Inline lists: `tags = [a, b]`'),
      doc('docs/guide.md', '## Lists\n\n`tags = [red, green]` gives an array of strings. Items are separated by commas.')), s);
  squash(p, '2024-06-04', zoe, 'fix(parser): single-quoted values are taken literally',
    "`path = 'C:\\new'` kept its quotes. Single-quoted values now drop the quotes and read backslashes as they are.",
    all(stages('parser', 5), log('Fixed', 'Single-quoted values are read literally, without their quotes')), s);
  squash(p, '2024-08-13', bob, 'fix(parser): unicode escapes in double-quoted values',
    '`"caf\\u00e9"` failed with "unknown escape". `\\uXXXX` is read now; `\\t` and `\\n` are still missing (TODO in quote.js).',
    all(stages('parser', 6), log('Fixed', '`\\uXXXX` escapes in double-quoted values')), s);
  direct(p, '2024-10-08', alice, 'fix: allow comments after section headers',
    all(stages('parser', 7), log('Fixed', 'A comment after a section header is allowed again (regression in 0.2.0)')),
    { body: '`[server] # main` broke when comment handling moved into the value reader in 0.2.0.', ...s });
  squash(p, '2024-12-05', bob, 'fix(parser): an empty quoted string is a value, not a missing one',
    '`prefix = ""` failed with "missing value".', all(stages('parser', 8), log('Fixed', '`key = ""` reads as an empty string')), s);
  mergedPr(p, 'bob/parser-list-items', bob, [
    { day: '2024-12-19', title: 'Split list items on commas outside quotes', apply: stage('parser', 9) },
    { day: '2025-01-14', title: 'Tests for quoted list items', apply: stage('parser.test', 9) },
  ], { day: '2025-01-22', title: 'fix(parser): split list items only on commas outside quotes', body: 'Fixes the FIXME in list.js: `["Doe, Jane", \'say "hi"\']` is two items now.', stream: s.stream },
  { title: 'Changelog for quoted list items', apply: log('Fixed', 'Quoted list items may contain commas and nested quotes', 'bob/parser-list-items') });
  squash(p, '2025-02-26', bob, 'fix(parser): support \\t, \\n and \\r escapes',
    'Removes the TODO in quote.js.', all(stages('parser', 10), log('Fixed', '`\\t`, `\\n` and `\\r` escapes in double-quoted values')), s);
  squash(p, '2025-04-09', tomas, 'fix(parser): an unterminated single-quoted value is an error',
    "`name = 'open` returned the raw text, quote included.", all(stages('parser', 11), log('Fixed', 'Unterminated single-quoted values throw a ParseError')), s);
  squash(p, '2025-05-27', bob, 'fix(parser): quoted keys',
    '`"my key" = 1` kept the quotes in the key.', all(stages('parser', 12), log('Fixed', 'Keys may be quoted')), s);
}

function httpStream(p: Planner): void {
  const s = { stream: 'http-resilience' };
  squash(p, '2023-04-11', carol, 'feat(http): load configs from a URL',
    '`loadRemote(url)` fetches a config over HTTP(S) and parses it. The transport is pluggable so tests need no network.',
    all(stages('http', 0), done('Load configs from a URL'), log('Added', '`loadRemote(url)` and `createClient()` for remote configs'),
      doc('docs/http.md', '`loadRemote(url)` fetches a config file and parses it. Pass `{ client }` to reuse a client with your own options.')), s);
  direct(p, '2023-07-18', alice, 'http: send a User-Agent header', stages('http', 1), s);
  mergedPr(p, 'carol/http-retry', carol, [
    { day: '2024-04-08', title: 'Add a retries option to the HTTP client', apply: stage('http', 2) },
    { day: '2024-04-10', title: 'Test retries', apply: stage('http.test', 2) },
    { day: '2024-04-11', title: 'Document retries', apply: doc('docs/http.md', '## Retries\n\n`createClient({ retries: 3 })` tries a failed request up to three more times. Retries happen immediately for now; backoff is on the roadmap.') },
  ], { day: '2024-04-16', title: 'feat(http): retry failed requests', body: 'Flaky networks made `loadRemote` fail at start-up. Network errors are retried `retries` times, without delay for now.', stream: s.stream },
  { title: 'Changelog and roadmap for HTTP retries', apply: all(log('Added', '`retries` option for the HTTP client', 'carol/http-retry'),
    done('Retries for remote configs'), plan('Exponential backoff with jitter between HTTP retries', 'Timeouts for HTTP requests')) });
  squash(p, '2024-07-09', carol, 'feat(http): retry 502, 503 and 504 responses',
    'Gateways answer 502-504 while a config server restarts; those are worth a retry, 500 is not.',
    all(stages('http', 3), log('Added', 'The HTTP client retries 502, 503 and 504 responses')), s);
  squash(p, '2024-09-17', carol, 'feat(http): HttpError reports the number of attempts',
    'Makes retry problems visible in logs. Next up: honour Retry-After (TODO in client.js).',
    all(stages('http', 4), plan('Honour Retry-After on 429 and 503'), log('Added', '`HttpError.attempts`')), s);
  mergedPr(p, 'carol/http-backoff', carol, [
    { day: '2025-01-20', title: 'Exponential backoff with jitter between retries', apply: stage('http', 5) },
    { day: '2025-01-23', title: 'Test the backoff', apply: stage('http.test', 5) },
    { day: '2025-01-24', title: 'Document backoff', apply: doc('docs/http.md', '## Backoff\n\nBetween retries the client waits a random time up to 100 ms, 200 ms, 400 ms and so on (capped at 10 s), so that many clients do not retry in lockstep.') },
  ], { day: '2025-01-29', title: 'feat(http): exponential backoff with jitter between retries', body: 'Implements the roadmap item and removes the TODO in client.js.', stream: s.stream },
  { title: 'Changelog and roadmap for HTTP backoff', apply: all(log('Added', 'Exponential backoff with jitter between HTTP retries', 'carol/http-backoff'), done('Exponential backoff')) });
  squash(p, '2025-03-11', carol, 'feat(http): request timeouts',
    '`createClient({ timeout: 5000 })` aborts a try that takes longer and throws a TimeoutError.',
    all(stages('http', 6), done('Timeouts'), log('Added', '`timeout` option and `TimeoutError` for the HTTP client'),
      doc('docs/http.md', '## Timeouts\n\n`timeout` is in milliseconds per try; a try that runs out counts as a failed try and may be retried.')), s);
  squash(p, '2025-04-23', dave, 'feat(http): honour Retry-After',
    '429 and 503 responses with Retry-After wait that long before the next try; 429 is retried now.',
    all(stages('http', 7), done('Honour Retry-After'), log('Added', 'The HTTP client honours Retry-After and retries 429')), s);
  mergedPr(p, 'carol/http-abort', carol, [
    { day: '2025-06-02', title: 'Cancel requests with an AbortSignal', apply: stage('http', 8) },
    { day: '2025-06-05', title: 'Test cancellation', apply: stage('http.test', 8) },
  ], { day: '2025-06-10', title: 'feat(http): cancel requests with an AbortSignal', body: '`client.get(url, { signal })` stops retrying once the signal is aborted.', stream: s.stream },
  { title: 'Changelog for cancellable requests', apply: log('Added', '`signal` option of `client.get`', 'carol/http-abort') });
}

function cacheStream(p: Planner): void {
  const s = { stream: 'cache-backends' };
  squash(p, '2023-06-13', dave, 'fix(cache): size does not count expired entries', '', all(stages('cache', 1), log('Fixed', '`cache.size` skips expired entries')));
  squash(p, '2024-05-14', dave, 'refactor(cache): extract a storage interface and a memory store',
    'First step towards pluggable storage (ROADMAP). No behaviour change.', stages('cache', 2), s);
  mergedPr(p, 'dave/cache-file-store', dave, [
    { day: '2024-08-12', title: 'Move file persistence into storage/file.js', apply: stage('cache', 3) },
    { day: '2024-08-14', title: 'Document the file store', apply: doc('docs/cache.md', '## Keeping entries on disk\n\n`createCache({ file })` keeps entries in a JSON file, so a restart does not lose them.') },
  ], { day: '2024-08-20', title: 'refactor(cache): move file persistence into a FileStore', body: 'The cache facade no longer touches the file system. The FileStore is simple on purpose (see the HACK note).', stream: s.stream },
  { title: 'Roadmap: cache storage is pluggable now', apply: done('Pluggable cache storage') });
  squash(p, '2024-09-24', dave, 'refactor(cache): make expiry a pure isExpired() check',
    'Also notes (TODO) that LRU eviction should move out of the facade.', stages('cache', 4), s);
  squash(p, '2024-11-12', dave, 'refactor(cache): rename entry fields (val -> value, expiresAt -> expiry)', '',
    all(stages('cache', 5), log('Changed', 'Cache files written before this version are not read back')), s);
  squash(p, '2025-02-11', dave, 'refactor(cache): split LRU eviction into lru.js', 'Removes the TODO in the cache facade.', stages('cache', 6), s);
  squash(p, '2025-03-31', dave, 'refactor(cache): rename storage/*Store to backends/*Backend',
    'Matches the names in the docs. No behaviour change.', stages('cache', 7), s);
  squash(p, '2025-05-14', dave, 'refactor(cache): the file backend keeps an in-memory index',
    'Removes the HACK: the file is read once and written on change.', all(stages('cache', 8), log('Changed', 'The file cache reads its file once')), s);
}

function cliStream(p: Planner): void {
  const s = { stream: 'cli-colour' };
  squash(p, '2023-02-20', erin, 'Add the quarry command', '`quarry app.conf --format env` prints a parsed config.',
    all(stage('cli', 0), log('Added', 'The `quarry` command')));
  squash(p, '2023-03-14', erin, 'feat(cli): coloured output', 'Keys are cyan.', all(stage('cli', 1), log('Added', 'Coloured output')), s);
  squash(p, '2023-04-20', erin, 'fix(cli): respect NO_COLOR', 'See https://no-color.org.', all(stage('cli', 2), log('Fixed', 'NO_COLOR turns colours off')), s);
  squash(p, '2023-06-07', erin, 'feat(cli): --color=always|never|auto', '', all(stage('cli', 3), log('Added', '`--color` option')), s);
  mergedPr(p, 'erin/cli-256', erin, [
    { day: '2023-09-04', title: 'Detect 256-colour terminals', apply: stage('cli', 4) },
    { day: '2023-09-06', title: 'Document colour options', apply: doc('docs/cli.md', '## Colours\n\nOutput is coloured on terminals. `--color=never` or `NO_COLOR=1` turns colours off; 256-colour terminals get softer colours.') },
  ], { day: '2023-09-12', title: 'feat(cli): 256-colour output on terminals that support it', body: 'Resolves the TODO in colour.js.', stream: s.stream },
  { title: 'Changelog and roadmap for 256 colours', apply: all(log('Added', '256-colour output', 'erin/cli-256'), done('Coloured output')) });
  squash(p, '2023-10-03', erin, 'fix(cli): no colour when output is piped', '`quarry app.conf > out.json` wrote escape codes into the file.',
    all(stage('cli', 5), log('Fixed', 'No colours when output is not a terminal')), s);
}

/** Release commits: version bump, Unreleased becomes a release section, tag (annotated ones carry the notes). */
function releases(p: Planner): void {
  const list: [string, string, boolean][] = [
    ['2023-01-31', '0.1.0', false], ['2023-03-31', '0.2.0', false], ['2023-06-30', '0.3.0', true],
    ['2023-10-16', '1.0.0', true], ['2024-03-12', '1.1.0', true], ['2024-07-23', '1.2.0', true],
    ['2024-11-05', '1.3.0', true], ['2025-03-18', '1.4.0', true], ['2025-06-17', '1.5.0', false],
  ];
  for (const [day, version, annotated] of list) {
    const cut: Apply = (w: World) => {
      w.version = version;
      w.changelog.releases.push({ version, date: day, entries: w.changelog.unreleased });
      w.changelog.unreleased = [];
    };
    const tag = annotated
      ? (w: World) => ({
        name: `v${version}`,
        message: `quarry ${version}\n\n${w.changelog.releases.at(-1)!.entries.map((e) => `- ${e.text}`).join('\n')}`,
      })
      : `v${version}`;
    direct(p, day, alice, annotated ? `Release ${version}` : `chore(release): ${version}`, cut, { tag });
  }
}

const DEPENDABOT_ALL = `version: 2
updates:
  - package-ecosystem: npm
    directory: /
    schedule:
      interval: weekly
  - package-ecosystem: github-actions
    directory: /
    schedule:
      interval: weekly
`;
