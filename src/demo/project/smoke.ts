/**
 * test/smoke.test.js: small tests that background "test:" commits add one at
 * a time. Each holds in every later version of the project, so the suite
 * passes at every commit.
 */
export const SMOKE_HEADER = String.raw`
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createCache, format, parse, ParseError } from '../src/index.js';
`;

export const SMOKE_POOL: [string, string][] = [
  ['an empty file', String.raw`
test('an empty file parses to an empty object', () => {
  assert.deepEqual(parse(''), {});
});`],
  ['spaces around =', String.raw`
test('spaces around = do not matter', () => {
  assert.deepEqual(parse('a   =   1\nb=2'), { a: '1', b: '2' });
});`],
  ['duplicate keys', String.raw`
test('a repeated key keeps the last value', () => {
  assert.equal(parse('a = 1\na = 2').a, '2');
});`],
  ['values containing =', String.raw`
test('a value may contain =', () => {
  assert.equal(parse('url = http://example.com/?a=b').url, 'http://example.com/?a=b');
});`],
  ['several sections', String.raw`
test('several sections', () => {
  assert.deepEqual(parse('[a]\nx = 1\n[b]\nx = 2'), { 'a.x': '1', 'b.x': '2' });
});`],
  ['the ParseError message', String.raw`
test('a ParseError message names the line', () => {
  assert.throws(() => parse('\n\nnope'), (error) => error instanceof ParseError && /line 3/.test(error.message));
});`],
  ['env output of sections', String.raw`
test('env output joins section and key with an underscore', () => {
  assert.equal(format(parse('[db]\nhost = x'), 'env'), 'DB_HOST=x\n');
});`],
  ['JSON round trips', String.raw`
test('JSON output parses back to the same object', () => {
  const config = parse('[server]\nport = 80\nname = "web one"');
  assert.deepEqual(JSON.parse(format(config, 'json')), config);
});`],
  ['cache delete and clear', String.raw`
test('cache delete and clear', () => {
  const cache = createCache();
  cache.set('a', 1).set('b', 2);
  assert.equal(cache.delete('a'), true);
  assert.equal(cache.has('a'), false);
  cache.clear();
  assert.equal(cache.size, 0);
});`],
  ['cache overwrite', String.raw`
test('setting a key again replaces its value', () => {
  const cache = createCache();
  cache.set('a', 1).set('a', 2);
  assert.equal(cache.get('a'), 2);
  assert.equal(cache.size, 1);
});`],
  ['trimmed section names', String.raw`
test('section names are trimmed', () => {
  assert.deepEqual(parse('[ server ]\nport = 1'), { 'server.port': '1' });
});`],
  ['missing keys', String.raw`
test('a line starting with = is an error', () => {
  assert.throws(() => parse('= 1'), ParseError);
});`],
];
