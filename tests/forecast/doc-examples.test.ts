import { expect, test } from 'vitest';
import { correctedExample, exampleFixes } from '../../src/forecast/heuristic/doc-examples.js';
import { heuristicFamilies } from '../fixtures/forecast.js';
import type { CommitSpec } from '../fixtures/repo.js';

const alice = { name: 'Alice Kowalczyk', email: 'alice@example.com' };

const edit = (at: string, msg: string, file: string): CommitSpec => ({ at, msg, author: alice, files: { [file]: `# ${file}\n${msg}\n` } });

test('documentation whose changes corrected its code examples asks for one more corrected, beside its list page (zustand docs)', async () => {
  // zustand at 2025-01-01: "Fix store-persistence example", "docs: corrected example" among its docs changes, whose list page
  // (third-party libraries) takes the documentation's family; after T0 five more examples were corrected (dev window).
  const families = await heuristicFamilies([
    { at: '2024-01-02', msg: 'Initial commit', files: { 'src/vanilla.ts': 'export {}\n', 'docs/integrations/third-party-libraries.md': '# Libraries\n', 'docs/guides/persist.md': '# Persist\n', 'readme.md': '# store\n' } },
    edit('2024-03-05', 'docs: add zustand-slices', 'docs/integrations/third-party-libraries.md'),
    edit('2024-05-01', 'docs: add zustand-context to third party libs (#2525)', 'docs/integrations/third-party-libraries.md'),
    edit('2024-08-08', 'Fix store-persistence example (#2667)', 'docs/guides/persist.md'),
    edit('2024-09-02', 'docs: corrected example', 'readme.md'),
    edit('2024-10-11', 'docs: add `zutron` to third-party-libs (#2781)', 'docs/integrations/third-party-libraries.md'),
  ]);
  const titles = families.map((f) => f.title);
  expect(titles, titles.join(' | ')).toContain('Fix more code examples like the store-persistence example in docs/');
  expect(titles.some((t) => t.startsWith('Add more entries like `zutron`')), titles.join(' | ')).toBe(true);
  const fix = families.find((f) => f.title.startsWith('Fix more code examples'))!;
  expect(fix.acceptance_criteria[0]).toBe('A code example in docs/ that does not run or type-check as shown at T0 is corrected, and runs as shown after the change.');
  expect(fix.expected_behavior).toContain('beyond those corrected before T0 (store-persistence)');
  // Its ground is the documentation page's examples, the list page's its entries (calib39: read apart from a code line).
  expect(fix.score_components).toMatchObject({ calibration_kind_more: 1, calibration_ground_examples: 1, calibration_more_code: 0 });
  expect(families.find((f) => f.title.startsWith('Add more entries like'))!.score_components).toMatchObject({ calibration_ground_list: 1, calibration_more_code: 0 });
});

test('an example is corrected only when a change says it fixes or corrects one, named by at most two words', () => {
  expect(correctedExample('Fix store-persistence example (#2667)')).toBe('store-persistence');
  expect(correctedExample('docs: corrected example')).toBe('');
  expect(correctedExample('fix redux middleware example')).toBe('redux middleware');
  // An update may only follow an API change; a clause is no example's name.
  expect(correctedExample('docs: update ramda example')).toBeNull();
  expect(correctedExample('Fix typo in the example of persist')).toBeNull();
  expect(correctedExample('Fix the broken link')).toBeNull();
  const item = (title: string) => ({ ref: title, date: '2024-06-01', title, body: '', paths: ['docs/a.md'], category: null, recency: 1 });
  expect(exampleFixes(['Fix store-persistence example'].map(item))).toBeNull();
  expect(exampleFixes(['Fix store-persistence example', 'docs: corrected example', 'Fix store-persistence example again'].map(item))?.named).toEqual(['store-persistence']);
});
