import type { FileTemplate } from './template.js';

/**
 * src/parser: quarry's config format. The planted bugfix stream: quoting and
 * escaping bugs fixed one pull request at a time, before and after T0.
 *
 *  1 '#' inside quoted values          7 comments after section headers
 *  2 escaped quotes and backslashes    8 empty quoted string
 *  3 text after a closing quote        9 list items with commas / nested quotes (after T0)
 *  4 inline lists (adds a FIXME)      10 \t \n \r escapes (after T0)
 *  5 single-quoted values are literal 11 unterminated single quote (after T0)
 *  6 unicode escapes (adds a TODO)    12 quoted keys (after T0)
 */

const errors = String.raw`
/** A config file that cannot be read; its line is 1-based. */
export class ParseError extends Error {
  constructor(message, line) {
    super(line ? 'line ' + line + ': ' + message : message);
    this.name = 'ParseError';
    this.line = line;
  }
}
`;

const index = String.raw`
import { ParseError } from './errors.js';
@4|import { readList } from './list.js';
import { readValue } from './quote.js';

export { ParseError } from './errors.js';

/**
 * Parses quarry's config format: 'key = value' lines, '[section]' headers
 * and '#' comments. Keys inside a section are stored as 'section.key'.
 */
export function parse(text) {
  const result = {};
  let section = '';
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = i + 1;
@..1|    const content = lines[i].split('#')[0].trim();
@..1|    if (content === '') continue;
@1|    const content = lines[i].trim();
@1|    if (content === '' || content.startsWith('#')) continue;
@..7|    if (content.startsWith('[') && content.endsWith(']')) {
@..7|      section = content.slice(1, -1).trim();
@..7|      continue;
@..7|    }
@7|    const header = /^\[([^\]=]*)\]\s*(#.*)?$/.exec(content);
@7|    if (header) {
@7|      section = header[1].trim();
@7|      continue;
@7|    }
    const eq = content.indexOf('=');
    if (eq === -1) throw new ParseError('expected key = value', line);
@..12|    const key = content.slice(0, eq).trim();
@12|    const key = readKey(content.slice(0, eq), line);
    if (key === '') throw new ParseError('missing key', line);
    const raw = content.slice(eq + 1).trim();
@8|    if (raw === '') throw new ParseError('missing value', line);
@..4|    const value = readValue(raw, line);
@4|    const value = raw.startsWith('[') ? readList(raw, line) : readValue(raw, line);
@..8|    if (value === '') throw new ParseError('missing value', line);
    result[section ? section + '.' + key : key] = value;
  }
  return result;
}
@12|
@12|/** A key may be quoted, to hold spaces or dots: "my key" = 1. */
@12|function readKey(raw, line) {
@12|  const text = raw.trim();
@12|  return text.startsWith('"') || text.startsWith("'") ? readValue(text, line) : text;
@12|}
`;

const quote = String.raw`
import { ParseError } from './errors.js';

@2..10|const ESCAPES = { '"': '"', '\\': '\\' };
@10|const ESCAPES = { '"': '"', '\\': '\\', t: '\t', n: '\n', r: '\r' };
@6..10|// TODO: support \t and \n escapes as well; only \" \\ and \uXXXX are read so far

/**
 * Reads one value: a double-quoted string (with escapes), a single-quoted
 * string (taken literally) or bare text up to a comment.
 */
export function readValue(raw, line) {
  const text = raw.trim();
@..2|  if (text.startsWith('"')) {
@..2|    const end = text.indexOf('"', 1);
@..2|    if (end === -1) throw new ParseError('unterminated string', line);
@..2|    return text.slice(1, end);
@..2|  }
@2|  if (text.startsWith('"')) return readDoubleQuoted(text, line);
@5|  if (text.startsWith("'")) return readSingleQuoted(text, line);
@..1|  return text;
@1|  return stripComment(text);
}
@1|
@1|function stripComment(text) {
@1|  const hash = text.search(/\s#/);
@1|  return (hash === -1 ? text : text.slice(0, hash)).trim();
@1|}
@2|
@2|function readDoubleQuoted(text, line) {
@2|  let out = '';
@2|  for (let i = 1; i < text.length; i++) {
@2|    const ch = text[i];
@2|    if (ch === '"') {
@3|      rejectTrailingText(text.slice(i + 1), line);
@2|      return out;
@2|    }
@2|    if (ch !== '\\') {
@2|      out += ch;
@2|      continue;
@2|    }
@2|    const next = text[i + 1];
@6|    const hex = text.slice(i + 2, i + 6);
@6|    if (next === 'u' && /^[0-9a-fA-F]{4}$/.test(hex)) {
@6|      out += String.fromCharCode(parseInt(hex, 16));
@6|      i += 5;
@6|      continue;
@6|    }
@2|    if (next === undefined || !Object.hasOwn(ESCAPES, next)) {
@2|      throw new ParseError('unknown escape \\' + (next ?? ''), line);
@2|    }
@2|    out += ESCAPES[next];
@2|    i += 1;
@2|  }
@2|  throw new ParseError('unterminated string', line);
@2|}
@5|
@5|function readSingleQuoted(text, line) {
@5|  const end = text.indexOf("'", 1);
@5..11|  if (end === -1) return text;
@11|  if (end === -1) throw new ParseError('unterminated string', line);
@5|  rejectTrailingText(text.slice(end + 1), line);
@5|  return text.slice(1, end);
@5|}
@3|
@3|/** After a closing quote only a comment may follow. */
@3|function rejectTrailingText(after, line) {
@3|  const rest = after.trim();
@3|  if (rest !== '' && !rest.startsWith('#')) throw new ParseError('unexpected text after closing quote', line);
@3|}
`;

const list = String.raw`
import { ParseError } from './errors.js';
import { readValue } from './quote.js';

/** Reads an inline list, [a, "b", 'c'], into an array of strings. */
export function readList(text, line) {
  if (!text.endsWith(']')) throw new ParseError('unterminated list', line);
  const inner = text.slice(1, -1).trim();
  if (inner === '') return [];
@..9|  // FIXME: items are split on every comma, so a quoted item with a comma or nested quotes is cut in two
@..9|  return inner.split(',').map((item) => readValue(item, line));
@9|  return splitItems(inner, line).map((item) => readValue(item, line));
}
@9|
@9|/** Splits list items on the commas that are outside quotes. */
@9|function splitItems(inner, line) {
@9|  const items = [];
@9|  let quote = null;
@9|  let start = 0;
@9|  for (let i = 0; i < inner.length; i++) {
@9|    const ch = inner[i];
@9|    if (quote) {
@9|      if (ch === '\\' && quote === '"') i += 1;
@9|      else if (ch === quote) quote = null;
@9|    } else if (ch === '"' || ch === "'") {
@9|      quote = ch;
@9|    } else if (ch === ',') {
@9|      items.push(inner.slice(start, i));
@9|      start = i + 1;
@9|    }
@9|  }
@9|  if (quote) throw new ParseError('unterminated string in list', line);
@9|  items.push(inner.slice(start));
@9|  return items;
@9|}
`;

const tests = String.raw`
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parse, ParseError } from '../src/parser/index.js';

test('parses key = value lines', () => {
  assert.deepEqual(parse('name = quarry\nversion = 1'), { name: 'quarry', version: '1' });
});

test('skips comments and blank lines', () => {
  assert.deepEqual(parse('# settings\n\nlevel = debug\n'), { level: 'debug' });
});

test('prefixes keys with their section', () => {
  assert.deepEqual(parse('[server]\nport = 8080'), { 'server.port': '8080' });
});

test('reads double-quoted values', () => {
  assert.deepEqual(parse('greeting = "hello world"'), { greeting: 'hello world' });
});

test('reports the line of a line without =', () => {
  assert.throws(() => parse('a = 1\noops'), (error) => error instanceof ParseError && error.line === 2);
});
@1|
@1|test('keeps # inside quoted values and strips trailing comments', () => {
@1|  assert.deepEqual(parse('color = "#ff0000"\nsize = 3 # pixels'), { color: '#ff0000', size: '3' });
@1|});
@2|
@2|test('reads escaped quotes and backslashes in double-quoted values', () => {
@2|  assert.equal(parse('msg = "say \\"hi\\" to c:\\\\temp"').msg, 'say "hi" to c:\\temp');
@2|});
@3|
@3|test('rejects text after a closing quote but allows a comment', () => {
@3|  assert.throws(() => parse('name = "a" b'), ParseError);
@3|  assert.equal(parse('name = "a" # note').name, 'a');
@3|});
@4|
@4|test('reads inline lists', () => {
@4|  assert.deepEqual(parse('tags = [red, "green", blue]\nnone = []'), { tags: ['red', 'green', 'blue'], none: [] });
@4|});
@5|
@5|test('takes single-quoted values literally', () => {
@5|  assert.equal(parse("path = 'C:\\new\\table'").path, 'C:\\new\\table');
@5|});
@6|
@6|test('reads unicode escapes', () => {
@6|  assert.equal(parse('place = "caf\\u00e9"').place, 'caf\u00e9');
@6|});
@7|
@7|test('allows a comment after a section header', () => {
@7|  assert.deepEqual(parse('[server] # the main one\nport = 80'), { 'server.port': '80' });
@7|});
@8|
@8|test('reads an empty quoted string as an empty value', () => {
@8|  assert.equal(parse('prefix = ""').prefix, '');
@8|  assert.throws(() => parse('prefix ='), ParseError);
@8|});
@9|
@9|test('splits list items only on commas outside quotes', () => {
@9|  assert.deepEqual(parse('names = ["Doe, Jane", \'say "hi", then\']').names, ['Doe, Jane', 'say "hi", then']);
@9|});
@10|
@10|test('reads \\t, \\n and \\r escapes', () => {
@10|  assert.equal(parse('cell = "a\\tb\\nc\\r"').cell, 'a\tb\nc\r');
@10|});
@11|
@11|test('rejects an unterminated single-quoted value', () => {
@11|  assert.throws(() => parse("name = 'open"), ParseError);
@11|});
@12|
@12|test('reads quoted keys', () => {
@12|  assert.deepEqual(parse('"my key" = 1\n[a]\n\'b.c\' = 2'), { 'my key': '1', 'a.b.c': '2' });
@12|});
`;

export const parserFiles: FileTemplate[] = [
  { path: 'src/parser/errors.js', stream: 'parser', template: errors },
  { path: 'src/parser/index.js', stream: 'parser', template: index },
  { path: 'src/parser/quote.js', stream: 'parser', template: quote },
  { path: 'src/parser/list.js', stream: 'parser', template: list, from: 4 },
  { path: 'test/parser.test.js', stream: 'parser.test', template: tests },
];
