/**
 * Text order by UTF-16 code units, the same on every machine. `localeCompare`
 * depends on the ICU data and locale of the process, so a sort that feeds a
 * hash or a ranking must not use it.
 */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
