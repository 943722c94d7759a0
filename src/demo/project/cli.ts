import type { FileTemplate } from './template.js';

/**
 * src/cli and src/format: the command line and its output formats. The CLI's
 * colour work is a stream that ends in 2023; src/format gets a YAML TODO and
 * roadmap item that nobody ever picks up. Both are there so that forecasts
 * can be wrong.
 *
 * cli:    0 command, 1 colours, 2 NO_COLOR, 3 --color (adds a TODO), 4 256 colours, 5 none when piped
 * format: 0 json/env, 1 quoted env values, 2 sorted JSON keys, 3 YAML TODO
 */

const args = String.raw`
/** Reads quarry's arguments: quarry <file> [--format json|env] [--color[=always|never|auto]]. */
export function parseArgs(argv) {
@..3|  const args = { file: null, format: 'json' };
@3|  const args = { file: null, format: 'json', color: 'auto' };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--format') args.format = argv[++i];
    else if (arg.startsWith('--format=')) args.format = arg.slice('--format='.length);
@3|    else if (arg === '--color') args.color = 'always';
@3|    else if (arg.startsWith('--color=')) args.color = arg.slice('--color='.length);
    else if (arg.startsWith('-')) throw new Error('unknown option ' + arg);
    else args.file = arg;
  }
  if (!args.file) throw new Error('usage: quarry <file> [--format json|env]');
@3|  if (!['always', 'never', 'auto'].includes(args.color)) throw new Error('--color must be always, never or auto');
  return args;
}
`;

const colour = String.raw`
@..4|const KEY = '36';
@4|const KEY = { 16: '36', 256: '38;5;39' };
@3..4|// TODO: detect 256-colour terminals (TERM=xterm-256color) and use softer colours there

export function paint(text, code) {
  return '\x1b[' + code + 'm' + text + '\x1b[0m';
}

/** Colours the keys of JSON ("key":) or env (KEY=) output. */
@..4|export function highlight(text, enabled) {
@4|export function highlight(text, enabled, depth = 16) {
  if (!enabled) return text;
@4|  const code = KEY[depth >= 256 ? 256 : 16];
@..4|  return text.replace(/^(\s*)("[^"]+"|[A-Z0-9_]+)(:|=)/gm, (match, pad, key, sep) => pad + paint(key, KEY) + sep);
@4|  return text.replace(/^(\s*)("[^"]+"|[A-Z0-9_]+)(:|=)/gm, (match, pad, key, sep) => pad + paint(key, code) + sep);
}

@..2|export function useColour() {
@..2|  return true;
@..2|}
@2|export function useColour(args, env, stream) {
@2..3|  return !('NO_COLOR' in env);
@3|  if (args.color === 'always') return true;
@3|  if (args.color === 'never' || 'NO_COLOR' in env) return false;
@3..5|  return true;
@5|  return Boolean(stream?.isTTY);
@2|}
@4|
@4|/** 256 for terminals that say so in TERM or COLORTERM, else 16. */
@4|export function colourDepth(env) {
@4|  if (/256color/.test(env.TERM ?? '') || ['truecolor', '24bit'].includes(env.COLORTERM)) return 256;
@4|  return 16;
@4|}
`;

const main = String.raw`
import { readFileSync } from 'node:fs';
import { format } from '../format/index.js';
import { parse } from '../parser/index.js';
import { parseArgs } from './args.js';
@1..4|import { highlight, useColour } from './colour.js';
@4|import { colourDepth, highlight, useColour } from './colour.js';

/** Runs quarry: prints a config file in the chosen format. */
export function run(argv, { stdout = process.stdout, env = process.env } = {}) {
  const args = parseArgs(argv);
  const text = format(parse(readFileSync(args.file, 'utf8')), args.format);
@..1|  stdout.write(text);
@1..4|  stdout.write(highlight(text, useColour(args, env, stdout)));
@4|  stdout.write(highlight(text, useColour(args, env, stdout), colourDepth(env)));
}
`;

const bin = String.raw`
#!/usr/bin/env node
import { run } from '../src/cli/main.js';

try {
  run(process.argv.slice(2));
} catch (error) {
  process.stderr.write('quarry: ' + error.message + '\n');
  process.exitCode = 1;
}
`;

const cliTests = String.raw`
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseArgs } from '../src/cli/args.js';
@1|import { highlight, paint, useColour } from '../src/cli/colour.js';
@4|import { colourDepth } from '../src/cli/colour.js';

test('reads the file and the format', () => {
  const args = parseArgs(['app.conf', '--format', 'env']);
  assert.equal(args.file, 'app.conf');
  assert.equal(args.format, 'env');
});

test('requires a file', () => {
  assert.throws(() => parseArgs(['--format=json']), /usage/);
});
@1|
@1|test('colours the keys of JSON and env output', () => {
@1|  assert.equal(highlight('{\n  "a": 1\n}', true), '{\n  ' + paint('"a"', '36') + ': 1\n}');
@1|  assert.equal(highlight('A=1', false), 'A=1');
@1|});
@2|
@2|test('NO_COLOR turns colour off', () => {
@2|  assert.equal(useColour({ color: 'auto' }, { NO_COLOR: '1' }, { isTTY: true }), false);
@2|});
@3|
@3|test('--color=always wins over NO_COLOR and --color=never turns colour off', () => {
@3|  assert.equal(parseArgs(['a.conf', '--color=always']).color, 'always');
@3|  assert.equal(useColour({ color: 'always' }, { NO_COLOR: '1' }, {}), true);
@3|  assert.equal(useColour({ color: 'never' }, {}, { isTTY: true }), false);
@3|  assert.throws(() => parseArgs(['a.conf', '--color=sometimes']));
@3|});
@4|
@4|test('uses 256 colours where the terminal supports them', () => {
@4|  assert.equal(colourDepth({ TERM: 'xterm-256color' }), 256);
@4|  assert.equal(colourDepth({ TERM: 'xterm' }), 16);
@4|  assert.match(highlight('A=1', true, 256), /38;5;39/);
@4|});
@5|
@5|test('does not colour output that is piped', () => {
@5|  assert.equal(useColour({ color: 'auto' }, {}, { isTTY: false }), false);
@5|  assert.equal(useColour({ color: 'auto' }, {}, { isTTY: true }), true);
@5|});
`;

const formatIndex = String.raw`
import { toEnv } from './env.js';
import { toJson } from './json.js';

@3|// TODO: YAML output (see ROADMAP.md)
const FORMATS = { json: toJson, env: toEnv };

/** Renders a parsed config as JSON or as environment variables. */
export function format(config, name = 'json') {
  const render = FORMATS[name];
  if (!render) throw new Error('unknown format ' + name + ' (use json or env)');
  return render(config);
}
`;

const json = String.raw`
@2|/** JSON with sorted keys, so that output is stable between runs. */
export function toJson(config) {
@..2|  return JSON.stringify(config, null, 2) + '\n';
@2|  const sorted = Object.fromEntries(Object.entries(config).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
@2|  return JSON.stringify(sorted, null, 2) + '\n';
}
`;

const env = String.raw`
/** KEY=value lines; section.key becomes SECTION_KEY. */
export function toEnv(config) {
  return Object.entries(config).map(([key, value]) => envKey(key) + '=' + envValue(value)).join('\n') + '\n';
}

function envKey(key) {
  return key.toUpperCase().replace(/[^A-Z0-9]+/g, '_');
}

function envValue(value) {
@..1|  return String(value);
@1|  const text = Array.isArray(value) ? value.join(',') : String(value);
@1|  return /[\s"'#$]/.test(text) ? JSON.stringify(text) : text;
}
`;

const formatTests = String.raw`
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { format } from '../src/format/index.js';

test('renders JSON', () => {
  assert.deepEqual(JSON.parse(format({ a: '1' })), { a: '1' });
});

test('renders env lines with upper-case keys', () => {
  assert.equal(format({ 'server.port': '80' }, 'env'), 'SERVER_PORT=80\n');
});

test('rejects an unknown format', () => {
  assert.throws(() => format({}, 'toml'), /unknown format/);
});
@1|
@1|test('quotes env values that contain spaces', () => {
@1|  assert.equal(format({ greeting: 'hello world' }, 'env'), 'GREETING="hello world"\n');
@1|});
@2|
@2|test('sorts JSON keys', () => {
@2|  assert.equal(format({ b: '1', a: '2' }), '{\n  "a": "2",\n  "b": "1"\n}\n');
@2|});
`;

const rootIndex = String.raw`
@cache:0|export { createCache } from './cache/index.js';
@format:0|export { format } from './format/index.js';
@http:0|export { createClient, HttpError, loadRemote } from './http/index.js';
export { parse, ParseError } from './parser/index.js';
`;

const examplesTest = String.raw`
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { parse } from '../src/parser/index.js';

const dir = new URL('../examples/', import.meta.url);

for (const name of readdirSync(dir).filter((file) => file.endsWith('.conf'))) {
  test('example ' + name + ' parses', () => {
    const config = parse(readFileSync(new URL(name, dir), 'utf8'));
    assert.ok(Object.keys(config).length > 0);
  });
}
`;

export const cliFiles: FileTemplate[] = [
  { path: 'bin/quarry.js', stream: 'cli', template: bin, executable: true },
  { path: 'src/cli/args.js', stream: 'cli', template: args },
  { path: 'src/cli/colour.js', stream: 'cli', template: colour, from: 1 },
  { path: 'src/cli/main.js', stream: 'cli', template: main },
  { path: 'test/cli.test.js', stream: 'cli', template: cliTests },
  { path: 'src/format/index.js', stream: 'format', template: formatIndex },
  { path: 'src/format/json.js', stream: 'format', template: json },
  { path: 'src/format/env.js', stream: 'format', template: env },
  { path: 'test/format.test.js', stream: 'format', template: formatTests },
  { path: 'src/index.js', stream: 'parser', template: rootIndex },
  { path: 'test/examples.test.js', stream: 'examples', template: examplesTest },
];
