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
