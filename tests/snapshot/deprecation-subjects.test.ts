import { expect, test } from 'vitest';
import { findDeprecations } from '../../src/snapshot/pending.js';

test('a deprecation doc comment names the declaration below it, not the replacement it points to', () => {
  const text = [
    '// Deprecated: This option will be removed in a future version of this package.',
    'func WithANSICompressor() ProgramOption {',
    '}',
    '  /** @deprecated will be removed in 4.0, use `onFilterWatchedSpecification` instead */',
    '  public onFilterWatchedFile(fn: Filter) {',
    '  }',
    '# old_api is deprecated and will be removed in 3.0.',
  ].join('\n');
  expect(findDeprecations(text).map((d) => [d.line, d.subject, d.target])).toEqual([
    [1, 'WithANSICompressor', 'a future version'],
    [4, 'onFilterWatchedFile', '4.0'],
    [7, 'old_api', '3.0'],
  ]);
});

test('a notice inside a declaration that names nothing names the declaration, class-qualified; at module level it names nothing', () => {
  const text = [
    'import warnings',
    'warnings.warn("Deprecated: will be removed in a future release", DeprecationWarning)',
    'class URL:',
    '    @property',
    '    def raw(self):',
    '        """',
    '        We no longer use `RawURL`, and this property will be deprecated',
    '        in a future release.',
    '        """',
    '        return self._raw',
    'func Legacy() {',
    '\t// deprecated: goes away in the next major release',
    '}',
  ].join('\n');
  expect(findDeprecations(text).map((d) => [d.line, d.subject, d.target])).toEqual([
    [2, '', 'future release'],
    [7, 'URL.raw', 'future release'],
    [12, 'Legacy', 'next major release'],
  ]);
});

test('"the old name is deprecated" names a word of the sentence, not a declaration: no notice, not even of the enclosing class (click at 2025-03-01)', () => {
  // Before: "Remove `name` deprecated for removal in 8.1 in src/click/core.py" (people: no deprecated `name` exists; rejected).
  const text = [
    'class Parameter:',
    '    """',
    '    .. versionchanged:: 8.0',
    '        ``autocompletion`` is renamed to ``shell_complete`` and has new',
    '        semantics described above. The old name is deprecated and will',
    '        be removed in 8.1, until then it will be wrapped to match the',
    '        new requirements.',
    '    """',
    '# old_api is deprecated and will be removed in 3.0.',
  ].join('\n');
  expect(findDeprecations(text).map((d) => [d.line, d.subject, d.target])).toEqual([[9, 'old_api', '3.0']]);
});
