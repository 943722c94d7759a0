import { expect, test } from 'vitest';
import { plainPhrase } from '../../src/text/clean.js';

test('a plain phrase drops @mentions but keeps scoped package names', () => {
  expect(plainPhrase('docs(ecosystem): add @fastify/otel to core list')).toBe('add @fastify/otel to core list');
  expect(plainPhrase('Bump @types/node in the examples')).toBe('Bump @types/node in the examples');
  expect(plainPhrase('Fix the parser, thanks @someone-else')).toBe('Fix the parser, thanks');
  expect(plainPhrase('Fix the parser (reported by @octocat)')).toBe('Fix the parser (reported by)');
});
