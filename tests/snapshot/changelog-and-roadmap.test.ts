import { expect, test } from 'vitest';
import { isChangelogPath, isRoadmapPath, roadmapItems, topChangelogSection } from '../../src/snapshot/changelog.js';

test('the Unreleased section of a markdown changelog is the top section, subsections included', () => {
  const text = ['# Changelog', '', '## [Unreleased]', '### Added', '- retry with backoff', '### Fixed', '* nested quotes', '', '## [1.2.0] - 2024-10-01', '- old thing'].join('\n');
  const section = topChangelogSection(text);
  expect(section?.heading).toBe('Unreleased');
  expect(section?.entries.map((e) => [e.line, e.text])).toEqual([[5, 'retry with backoff'], [7, 'nested quotes']]);
});

test('without an Unreleased heading the newest version section is taken, reStructuredText too', () => {
  const text = ['Version 8.2.0', '-------------', '', 'Unreleased', '', '-   Fix the flag parser.', '', 'Version 8.1.0', '-------------', '', '-   Old.'].join('\n');
  expect(topChangelogSection(text)?.entries.map((e) => e.text)).toEqual(['Fix the flag parser.']);
});

test('roadmap items carry whether they are done', () => {
  expect(roadmapItems('# Roadmap\n- [x] streaming parser\n- [ ] retry budget\n* plugin API')).toEqual([
    { line: 2, text: 'streaming parser', raw: '- [x] streaming parser', done: true },
    { line: 3, text: 'retry budget', raw: '- [ ] retry budget', done: false },
    { line: 4, text: 'plugin API', raw: '* plugin API', done: false },
  ]);
});

test('changelog and roadmap files are recognised at the root and one folder down', () => {
  expect(isChangelogPath('CHANGES.rst')).toBe(true);
  expect(isChangelogPath('docs/CHANGELOG.md')).toBe(true);
  expect(isChangelogPath('a/b/CHANGELOG.md')).toBe(false);
  expect(isRoadmapPath('ROADMAP.md')).toBe(true);
});
