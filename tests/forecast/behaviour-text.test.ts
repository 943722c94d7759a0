import { expect, test } from 'vitest';
import { heuristicFamilies } from '../fixtures/forecast.js';
import type { CommitSpec } from '../fixtures/repo.js';

const alice = { name: 'Alice Kowalczyk', email: 'alice@example.com' };

const commits = (file: string, titles: string[], month = 5): CommitSpec[] =>
  titles.map((msg, i) => ({ at: `2024-${String(month + i).padStart(2, '0')}-12`, msg, author: alice, files: { [file]: `export const v = ${i};\n` } }));

test('an expected behaviour states the work and cites the changes it continues by title, with no bag of words they touched', async () => {
  // Before: "... Its changes before T0 also touched cookie jars, proxy tunnels and retries." (readers call such lists keyword bags).
  const families = await heuristicFamilies([
    { at: '2024-01-02', msg: 'Initial commit', files: { 'src/http/client.js': 'export {}\n' } },
    ...commits('src/http/client.js', [
      'Fix header parsing for empty values (#11)',
      'Support cookie jars in the client (#12)',
      'Fix header parsing for folded lines (#13)',
      'Handle proxy tunnels on redirect (#14)',
      'Retry idempotent requests on reset (#15)',
    ]),
  ]);
  const http = families.find((f) => f.anchor.name.startsWith('src/http'));
  expect(http?.expected_behavior, families.map((f) => f.expected_behavior).join(' | ')).toMatch(/continuing "Fix header parsing/);
  for (const f of families) expect(f.expected_behavior).not.toMatch(/also touched/);
});
