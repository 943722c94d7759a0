import stripAnsi from 'strip-ansi';

/**
 * Text with its terminal escape sequences (colours, titles, cursor moves, as
 * strip-ansi reads them) removed and every other control character turned
 * into a space. Repository text can carry them (a syntax-highlighted test
 * fixture, a commit message): they mean nothing to a model or a reader and
 * split notes that are otherwise the same.
 */
export function withoutControl(text: string): string {
  // eslint-disable-next-line no-control-regex
  return stripAnsi(text).replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ');
}
